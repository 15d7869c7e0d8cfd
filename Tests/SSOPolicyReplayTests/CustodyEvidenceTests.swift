import Foundation
import SSOPolicy
import SSOPolicyReplay
import SSOPolicyTestSupport
import Testing

/// An emergency department's night as the logs show it (fake tenant contoso.example): custody that names a device the
/// logs never show, a previous worker signing in from a Windows PC's browser during the next custody, and a porter who
/// picks a phone up from a drawer with no custody change. The research note on replay: a handover whose device cannot
/// be resolved is unreplayable; a row's `deviceDetail.operatingSystem` is part of the signIn resource.
struct CustodyEvidenceTests {
    static let custody = """
        device,user,checked_out_at,checked_in_at
        dev-ed-01,amara,2026-05-04T07:00:00Z,2026-05-04T19:00:00Z
        dev-ed-01,dana,2026-05-04T19:00:30Z,2026-05-04T23:00:00Z
        dev-ed-02,mo,2026-05-04T07:00:00Z,2026-05-04T19:00:00Z
        dev-ed-02,nia,2026-05-04T19:00:30Z,
        dev-ed-02,oto,2026-05-05T07:00:00Z,2026-05-05T08:00:00Z
        dev-ed-03,ivy,2026-05-04T07:00:00Z,2026-05-04T19:00:00Z
        dev-ed-03,jo,2026-05-04T19:00:30Z,2026-05-04T23:00:00Z

        """

    static func row(
        _ time: String, _ user: String, _ app: String, interactive: Bool, device: String,
        system: String? = nil, browser: String? = nil, correlation: Int
    ) -> String {
        var detail = "\"deviceId\":\"\(device)\""
        if let system { detail += ",\"operatingSystem\":\"\(system)\"" }
        if let browser { detail += ",\"browser\":\"\(browser)\"" }
        return "{\"createdDateTime\":\"\(time)\",\"userPrincipalName\":\"\(user)@contoso.example\","
            + "\"appDisplayName\":\"\(app)\",\"isInteractive\":\(interactive),\"deviceDetail\":{\(detail)},"
            + "\"status\":{\"errorCode\":0},\"correlationId\":\"c-\(correlation)\"}"
    }

    static let signIns =
        [
            row(
                "2026-05-04T07:05:00Z", "amara", "Rover", interactive: true, device: "dev-ed-01", system: "Ios 17.5",
                correlation: 1),
            row(
                "2026-05-04T07:20:00Z", "amara", "Microsoft Teams", interactive: false, device: "dev-ed-01",
                system: "Ios 17.5", correlation: 2),
            row(
                "2026-05-04T19:20:00Z", "dana", "Microsoft Teams", interactive: true, device: "dev-ed-01",
                system: "Ios 17.5", correlation: 3),
            // Amara at a workstation in the staff room: a browser sign-in without a device id, from Windows.
            row(
                "2026-05-04T20:00:00Z", "amara", "Office 365", interactive: true, device: "", system: "Windows10",
                browser: "Edge 124.0.0", correlation: 4),
            row(
                "2026-05-04T07:10:00Z", "mo", "Microsoft Teams", interactive: true, device: "dev-ed-02",
                correlation: 5),
            row(
                "2026-05-04T19:10:00Z", "nia", "Microsoft Teams", interactive: true, device: "dev-ed-02",
                correlation: 6),
            // The porter finds nia's phone in a drawer at 03:00: no check-out, no check-in.
            row(
                "2026-05-05T03:00:00Z", "pat", "Microsoft Outlook", interactive: true, device: "dev-ed-02",
                correlation: 7),
            row(
                "2026-05-05T07:05:00Z", "oto", "Microsoft Teams", interactive: true, device: "dev-ed-02",
                correlation: 8),
            row("2026-05-04T07:15:00Z", "ivy", "Rover", interactive: true, device: "dev-ed-03", correlation: 9),
            row("2026-05-04T19:30:00Z", "jo", "Rover", interactive: true, device: "dev-ed-03", correlation: 10),
            // Ivy's browser sign-in without a device id from an iPhone: it may have been this device.
            row(
                "2026-05-04T20:30:00Z", "ivy", "Office 365", interactive: true, device: "", system: "Ios 17.5",
                browser: "Mobile Safari", correlation: 11),
            // And from a Windows PC: dev-ed-03's rows never name its system, but a shared phone is not a PC.
            row(
                "2026-05-04T21:00:00Z", "ivy", "Office 365", interactive: true, device: "", system: "Windows10",
                correlation: 12),
        ].joined(separator: "\n") + "\n"

