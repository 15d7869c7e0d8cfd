import SSOPolicy
import SSOPolicyProviderKit

/// A provider's footprints must be true (`EventFootprint`): on every state a bounded exploration of a policy
/// reaches, every pair of moves that `verify` would take as commuting (`MoveIndependence`, counting sign-outs in)
/// leads to the same state in either order, and each move has the same outcome before and after the other. That is
/// what lets the partial-order reduction play one order only.
public enum FootprintAgreement {
    public struct Report: Sendable {
        /// Distinct states reached (with their clock).
        public var states = 0
        /// Pairs of commuting moves played both ways.
        public var pairs = 0
        /// One line per pair that does not commute: the moves, the path to the state, what differed.
        public var mismatches: [String] = []
    }

    public static func check(
        _ policy: CompiledPolicy, users: Int = 2, depth: Int = 4, maxStates: Int = 3_000, maxMismatches: Int = 10
    ) -> Report {
        guard let facts = StartFacts.make(policy, users: users) else {
            return Report(mismatches: ["the default facts do not build"])
        }
        var walker = Walker(
            start: facts,
            moves: ExplorationMoves(policy: policy, users: users, exploreConditions: true, noRestart: false),
            depth: depth, maxStates: maxStates, maxMismatches: maxMismatches)
        return policy.drive(&walker)
    }

    struct Node<State: Hashable>: Hashable {
        var state: State
        var clock: Int
    }

    struct Walker: StateMachineDriver {
        let start: FactValues
        let moves: ExplorationMoves
        let depth: Int
        let maxStates: Int
        let maxMismatches: Int

        func name(_ move: Int) -> String {
            let move = moves.moves[move]
            let user = move.event?.user.map { "user \($0.index) " } ?? ""
            return "\(user)\(move.eventName) \(move.targetText)"
                + move.conditions.map { " \($0.key): \($0.value)" }.joined()
        }

        mutating func drive<State: Hashable & Sendable>(_ machine: StateMachine<State>) -> Report {
            let independence = MoveIndependence(moves: moves, signOutMatters: false, footprint: machine.footprint)
            let apply = machine.apply
            var report = Report()
            let root = Node(state: machine.initialState(start), clock: Clock.start)
            var seen: Set<Node<State>> = [root]
            var frontier: [(node: Node<State>, path: [Int])] = [(root, [])]
            var trace = RuleTrace(.off)
            func play(_ move: Int, on node: Node<State>) -> (Node<State>, StepOutcome?) {
                var next = node
                switch moves.moves[move].kind {
                case .wait(let seconds):
                    next.clock += seconds
                    return (next, nil)
                case .event(var event):
                    event.time = node.clock
                    let outcome = apply(&next.state, event, &trace)
                    return (next, outcome)
                case .handover:
                    return (next, nil)
                }
            }
            for _ in 0..<depth {
                var next: [(node: Node<State>, path: [Int])] = []
                for (node, path) in frontier {
                    for first in moves.moves.indices {
                        for second in moves.moves.indices
                        where second > first && independence.commuting[first].contains(second) {
                            report.pairs += 1
                            let (afterFirst, firstOutcome) = play(first, on: node)
                            let (both, secondLater) = play(second, on: afterFirst)
                            let (afterSecond, secondOutcome) = play(second, on: node)
                            let (other, firstLater) = play(first, on: afterSecond)
                            var differences: [String] = []
                            if both != other { differences.append("the states differ") }
                            if firstOutcome != firstLater {
                                differences.append("\(name(first)) answers differently after \(name(second))")
                            }
                            if secondOutcome != secondLater {
                                differences.append("\(name(second)) answers differently after \(name(first))")
                            }
                            guard !differences.isEmpty else { continue }
                            report.mismatches.append(
                                "\(name(first)) and \(name(second)) after [\(path.map(name).joined(separator: ", "))]: "
                                    + differences.joined(separator: "; "))
                            if report.mismatches.count >= maxMismatches {
                                report.states = seen.count
                                return report
                            }
                        }
                    }
                    for move in moves.moves.indices where seen.count < maxStates {
                        let (successor, _) = play(move, on: node)
                        if seen.insert(successor).inserted { next.append((successor, path + [move])) }
                    }
                }
                frontier = next
            }
            report.states = seen.count
            return report
        }
    }
}
