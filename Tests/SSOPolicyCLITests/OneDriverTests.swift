import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// The one driver's attempt loop reuses one scratch state, reset to each attempt's facts: every attempt must answer
/// as on a fresh state, whatever the attempt before it left behind.
struct OneDriverTests {
    @Test(arguments: VerifyReductionTests.policyFiles)
    func attemptsOnTheScratchStateAnswerAsOnAFreshState(_ file: String) throws {
        let policy = try engine.loadPolicy(path: file)
        let descriptor = policy.descriptor
        let space = FactSpace(descriptor, actingUser: "alice", otherUser: "bob", growUntil: 256)
        var users = UserDirectory(["alice", "bob"])
        var factSets: [FactValues] = []
        for row in 0..<space.count {
            var device: [String: String] = [:]
            for (key, value) in space.row(row) { device[key] = value }
            if let facts = try? FactBuilder.make(
                descriptor, appCount: policy.configuration.apps.count, device: device, users: &users)
            {
                factSets.append(facts)
            }
        }
        let events = ExplorationMoves(policy: policy, users: 2, exploreConditions: false, noRestart: false).moves
            .compactMap(\.event)
        #expect(factSets.count > 1 && !events.isEmpty)
        var compared = 0
        var mismatches: [String] = []
        policy.withAttempts { attempt in
            // Every event on every fact set, in an order where each attempt follows a different one.
            for event in events {
                for (index, facts) in factSets.enumerated() {
                    var reused = RuleTrace(.fired)
                    let outcome = try? attempt(event, facts, &reused)
                    var fresh = RuleTrace(.fired)
                    let expected = try? policy.attempt(event, facts: facts, trace: &fresh)
                    compared += 1
                    if outcome != expected || reused.entries != fresh.entries {
                        mismatches.append("fact set \(index), event \(event.event.index)")
                    }
                }
            }
        }
        #expect(compared == events.count * factSets.count)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
