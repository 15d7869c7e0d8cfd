import SSOPolicy
import SSOPolicyProviderKit

/// The one player of rule examples (`RuleExample`): each example's policy (its settings, one app named `app` with its
/// app keys), its facts, event and step conditions, played as one attempt by `alice` at 08:00. `ProviderConformance`
/// calls it for every provider.
public enum RuleExamples {
    /// What one example did: the outcome and trace of its attempt, or why it could not be played.
    public static func play(
        _ provider: AnyPolicyProvider, _ example: RuleExample, mode: RuleTrace.Mode = .fired,
        mutation: RuleTrace.Mutation? = nil
    ) -> Result<(outcome: StepOutcome, trace: RuleTrace), ExampleError> {
        let descriptor = provider.descriptor
        do {
            let configuration = try ConfigurationBuilder.make(
                descriptor, settings: example.settings, apps: [(id: "app", keys: example.appKeys)])
            var diagnostics = Diagnostics()
            guard let policy = provider.compile(configuration, diagnostics: &diagnostics) else {
                return .failure(ExampleError("example policy rejected: \(diagnostics.all)"))
            }
            var users = UserDirectory(["alice"])
            let facts = try FactBuilder.make(descriptor, appCount: 1, device: example.facts, users: &users)
            guard let eventID = descriptor.event(example.event) else {
                return .failure(ExampleError("unknown event \(example.event)"))
            }
            var conditions = StepConditions()
            for (key, text) in example.conditions.sorted(by: { $0.key < $1.key }) {
                guard let id = descriptor.stepCondition(key),
                    let value = descriptor.stepConditions[Int(id.index)].kind.parse(text)
                else { return .failure(ExampleError("bad condition \(key)=\(text)")) }
                conditions.set(id, value)
            }
            let target: ProviderEvent.Target
            if case .choice(let words) = descriptor.allEvents[Int(eventID.index)].target {
                target = .word(example.target ?? words[0])
            } else if example.target == "all" {
                target = .allApps
            } else {
                target = .app(AppID(0))
            }
            var trace = RuleTrace(mode, mutation: mutation)
            let outcome = try policy.attempt(
                ProviderEvent(event: eventID, target: target, user: UserID(0), time: 8 * 3600, conditions: conditions),
                facts: facts, trace: &trace)
            return .success((outcome, trace))
        } catch {
            return .failure(ExampleError("\(error)"))
        }
    }

    /// Every example of every rule plays as declared: the rule fires, or does not; and a rule that fires does what
    /// its effect says (its prompts in order among the step's, its session, its findings).
    public static func failures(_ provider: AnyPolicyProvider) -> [String] {
        let descriptor = provider.descriptor
        var failures: [String] = []
        for (index, rule) in descriptor.rules.enumerated() {
            for (number, example) in rule.examples.enumerated() {
                let name = "\(rule.id) #\(number + 1)"
                switch play(provider, example) {
                case .failure(let error):
                    failures.append("\(name): \(error.message)")
                case .success(let (outcome, trace)):
                    let fired = trace.entries.contains { Int($0.rule.index) == index && $0.fired }
                    if fired != example.fires {
                        failures.append("\(name): expected \(example.fires ? "to fire" : "not to fire") for \(example)")
                    } else if fired {
                        failures += effectFailures(rule.effect, outcome, descriptor).map { "\(name): \($0)" }
                    }
                }
            }
        }
        return failures
    }

    /// What a fired rule's effect promises and the step's outcome lacks.
    static func effectFailures(_ effect: RuleEffect, _ outcome: StepOutcome, _ descriptor: ProviderDescriptor)
        -> [String]
    {
        var failures: [String] = []
        let promised = Array(effect.prompts)
        if Array(outcome.prompts).filter(promised.contains) != promised {
            failures.append("its prompts \(effect.prompts) are not among the step's \(outcome.prompts) in order")
        }
        if let session = effect.session, session != outcome.session {
            failures.append("its session \(session) is not the step's \(outcome.session)")
        }
        for finding in effect.findings where !outcome.findings.contains(finding) {
            failures.append("its finding \(descriptor.findings[Int(finding.index)].id) is not raised")
        }
        return failures
    }

    /// Each condition of a rule decides: flipping it (`RuleTrace.Mutation`, a test-only mutation) in each of the
    /// rule's firing examples stops the rule from firing, and the explanation names that condition as the one that
    /// failed.
    public static func conditionFailures(_ provider: AnyPolicyProvider) -> [String] {
        var failures: [String] = []
        for (index, rule) in provider.descriptor.rules.enumerated() {
            for (number, example) in rule.examples.enumerated() where example.fires {
                // An example that does not play, or does not fire unmutated, is `failures(_:)`'s to report.
                guard case .success(let plain) = play(provider, example),
                    plain.trace.entries.contains(where: { Int($0.rule.index) == index && $0.fired })
                else { continue }
                for condition in rule.conditions.indices {
                    let mutation = RuleTrace.Mutation(rule: RuleID(index), condition: condition)
                    guard case .success(let played) = play(provider, example, mode: .explain, mutation: mutation)
                    else { continue }
                    let entries = played.trace.entries.filter { Int($0.rule.index) == index }
                    let named = entries.first.map { !$0.fired && Int($0.failedCondition) == condition } ?? false
                    if !named || entries.contains(where: \.fired) {
                        failures.append("\(rule.id) #\(number + 1): flipping condition \(condition) did not decide")
                    }
                }
            }
        }
        return failures
    }

    public struct ExampleError: Error, Sendable {
        public var message: String
        init(_ message: String) { self.message = message }
    }
}
