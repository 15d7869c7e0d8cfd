/// The spec's shape of an `evaluate` answer: outcomes whose `when` gives one value per fact it names
/// (`{"signed_in": "none"}`), with no two outcomes overlapping. That is a decision tree over the unknown facts, and
/// this one has the fewest leaves any such tree can have, so identical answers are split only where a single-valued
/// `when` cannot say "this value or that" (the merged, minimal form is `MinimalCover`'s).
///
/// The tree is found by dynamic programming over partial assignments ("subcubes"): a subcube whose combinations
/// all give one class is a leaf; otherwise its cost is the least, over its free facts, of the sum of its children's
/// costs. Ties go to the earlier fact, so the answer is deterministic. Above `SubcubeTable.maxSubcubes` the choice is greedy
/// (the fact whose children show the fewest distinct classes), which still gives pure, disjoint leaves.
enum DecisionTree {
    /// Subcubes up to which `evaluate` builds the fewest-leaf tree; above, it merges the what-if split's leaves.
    static let exactSubcubes = 1 << 16

    /// A what-if split's leaves (per dimension a value or nil) merged where all values of a fact, the rest equal,
    /// give the same class: disjoint leaves covering the space, in order of their first combination, each with the
    /// split leaf holding that combination.
    static func merged(_ assignments: [[Int?]], classes: [Int], radices: [Int]) -> [(assignment: [Int?], leaf: Int)] {
        let strides = MinimalCover.strides(radices)
        func firstRow(_ assignment: [Int?]) -> Int {
            zip(assignment, strides).reduce(0) { $0 + ($1.0 ?? 0) * $1.1 }
        }
        var items = assignments.indices.map { (assignment: assignments[$0], klass: classes[$0], leaf: $0) }
        var changed = true
        while changed {
            changed = false
            for fact in radices.indices {
                var groups: [[Int?]: [Int]] = [:]
                for (index, item) in items.enumerated() where item.assignment[fact] != nil {
                    var key = item.assignment
                    key[fact] = nil
                    groups[key, default: []].append(index)
                }
                var merged: [Int] = []
                var replacements: [(assignment: [Int?], klass: Int, leaf: Int)] = []
                for (key, members) in groups where members.count == radices[fact] {
                    let klass = items[members[0]].klass
                    guard members.allSatisfy({ items[$0].klass == klass }) else { continue }
                    let first = members.min { firstRow(items[$0].assignment) < firstRow(items[$1].assignment) }!
                    merged += members
                    replacements.append((key, klass, items[first].leaf))
                }
                if !merged.isEmpty {
                    let gone = Set(merged)
                    items = items.indices.filter { !gone.contains($0) }.map { items[$0] } + replacements
                    changed = true
                }
            }
        }
        return items.sorted { firstRow($0.assignment) < firstRow($1.assignment) }.map { ($0.assignment, $0.leaf) }
    }

    struct Leaf: Equatable {
        /// Per fact, its value index, or nil when the leaf does not depend on it.
        var assignment: [Int?]
        /// The class every combination of the leaf gives.
        var klass: Int
        /// The first row (in enumeration order) of the leaf.
        var firstRow: Int
        /// The leaf as a cube: per fact, its value's bit, or every bit when free.
        var masks: [UInt32]
    }

    /// `classes[row]` for every row of the product of `radices` (first fact most significant); leaves in
    /// depth-first order, values in declaration order.
    static func leaves(classes: [Int], radices: [Int]) -> [Leaf] {
        precondition(classes.count == radices.reduce(1, *), "one class per combination")
        var tree = Search(classes: classes, radices: radices)
        var result: [Leaf] = []
        tree.collect(0, into: &result)
        return result
    }

    /// The fewest-leaf search over `SubcubeTable`'s codes.
    private struct Search {
        var table: SubcubeTable
        var radices: [Int] { table.radices }
        /// Per subcube code: its fewest leaves once known.
        var cost: [Int32]
        /// Per subcube code: the fact to split on (`-1` for a leaf).
        var split: [Int8]

        init(classes: [Int], radices: [Int]) {
            table = SubcubeTable(classes: classes, radices: radices)
            cost = Array(repeating: SubcubeTable.unknown, count: table.count)
            split = Array(repeating: -1, count: table.count)
        }

        /// The fewest leaves of a tree for the subcube (tabulated tables only).
        mutating func leastLeaves(_ code: Int) -> Int32 {
            if cost[code] != SubcubeTable.unknown { return cost[code] }
            var best: (cost: Int32, fact: Int8) = (1, -1)
            if table.classOf(code) == SubcubeTable.mixed {
                best = (Int32.max, -1)
                for fact in radices.indices where table.digit(code, fact) == 0 {
                    var sum: Int32 = 0
                    for value in 0..<radices[fact] {
                        sum += leastLeaves(table.child(code, fact, value))
                        if sum >= best.cost { break }
                    }
                    if sum < best.cost { best = (sum, Int8(fact)) }
                }
            }
            cost[code] = best.cost
            split[code] = best.fact
            return best.cost
        }

        /// The greedy split: the free fact with the fewest mixed children.
        mutating func greedyFact(_ code: Int) -> Int {
            var best: (score: Int, fact: Int)?
            for fact in radices.indices where table.digit(code, fact) == 0 {
                var score = 0
                for value in 0..<radices[fact] where table.classOf(table.child(code, fact, value)) == SubcubeTable.mixed
                {
                    score += 1
                }
                if best == nil || score < best!.score { best = (score, fact) }
            }
            return best!.fact
        }

        mutating func collect(_ code: Int, into leaves: inout [Leaf]) {
            let shared = table.classOf(code)
            if shared != SubcubeTable.mixed {
                leaves.append(
                    Leaf(
                        assignment: table.assignment(code), klass: Int(shared), firstRow: table.firstRow(code),
                        masks: table.masks(code)))
                return
            }
            let fact: Int
            if table.tabulated {
                _ = leastLeaves(code)
                fact = Int(split[code])
            } else {
                fact = greedyFact(code)
            }
            for value in 0..<radices[fact] { collect(table.child(code, fact, value), into: &leaves) }
        }
    }
}
