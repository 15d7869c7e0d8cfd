import SSOPolicy
import SSOPolicyProviderKit

/// The checks every provider must pass, in one call from its tests:
///
/// ```swift
/// @Test func conforms() {
///     #expect(ProviderConformance.failures(ImprivataMAMProvider(), suites: repository + "/Policies") == [])
/// }
/// ```
///
/// 1. the descriptor's self-check (unique names, citations of its source catalogue, rules with conditions, the
///    handover, the core vocabulary it must map);
/// 2. every rule example plays as declared (fires, or does not);
/// 3. mutants: every rule the bundled suites check, broken on purpose, makes one of them fail;
/// 4. `evaluate` ≡ `run` over a bounded exploration of each given policy, when the provider can describe its state
///    as facts (`agreement`);
/// 5. the footprints it declares are true: on the states a bounded exploration of each of those policies reaches,
///    moves `verify` takes as commuting give the same state and outcomes in either order (`FootprintAgreement`).
public enum ProviderConformance {
    /// `evaluate` ≡ `run` for one provider: the policies to explore and the provider's reading of its state.
    public struct Agreement<State> {
        public var policies: [String]
        public var describe: (State, _ app: Int, _ clock: Int, _ users: [String], CompiledPolicy) -> [String: String]?

        public init(
            policies: [String],
            describe:
                @escaping (State, _ app: Int, _ clock: Int, _ users: [String], CompiledPolicy) -> [String: String]?
        ) {
            self.policies = policies
            self.describe = describe
        }
    }

    /// One line per failed check; empty when the provider conforms.
    ///
    /// - Parameters:
    ///   - suites: a folder of bundled suites (and the policies and scenarios they name) for the mutant check; nil
    ///     skips it. Suites of other providers need those providers in `others`.
    ///   - others: the other providers the suites' folder needs.
    public static func failures<P: PolicyProvider>(
        _ provider: P, suites: String? = nil, others: [AnyPolicyProvider] = [],
        agreement: Agreement<P.State>? = nil
    ) -> [String] {
        let erased = AnyPolicyProvider(provider)
        let id = provider.descriptor.id
        var failures = provider.descriptor.selfCheck().map { "\(id): self-check: \($0)" }
        failures += Fixtures.ruleExampleFailures(ProviderRegistry([erased])).map { "\(id): example: \($0)" }
        if let suites { failures += mutantFailures(provider, suites: suites, others: others) }
        if let agreement {
            failures += agreementFailures(provider, agreement, others: others)
            failures += footprintFailures(provider, policies: agreement.policies, others: others)
        }
        return failures
    }

    /// Each rule that the suites under `suites` check, broken by `RuleMutant`, must make a suite fail.
    public static func mutantFailures<P: PolicyProvider>(
        _ provider: P, suites: String, others: [AnyPolicyProvider] = []
    ) -> [String] {
        let registry = ProviderRegistry([AnyPolicyProvider(provider)] + others)
        let report = SuiteRunner(engine: SSOPolicyEngine(registry: registry)).run(paths: [suites])
        if report.failedCount > 0 { return ["\(provider.descriptor.id): the suites under \(suites) fail unmutated"] }
        let coverage = RuleCoverage.make(report, registry: registry)
        guard let entry = coverage.providers.first(where: { $0.providerID == provider.descriptor.id }) else {
            return []
        }
        var failures: [String] = []
        for (index, rule) in entry.rules.enumerated() where rule.status == .checked {
            let broken = AnyPolicyProvider(RuleMutant(provider, breaking: RuleID(index)))
            let engine = SSOPolicyEngine(registry: ProviderRegistry([broken] + others))
            if SuiteRunner(engine: engine).run(paths: [suites]).failedCount == 0 {
                failures.append(
                    "\(rule.rule.id): breaking it goes unnoticed by the suites coverage calls it checked by")
            }
        }
        return failures
    }

    /// The provider's declared footprints hold on the states a bounded exploration of each policy reaches.
    public static func footprintFailures<P: PolicyProvider>(
        _ provider: P, policies: [String], others: [AnyPolicyProvider] = []
    ) -> [String] {
        let engine = SSOPolicyEngine(registry: ProviderRegistry([AnyPolicyProvider(provider)] + others))
        var failures: [String] = []
        for path in policies {
            do {
                let report = FootprintAgreement.check(try engine.loadPolicy(path: path))
                failures += report.mismatches.map { "\(path): footprints: \($0)" }
            } catch {
                failures.append("\(path): \(error.diagnostics.map(\.description).joined(separator: "; "))")
            }
        }
        return failures
    }

    static func agreementFailures<P: PolicyProvider>(
        _ provider: P, _ agreement: Agreement<P.State>, others: [AnyPolicyProvider]
    ) -> [String] {
        let engine = SSOPolicyEngine(registry: ProviderRegistry([AnyPolicyProvider(provider)] + others))
        var failures: [String] = []
        for path in agreement.policies {
            let policy: CompiledPolicy
            do {
                policy = try engine.loadPolicy(path: path)
            } catch {
                failures.append("\(path): \(error.diagnostics.map(\.description).joined(separator: "; "))")
                continue
            }
            let report = EvaluateRunAgreement.check(policy, engine: engine, as: P.State.self) {
                state, app, clock, users in agreement.describe(state, app, clock, users, policy)
            }
            if report.compared == 0 { failures.append("\(path): evaluate/run agreement compared no attempt") }
            failures += report.mismatches.map { "\(path): evaluate/run: \($0)" }
        }
        return failures
    }
}
