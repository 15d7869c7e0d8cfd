import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyProviderKit

/// The checks every provider must pass, in the one call every provider's tests make, the same for each:
///
/// ```swift
/// @Test func conforms() {
///     let failures = ProviderConformance.failures(ImprivataMAMProvider())
///     #expect(failures == [], "\(failures.prefix(8).joined(separator: "\n"))")
/// }
/// ```
///
/// 1. the descriptor's self-check (unique names, citations of its source catalogue, rules with conditions and an
///    example that fires and one that does not, the handover, the core vocabulary it must map);
/// 2. every rule example plays as declared, and a rule that fires does what its effect says (`RuleExamples`, the one
///    example player);
/// 3. every condition decides: flipped in each firing example, the rule does not fire and the explanation names
///    that condition;
/// 4. mutants: every rule the bundled suites of the provider's policies check, broken on purpose (`RuleMutant`),
///    makes one of those suites fail;
/// 5. on each bundled policy of the provider (the policies under `Policies/` that name it; a provider without any,
///    like the example, gets one policy of its declared defaults and one app): the what-if split agrees with full
///    enumeration (`WhatIfAgreement`), the trace mode does not change an answer (`TraceModeAgreement`), and the
///    footprints it declares are true (`FootprintAgreement`).
///
/// The run stays within seconds per provider in a debug build: the mutants replay only the suites that check the
/// broken rule and stop at the first that fails; the what-if agreement is a fixed, deterministic sample (one attempt
/// per policy, at most `whatIfUnknownFacts` facts unknown, `whatIfSample` combinations); the explorations stop at
/// `explorationStates` states.
/// `evaluate` ≡ `run` needs the provider's own reading of its state as facts, so each provider's
/// `EvaluateRunAgreementTests` holds it (`EvaluateRunAgreement`).
public enum ProviderConformance {
    /// The repository's bundled library (`Policies/`): the policies and suites of every shipped provider.
    public static let library =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Policies").path

    /// The what-if sample, per policy: one attempt (the provider's first access event on an app, at the policy's
    /// first app) with the first `whatIfUnknownFacts` facts of the declaration unknown and every other fact given its
    /// declared default, so the space split and enumerated is at most a product of that many facts' values; of it
    /// the first `whatIfSample` combinations are compared.
    public static let whatIfUnknownFacts = 5
    public static let whatIfSample = 2_000
    /// The states each policy's trace-mode and footprint explorations visit (breadth first, depth 3). The deep runs
    /// of the trace agreement, every bundled policy to 4 000 states, are `TraceModeAgreementTests`.
    public static let explorationStates = 300

    /// The shipped providers, registered beside the one under test (the bundled scenarios name their events).
    static let shipped = [
        AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
        AnyPolicyProvider(ImprivataMAMProvider()), AnyPolicyProvider(AppleSharedIPadProvider()),
    ]

    /// One line per failed check; empty when the provider conforms. `library` is where its bundled policies and
    /// suites are looked for (tests of the helper itself point it elsewhere).
    public static func failures<P: PolicyProvider>(_ provider: P, library: String = library) -> [String] {
        let erased = AnyPolicyProvider(provider)
        let id = provider.descriptor.id
        var failures = provider.descriptor.selfCheck().map { "\(id): self-check: \($0)" }
        failures += RuleExamples.failures(erased).map { "\(id): example: \($0)" }
        failures += RuleExamples.conditionFailures(erased).map { "\(id): condition: \($0)" }
        let others = shipped.filter { $0.descriptor.id != id }
        let engine = SSOPolicyEngine(registry: ProviderRegistry([erased] + others))
        let bundled = Bundled.find(id, in: library, engine: engine)
        failures += bundled.problems.map { "\(id): \($0)" }
        failures += mutantFailures(provider, others: others, suites: bundled.suites).map { "\(id): mutant: \($0)" }
        let policies = bundled.policies.isEmpty ? [defaultPolicy(id, engine: engine)] : bundled.policies
        for policy in policies {
            switch policy {
            case .failure(let problem): failures.append("\(id): \(problem)")
            case .success(let (path, policy)): failures += policyFailures(policy).map { "\(path): \($0)" }
            }
        }
        return failures
    }

