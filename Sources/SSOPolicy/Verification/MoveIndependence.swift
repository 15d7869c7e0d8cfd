import SSOPolicyProviderKit

/// A set of move indices below `MoveSet.capacity`: a sleep set of the partial-order reduction.
package struct MoveSet: Sendable, Hashable {
    package static let capacity = 128
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    package static let empty = MoveSet()

    package func contains(_ move: Int) -> Bool {
        move < 64 ? low >> UInt64(move) & 1 != 0 : high >> UInt64(move - 64) & 1 != 0
    }

    mutating func insert(_ move: Int) {
        if move < 64 { low |= 1 << UInt64(move) } else { high |= 1 << UInt64(move - 64) }
    }

    func intersection(_ other: MoveSet) -> MoveSet {
        var result = self
        result.low &= other.low
        result.high &= other.high
        return result
    }

    func union(_ other: MoveSet) -> MoveSet {
        var result = self
        result.low |= other.low
        result.high |= other.high
        return result
    }

    package var isEmpty: Bool { low == 0 && high == 0 }
}

/// Which moves commute, for `verify`'s partial-order reduction (sleep sets, Godefroid 1996): after playing `a`,
/// a move `b` that was already played from the same state before `a` and commutes with it is not played again,
/// since `b` then `a` reaches the same state at the same depth and `b`'s outcome there was already checked.
///
/// Why no state is lost although the search keeps one node per state: a node's sleep set is computed along its
/// first arrival, and the breadth-first search meets paths in lexicographic order (frontier order, then move
/// index), so the first arrival is the least shortest path to the state. A move asleep at a node could be played
/// earlier on that path (where it was played before a greater move, and it commutes with every move since), which
/// gives a lesser path of the same length to the same state: so the least path to any state never ends in a
/// sleeping move, and by induction on depth every state is reached at its depth, as its least path. Renaming users
/// does not change this: a node keeps the state its path reached, and its sleep set names that path's moves. A
/// step's verdict depends on its outcome and on who signed out; moving a step earlier keeps its outcome and can
/// only add signed-out users when no sign-out commutes, so the shortest violation is never the one skipped.
///
/// Two moves commute when both are provider events of the same user (or both of nobody), with no delay, and the
/// provider declares footprints for both that do not conflict (`EventFootprint`). The rest of the explored state
/// also has to agree, which is why the same user is required: the path monitor records who acted last, which
/// users have acted (and so which users may act), and, when a property or assumption reads them, who signed out,
/// so a sign-out commutes with nothing then. Everything else (time moves, handovers, events without a footprint)
/// commutes with nothing.
package struct MoveIndependence: Sendable {
    /// `commuting[i]`: the moves that commute with move `i`.
    package let commuting: [MoveSet]
    /// Some pair of moves commutes: the reduction can prune.
    package let reduces: Bool

    /// - Parameter signOutMatters: a property or assumption reads who signed out (the path monitor's sign-outs).
    package init(moves: ExplorationMoves, signOutMatters: Bool, footprint: (ProviderEvent) -> EventFootprint?) {
        let count = moves.moves.count
        guard count <= MoveSet.capacity else {
            commuting = Array(repeating: .empty, count: count)
            reduces = false
            return
        }
        let footprints: [EventFootprint?] = moves.moves.map { move in
            guard move.delay == 0, let event = move.event else { return nil }
            if signOutMatters, event.event == .signOut { return nil }
            return footprint(event)
        }
        var commuting = Array(repeating: MoveSet.empty, count: count)
        for first in 0..<count {
            guard let one = footprints[first] else { continue }
            let user = moves.moves[first].event?.user
            for second in 0..<count where second != first {
                guard let other = footprints[second], moves.moves[second].event?.user == user,
                    one.commutes(with: other)
                else { continue }
                commuting[first].insert(second)
            }
        }
        self.commuting = commuting
        self.reduces = commuting.contains { !$0.isEmpty }
    }

    /// Nothing commutes (the reduction off).
    init(count: Int) {
        commuting = Array(repeating: .empty, count: count)
        reduces = false
    }
}
