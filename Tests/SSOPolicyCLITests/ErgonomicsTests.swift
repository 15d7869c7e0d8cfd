import Foundation
import SSOPolicyTestSupport
import Testing

/// What a first session expects of the command line: 80 columns, counts in the right number, sentences that read,
/// night shifts.
struct ErgonomicsTests {
    static func file(_ name: String, _ text: String) throws -> String {
        let folder = Fixtures.folder()
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func longLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.count > 80 }
    }

    /// Two settings that raise the same finding (a Shared iPad with neither a user nor a Guest session timeout) give
    /// two lines that say which setting each is about, in `check` and in `run`.
    @Test func theSameFindingFromTwoSettingsSaysWhichSetting() throws {
        let policy = try Self.file(
            "two-timeouts.yaml",
            """
            policy: two-timeouts
            provider: apple-shared-ipad
            settings:
              os_version: "17.5"
              user_session_timeout: 0
              temporary_sessions: allowed
              temporary_session_timeout: 0
            apps:
              - { id: inventory, kind: msal_other_publisher }

            """)
        let check = ssopolicy("check", policy)
        for line in [
            ":5:25: warning: medium: no inactivity timeout ends a forgotten session (user_session_timeout) "
                + "[session-never-expires]\n",
            ":7:30: warning: medium: no inactivity timeout ends a forgotten session (temporary_session_timeout) "
                + "[session-never-expires]\n",
        ] {
            #expect(check.err.contains(policy + line), "\(check.err)")
        }
        let scenario = try Self.file(
            "one-step.yaml", "scenario: one-step\nsteps:\n  - { at: \"08:00\", user: alice, open: inventory }\n")
        let run = ssopolicy("run", "--scenario", scenario, policy)
        #expect(run.out.contains("forgotten session\n    (user_session_timeout)\n"), "\(run.out)")
        #expect(run.out.contains("forgotten session\n    (temporary_session_timeout)\n"), "\(run.out)")
    }

    @Test func compareAndMatrixFitEightyColumns() {
        let compare = ssopolicy(
            "compare", "--scenario", "shift-change", "warehouse-airwatch", "frontline-entra", "frontline-airwatch")
        #expect(compare.code == 0)
        #expect(Self.longLines(compare.out) == [])
        #expect(
            compare.out.hasPrefix(
                "Scenario shift-change: Alice hands the device to Bob at noon after signing out\n  of one app\n"))
        #expect(compare.out.contains("  frontline-entra    entra-shared-device - Recommended: shared-mode iPhones,\n"))
        let matrix = ssopolicy("matrix", "warehouse-airwatch", "--all")
        #expect(matrix.code == 0)
        #expect(Self.longLines(matrix.out) == [])
        #expect(matrix.out.contains("(part 1 of "))
        #expect(matrix.out.contains("(part 2 of "))
        // Every part has every row.
        let parts = matrix.out.components(separatedBy: "(part ").dropFirst()
        let rows = parts.map { $0.split(separator: "\n").count }
        #expect(Set(rows).count == 1)
    }

    @Test func aRunTooWideForATableIsWrittenAsABlockPerStep() {
        let wide = ssopolicy("run", "--scenario", "shift-change-handover", "sso-requirements-missing")
        #expect(wide.code == 0)
        #expect(Self.longLines(wide.out) == [])
        #expect(wide.out.contains("3. 12:00 alice hands the device to bob\n   credentials -> none\n"))
        #expect(wide.out.contains("4. 12:01 bob opens timesheet\n   - -> app_reused (alice)\n"))
        // A run that fits keeps its table.
        let narrow = ssopolicy("run", "--scenario", "shift-change", "frontline-entra")
        #expect(narrow.out.contains("#  at     user   event               prompts              session\n"))
    }

    @Test func countsAreInTheRightNumber() {
        let scenario = ssopolicy("check", repository + "/Policies/scenarios/shift-change.yaml")
        #expect(scenario.out.contains("checked 1 file (0 policies, 1 scenario, 0 suites): 0 errors, 0 warnings"))
        let policy = ssopolicy("check", repository + "/Policies/entra/frontline-entra.yaml")
        #expect(policy.out.contains("checked 1 file (1 policy, 0 scenarios, 0 suites): 0 errors, 1 warning"))
        let one = ssopolicy(
            "evaluate", "frontline-entra", "--app", "inventory", "--user", "bob", "--fact", "signed_in=none",
            "--fact", "data_owner=none", "--fact", "safari_session=none")
        #expect(one.out.hasPrefix("bob opens inventory under frontline-entra (entra-shared-device): 1 outcome\n"))
    }

    @Test func stepsReadAsSentences() {
        let signOut = ssopolicy(
            "evaluate", "frontline-entra", "--app", "inventory", "--user", "nina", "--event", "sign_out")
        #expect(signOut.code == 0, "\(signOut.err)")
        #expect(signOut.out.hasPrefix("nina signs out of inventory under frontline-entra"))
        let compare = ssopolicy("compare", "--scenario", "shift-change", "warehouse-airwatch", "frontline-entra")
        #expect(compare.out.contains("3. 11:58 alice signs out of inventory *differs*\n"))
        #expect(compare.out.contains("4. 12:00 bob opens timesheet"))
    }

    static let nightShift = """
        scenario: night-shift
        steps:
          - { at: "23:50", user: nina, open: inventory }
          - { at: "+1d 00:10", user: nina, sign_out: inventory }
          - { at: "+1d 06:00", user: omar, open: inventory }
        """

    @Test func aStepAfterMidnightIsWrittenOnItsDay() throws {
        let path = try Self.file("night-shift.yaml", Self.nightShift)
        let result = ssopolicy("run", "--scenario", path, "frontline-entra", "--format", "json")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("\"at\": \"+1d 00:10\""))
        #expect(result.out.contains("\"at\": \"+1d 06:00\""))
        #expect(ssopolicy("check", path).code == 0)
    }

    @Test func aBackwardsStepSuggestsTheNextDay() throws {
        let path = try Self.file(
            "backwards.yaml", Self.nightShift.replacingOccurrences(of: "\"+1d 00:10\"", with: "\"00:10\""))
        let result = ssopolicy("check", path)
        #expect(result.code == 1)
        #expect(
            result.err.contains(
                "backwards.yaml:4:11: error: step 2: time goes backwards: 00:10 is before the previous step's 23:50; "
                    + "if it is after midnight, write at: \"+1d 00:10\""))
        // Any earlier time of day could be the next morning, so the hint names that day.
        let morning = try Self.file(
            "morning.yaml",
            "scenario: morning\nsteps:\n  - { at: \"09:00\", user: nina, open: inventory }\n"
                + "  - { at: \"08:00\", user: nina, open: inventory }\n")
        let plain = ssopolicy("check", morning)
        #expect(plain.err.contains("time goes backwards: 08:00 is before the previous step's 09:00"))
        #expect(plain.err.contains("if it is after midnight, write at: \"+1d 08:00\""))
        let bad = try Self.file(
            "bad-day.yaml", "scenario: bad\nsteps:\n  - { at: \"+1x 00:10\", user: nina, open: inventory }\n")
        #expect(ssopolicy("check", bad).err.contains("expected a time 'HH:MM', 'HH:MM:SS' or '+1d HH:MM'"))
    }

    @Test func checkReportsEveryProblemOfAPolicyAtOnce() throws {
        // A bad value and an unknown key (read phase) and a contradiction between app keys (the provider's compile
        // phase): one run reports all three, sorted by position.
        let path = try Self.file(
            "multi.yaml",
            """
            policy: multi
            provider: entra-shared-device
            settings:
              shared_device_mode: maybe
            apps:
              - id: inventory
                msal: none
                broker_enabled: true
              - id: timesheet
                unknown_app_key: 1
            """)
        let result = ssopolicy("check", path)
        #expect(result.code == 1)
        let errors = result.err.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 3)
        #expect(
            errors.first?.contains("multi.yaml:4:23: error: shared_device_mode: expected 'true' or 'false'") == true)
        #expect(
            result.err.contains("multi.yaml:8:21: error: app 'inventory': 'broker_enabled: true' needs an MSAL app"))
        #expect(result.err.contains("multi.yaml:10:5: error: unknown key 'unknown_app_key'"))
        #expect(result.out.contains("3 errors"))
    }
}
