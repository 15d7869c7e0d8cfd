import Foundation
import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// `evaluate` and `run` agree for imprivata-mam: the core's generic check with imprivata-mam's reading of its own
/// state as facts.
@Suite("imprivata-mam evaluate/run agreement")
struct EvaluateRunAgreementTests {
    static func describe(_ state: ImprivataState, app: Int, clock: Int, policy: CompiledPolicy, users: [String])
        -> [String: String]?
    {
        func name(_ user: UserID?) -> String { user.map { users[Int($0.index)] } ?? "none" }
        var facts = state.facts(
            app: app, clock: clock, lendingPeriod: policy.configuration.settings.seconds("lending_period"))
        for (key, user) in facts.accounts { facts.words[key] = name(user) }
        return facts.words
    }

    @Test func evaluateAgreesWithRunOnEveryReachedState() throws {
        var compared = 0
        var found: [String] = []
        for name in ["hospital-imprivata", "weak-logout-imprivata", "microsoft-sdm-imprivata"] {
            let policy = try PolicyFileTests.policy(name)
            let report = EvaluateRunAgreement.check(
                policy, engine: PolicyFileTests.engine, as: ImprivataState.self, depth: 4
            ) { state, app, clock, users in Self.describe(state, app: app, clock: clock, policy: policy, users: users) }
            compared += report.compared
            found += report.mismatches.map { "\(name): \($0)" }
        }
        #expect(compared > 100)
        #expect(found == [], "\(found.prefix(6).joined(separator: "\n"))")
    }
}
