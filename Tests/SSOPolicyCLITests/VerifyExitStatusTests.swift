import Foundation
import SSOPolicyTestSupport
import Testing

/// `verify`'s exit status as a CI gate reads it, and the counterexample files it writes: a stopped search is not a
/// pass; a path with a newline cannot add YAML to a counterexample; two policies with one id write distinct files.
struct VerifyExitStatusTests {
    /// warehouse-airwatch breaks no-foreign-session at depth 3; a limit that stops the search before is partial.
    @Test(arguments: [["--max-memory", "1"], ["--max-states", "1"], ["--max-states", "10"]])
    func aSearchStoppedBeforeAViolationExits3(limit: [String]) {
        let result = ssopolicy(["verify", "warehouse-airwatch"] + limit)
        #expect(result.code == 3, "\(result.out)")
        #expect(result.out.contains("partial answer"))
        #expect(
            result.err.hasPrefix("note: a limit stopped the search of warehouse-airwatch at depth ")
                && result.err.hasSuffix("before it found a violation: a partial answer, exit status 3\n"))
        // The JSON says which limit.
        let json = ssopolicy(["verify", "warehouse-airwatch", "--format", "json"] + limit)
        #expect(json.code == 3)
        #expect(json.out.contains("\"truncated\": true"))
    }

    @Test func aViolationStillExits1AndAFullPassExits0() {
        #expect(ssopolicy("verify", "warehouse-airwatch").code == 1)
        // A violation found before the limit stopped the rest is a violation.
        let both = ssopolicy("verify", "warehouse-airwatch", "legacy-app-entra", "--max-states", "200")
        #expect(both.code == 1)
        let pass = ssopolicy(
            "verify", "frontline-entra", "--assume", "signs-out-before-handover", "--property",
            "no-previous-user-data", "--depth", "4")
        #expect(pass.code == 0)
        #expect(pass.err.isEmpty)
    }

    @Test func theHelpSaysWhatEachExitStatusMeans() {
        let help = ssopolicy("verify", "--help")
        let words = help.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("3 when a limit (--max-states, --max-memory, --timeout) stopped the search"))
    }

    @Test func aNewlineInThePolicyPathStaysInTheHeaderComment() throws {
        let folder = Fixtures.folder()
        let name = "q\nnote: injected\n#.yaml"
        let path = Fixtures.write(ssopolicy("show", "legacy-app-entra").out, to: name, in: folder)
        let out = folder + "/out"
        let result = ssopolicy(
            "verify", path, "--assume", "signs-out-before-handover", "--counterexample-dir", out)
        #expect(result.code == 1)
        let file = out + "/legacy-app-entra.no-foreign-session.yaml"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let quoted = "$'\(folder)/q\\nnote: injected\\n#.yaml'"
        #expect(
            text.hasPrefix(
                "# A shortest sequence in which legacy-app-entra breaks no-foreign-session, found by:\n"
                    + "#   ssopolicy verify \(quoted) --users 2 --depth 8 --assume signs-out-before-handover\n"
                    + "# Replay: ssopolicy run --scenario \(file) \(quoted) --explain\nscenario: "), "\(text)")
        #expect(!text.contains("\nnote:"))
        // The written scenario is the one found: it checks clean and replays.
        let check = ssopolicy("check", file)
        #expect(check.code == 0, "\(check.err)")
        #expect(ssopolicy("run", "--scenario", file, path).code == 0)
        // The printed lines are one line each.
        #expect(result.out.contains("wrote \(file)\n  replay: ssopolicy run --scenario \(file) \(quoted) --explain\n"))
    }

    @Test func twoPoliciesWithOneIdWriteDistinctFilesAndNameThem() throws {
        let folder = Fixtures.folder()
        let policy = ssopolicy("show", "legacy-app-entra").out
        let a = Fixtures.write(policy, to: "a.yaml", in: folder)
        let b = Fixtures.write(
            policy.replacingOccurrences(of: "platform: ios", with: "platform: android"), to: "b.yaml", in: folder)
        let out = folder + "/out"
        let result = ssopolicy("verify", a, b, "--counterexample-dir", out)
        #expect(result.code == 1)
        let wrote = result.out.split(separator: "\n").filter { $0.hasPrefix("wrote ") }.map { String($0.dropFirst(6)) }
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(Set(wrote).count == wrote.count)
        #expect(wrote.sorted() == files.map { out + "/" + $0 })
        #expect(files.contains("legacy-app-entra.no-foreign-session.yaml"))
        #expect(files.contains("legacy-app-entra-2.no-foreign-session.yaml"))
        // Each file's header and each printed replay command name the policy file whose counterexample it holds.
        for line in result.out.split(separator: "\n") where line.hasPrefix("  replay: ") {
            let scenario = String(line.split(separator: " ")[4])
            let policyFile = String(line.split(separator: " ")[5])
            let header = try String(contentsOfFile: scenario, encoding: .utf8)
            #expect(header.contains("#   ssopolicy verify \(policyFile) "))
            #expect(scenario.contains("legacy-app-entra-2.") == (policyFile == b))
            #expect(ssopolicy("run", "--scenario", scenario, policyFile).code == 0)
        }
        // JSON names the same files.
        let json = ssopolicy("verify", a, b, "--format", "json")
        #expect(json.out.contains("\"file\": \"legacy-app-entra-2.no-foreign-session.yaml\""))
    }
}
