import SSOPolicy
import SSOPolicyProviderKit

/// The trace must not change the answer: with the trace off a provider's rules take the fast path (predicates
/// worked out once per app when the policy is compiled, rules tested as bit masks), with it on they are interpreted
/// condition by condition so the trace can name the one that decided. Over a bounded exploration of the verifier's
/// moves, every move is played both ways from the same state; the outcomes (apart from the trace) and the states
/// they leave must be equal.
public enum TraceModeAgreement {
    public struct Report: Sendable {
        /// Distinct states reached.
        public var states = 0
        /// Moves played both ways.
        public var compared = 0
        /// One line per disagreement: the moves that reach it and what differed.
        public var mismatches: [String] = []
    }

    public static func check(_ policy: CompiledPolicy, users: Int = 2, depth: Int = 4, maxStates: Int = 4_000)
        -> Report
    {
        guard let facts = StartFacts.make(policy, users: users) else {
            return Report(mismatches: ["the default facts do not build"])
        }
        var walker = Walker(
            start: facts,
            moves: ExplorationMoves(policy: policy, users: users, exploreConditions: true, noRestart: false),
            depth: depth, maxStates: maxStates)
        return policy.drive(&walker)
    }

    struct Walker: StateMachineDriver {
        /// The facts the walk starts from.
        let start: FactValues
        let moves: ExplorationMoves
        let depth: Int
        let maxStates: Int

        mutating func drive<State: Hashable & Sendable>(_ machine: StateMachine<State>) -> Report {
            let initial = machine.initialState(start)
            let apply = machine.apply
            var report = Report()
            var seen: Set<State> = [initial]
            var frontier: [(state: State, path: [String])] = [(initial, [])]
            var fired = RuleTrace(.fired)
            var off = RuleTrace(.off)
            for _ in 0..<depth where !frontier.isEmpty {
                var next: [(state: State, path: [String])] = []
                for (state, path) in frontier {
                    for move in moves.moves {
                        let events: [ProviderEvent]
                        switch move.kind {
                        case .event(let event): events = [event]
                        case .handover(_, _, let handover): events = handover
                        case .wait: continue
                        }
                        var fast = state
                        var traced = state
                        var differs = false
                        for event in events {
                            off.reset()
                            fired.reset()
                            let fastOutcome = apply(&fast, event, &off)
                            let tracedOutcome = apply(&traced, event, &fired)
                            differs = differs || fastOutcome != tracedOutcome
                        }
                        report.compared += 1
                        let step = "\(move.eventName) \(move.targetText)"
                        if differs || fast != traced {
                            report.mismatches.append(
                                (path + [step]).joined(separator: " → ")
                                    + (differs ? ": the outcome differs" : ": the state differs"))
                            if report.mismatches.count >= 20 { return report }
                        }
                        guard seen.count < maxStates, seen.insert(fast).inserted else { continue }
                        next.append((fast, path + [step]))
                    }
                }
                frontier = next
            }
            report.states = seen.count
            return report
        }
    }
}
