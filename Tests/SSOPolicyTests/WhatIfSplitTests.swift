import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// The what-if splits only on facts the decision reads, and answers exactly what full enumeration answers.
@Suite struct WhatIfSplitTests {
    static let policy = """
        policy: kiosk
        provider: badge-kiosk
        settings:
          after_timeout: pin
        apps:
          - id: till
        """

    @Test func theSplitAgreesWithEnumerationAndSkipsFactsNotRead() throws {
        let policy = try Fixtures.engine.loadPolicy(yaml: Self.policy, file: "p.yaml")
        let report = try WhatIfAgreement.check(policy, app: "till")
        #expect(report.failures == [])
        // session_live (2 values) × session_user (3 values): a live tap reads whose tap it is; so does the PIN
        // rule when no tap is live, so every combination matters here...
        #expect(report.combinations == 6)
        #expect(report.leaves == 6)
        // ...but with the user known, a live tap decides without asking about the PIN.
        let given = try WhatIfAgreement.check(policy, app: "till", given: ["session_user": "alice"])
        #expect(given.failures == [])
        #expect(given.combinations == 2 && given.leaves == 2)
    }

    @Test func aSettingThatDecidesEarlyLeavesFactsUnread() throws {
        let policy = try Fixtures.engine.loadPolicy(
            yaml: Self.policy.replacingOccurrences(of: "  - id: till", with: "  - id: till\n    kiosk: false"),
            file: "p.yaml")
        let report = try WhatIfAgreement.check(policy, app: "till")
        #expect(report.failures == [])
        // An app outside the kiosk asks its own login whatever the tap: one leaf for six combinations.
        #expect(report.combinations == 6 && report.leaves == 1)
    }

    /// A what-if's reads travel with its own attempt (a thrown `FactRead`): two what-ifs running at once in parallel
    /// tasks, one that splits six ways and one that reads no fact, each answer as they do alone. A read one of them
    /// could see of the other would make the second split on the first's reads, or the first miss its own.
    @Test func whatIfsRunningAtOnceNeverSeeEachOthersReads() async throws {
        let splitting = try Fixtures.engine.loadPolicy(yaml: Self.policy, file: "p.yaml")
        let deciding = try Fixtures.engine.loadPolicy(
            yaml: Self.policy.replacingOccurrences(of: "  - id: till", with: "  - id: till\n    kiosk: false"),
            file: "p.yaml")
        let rounds = 200
        let leaves = try await withThrowingTaskGroup(of: (splits: Bool, leaves: [Int]).self) { group in
            for (splits, policy) in [(true, splitting), (false, deciding)] {
                group.addTask {
                    var leaves: [Int] = []
                    for _ in 0..<rounds {
                        let report = try WhatIfAgreement.check(policy, app: "till")
                        leaves.append(report.failures.isEmpty ? report.leaves : -1)
                    }
                    return (splits, leaves)
                }
            }
            var leaves: [Bool: [Int]] = [:]
            for try await (splits, counts) in group { leaves[splits] = counts }
            return leaves
        }
        #expect(leaves[true] == [Int](repeating: 6, count: rounds))
        #expect(leaves[false] == [Int](repeating: 1, count: rounds))
    }
}