    static var night: ReplayOptions {
        var options = ReplayOptions()
        options.from = 1_777_852_800_000  // 2026-05-04T00:00:00Z
        options.to = 1_778_025_600_000  // 2026-05-06T00:00:00Z
        return options
    }

    static func replay(
        custody: String = custody, signIns: String = signIns, options: ReplayOptions = night,
        model: ReplayModel? = nil
    ) -> ReplayReport {
        ReplayRunner(options: options, model: model).run(
            signIns: [ReplayFixtures.source("ed.jsonl", bytes: Array(signIns.utf8))],
            custody: ("ed-custody.csv", Array(custody.utf8))
        ).report
    }

    // MARK: A previous worker's row without a device id, from another system

    @Test func aRowWithoutADeviceFromAnotherSystemIsNotThisDevice() {
        let report = Self.replay()
        // dev-ed-01's own rows say iOS; Amara's Windows browser sign-in during Dana's custody was not this iPhone.
        let dana = report.interval("dev-ed-01", "dana")
        #expect(dana?.verdict == .clean)
        #expect(dana?.reason.text(.asWritten).contains("came from Windows, and this device shows iOS") == true)
        #expect(dana?.evidence.contains { $0.role == .previousWorkerOtherDevice && $0.app == "Office 365" } == true)
        // dev-ed-03's rows never name a system: an iPhone's row may have been it, a Windows PC's cannot.
        let jo = report.interval("dev-ed-03", "jo")
        #expect(jo?.verdict == .unreplayable)
        #expect(jo?.reason.text(.asWritten).contains("from iOS; it may have been this device") == true)
        #expect(jo?.evidence.first?.role == .previousWorkerNoDevice)
        #expect(jo?.evidence.first?.time == 1_777_926_600_000)  // 20:30, the iPhone's row, not the PC's at 21:00
    }

    @Test func theOperatingSystemIsReadFromEveryFormatsDeviceDetail() {
        #expect(DevicePlatformProbe.platform("Ios 17.5") == "iOS")
        #expect(DevicePlatformProbe.platform("iPadOS 17") == "iOS")
        #expect(DevicePlatformProbe.platform("Android 14") == "Android")
        #expect(DevicePlatformProbe.platform("Windows10") == "Windows")
        #expect(DevicePlatformProbe.platform("MacOs") == "macOS")
        #expect(DevicePlatformProbe.platform("") == "an unknown system")
        // The portal's CSV download names it in its own column.
        let csv =
            "Date (UTC),Username,Application,Device ID,Operating System,Status,Sign-in error code\n"
            + "2026-05-04T07:05:00Z,amara@contoso.example,Rover,dev-ed-01,Ios 17.5,Success,0\n"
            + "2026-05-04T19:20:00Z,dana@contoso.example,Microsoft Teams,dev-ed-01,Ios 17.5,Success,0\n"
            + "2026-05-04T20:00:00Z,amara@contoso.example,Office 365,,Windows10,Success,0\n"
        let report = ReplayRunner(options: Self.night).run(
            signIns: [ReplayFixtures.source("InteractiveSignIns_2026-05-04.csv", bytes: Array(csv.utf8))],
            custody: ("ed-custody.csv", Array(Self.custody.utf8))
        ).report
        #expect(report.interval("dev-ed-01", "dana")?.verdict == .clean)
    }

    // MARK: Custody the logs never show

