import Foundation
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// `verify` on long runs: progress on standard error, `--timeout` with a partial answer that says so, and
/// counterexample files that replay with the paths the user gave.
struct VerifyLongRunTests {
    /// A search far too large to finish: depth 40, every sequence, three users.
    static let endless = ["verify", "warehouse-airwatch", "--depth", "40", "--users", "3", "--exhaustive"]

    @Test func aTimeoutStopsTheSearchWithALabelledPartialAnswer() throws {
        let result = ssopolicy(Self.endless + ["--timeout", "2s", "--progress", "--property", "no-foreign-session"])
        #expect(result.code == 1)
        #expect(result.out.contains("  PARTIAL ANSWER: stopped by the time limit (--timeout) at depth "))
        // Progress lines on standard error, about once a second, never on standard output.
        #expect(result.err.contains("verify warehouse-airwatch: "))
        #expect(result.err.contains(" states, "))
        #expect(!result.out.contains("depth 0 done") && !result.out.contains(" done, "))
        let json = ssopolicy(Self.endless + ["--timeout", "1s", "--format", "json", "--no-progress"])
        #expect(json.out.contains("\"truncated\": true"))
        #expect(json.out.contains("\"stopped_by\": \"timeout\""))
        #expect(json.err.isEmpty)
    }

    @Test func theStateLimitGivesALabelledPartialAnswerToo() {
        let result = ssopolicy(
            "verify", "frontline-entra", "--depth", "12", "--exhaustive", "--max-states", "300", "--property",
            "no-previous-user-data", "--assume", "signs-out-before-handover")
        #expect(result.out.contains("PARTIAL ANSWER: stopped by the state limit (--max-states) at depth "))
        #expect(result.out.contains("(partial answer: state limit reached)"))
    }

    @Test func badTimeoutsAreUsageErrors() {
        for bad in ["0", "abc", "5"] {
            let result = ssopolicy("verify", "frontline-entra", "--timeout", bad)
            #expect(result.code == 64, "\(bad)")
            #expect(result.err.contains("--timeout: expected a duration such as 30s, 5m or 1h"))
        }
    }

    @Test func counterexampleFilesReplayWithThePathsTheUserGave() throws {
        let folder = Fixtures.folder()
        let policy = folder + "/my legacy.yaml"
        try ssopolicy("show", "legacy-app-entra").out.write(toFile: policy, atomically: true, encoding: .utf8)
        let out = folder + "/out"
        let result = ssopolicy(
            "verify", policy, "--assume", "signs-out-before-handover", "--property", "no-foreign-session",
            "--counterexample-dir", out)
        #expect(result.code == 1)
        let file = out + "/legacy-app-entra.no-foreign-session.yaml"
        let replay = "ssopolicy run --scenario \(file) '\(policy)' --explain"
        #expect(result.out.contains("wrote \(file)\n  replay: \(replay)\n"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("#   ssopolicy verify '\(policy)' --users 2 --depth 8"))
        #expect(text.contains("# Replay: \(replay)\n"))
        // The replay command, word for word, runs the user's file (not the bundled policy of the same id).
        let replayed = ssopolicy("run", "--scenario", file, policy, "--explain")
        #expect(replayed.code == 0)
        #expect(replayed.out.contains("previous-user-session-active"))
    }
}
