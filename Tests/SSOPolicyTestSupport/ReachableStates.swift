import SSOPolicy
import SSOPolicyProviderKit

/// The bounded breadth-first walk that the test checks share (trace modes, evaluate ≡ run, footprints, renaming):
/// every state, with its clock, that at most `depth` of the verifier's moves reach from a start, the first
/// `maxStates` distinct ones, each with the moves that reach it. One walk, so that each check says only what it
/// compares; `verify`'s own search is `StateSpaceExplorer`, which these checks must not depend on.
package struct ReachableStates<State: Hashable & Sendable> {
    public struct Node: Hashable {
        public var state: State
        public var clock: Int
    }

    public let moves: ExplorationMoves
    let apply: @Sendable (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome

    package init(_ machine: StateMachine<State>, moves: ExplorationMoves) {
        self.moves = moves
        self.apply = machine.apply
    }

    /// Plays move `move` on `node`: an event at the node's clock, a wait moving the clock, a handover's events in a
    /// row. The outcomes of the events played (none for a wait); `trace` is reset before each event.
    public func play(_ move: Int, on node: Node, trace: inout RuleTrace) -> (node: Node, outcomes: [StepOutcome]) {
        var next = node
        let events: [ProviderEvent]
        switch moves.moves[move].kind {
        case .wait(let seconds):
            next.clock += seconds
            return (next, [])
        case .event(let event): events = [event]
        case .handover(_, _, let handover): events = handover
        }
        var outcomes: [StepOutcome] = []
        for var event in events {
            event.time = node.clock
            trace.reset()
            outcomes.append(apply(&next.state, event, &trace))
        }
        return (next, outcomes)
    }

    /// Visits every node reached in at most `depth` moves, level by level, with the move indices that reach it,
    /// until `visit` returns false. Returns the number of distinct nodes seen.
    @discardableResult
    public func walk(from initial: State, depth: Int, maxStates: Int, _ visit: (Node, [Int]) -> Bool) -> Int {
        let root = Node(state: initial, clock: Clock.start)
        var seen: Set<Node> = [root]
        var frontier: [(node: Node, path: [Int])] = [(root, [])]
        var trace = RuleTrace(.off)
        while !frontier.isEmpty {
            var next: [(node: Node, path: [Int])] = []
            for (node, path) in frontier {
                guard visit(node, path) else { return seen.count }
                guard path.count < depth else { continue }
                for move in moves.moves.indices where seen.count < maxStates {
                    let (child, _) = play(move, on: node, trace: &trace)
                    if seen.insert(child).inserted { next.append((child, path + [move])) }
                }
            }
            frontier = next
        }
        return seen.count
    }

    /// One move as a scenario step reads: `alice open: inventory`, `bob check_in: hub logout: error`, `wait 15m1s`.
    public func step(_ move: Int, names: [String]) -> String {
        let move = moves.moves[move]
        switch move.kind {
        case .wait: return "wait \(move.targetText)"
        case .handover: return "handover \(move.targetText)"
        case .event(let event):
            let who = event.user.map { Int($0.index) < names.count ? names[Int($0.index)] + " " : "" } ?? ""
            return "\(who)\(move.eventName): \(move.targetText)"
                + move.conditions.map { " \($0.key): \($0.value)" }.joined()
        }
    }

    /// The moves of `path`, as steps, in order.
    public func steps(_ path: [Int], names: [String]) -> String {
        path.map { step($0, names: names) }.joined(separator: "; ")
    }
}
