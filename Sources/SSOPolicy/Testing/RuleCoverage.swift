import SSOPolicyProviderKit

/// Which provider rules the suites exercised, per provider and per policy, and for every rule they missed the
/// reason where it can be known.
///
/// A rule counts as **checked** only when it fired at a step that an expectation looks at; a rule that fired at
/// a step no expectation checks is reported apart (**run, unchecked**), because nothing would notice if it
/// changed. That is the difference between coverage and coverage that tells the truth.
package struct RuleCoverage: Sendable {
    package enum Status: String, Sendable {
        case checked
        case runUnchecked = "run_unchecked"
        case notReached = "not_reached"
    }

    /// Why a suite could not or did not reach a rule under one policy.
    package enum Reach: Sendable, Hashable {
        /// The model fires the rule under this policy: an example sequence that does.
        case reachable(example: String)
        /// The rule's own examples all need a setting or app key this policy does not have.
        case excludedBySettings(needs: String)
        /// Not fired in the bounded search; the condition that failed most often when it was checked.
        case notFound(states: Int, depth: Int, failing: [String])
        /// The provider never even checked the rule under this policy in the bounded search.
        case neverChecked(states: Int, depth: Int)

        package var kind: String {
            switch self {
            case .reachable: return "reachable"
            case .excludedBySettings: return "unreachable_by_settings"
            case .notFound: return "not_found"
            case .neverChecked: return "never_checked"
            }
        }

        package var reason: String {
            switch self {
            case .reachable(let example): return "reachable, e.g. \(example)"
            case .excludedBySettings(let needs):
                return "unreachable under this policy's settings: \(needs)"
            case .notFound(let states, let depth, let failing):
                return "not reached in \(states) explored attempts (sequences up to \(depth) steps); when checked, "
                    + failing.joined(separator: "; or ")
            case .neverChecked(let states, let depth):
                return "never checked in \(states) explored attempts (sequences up to \(depth) steps): "
                    + "no path of this policy evaluates it"
            }
        }
    }

    package struct RuleEntry: Sendable {
        package var rule: RuleDeclaration
        package var status: Status
        /// For rules this policy's suites did not check.
        package var reach: Reach?
    }

    package struct PolicyEntry: Sendable {
        package var policyID: String
        package var file: String
        package var suites: [String]
        package var rules: [RuleEntry]

        package func count(_ status: Status) -> Int { rules.filter { $0.status == status }.count }
    }

    package struct ProviderEntry: Sendable {
        package var providerID: String
        /// The provider's rules with their best status across its policies.
        package var rules: [(rule: RuleDeclaration, status: Status)]
        package var policies: [PolicyEntry]

        package func count(_ status: Status) -> Int { rules.filter { $0.status == status }.count }
    }

    package var providers: [ProviderEntry]

    /// Builds the report from suite results; every registered provider appears, even one no suite uses.
    package static func make(_ report: TestReport, registry: ProviderRegistry) -> RuleCoverage {
        var byPolicy: [String: (policy: CompiledPolicy, suites: [String], checked: Set<RuleID>, fired: Set<RuleID>)] =
            [:]
        var order: [String] = []
        for suite in report.suites {
            guard let policy = suite.policy else { continue }
            let key = policy.configuration.file
            if byPolicy[key] == nil {
                order.append(key)
                byPolicy[key] = (policy, [], [], [])
            }
            byPolicy[key]!.suites.append(suite.suite.id)
            byPolicy[key]!.checked.formUnion(suite.checkedRules)
            byPolicy[key]!.fired.formUnion(suite.firedRules)
        }
        var providers: [ProviderEntry] = []
        for provider in registry.providers {
            let descriptor = provider.descriptor
            var policies: [PolicyEntry] = []
            for key in order.sorted() where byPolicy[key]!.policy.descriptor.id == descriptor.id {
                let entry = byPolicy[key]!
                var reachability: RuleReachability?
                var rules: [RuleEntry] = []
                for (index, rule) in descriptor.rules.enumerated() {
                    let id = RuleID(index)
                    let status: Status =
                        entry.checked.contains(id) ? .checked : entry.fired.contains(id) ? .runUnchecked : .notReached
                    var reach: Reach?
                    if status != .checked {
                        if reachability == nil { reachability = RuleReachability.explore(entry.policy) }
                        reach = Self.reach(rule, reachability!.rules[index], reachability!, policy: entry.policy)
                    }
                    rules.append(RuleEntry(rule: rule, status: status, reach: reach))
                }
                policies.append(
                    PolicyEntry(
                        policyID: entry.policy.configuration.id, file: key, suites: entry.suites.sorted(), rules: rules)
                )
            }
            let rules = descriptor.rules.enumerated().map { index, rule -> (RuleDeclaration, Status) in
                let statuses = policies.map { $0.rules[index].status }
                let best: Status =
                    statuses.contains(.checked)
                    ? .checked : statuses.contains(.runUnchecked) ? .runUnchecked : .notReached
                return (rule, best)
            }
            providers.append(ProviderEntry(providerID: descriptor.id, rules: rules, policies: policies))
        }
        return RuleCoverage(providers: providers)
    }

    static func reach(
        _ rule: RuleDeclaration, _ result: RuleReachability.RuleResult, _ search: RuleReachability,
        policy: CompiledPolicy
    ) -> Reach {
        if let example = result.example { return .reachable(example: example) }
        if let needs = settingsNeeded(rule, policy: policy) { return .excludedBySettings(needs: needs) }
        if result.failedConditions.isEmpty {
            return .neverChecked(states: search.statesExplored, depth: search.maxDepth)
        }
        let failing = result.failedConditions.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(2).compactMap {
            Int($0.key) < rule.conditions.count ? rule.conditions[Int($0.key)].fails : nil
        }
        return .notFound(states: search.statesExplored, depth: search.maxDepth, failing: failing)
    }

    /// If every example that fires the rule sets a setting (or needs an app key) this policy does not have, what
    /// they all set, e.g. "every example that fires it sets sso=enabled (this policy: disabled)".
    static func settingsNeeded(_ rule: RuleDeclaration, policy: CompiledPolicy) -> String? {
        let firing = rule.examples.filter(\.fires)
        guard !firing.isEmpty else { return nil }
        let descriptor = policy.descriptor
        let settings = policy.configuration.settings
        let declarations = descriptor.settings + descriptor.modelOptions.map(\.setting)
        var perExample: [[String]] = []
        for example in firing {
            var differences: [String] = []
            // The keys the example writes, plus the decision-shaping ones it leaves at their defaults.
            var wanted = example.settings
            for declaration in declarations where declaration.isMatrixDimension && wanted[declaration.key] == nil {
                if let value = declaration.defaultValue { wanted[declaration.key] = value }
            }
            for (key, text) in wanted.sorted(by: { $0.key < $1.key }) {
                guard let declaration = declarations.first(where: { $0.key == key }),
                    let wanted = declaration.kind.parse(text), let actual = settings[key], wanted != actual
                else { continue }
                differences.append("\(key)=\(text) (this policy: \(actual))")
            }
            if !example.appKeys.isEmpty {
                let matches = policy.configuration.apps.contains { app in
                    example.appKeys.allSatisfy { key, text in
                        guard let declaration = descriptor.appKeys.first(where: { $0.key == key }),
                            let wanted = declaration.kind.parse(text)
                        else { return true }
                        return app.keys[key] == wanted
                    }
                }
                if !matches {
                    let keys = example.appKeys.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                    differences.append(
                        "an app with " + keys.joined(separator: ", ") + " (no app of this policy has one)")
                }
            }
            if differences.isEmpty { return nil }
            perExample.append(differences)
        }
        let common = perExample[0].filter { difference in perExample.allSatisfy { $0.contains(difference) } }
        if !common.isEmpty {
            let subject =
                firing.count == 1 ? "its only example that fires it needs " : "every example that fires it needs "
            return subject + common.joined(separator: " and ")
        }
        return "each example that fires it needs a setting this policy lacks, e.g. "
            + perExample[0].joined(separator: " and ")
    }
}
