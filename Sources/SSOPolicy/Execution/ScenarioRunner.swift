import SSOPolicyProviderKit

/// The result of playing one scenario against one policy.
public struct RunResult: Sendable {
    public struct Step: Sendable {
        public var bound: BoundScenario.Step
        public var outcome: StepOutcome
        public var trace: [RuleTrace.Entry]
        public var isApplicable: Bool { bound.event != nil }
    }

    public var scenario: Scenario
    public var policy: CompiledPolicy
    public var users: UserDirectory
    public var steps: [Step]
    /// How much of an explain trace the views keep.
    public var explain: StepView.ExplainDetail = .decisions
    /// What each prompt costs the worker, for the totals' sign-in effort (a fleet's `effort:`, `--effort`).
    public var effort: EffortTable = .standard
}

extension StepOutcome {
    /// A handover's outcome from its events' outcomes: every prompt and finding, every app a finding is about, and
    /// the session, its user, subject and details of the last event.
    static func merging(_ earlier: StepOutcome, _ later: StepOutcome) -> StepOutcome {
        guard earlier.session != .notApplicable else { return later }
        var merged = later
        merged.prompts = PromptList(earlier.prompts)
        for prompt in later.prompts where !merged.prompts.contains(prompt) { merged.prompts.append(prompt) }
        merged.findings.formUnion(earlier.findings)
        // A check-in's findings name the apps they are about, though the check-out after it names none.
        merged.subjectApps |= earlier.subjectApps
        if merged.subject == nil { merged.subject = earlier.subject }
        return merged
    }
}

/// Plays a bound scenario step by step against the policy's provider, keeping the provider's state between steps.
package struct ScenarioRunner: Sendable {
    package var traceMode: RuleTrace.Mode
    package var explain: StepView.ExplainDetail
    /// A condition flipped on purpose (tests that check each condition decides what the explanation says).
    package var mutation: RuleTrace.Mutation?

    package init(
        traceMode: RuleTrace.Mode = .fired, explain: StepView.ExplainDetail = .decisions,
        mutation: RuleTrace.Mutation? = nil
    ) {
        self.traceMode = traceMode
        self.explain = explain
        self.mutation = mutation
    }

    package func run(_ bound: BoundScenario) -> RunResult {
        var steps: [RunResult.Step] = []
        steps.reserveCapacity(bound.steps.count)
        play(bound, policy: bound.policy) { index, outcome, trace in
            steps.append(.init(bound: bound.steps[index], outcome: outcome, trace: trace?.entries ?? []))
            return true
        }
        return RunResult(
            scenario: bound.scenario, policy: bound.policy, users: bound.users, steps: steps, explain: explain)
    }

    /// The findings among `findings` (bits of the provider's finding indices) that the steps of `bound` raise, one
    /// per finding and step: what `run` would give, counted without keeping its steps (`advise` plays hundreds of
    /// thousands of candidates and needs only this count). Once the count exceeds `limit` the play stops there and
    /// the count so far (more than `limit`) is returned: a caller that only asks whether the count exceeds `limit`
    /// gets the same answer, and a finding is never taken back by a later step.
    /// `policy` plays the steps in place of `bound.policy` (a policy recompiled from it, whose binding is the same:
    /// `advise` binds once and plays each recompiled policy on that binding).
    package func countFindings(
        _ bound: BoundScenario, playedBy policy: CompiledPolicy? = nil, among findings: UInt64, limit: Int = .max
    ) -> Int {
        var count = 0
        play(bound, policy: policy ?? bound.policy) { _, outcome, _ in
            count += (outcome.findings.bits & findings).nonzeroBitCount
            return count <= limit
        }
        return count
    }

    /// Plays `bound` step by step, handing each step's index, outcome and trace (nil when it does not apply) to
    /// `each`, which answers whether to go on: the one loop that `run` and `countFindings` share. A step is read in
    /// place, not copied (`advise` plays each scenario hundreds of thousands of times).
    private func play(
        _ bound: BoundScenario, policy: CompiledPolicy, _ each: (Int, StepOutcome, RuleTrace?) -> Bool
    ) {
        var trace = RuleTrace(traceMode, mutation: mutation)
        // The bound budget, looked up once for the run rather than at each step.
        let budget = WorkBudget.current
        policy.withRuns { start, play in
            start(bound.facts)
            for index in bound.steps.indices {
                guard budget?.spend(1) ?? true else { break }
                guard let event = bound.steps[index].event else {
                    guard each(index, .notApplicable, nil) else { break }
                    continue
                }
                trace.reset()
                var outcome = StepOutcome.notApplicable
                for leading in bound.steps[index].leading {
                    outcome = StepOutcome.merging(outcome, play(leading, &trace))
                }
                outcome = StepOutcome.merging(outcome, play(event, &trace))
                guard each(index, outcome, trace) else { break }
            }
        }
    }
}
