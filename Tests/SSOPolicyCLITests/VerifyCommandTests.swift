import Foundation
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// `ssopolicy verify` on the bundled policies: the legacy-app leak is found and replays; the compliant policy
/// holds the data property under the sign-out assumption; usage errors.
struct VerifyCommandTests {
    @Test func theLegacyAppLeakIsFoundAndReplaysWithRun() throws {
        let folder = Fixtures.folder()
        let result = ssopolicy(
            "verify", "legacy-app-entra", "--assume", "signs-out-before-handover", "--property", "no-foreign-session",
            "--counterexample-dir", folder)
        #expect(result.code == 1)
        #expect(result.out.contains("no-foreign-session  VIOLATED: a sequence of 3 moves breaks it"))
        #expect(result.out.contains("replayed by 'ssopolicy run': step 3 breaks no-foreign-session"))
        let file = folder + "/legacy-app-entra.no-foreign-session.yaml"
        #expect(FileManager.default.fileExists(atPath: file))
        let replay = ssopolicy("run", "--scenario", file, "legacy-app-entra", "--format", "json")
        #expect(replay.code == 0)
        // The last step is bob served alice's session: the violation the exploration found.
        let lastStep = try #require(replay.out.components(separatedBy: "\"step\": 3").last)
        #expect(lastStep.contains("\"user\": \"bob\""))
        #expect(lastStep.contains("\"session_user\": \"alice\""))
        #expect(lastStep.contains("previous-user-session-active"))
    }

    @Test func theCompliantPolicyHoldsTheDataPropertyUnderTheSignOutAssumption() {
        let result = ssopolicy(
            "verify", "frontline-entra", "--assume", "signs-out-before-handover", "--property",
            "no-previous-user-data")
        #expect(result.code == 0)
        #expect(result.out.contains("no-previous-user-data  holds up to depth 8 over "))
        // With no assumption at all a forgotten sign-out breaks it.
        let forgotten = ssopolicy(
            "verify", "frontline-entra", "--assume", "none", "--property", "no-previous-user-data")
        #expect(forgotten.code == 1)
        #expect(forgotten.out.contains("no-previous-user-data  VIOLATED: a sequence of 2 moves breaks it"))
    }

    @Test func severalPoliciesGiveATable() {
        let result = ssopolicy(
            "verify", "frontline-entra", "warehouse-airwatch", "--depth", "3", "--format", "markdown",
            "--assume", "signs-out-before-handover")
        #expect(result.code == 1)
        #expect(
            result.out.hasPrefix(
                "| policy | `no-foreign-session` | `no-previous-user-data` | `global-sign-out-complete` | "
                    + "`browser-follows-sign-out` | `check-out-separates-data` |\n"))
        #expect(result.out.contains("| `frontline-entra` | violated (3 moves) | holds (depth 3) |"))
    }

    @Test func jsonIsDeterministicAndStatsStayBehindTheFlag() {
        let first = ssopolicy("verify", "warehouse-airwatch", "--depth", "4", "--format", "json")
        let second = ssopolicy("verify", "warehouse-airwatch", "--depth", "4", "--format", "json")
        #expect(first.out == second.out)
        #expect(!first.out.contains("\"stats\""))
        let timeMoves = first.out.components(separatedBy: "\"time_moves\": [").dropFirst().first ?? ""
        #expect(timeMoves.prefix(60).contains("\"14m59s\",") && timeMoves.prefix(60).contains("\"15m1s\""))
        let stats = ssopolicy("verify", "warehouse-airwatch", "--depth", "2", "--stats")
        #expect(stats.out.contains("peak memory (maxrss): "))
    }

    @Test func usageErrors() {
        let property = ssopolicy("verify", "frontline-entra", "--property", "no-foreign-sesion")
        #expect(property.code == 64)
        #expect(property.err.contains("unknown property 'no-foreign-sesion'; did you mean 'no-foreign-session'?"))
        let users = ssopolicy("verify", "frontline-entra", "--users", "0")
        #expect(users.code == 64)
        #expect(users.err.contains("--users: expected 1 to 8, found 0"))
        let depth = ssopolicy("verify", "frontline-entra", "--depth", "65")
        #expect(depth.code == 64)
        let assumption = ssopolicy("verify", "frontline-entra", "--assume", "sign-out-before-handover")
        #expect(assumption.code == 64)
        #expect(assumption.err.contains("did you mean 'signs-out-before-handover'?"))
        let missing = ssopolicy("verify", "no-such-policy")
        #expect(missing.code == 1)
        #expect(missing.err.contains("no-such-policy:1:1: error:"))
    }

    @Test func providersListTheirVerifyProperties() {
        let result = ssopolicy("providers", "entra-shared-device")
        #expect(result.out.contains("verify properties"))
        #expect(result.out.contains("browser-follows-sign-out: broken by browser-session-remains"))
    }
}
