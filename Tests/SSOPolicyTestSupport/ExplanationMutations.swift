import SSOPolicy

/// An explanation must say what decided: for a scenario run, every condition of every rule that fired is flipped
/// in turn (`RuleTrace.Mutation`) and the run replayed; the `--explain` text must change each time. A provider
/// whose rules are evaluated outside the kit's interpreter (or a wrapper that drops the mutation) leaves the text
/// unchanged, and the flip is reported.
public enum ExplanationMutations {
    public struct Report: Sendable {
        /// Conditions flipped (fired rules × their conditions).
        public var checked = 0
        /// `rule #N (words)` for each flip that left the explanation unchanged.
        public var unchanged: [String] = []
    }

    public static func check(_ scenario: Scenario, against policy: CompiledPolicy, engine: SSOPolicyEngine) throws
        -> Report
    {
        let original = try engine.run(scenario, against: policy, traceMode: .explain)
        let baseline = RunText.render(original, explain: true)
        var fired: [RuleID] = []
        for step in original.steps {
            for entry in step.trace where entry.fired && !fired.contains(entry.rule) { fired.append(entry.rule) }
        }
        var report = Report()
        for rule in fired {
            let declaration = policy.descriptor.rules[Int(rule.index)]
            for (index, condition) in declaration.conditions.enumerated() {
                let mutated = try engine.run(
                    scenario, against: policy, traceMode: .explain,
                    mutation: RuleTrace.Mutation(rule: rule, condition: index))
                report.checked += 1
                if RunText.render(mutated, explain: true) == baseline {
                    report.unchanged.append("\(declaration.id) #\(index + 1) (\(condition.holds))")
                }
            }
        }
        return report
    }
}
