import Foundation
import SSOPolicyTestSupport
import Testing

/// Issue 40, point 4: a finding that states a fact of the configuration (`FindingDeclaration.configurationFact`:
/// AirWatch's `sso-requirement-missing`, an App Store app that never initialises the SDK while SSO is on; the SDK
/// documentation's "Requirements") is one finding per app, shown at the first step where it matters, and a run's
/// totals count findings, not repetitions.
struct ConfigurationFactTests {
    static func run(_ scenario: String) throws -> [String: Any] {
        let folder = Fixtures.folder()
        let file = Fixtures.write(scenario, to: "s.yaml", in: folder)
        let result = ssopolicy("run", "--scenario", file, "sso-requirements-missing", "--format", "json")
        #expect(result.code == 0, "\(result.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    }

    static func findings(_ step: Any) -> [String] {
        ((step as? [String: Any])?["findings"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func aMissingRequirementIsOneFindingPerAppNotOnePerOpen() throws {
        let run = try Self.run(
            """
            scenario: many-opens
            steps:
              - { at: "08:00", user: alice, open: timesheet }
              - { at: "08:05", user: alice, open: timesheet }
              - { at: "08:10", user: alice, open: inventory }
              - { at: "09:00", user: alice, open: timesheet }
              - { at: "09:05", user: alice, open: inventory }
              - { at: "10:00", user: alice, open: timesheet }
            """)
        let steps = try #require(run["steps"] as? [Any])
        let counts = steps.map { Self.findings($0).filter { $0 == "sso-requirement-missing" }.count }
        // Shown where it first matters for each app (timesheet at step 1, inventory at step 3), never again.
        #expect(counts == [1, 0, 1, 0, 0, 0], "\(counts)")
        let messages = steps.flatMap { step in
            ((step as? [String: Any])?["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        }
        #expect(messages.contains { $0.contains("SSO is enabled for timesheet") })
        #expect(messages.contains { $0.contains("SSO is enabled for inventory") })
        // The totals count the two findings, not six repetitions.
        let summary = try #require(run["summary"] as? [String: Any])
        let severities = try #require(summary["findings"] as? [String: Int])
        #expect(severities["medium"] == 2, "\(severities)")
        #expect((summary["verdict"] as? String)?.contains("2 medium") == true, "\(summary)")
    }
}
