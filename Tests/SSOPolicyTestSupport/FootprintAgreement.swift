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
        _ policy: CompiledPolicy, users: Int = 2, depth: Int = 3, maxStates: Int = 3_000, maxMismatches: Int = 10
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

    struct Walker: StateMachineDriver {
        let start: FactValues
        let moves: ExplorationMoves
        let depth: Int
        let maxStates: Int
        let maxMismatches: Int

        mutating func drive<State: Hashable & Sendable>(_ machine: StateMachine<State>) -> Report {
            let independence = MoveIndependence(moves: moves, signOutMatters: false, footprint: machine.footprint)
            let walk = ReachableStates(machine, moves: moves)
            let names = StartFacts.names
            var report = Report()
            var trace = RuleTrace(.off)
            guard let initial = machine.initialState(start) else {
                report.mismatches.append("the start facts make no state")
                return report
            }
            report.states = walk.walk(from: initial, depth: depth, maxStates: maxStates) {
                node, path in
                for first in moves.moves.indices {
                    for second in moves.moves.indices
                    where second > first && independence.commuting[first].contains(second) {
                        report.pairs += 1
                        let (afterFirst, firstOutcome) = walk.play(first, on: node, trace: &trace)
                        let (both, secondLater) = walk.play(second, on: afterFirst, trace: &trace)
                        let (afterSecond, secondOutcome) = walk.play(second, on: node, trace: &trace)
                        let (other, firstLater) = walk.play(first, on: afterSecond, trace: &trace)
                        var differences: [String] = []
                        let one = walk.step(first, names: names)
                        let two = walk.step(second, names: names)
                        if both != other { differences.append("the states differ") }
                        if firstOutcome != firstLater { differences.append("\(one) answers differently after \(two)") }
                        if secondOutcome != secondLater {
                            differences.append("\(two) answers differently after \(one)")
                        }
                        guard !differences.isEmpty else { continue }
                        report.mismatches.append(
                            "\(one) and \(two) after [\(walk.steps(path, names: names))]: "
                                + differences.joined(separator: "; "))
                        if report.mismatches.count >= maxMismatches { return false }
                    }
                }
                return true
            }
            return report
        }
    }
}
