import SSOPolicy

/// The first screen names the smallest fix under each misconfiguration: `advise` on the same shift change, bounded
/// to `fixMaxChanges` changes (docs/advise.md); the line is the answer's, never written by hand.
extension OverviewCommand {
    /// The bound the first screen advises within: every bundled misconfiguration's fix is one or two changes.
    static let fixMaxChanges = 2

    /// The line under a misconfiguration's verdict: its smallest fix, that it is already safe, or what stands in
    /// the way when no fix of at most `fixMaxChanges` changes reaches the goal.
    static func smallestFix(_ result: RunResult) throws -> String {
        let advice = try Advice.advise(
            result.scenario, subjects: [AdviceSubject(policy: result.policy)],
            request: AdviceRequest(goal: .high, maxChanges: fixMaxChanges), subject: result.policy.configuration.id)
        return advice.smallestFix
    }
}
