import SSOPolicy
import SSOPolicyProviderKit

/// The trace must not change the answer: with the trace off nothing is recorded and the rules that only explain
/// (`RuleTrace.record`) are not even evaluated, with it on every rule checked is recorded condition by condition so
/// the trace can name the one that decided. Over a bounded exploration of the verifier's
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

    public static func check(_ policy: CompiledPolicy, users: Int = 2, depth: Int = 3, maxStates: Int = 4_000)
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
            let walk = ReachableStates(machine, moves: moves)
            var report = Report()
            var fired = RuleTrace(.fired)
            var off = RuleTrace(.off)
            guard let initial = machine.initialState(start) else {
                report.mismatches.append("the start facts make no state")
                return report
            }
            report.states = walk.walk(from: initial, depth: depth, maxStates: maxStates) {
                node, path in
                for move in moves.moves.indices {
                    let (fast, fastOutcomes) = walk.play(move, on: node, trace: &off)
                    let (traced, tracedOutcomes) = walk.play(move, on: node, trace: &fired)
                    report.compared += 1
                    let differs = fastOutcomes != tracedOutcomes
                    guard differs || fast != traced else { continue }
                    report.mismatches.append(
                        walk.steps(path + [move], names: StartFacts.names)
                            + (differs ? ": the outcome differs" : ": the state differs"))
                    if report.mismatches.count >= 20 { return false }
                }
                return true
            }
            return report
        }
    }
}