    @Test func custodyDevicesTheLogsNeverNameAreSaidFirstInEveryFormatAndAreUnreplayable() throws {
        let custody = Self.custody + "F2LDEMO0099,ana,2026-05-04T07:00:00Z,2026-05-04T19:00:00Z\n"
        let report = Self.replay(custody: custody)
        #expect(report.summary.custodyDevices == 4)
        #expect(report.summary.unmatchedCustodyDevices == ["F2LDEMO0099"])
        let ana = try #require(report.interval("F2LDEMO0099", "ana"))
        #expect(ana.verdict == .unreplayable)
        #expect(
            ana.reason.text(.asWritten).hasPrefix("no sign-in row names this device: custody calls it 'F2LDEMO0099'"))
        let notice = try #require(report.summary.custodyNotice)
        #expect(notice.hasPrefix("1 of the 4 custody devices match no device in the sign-in logs ('F2LDEMO0099')"))
        #expect(notice.contains("--device-map"))
        let text = ReplayText.render(report, naming: .asWritten, limit: 20)
        #expect(text.hasPrefix("ATTENTION: 1 of the 4 custody devices match no device"))
        let markdown = ReplayMarkdown.render(report, naming: .asWritten, limit: 20)
        #expect(markdown.hasPrefix("# Sign-in replay\n\n> **Attention:** 1 of the 4 custody devices"))
        let html = ReplayHTML.render(report, naming: .asWritten, limit: 20)
        let attention = try #require(html.range(of: "<p class=\"attention\"><strong>Attention:</strong> 1 of the 4"))
        let table = try #require(html.range(of: "<table>"))
        #expect(attention.lowerBound < table.lowerBound)
        let json = ReplayJSON.render(report, naming: .asWritten)
        #expect(json.hasPrefix("{\n  \"attention\": \"1 of the 4 custody devices"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect((summary["custody"] as? [String: Any])?["devices_not_in_logs"] as? [String] == ["F2LDEMO0099"])
        let csv = ReplayCSV.render(report, naming: .asWritten)
        #expect(csv.hasPrefix("\"# attention: 1 of the 4 custody devices"))
        #expect(csv.split(separator: "\n")[1].hasPrefix("device,device_name,kind,"))
    }

    @Test func custodyByASerialTheLogsNeverShowFailsEveryGate() throws {
        let folder = Fixtures.folder()
        // The Imprivata webhook names devices by serial; without --device-map nothing matches.
        let custody = Fixtures.write(
            "device,user,checked_out_at,checked_in_at\n"
                + "F2LDEMO0007,amara,2026-05-04T07:00:00Z,2026-05-04T19:00:00Z\n"
                + "F2LDEMO0007,dana,2026-05-04T19:00:30Z,2026-05-04T23:00:00Z\n", to: "custody.csv", in: folder)
        let signIns = Fixtures.write(Self.signIns, to: "signins.jsonl", in: folder)
        let day = ["--from", "2026-05-04", "--to", "2026-05-06"]
        for gate in ["exposed", "maybe_exposed", "unreplayable"] {
            let run = ReplayFixtures.ssopolicy(
                ["replay", "--signins", signIns, "--custody", custody, "--fail-on", gate] + day)
            #expect(run.code == 1, "\(gate)")
            #expect(run.out.hasPrefix("ATTENTION: The custody device matches no device in the sign-in logs"))
            #expect(
                run.err.contains(
                    "error: --fail-on \(gate): the custody device matches no device in the sign-in logs"), "\(run.err)")
        }
        // Without a gate the report is still written, and exits 0.
        #expect(ReplayFixtures.ssopolicy(["replay", "--signins", signIns, "--custody", custody] + day).code == 0)
        // Mapped, the gate judges the custody.
        let map = Fixtures.write("custody_device,log_device\nF2LDEMO0007,dev-ed-01\n", to: "map.csv", in: folder)
        let mapped = ReplayFixtures.ssopolicy(
            ["replay", "--signins", signIns, "--custody", custody, "--device-map", map, "--fail-on", "exposed"] + day)
        #expect(mapped.code == 0, "\(mapped.err)")
        #expect(!mapped.out.contains("ATTENTION"))
    }

    // MARK: The time the logs cover

    @Test func aCustodyPastTheLogsSaysThatFromAndToFixIt() throws {
        var options = ReplayOptions()
        options.from = nil
        let open = Self.replay(options: options).interval("dev-ed-02", "oto")
        #expect(open?.verdict == .unreplayable)
        #expect(
            open?.reason.text(.asWritten).contains(
                "from their first row to their last; give --from and --to for the time the export covers") == true)
        var short = Self.night
        short.to = 1_777_939_200_000  // 2026-05-05T00:00:00Z
        let cut = Self.replay(options: short).interval("dev-ed-02", "oto")
        #expect(cut?.reason.text(.asWritten).contains("as --from and --to say; export and replay a wider time") == true)
    }

    // MARK: The custody change the log shows, played through the model

    func model(_ name: String, _ pairs: [String]) throws -> ReplayModel {
        let engine = SSOPolicyEngine(registry: ReplayFixtures.registry)
        let policy = try engine.loadPolicy(path: ReplayFixtures.folder + "/../../../Policies/" + name)
        return ReplayModel(policy: policy, mapping: try AppMapping(pairs: pairs, policy: policy))
    }

    @Test func aPickUpWithoutAHandoverIsPlayedNotTheScheduledShiftChange() throws {
        let entra = try model(
            "entra/frontline-entra.yaml", ["Microsoft Teams=inventory", "Microsoft Outlook=timesheet"])
        let report = Self.replay(model: entra)
        let nia = try #require(report.interval("dev-ed-02", "nia"))
        // The log flags the porter's 03:00 sign-in in nia's custody, not mo's handover at 19:00.
        #expect(nia.verdict == .exposed)
        let model = try #require(nia.model)
        #expect(
            model.steps == [
                "2026-05-04T19:10Z previous-worker open inventory",
                "2026-05-05T03:00Z next-worker picks the device up (no handover)",
                "2026-05-05T03:00Z next-worker open timesheet",
            ])
        #expect(!model.steps.contains { $0.contains("handover previous-worker") })
        // Shared device mode serves the signed-in account to whoever opens an app: the porter is in nia's session.
        #expect(model.prediction == .exposed)
        #expect(model.agreement == .agrees)
        #expect(model.reason.contains("played as a pick-up without a handover"))
        // A lingering previous custodian is still the recorded handover (dana's custody: amara's rows).
        let dana = try #require(report.interval("dev-ed-01", "dana")?.model)
        #expect(dana.steps.contains { $0.contains("handover previous-worker -> next-worker") })
    }
}

