import SSOPolicy
import SSOPolicyProviderKit

/// `evaluate` and `run` must agree: for every state a bounded exploration of scenarios reaches (the verifier's
/// moves: every event by every user over the policy's apps, and its time jumps), the facts that describe the state,
/// given to `evaluate`, produce the same access outcome (prompts, session, whose session) as the scenario's next
/// step. Every provider's tests call it with a `describe` that reads its own state as facts.
///
/// It also flags a step that serves the acting user another user's session without any finding saying so.
public enum EvaluateRunAgreement {
    public struct Report: Sendable {
        /// Distinct states reached (with their clock).
        public var states = 0
        /// States the provider's facts could describe (the others are skipped, not passed).
        public var described = 0
        /// Access attempts compared.
        public var compared = 0
        /// One line per disagreement: the scenario that reaches the state, the facts, both outcomes.
        public var mismatches: [String] = []
    }

    /// `describe(state, app, clock, users)`: the device facts (key → text, users by name) that describe `state` at
    /// time `clock` (seconds since midnight) for an access to app number `app`, or nil when the provider's facts
    /// cannot express it.
    public static func check<Described>(
        _ policy: CompiledPolicy, engine: SSOPolicyEngine, as stateType: Described.Type, users: Int = 2,
        depth: Int = 4, maxStates: Int = 5_000, maxMismatches: Int = 20,
        describe: @escaping (Described, Int, Int, [String]) -> [String: String]?
    ) -> Report {
        let names = Array(StartFacts.names.prefix(users))
        guard let facts = StartFacts.make(policy, users: users) else {
            return Report(mismatches: ["the default facts do not build"])
        }
        var walker = Walker(
            start: facts, policy: policy, engine: engine, names: names,
            moves: ExplorationMoves(policy: policy, users: users, exploreConditions: false, noRestart: false),
            depth: depth, maxStates: maxStates, maxMismatches: maxMismatches
        ) { state, app, clock in (state as? Described).flatMap { describe($0, app, clock, names) } }
        return policy.drive(&walker)
    }

    struct Walker: StateMachineDriver {
        /// The facts the walk starts from.
        let start: FactValues
        let policy: CompiledPolicy
        let engine: SSOPolicyEngine
        let names: [String]
        let moves: ExplorationMoves
        let depth: Int
        let maxStates: Int
        let maxMismatches: Int
        let describe: (Any, Int, Int) -> [String: String]?

        mutating func drive<State: Hashable & Sendable>(_ machine: StateMachine<State>) -> Report {
            let walk = ReachableStates(machine, moves: moves)
            var report = Report()
            let descriptor = policy.descriptor
            let accessEvents = descriptor.allEvents.indices.filter { index in
                guard descriptor.allEvents[index].isAccessAttempt else { return false }
                if case .choice = descriptor.allEvents[index].target { return false }
                return true
            }
            guard let initial = machine.initialState(start) else {
                report.mismatches.append("the start facts make no state")
                return report
            }
            report.states = walk.walk(from: initial, depth: depth, maxStates: maxStates) {
                node, path in
                compare(
                    node.state, clock: node.clock, path: path.map { walk.step($0, names: names) },
                    events: accessEvents, apply: machine.apply, &report)
                return report.mismatches.count < maxMismatches
            }
            return report
        }

        private func compare<State>(
            _ state: State, clock: Int, path: [String], events: [Int],
            apply: (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome, _ report: inout Report
        ) {
            let configuration = policy.configuration
            var describedOnce = false
            for app in configuration.apps.indices {
                guard let facts = describe(state, app, clock) else { continue }
                describedOnce = true
                for eventIndex in events {
                    let declaration = policy.descriptor.allEvents[eventIndex]
                    for (userIndex, name) in names.enumerated() {
                        var copy = state
                        var trace = RuleTrace(.fired)
                        let run = apply(
                            &copy,
                            ProviderEvent(
                                event: EventID(eventIndex), target: .app(AppID(app)), user: UserID(userIndex),
                                time: clock, conditions: StepConditions()), &trace)
                        let request = EvaluateRequest(
                            app: configuration.apps[app].id, user: name,
                            facts: facts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, event: declaration.name)
                        guard let answer = try? engine.evaluate(request, policy: policy), answer.outcomes.count == 1
                        else {
                            report.mismatches.append("evaluate rejected or split \(facts.sorted { $0.key < $1.key })")
                            continue
                        }
                        report.compared += 1
                        let view = answer.outcomes[0].view
                        let runText = text(
                            run.prompts.map(\.name), run.session.name, run.sessionUser.map { names[Int($0.index)] })
                        let evaluateText = text(view.prompts, view.session, view.sessionUser)
                        let scenario = (path + ["\(name) \(declaration.name): \(configuration.apps[app].id)"])
                            .joined(separator: "; ")
                        let given = facts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                            .joined(separator: ", ")
                        if runText != evaluateText {
                            report.mismatches.append(
                                "[\(scenario)] run: \(runText) | evaluate [\(given)]: \(evaluateText)")
                        }
                        if let owner = run.sessionUser, owner != UserID(userIndex), run.findings.isEmpty {
                            report.mismatches.append(
                                "[\(scenario)] \(name) is served \(names[Int(owner.index)])'s session with no finding")
                        }
                    }
                }
            }
            if describedOnce { report.described += 1 }
        }

        private func text(_ prompts: [String], _ session: String, _ user: String?) -> String {
            (prompts.isEmpty ? "no prompt" : prompts.joined(separator: ", ")) + " -> " + session
                + (user.map { " (\($0))" } ?? "")
        }
    }
}
