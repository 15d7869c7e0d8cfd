import SSOPolicy
import SSOPolicyReplay
import SSOPolicyTestSupport
import Testing

/// The verdict rule on the hand-composed day (`signins.jsonl` and `custody.csv`, 2026-05-04 UTC): one device per
/// case the research names, each with the rows that must decide it.
struct VerdictTests {
    let report = ReplayFixtures.replay(["signins.jsonl"]).report

    func deciding(_ device: String, _ custodian: String) -> [String] {
        report.interval(device, custodian)?.evidence.map {
            "\($0.role.rawValue) \(report.time($0.time)) \($0.account) \($0.app) \($0.correlationID ?? "-")"
        } ?? ["no interval"]
    }

    @Test func anotherAccountsInteractiveSignInDuringCustodyIsExposure() {
        #expect(report.interval("dev-11", "dan")?.verdict == .exposed)
        #expect(
            deciding("dev-11", "dan") == [
                "other_account_interactive 2026-05-04T15:10:00Z cleo@contoso.example Rounds "
                    + "c0000000-0000-4000-8000-000000000010",
                "custodian_sign_in 2026-05-04T14:30:00Z dan@contoso.example Rounds c0000000-0000-4000-8000-000000000009",
            ])
        #expect(report.interval("dev-11", "cleo")?.verdict == .clean)
    }

    @Test func groupedBackgroundRowsWithTheSameTimeAreMaybeExposure() {
        // Three non-interactive rows of ana's Chat at 14:03:05 (grouped rows "might appear to have the same time
        // stamps"): the smallest correlation id decides (whatever the input order), and the reason counts them.
        let ben = report.interval("dev-07", "ben")
        #expect(ben?.verdict == .maybeExposed)
        #expect(ben?.previousCustodian == "ana")
        #expect(
            deciding("dev-07", "ben") == [
                "other_account_background 2026-05-04T14:03:05Z ana@contoso.example Chat "
                    + "c0000000-0000-4000-8000-000000000003",
                "custodian_sign_in 2026-05-04T14:05:51Z ben@contoso.example Rounds c0000000-0000-4000-8000-000000000006",
            ])
        #expect(ben?.reason.text(.asWritten).contains("(3 such rows)") == true)
        #expect(ben?.otherAccountRows == 3)
    }

    @Test func aPreviousAccountAskedToSignInIsCleanAndSaysSo() {
        let fay = report.interval("dev-12", "fay")
        #expect(fay?.verdict == .clean)
        #expect(
            deciding("dev-12", "fay") == [
                "other_account_prompted 2026-05-04T14:04:00Z eve@contoso.example Rounds "
                    + "c0000000-0000-4000-8000-000000000012",
                "custodian_sign_in 2026-05-04T14:05:00Z fay@contoso.example Rounds c0000000-0000-4000-8000-000000000013",
            ])
        #expect(fay?.reason.text(.asWritten).contains("AADSTS50058") == true)
    }

    @Test func theCustodyClocksSkewKeepsTheLeavingWorkersLastRowTheirs() {
        // gus's sign-in at 14:01:10 is 70 s into hal's custody: within the default 2 minutes, it is gus's own.
        #expect(report.interval("dev-13", "hal")?.verdict == .clean)
        #expect(report.interval("dev-13", "gus")?.verdict == .clean)
        var strict = ReplayFixtures.day
        strict.skew = 0
        let exact = ReplayFixtures.replay(["signins.jsonl"], options: strict).report
        #expect(exact.interval("dev-13", "hal")?.verdict == .exposed)
        #expect(
            exact.interval("dev-13", "hal")?.evidence.first?.correlationID == "c0000000-0000-4000-8000-000000000015")
    }

    @Test func thePreviousWorkersSignInWithoutADeviceMakesTheNextCustodyUnreplayable() {
        let jon = report.interval("dev-14", "jon")
        #expect(jon?.verdict == .unreplayable)
        #expect(
            deciding("dev-14", "jon").first
                == "previous_worker_no_device 2026-05-04T14:30:00Z ivy@contoso.example Outlook on the web "
                + "c0000000-0000-4000-8000-000000000019")
        #expect(report.summary.devicelessRows == 1)
    }

    @Test func aCustodyThatNeverClosesEndsAtTheNextCheckOutOrAfterTheLongestCustody() {
        let kim = report.interval("dev-15", "kim")
        #expect(kim?.closure == .nextCheckOut)
        #expect(kim?.verdict == .clean)
        // lee took the device without kim checking in; kim's Chat token is used 40 minutes into lee's custody.
        #expect(report.interval("dev-15", "lee")?.verdict == .maybeExposed)
        #expect(
            deciding("dev-15", "lee").first
                == "other_account_background 2026-05-04T14:40:00Z kim@contoso.example Chat "
                + "c0000000-0000-4000-8000-000000000022")
        // mia never checks in and nobody checks out after her: 16 hours, past the end of the logs.
        let mia = report.interval("dev-15", "mia")
        #expect(mia?.closure == .maxCustody)
        #expect(mia.map { $0.end - $0.start } == Int64(16 * 3_600_000))
        #expect(mia?.verdict == .unreplayable)
        #expect(mia?.reason.text(.asWritten).contains("not wholly inside the time the logs cover") == true)
    }

    @Test func devicesWithoutCustodyAreJudgedByOverlappingAccounts() {
        let kiosk = report.intervals.first { $0.device == "dev-99" }
        #expect(kiosk?.kind == .unknownCustody)
        #expect(kiosk?.deviceName == "KIOSK-99")
        #expect(kiosk?.accounts == ["oli@contoso.example", "pia@contoso.example"])
        #expect(kiosk?.verdict == .maybeExposed)
        #expect(
            kiosk?.evidence.map { "\($0.role.rawValue) \(report.time($0.time)) \($0.account)" } == [
                "later_account_starts 2026-05-04T09:00:00Z pia@contoso.example",
                "earlier_account_continues 2026-05-04T09:30:00Z oli@contoso.example",
            ])
        let sequential = report.intervals.first { $0.device == "dev-98" }
        #expect(sequential?.verdict == .clean)
        #expect(sequential?.accounts == ["quinn@contoso.example", "ray@contoso.example"])
    }

    @Test func theSummaryCountsEveryRowAndVerdict() {
        let summary = report.summary
        #expect(summary.rowsRead == 32)
        #expect(summary.rowsUsed == 30)
        #expect(summary.badRows == 1)
        #expect(summary.notUserRows == 1)
        #expect(summary.interactiveRows == 22)
        #expect(summary.nonInteractiveRows == 8)
        #expect(summary.devices == 9)
        #expect(summary.verdicts == [.exposed: 1, .maybeExposed: 3, .unreplayable: 2, .clean: 10])
        #expect(report.worstFirst.first?.device == "dev-11")
    }

    @Test func withoutCustodyEveryDeviceIsJudgedByWindow() {
        let report = ReplayFixtures.replay(["signins.jsonl"], custody: nil).report
        #expect(report.intervals.allSatisfy { $0.kind == .unknownCustody })
        // dev-11: cleo until 06:03, dan from 14:30, cleo again at 15:10: overlapping, maybe (never exposed).
        #expect(report.intervals.first { $0.device == "dev-11" }?.verdict == .maybeExposed)
        #expect(!report.intervals.contains { $0.verdict == .exposed })
    }

    @Test func aGroupedRowIsNeverExposureEvenFromAnInteractiveDownload() {
        // The portal shows grouped sign-ins with a "# sign-ins" count: their times are the group's, not each one's.
        let text = """
            Date (UTC),Username,Application,Device ID,Sign-in error code,Correlation ID,# sign-ins
            2026-05-04T14:30:00Z,ana@contoso.example,Chat,dev-07,0,c0000000-0000-4000-8000-0000000000a1,4
            """
        for name in ["InteractiveSignIns_x.csv", "NonInteractiveSignIns_x.csv"] {
            let report = ReplayRunner(options: ReplayFixtures.day).run(
                signIns: [ReplayFixtures.source(name, bytes: Array(text.utf8))],
                custody: (ReplayFixtures.path("custody.csv"), ReplayFixtures.bytes("custody.csv"))
            ).report
            let ben = report.interval("dev-07", "ben")
            #expect(ben?.verdict == .maybeExposed, "\(name)")
            #expect(ben?.reason.text(.asWritten).contains("a grouped row of 4 sign-ins") == true, "\(name)")
            #expect(ben?.evidence.first?.count == 4)
            #expect(report.summary.groupedRows == 1)
        }
    }

    @Test func custodyMayNameADeviceByItsDisplayName() {
        let custody = """
            device,user,checked_out_at,checked_in_at
            WARD3-13,gus,2026-05-04T06:00:00Z,2026-05-04T14:00:00Z
            ward3-13,hal,2026-05-04T14:00:00Z,2026-05-04T22:00:00Z
            """
        let report = ReplayRunner(options: ReplayFixtures.day).run(
            signIns: [ReplayFixtures.source("signins.jsonl")], custody: ("c.csv", Array(custody.utf8))
        ).report
        #expect(report.interval("WARD3-13", "hal")?.rows == 1)
        #expect(report.interval("WARD3-13", "gus")?.rows == 2)
        #expect(report.interval("WARD3-13", "hal")?.verdict == .clean)
        #expect(!report.intervals.contains { $0.device == "dev-13" })
    }

    @Test func rowsInAnyOrderGiveTheSameReport() {
        let lines: [[UInt8]] = ReplayFixtures.bytes("signins.jsonl").split(separator: 0x0A).map { Array($0) }
        var generator = SplitMix(state: 7)
        for _ in 0..<5 {
            var shuffled: [UInt8] = []
            for line in lines.shuffled(using: &generator) { shuffled += line + [0x0A] }
            let report = ReplayRunner(options: ReplayFixtures.day).run(
                signIns: [ReplayFixtures.source("shuffled.jsonl", bytes: shuffled)],
                custody: (ReplayFixtures.path("custody.csv"), ReplayFixtures.bytes("custody.csv"))
            ).report
            #expect(report.lines.map { $0.rows.count } == self.report.lines.map { $0.rows.count })
            #expect(report.lines == self.report.lines)
        }
    }
}
