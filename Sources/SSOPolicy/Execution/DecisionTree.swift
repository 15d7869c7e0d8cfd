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
        let width = radices.count
        let strides = MinimalCover.strides(radices)
        // Item `i` is split leaf `i` until merged away (`alive`); its value of fact `f` is at `i * width + f` (-1 when
        // free). An item that stands for a merged group holds its first combination, at row `firstRow[i]`.
        var values: [Int32] = []
        values.reserveCapacity(assignments.count * width)
        for assignment in assignments { values += assignment.map { Int32($0 ?? -1) } }
        let firstRow = assignments.map { zip($0, strides).reduce(0) { $0 + ($1.0 ?? 0) * $1.1 } }
        var alive = [Bool](repeating: true, count: assignments.count)
        func hash(_ item: Int, without fact: Int) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for index in 0..<width where index != fact {
                hash = (hash ^ UInt64(UInt32(bitPattern: values[item * width + index]))) &* 0x100_0000_01b3
            }
            return hash
        }
        func equal(_ a: Int, _ b: Int, without fact: Int) -> Bool {
            for index in 0..<width where index != fact && values[a * width + index] != values[b * width + index] {
                return false
            }
            return true
        }
        var changed = true
        while changed {
            changed = false
            for fact in radices.indices {
                let count = classes.count
                // Items equal but for `fact` (which they name), found through an open-addressing table of a hash of
                // the other facts: per group its first item, how many it holds and whether they share a class.
                var capacity = 16
                while capacity < 2 * count { capacity <<= 1 }
                var slots = [Int32](repeating: -1, count: capacity)
                var groupOf = [Int32](repeating: -1, count: count)
                var groupFirst: [Int] = []
                var groupSize: [Int] = []
                var groupUniform: [Bool] = []
                for item in 0..<count where alive[item] && values[item * width + fact] >= 0 {
                    var slot = Int(truncatingIfNeeded: hash(item, without: fact)) & (capacity - 1)
                    var group = -1
                    while slots[slot] >= 0 {
                        let candidate = Int(slots[slot])
                        if equal(groupFirst[candidate], item, without: fact) {
                            group = candidate
                            break
                        }
                        slot = (slot + 1) & (capacity - 1)
                    }
                    if group < 0 {
                        group = groupFirst.count
                        slots[slot] = Int32(group)
                        groupFirst.append(item)
                        groupSize.append(0)
                        groupUniform.append(true)
                    }
                    groupOf[item] = Int32(group)
                    groupSize[group] += 1
                    if classes[item] != classes[groupFirst[group]] { groupUniform[group] = false }
                }
                // A group holding every value of the fact in one class becomes one item, free in the fact, that
                // starts where its first member does.
                let merges = groupFirst.indices.map { groupSize[$0] == radices[fact] && groupUniform[$0] }
                guard merges.contains(true) else { continue }
                // Merged in place: the member holding the group's first combination stands for it, free in the
                // fact; the other members are gone.
                var start = [Int](repeating: -1, count: groupFirst.count)
                for item in 0..<count where alive[item] {
                    let group = Int(groupOf[item])
                    guard group >= 0, merges[group] else { continue }
                    if start[group] < 0 || firstRow[item] < firstRow[start[group]] { start[group] = item }
                }
                for item in 0..<count where alive[item] {
                    let group = Int(groupOf[item])
                    guard group >= 0, merges[group] else { continue }
                    if item == start[group] {
                        values[item * width + fact] = -1
                    } else {
                        alive[item] = false
                    }
                }
                changed = true
            }
        }
        return classes.indices.filter { alive[$0] }.sorted { firstRow[$0] < firstRow[$1] }.map { item in
            ((0..<width).map { values[item * width + $0] < 0 ? nil : Int(values[item * width + $0]) }, item)
        }
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

        /// The fewest leaves of a tree for the subcube (tabulated tables only). A mixed subcube always has a free
        /// fact (a single combination has one class), and the sums saturate, so no cost overflows.
        mutating func leastLeaves(_ code: Int) -> Int32 {
            if cost[code] != SubcubeTable.unknown { return cost[code] }
            var best: (cost: Int32, fact: Int8) = (1, -1)
            if table.classOf(code) == SubcubeTable.mixed {
                best = (Int32.max, -1)
                for fact in radices.indices where table.digit(code, fact) == 0 {
                    var sum: Int32 = 0
                    for value in 0..<radices[fact] {
                        let (total, overflow) = sum.addingReportingOverflow(leastLeaves(table.child(code, fact, value)))
                        sum = overflow ? Int32.max : total
                        if sum >= best.cost { break }
                    }
                    if sum < best.cost || best.fact < 0 { best = (sum, Int8(fact)) }
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
            var fact = -1
            if table.tabulated {
                _ = leastLeaves(code)
                fact = Int(split[code])
            }
            if fact < 0 { fact = greedyFact(code) }
            for value in 0..<radices[fact] { collect(table.child(code, fact, value), into: &leaves) }
        }
    }
}
