import Foundation
import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// `ssopolicy replay` on the command line: formats, exit codes, the gate, the pre-filter, standard input and
/// output files, errors.
struct ReplayCommandTests {
    let signIns = ReplayFixtures.path("signins.jsonl")
    let custody = ReplayFixtures.path("custody.csv")
    var day: [String] { ["--from", "2026-05-04", "--to", "2026-05-05"] }

    @Test func skippedRowsAreReportedWithTheirLinesAndMakeTheExitCodeOne() {
        let run = ReplayFixtures.ssopolicy(["replay", "--signins", signIns, "--custody", custody] + day)
        #expect(run.code == 1)
        #expect(run.out.contains("exposed 1, maybe exposed 3, unreplayable 2, clean 10"))
        #expect(
            run.err == signIns + ":29:1: error: row skipped: 'createdDateTime' is not a date and time, "
                + "found '2026-13-45T99:00:00Z'\n")
    }

    /// The fixture without its unreadable row.
    func clean() -> String {
        let folder = Fixtures.folder()
        let lines = (try? String(contentsOfFile: signIns, encoding: .utf8))?.split(separator: "\n") ?? []
        return Fixtures.write(
            lines.filter { !$0.contains("2026-13-45") }.joined(separator: "\n") + "\n", to: "s.jsonl", in: folder)
    }

    @Test func failOnGatesOnTheWorstVerdict() {
        let file = clean()
        let plain = ReplayFixtures.ssopolicy(["replay", "--signins", file, "--custody", custody] + day)
        #expect(plain.code == 0)
        #expect(plain.err.isEmpty)
        let gate = ReplayFixtures.ssopolicy(
            ["replay", "--signins", file, "--custody", custody, "--fail-on", "exposed", "--format", "json"] + day)
        #expect(gate.code == 1)
        #expect(gate.err == "error: --fail-on exposed: 1 interval exposed or worse\n")
        let maybe = ReplayFixtures.ssopolicy(
            ["replay", "--signins", file, "--custody", custody, "--fail-on", "maybe_exposed"] + day)
        #expect(maybe.err == "error: --fail-on maybe_exposed: 4 intervals maybe_exposed or worse\n")
    }

    @Test func standardInputAndAnOutputFileWork() throws {
        let folder = Fixtures.folder()
        let output = folder + "/report.html"
        let bytes = ReplayFixtures.bytes("signins.jsonl")
        let run = ReplayFixtures.ssopolicy(
            ["replay", "--signins", "-", "--custody", custody, "--format", "html", "--output", output] + day,
            input: bytes)
        #expect(run.code == 1)
        #expect(run.err.hasPrefix("<stdin>:29:1: error: row skipped"))
        #expect(run.out.isEmpty)
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.html"])
    }

    @Test func theKQLIsPrinted() {
        let run = ReplayFixtures.ssopolicy(["replay", "--emit-kql", "--custody", custody, "--window", "12h"] + day)
        #expect(run.code == 0)
        #expect(run.out.contains("let custodyDevices = dynamic([\"dev-07\", \"dev-11\""))
        #expect(run.out.contains("let window = 12h;"))
        #expect(run.out.contains("let from = datetime(2026-05-04T00:00:00Z);"))
    }

    @Test func usageErrorsExitWith64() {
        for arguments in [
            ["replay"], ["replay", "--signins", signIns, "--window", "5h"],
            ["replay", "--signins", signIns, "--tz", "Europe/Pariss"], ["replay", "--signins", signIns, "--skew", "2"],
            ["replay", "--signins", signIns, "--format", "yaml"], ["replay", "--signins", signIns, "--app-map", "a=b"],
            ["replay", "--signins", signIns, "--from", "yesterday"],
        ] {
            let run = ReplayFixtures.ssopolicy(arguments)
            #expect(run.code == 64, "\(arguments)")
        }
        let zone = ReplayFixtures.ssopolicy(["replay", "--signins", signIns, "--tz", "Europe/Pariss"])
        #expect(zone.err.contains("did you mean 'Europe/Paris'?"))
    }

    @Test func missingFilesArePositionedErrors() {
        let run = ReplayFixtures.ssopolicy(["replay", "--signins", "/nonexistent/s.json"])
        #expect(run.code == 1)
        #expect(run.err == "/nonexistent/s.json:1:1: error: no such file\n")
        let folder = ReplayFixtures.ssopolicy(["replay", "--signins", ReplayFixtures.folder])
        #expect(folder.err == ReplayFixtures.folder + ":1:1: error: is a folder, expected a file\n")
    }

    @Test func thePolicyIsPlayedWithTheAppMap() {
        let run = ReplayFixtures.ssopolicy(
            [
                "replay", "--signins", clean(), "--custody", custody, "--policy", "frontline-entra", "--app-map",
                "Rounds=inventory", "--app-map", "Chat=timesheet",
            ] + day)
        #expect(run.code == 0)
        #expect(run.out.contains("Model frontline-entra: reality worse than the model 1"))
        #expect(run.out.contains("model frontline-entra: clean, reality worse than the model"))
    }

    /// A handover from a worker the logs never show signing in has nothing to carry over: the comparison says that,
    /// not that log apps should be mapped (the next worker's app is mapped).
    @Test func aPreviousWorkerWithoutSignInsIsNotAskedForAnAppMap() {
        let folder = Fixtures.folder()
        let signIns = Fixtures.write(
            "Date (UTC),Request ID,User ID,User,Username,Application,Application ID ,Status,Sign-in error code,"
                + "Device ID,Operating System\n"
                + "2026-11-20T07:31:02Z,q01,u-dana,Dana,dana@store.example,Chat,c1,Success,0,iph-001,Ios 17.4\n"
                + "2026-11-20T23:04:00Z,q04,u-fay,Fay,fay@store.example,Chat,c1,Success,0,iph-001,Ios 17.4\n",
            to: "InteractiveSignIns.csv", in: folder)
        let custody = Fixtures.write(
            "device,user,checked_out_at,checked_in_at\n"
                + "iph-001,dana,2026-11-20T07:00:00Z,2026-11-20T15:00:00Z\n"
                + "iph-001,eli,2026-11-20T15:05:00Z,2026-11-20T23:00:00Z\n"
                + "iph-001,fay,2026-11-20T23:00:00Z,2026-11-21T07:00:00Z\n", to: "custody.csv", in: folder)
        let run = ReplayFixtures.ssopolicy(
            [
                "replay", "--signins", signIns, "--custody", custody, "--policy", "frontline-entra", "--app-map",
                "Chat=timesheet", "--from", "2026-11-20", "--to", "2026-11-22", "--format", "json",
            ])
        #expect(
            run.out.contains(
                "\"the logs show no sign-in of the previous worker's own on the device: nothing of "
                    + "theirs can carry over\""), "\(run.out)")
        #expect(!run.out.contains("map log apps with --app-map"), "\(run.out)")
    }

    /// A fleet's pair (`--policy FLEET --setup S --group G`) is played as the policy it derives; the pair's options
    /// without `--policy` are a usage error, and a fleet without them a positioned error.
    @Test func aFleetsPairIsPlayedAsItsDerivedPolicy() {
        let signIns = clean()
        let map = ["--app-map", "Rounds=ehr", "--app-map", "Chat=teams"]
        let pair = ["--policy", "ward-fleet", "--setup", "entra", "--group", "ward-iphones"]
        let fromFleet = ReplayFixtures.ssopolicy(
            ["replay", "--signins", signIns, "--custody", custody] + pair + map + day)
        #expect(fromFleet.code == 0, "\(fromFleet.err)")
        #expect(fromFleet.out.contains("Model entra-ward-iphones: "), "\(fromFleet.out)")
        let shown = ReplayFixtures.ssopolicy(["show", "ward-fleet", "--setup", "entra", "--group", "ward-iphones"])
        let file = Fixtures.write(shown.out, to: "entra-ward-iphones.yaml", in: Fixtures.folder())
        let fromFile = ReplayFixtures.ssopolicy(
            ["replay", "--signins", signIns, "--custody", custody, "--policy", file] + map + day)
        #expect(fromFleet.out == fromFile.out)
        let noPolicy = ReplayFixtures.ssopolicy(["replay", "--signins", signIns, "--setup", "entra"])
        #expect(noPolicy.code == 64)
        let noPair = ReplayFixtures.ssopolicy(
            ["replay", "--signins", signIns, "--custody", custody, "--policy", "ward-fleet"] + day)
        #expect(noPair.code == 1 && noPair.err.contains("a fleet file: name both --setup"), "\(noPair.err)")
    }

    @Test func helpShowsExamples() {
        let run = ReplayFixtures.ssopolicy(["replay", "--help"])
        #expect(run.code == 0)
        #expect(run.out.contains("Examples:"))
        #expect(run.out.contains("--emit-kql"))
        #expect(run.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
