import Foundation
import SSOPolicyTestSupport
import Testing

/// A scenario says who does what, and a provider says which of its events need a user: a check-in by docking names
/// nobody, a step condition can name an app, and `evaluate` refuses facts that cannot hold together.
struct DockingScenarioTests {
    static let docking = """
        scenario: docking
        title: Alice docks the phone at a Launchpad; the time clock's logout fails
        steps:
          - { at: "07:00", user: alice, check_out: launchpad }
          - { at: "07:05", user: alice, open: timesheet }
          - { at: "07:06", user: alice, open: inventory }
          - { at: "19:00", check_in: launchpad, logout_fails: timesheet }
          - { at: "19:02", user: bob, check_out: hub }
          - { at: "19:03", user: bob, open: timesheet }

        """

    @Test func aCheckInNamesNobodyAndAFailedLogoutNamesItsApp() throws {
        let scenario = try ErgonomicsTests.file("docking.yaml", Self.docking)
        let run = ssopolicy("run", "--scenario", scenario, "hospital-imprivata")
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("4. 19:00 nobody: check_in launchpad\n"), "\(run.out)")
        #expect(run.out.contains("logout-callback-failed: timesheet's logout action failed at check-in:\n"))
        #expect(run.out.contains("6. 19:03 bob opens timesheet\n   - -> app_reused (alice)"), "\(run.out)")
        // A provider whose check-in needs the user says so at binding, with the step's position.
        let airwatch = ssopolicy("run", "--scenario", scenario, "frontline-airwatch")
        #expect(airwatch.code == 1)
        #expect(airwatch.err.contains("docking.yaml:7:20: error: step 4: airwatch-sdk's 'check_in' needs a 'user'"))
    }

    @Test func aStepConditionNamingAnAppChecksTheApp() throws {
        let scenario = try ErgonomicsTests.file(
            "typo.yaml",
            Self.docking.replacingOccurrences(of: "logout_fails: timesheet", with: "logout_fails: timeshet"))
        let run = ssopolicy("run", "--scenario", scenario, "hospital-imprivata")
        #expect(run.code == 1)
        #expect(
            run.err.contains(
                "typo.yaml:7:55: error: step 4: logout_fails: policy 'hospital-imprivata' has no app 'timeshet'; "
                    + "did you mean 'timesheet'?"), "\(run.err)")
    }

    /// The conditions of `evaluate --format json`'s outcomes and finding summaries, each as fact → allowed values.
    static func conditions(_ json: String) throws -> [[String: [String]]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var result: [[String: [String]]] = []
        func add(_ when: Any?) {
            let list = (when as? [[String: Any]]) ?? (when as? [String: Any]).map { [$0] } ?? []
            for condition in list {
                result.append(condition.mapValues { ($0 as? [String]) ?? ($0 as? String).map { [$0] } ?? [] })
            }
        }
        for outcome in (object["outcomes"] as? [[String: Any]]) ?? [] { add(outcome["when"]) }
        for finding in (object["findings"] as? [[String: Any]]) ?? [] { add(finding["when"]) }
        return result
    }

    @Test func aWhatIfListsNoAnswerForCombinationsThatCannotHappen() throws {
        // Nothing known: no condition describes only checked-out devices without a custodian.
        let out = [Set(["checked_out", "overdue", "lost_mode"]), Set(["checked_in", "pin_unlocked"])]
        let open = ssopolicy(
            "evaluate", "hospital-imprivata", "--app", "inventory", "--user", "bob", "--format", "json")
        #expect(open.code == 0, "\(open.err)")
        let conditions = try Self.conditions(open.out)
        #expect(!conditions.isEmpty)
        for condition in conditions {
            guard let status = condition["status"].map(Set.init), let custodian = condition["custodian"] else {
                continue
            }
            #expect(!(status.isSubset(of: out[0]) && custodian == ["none"]), "\(condition)")
            #expect(!(status.isSubset(of: out[1]) && !custodian.contains("none")), "\(condition)")
        }
        // One side given: the other side's impossible values are no answer.
        let none = ssopolicy(
            "evaluate", "hospital-imprivata", "--app", "inventory", "--user", "bob", "--fact", "custodian=none",
            "--format", "json")
        #expect(none.code == 0, "\(none.err)")
        for condition in try Self.conditions(none.out) {
            #expect(Set(condition["status"] ?? []).isDisjoint(with: out[0]), "\(condition)")
        }
        // The text answer says the same.
        let text = ssopolicy(
            "evaluate", "hospital-imprivata", "--app", "inventory", "--user", "bob", "--fact",
            "custodian=none")
        #expect(!text.out.contains("status=checked_out"), "\(text.out)")
    }

    @Test func evaluateRefusesACheckedOutDeviceWithoutACustodian() {
        let result = ssopolicy(
            "evaluate", "hospital-imprivata", "--app", "timesheet", "--user", "bob", "--fact", "status=checked_out",
            "--fact", "custodian=none")
        #expect(result.code == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("impossible facts: status=checked_out with custodian=none"))
        let checkedIn = ssopolicy(
            "evaluate", "hospital-imprivata", "--app", "timesheet", "--user", "bob", "--fact", "status=checked_in",
            "--fact", "custodian=alice")
        #expect(checkedIn.code == 1)
        #expect(checkedIn.err.contains("impossible facts: status=checked_in with custodian=alice"))
        let fine = ssopolicy(
            "evaluate", "hospital-imprivata", "--app", "timesheet", "--user", "bob", "--fact", "status=checked_out",
            "--fact", "custodian=alice")
        #expect(fine.code == 0)
    }

    @Test func theSchemaTakesEveryProvidersWordsAndAUserOnlyWhereAllNeedOne() throws {
        let schema = ssopolicy("schema", "scenario").out
        #expect(schema.components(separatedBy: "\"enum\": [\"hub\", \"launchpad\"]").count == 3)
        for prompt in ["badge", "badge_pin", "device_passcode"] {
            #expect(ssopolicy("glossary").out.contains(prompt))
            #expect(ssopolicy("schema", "suite").out.contains("\"\(prompt)\""))
        }
    }
}