    /// Each rule that the suites check (`RuleCoverage`'s "checked"), broken by `RuleMutant`, must make one of the suites that
    /// check it fail. Only those suites are replayed, and only until one fails.
    static func mutantFailures<P: PolicyProvider>(_ provider: P, others: [AnyPolicyProvider], suites: [TestSuite])
        -> [String]
    {
        guard !suites.isEmpty else { return [] }
        let registry = ProviderRegistry([AnyPolicyProvider(provider)] + others)
        let results = suites.map(SuiteRunner(engine: SSOPolicyEngine(registry: registry)).run)
        if results.contains(where: { !$0.passed }) {
            return results.filter { !$0.passed }.map { result in
                let first =
                    result.problems.first?.description
                    ?? result.expectations.first { !$0.passed }.map { "step \($0.expectation.step): \($0.mismatches)" }
                return "suite \(result.suite.file) fails unmutated: \(first ?? "")"
            }
        }
        // A rule is checked when it fired at a step an expectation looks at (`RuleCoverage`'s "checked", read from
        // the suites' results without its reachability search).
        let checked = Set(results.flatMap(\.checkedRules))
        let descriptor = provider.descriptor
        var failures: [String] = []
        for (index, rule) in descriptor.rules.enumerated() where checked.contains(RuleID(index)) {
            let broken = RuleID(index)
            let runner = SuiteRunner(
                engine: SSOPolicyEngine(
                    registry: ProviderRegistry([AnyPolicyProvider(RuleMutant(provider, breaking: broken))] + others)))
            let checking = results.filter { $0.checkedRules.contains(broken) }.map(\.suite)
            if !checking.contains(where: { !runner.run($0).passed }) {
                failures.append(
                    "\(rule.id): breaking it goes unnoticed by the \(checking.count) suites that check it")
            }
        }
        return failures
    }

    /// What-if ≡ enumeration on the sample, trace on ≡ trace off, and true footprints, on one policy.
    public static func policyFailures(_ policy: CompiledPolicy) -> [String] {
        var failures: [String] = []
        let descriptor = policy.descriptor
        let access = descriptor.allEvents.first { event in
            guard event.isAccessAttempt else { return false }
            if case .choice = event.target { return false }
            return true
        }
        if let app = policy.configuration.apps.first, let access {
            do {
                var given: [String: String] = [:]
                for fact in descriptor.facts.dropFirst(whatIfUnknownFacts) { given[fact.key] = fact.defaultValue }
                let report = try WhatIfAgreement.check(
                    policy, app: app.id, event: access.name, given: given, limit: whatIfSample)
                failures += report.failures.prefix(4).map { "what-if at \(app.id): \($0)" }
                if report.combinations > 1 && report.leaves == 0 { failures.append("what-if at \(app.id): no leaf") }
            } catch {
                failures.append("what-if at \(app.id): \(error)")
            }
        }
        let trace = TraceModeAgreement.check(policy, maxStates: explorationStates)
        failures += trace.mismatches.map { "trace mode: \($0)" }
        if trace.compared == 0 { failures.append("trace mode: no move compared") }
        failures += FootprintAgreement.check(policy, maxStates: explorationStates).mismatches.map {
            "footprints: \($0)"
        }
        return failures
    }

    /// A policy of the provider's declared defaults with one app, for a provider with no bundled policy.
    static func defaultPolicy(_ id: String, engine: SSOPolicyEngine) -> Result<(String, CompiledPolicy), Problem> {
        let yaml = "policy: conformance\nprovider: \(id)\napps:\n  - id: app\n"
        do {
            return .success(("default policy", try engine.loadPolicy(yaml: yaml, file: "conformance.yaml")))
        } catch {
            return .failure(Problem("the default policy does not load: \(error.diagnostics.map(\.description))"))
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The policies of the library that name the provider, and the suites that play them.
    struct Bundled {
        var policies: [Result<(String, CompiledPolicy), Problem>] = []
        var suites: [TestSuite] = []
        var problems: [String] = []

        static func find(_ id: String, in library: String, engine: SSOPolicyEngine) -> Bundled {
            var bundled = Bundled()
            var mine: Set<String> = []
            var suites: [TestSuite] = []
            for file in engine.yamlFiles(in: [library]).files {
                guard let root = try? engine.readDocument(path: file), let kind = try? engine.kind(of: root) else {
                    continue
                }
                switch kind {
                case .policy:
                    let named = root.entries?.first { $0.key == "provider" }?.value.scalar
                    guard named == id else { continue }
                    mine.insert(standardized(file))
                    do {
                        bundled.policies.append(.success((file, try engine.loadPolicy(root, file: file))))
                    } catch {
                        bundled.policies.append(
                            .failure(
                                Problem("\(file): \(error.diagnostics.map(\.description).joined(separator: "; "))")))
                    }
                case .suite:
                    if let suite = try? engine.loadSuite(root, file: file) { suites.append(suite) }
                case .scenario, .fleet:
                    continue
                }
            }
            bundled.suites = suites.filter { mine.contains(standardized($0.policyPath)) }
            if !mine.isEmpty && bundled.suites.isEmpty {
                bundled.problems.append("no bundled suite plays its policies")
            }
            return bundled
        }

        static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardized.path }
    }
}
