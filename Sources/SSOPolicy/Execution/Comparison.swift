import SSOPolicyProviderKit

/// The same scenario through several policies, side by side (spec 4: `compare`).
public struct Comparison: Sendable {
    public var scenario: Scenario
    public var results: [RunResult]

    public init(scenario: Scenario, results: [RunResult]) {
        self.scenario = scenario
        self.results = results
    }

    /// Runs `scenario` against each policy; steps naming apps a policy lacks are `not_applicable` for it.
    public static func run(
        _ scenario: Scenario, policies: [CompiledPolicy], traceMode: RuleTrace.Mode = .fired
    ) throws(DiagnosticsError) -> Comparison {
        var results: [RunResult] = []
        var problems: [Diagnostic] = []
        for policy in policies {
            switch ScenarioBinder(mode: .lenient).bind(scenario, to: policy) {
            case .success(let bound): results.append(ScenarioRunner(traceMode: traceMode).run(bound))
            case .failure(let error): problems.append(contentsOf: error.diagnostics)
            }
        }
        if !problems.isEmpty { throw DiagnosticsError(problems) }
        return Comparison(scenario: scenario, results: results)
    }

    /// Step numbers where the policies decide differently (prompts, session, session user or finding ids).
    public var differences: [Int] {
        let views = results.map(\.views)
        guard let first = views.first else { return [] }
        return first.indices.filter { index in
            views.dropFirst().contains { !$0[index].decidesSameAs(first[index]) }
        }.map { first[$0].number }
    }

    /// Totals for one policy's run.
    public struct Totals: Sendable {
        public var prompts: Int
        /// User → prompts, in order of first appearance.
        public var promptsPerUser: [(user: String, prompts: Int)]
        public var findings: [Severity: Int]
        /// For each handover to a new user: seconds until that user first works in their own session without a
        /// previous-user finding, or nil if they never do within the scenario.
        public var handovers: [(user: String, secondsUntilSafe: Int?)]
    }

    public static func totals(_ result: RunResult) -> Totals {
        let views = result.views
        var perUser: [(String, Int)] = []
        for view in views {
            guard let user = view.user else { continue }
            if let index = perUser.firstIndex(where: { $0.0 == user }) {
                perUser[index].1 += view.prompts.count
            } else {
                perUser.append((user, view.prompts.count))
            }
        }
        var findings: [Severity: Int] = [:]
        for finding in views.flatMap(\.findings) { findings[finding.severity, default: 0] += 1 }
        var handovers: [(String, Int?)] = []
        var previousUser: String?
        var steps = Array(zip(views, result.steps))
        while !steps.isEmpty {
            guard WorkBudget.spend(0) else { break }
            let (view, _) = steps.removeFirst()
            guard let user = view.user else { continue }
            defer { previousUser = user }
            guard let previous = previousUser, previous != user else { continue }
            // A handover: find this user's first safe access.
            let start = result.steps[view.number - 1].bound.step.time
            var safeAt: Int?
            for (candidate, step) in [(view, result.steps[view.number - 1])] + steps where candidate.user == user {
                let access =
                    result.policy.descriptor.allEvents.first { $0.name == candidate.event }?.isAccessAttempt ?? false
                let leak = candidate.findings.contains { $0.id.hasPrefix("previous-user") }
                if access, step.isApplicable, candidate.session != "denied", candidate.sessionUser == user, !leak {
                    safeAt = step.bound.step.time
                    break
                }
            }
            handovers.append((user, safeAt.map { $0 - start }))
        }
        return Totals(
            prompts: views.reduce(0) { $0 + $1.prompts.count }, promptsPerUser: perUser, findings: findings,
            handovers: handovers)
    }
}