/// `DevicePlatform` is internal: its words through the one public place they show, a reason.
enum DevicePlatformProbe {
    static func platform(_ system: String) -> String {
        let rows =
            CustodyEvidenceTests.row(
                "2026-05-04T07:05:00Z", "amara", "Rover", interactive: true, device: "dev-ed-01", system: "Ios 17.5",
                correlation: 1) + "\n"
            + CustodyEvidenceTests.row(
                "2026-05-04T20:00:00Z", "amara", "Office 365", interactive: true, device: "", system: system,
                correlation: 2) + "\n"
        let custody =
            "device,user,checked_out_at,checked_in_at\ndev-ed-01,amara,2026-05-04T07:00:00Z,2026-05-04T19:00:00Z\n"
            + "dev-ed-01,dana,2026-05-04T19:00:30Z,2026-05-04T23:00:00Z\n"
        let reason =
            CustodyEvidenceTests.replay(custody: custody, signIns: rows).interval("dev-ed-01", "dana")?.reason.text(
                .asWritten) ?? ""
        if let range = reason.range(of: ") came from ") {
            return String(reason[range.upperBound...].prefix { $0 != "," })
        }
        if let range = reason.range(of: ", from ") {
            return String(reason[range.upperBound...].prefix { $0 != ";" })
        }
        return reason.contains("it may have been this device") ? "an unknown system" : reason
    }
}
