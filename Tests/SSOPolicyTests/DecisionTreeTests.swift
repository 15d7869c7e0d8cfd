import SSOPolicyTestSupport
import Testing

@testable import SSOPolicy

/// The spec's outcomes: the leaves of a fewest-leaf decision tree, single-valued, disjoint and complete.
struct DecisionTreeTests {
    /// Checks the leaves partition the space and each leaf is pure.
    static func checkPartition(_ leaves: [DecisionTree.Leaf], _ classes: [Int], _ radices: [Int]) -> [String] {
        var problems: [String] = []
        for row in classes.indices {
            var rest = row
            var values = [Int](repeating: 0, count: radices.count)
            for fact in radices.indices.reversed() {
                values[fact] = rest % radices[fact]
                rest /= radices[fact]
            }
            let matching = leaves.filter { leaf in
                zip(leaf.assignment, values).allSatisfy { $0 == nil || $0 == $1 }
            }
            if matching.count != 1 { problems.append("row \(row) is in \(matching.count) leaves") }
            if let leaf = matching.first, leaf.klass != classes[row] {
                problems.append("row \(row): class \(classes[row]), leaf says \(leaf.klass)")
            }
        }
        return problems
    }

    @Test func aFactThatNeverMattersIsNotNamed() {
        let leaves = DecisionTree.leaves(classes: [0, 0, 1, 1, 0, 0], radices: [3, 2])
        #expect(leaves.map(\.assignment) == [[0, nil], [1, nil], [2, nil]])
        #expect(leaves.map(\.klass) == [0, 1, 0])
        #expect(leaves.map(\.firstRow) == [0, 2, 4])
    }

    @Test func oneClassIsOneLeafWithNoCondition() {
        let leaves = DecisionTree.leaves(classes: [3, 3, 3, 3], radices: [2, 2])
        #expect(leaves.map(\.assignment) == [[nil, nil]])
    }

    @Test func theTreeHasTheFewestLeavesNotTheGreedyCount() {
        // Fact 2 alone splits classes into pure halves when fact 0 = 0; testing fact 0 first (as a greedy split
        // on the first fact would) costs more. The exact tree: fact 1 decides everywhere but one corner.
        let radices = [2, 2, 2]
        let classes = (0..<8).map { row in
            let (a, b, c) = (row >> 2 & 1, row >> 1 & 1, row & 1)
            return b == 1 ? 2 : (a == 0 ? c : 1 - c)
        }
        let leaves = DecisionTree.leaves(classes: classes, radices: radices)
        #expect(Self.checkPartition(leaves, classes, radices).isEmpty)
        // b=1 is one leaf; b=0 needs a and c: 4 leaves. No tree does it in fewer than 5.
        #expect(leaves.count == 5)
    }

    @Test func leavesPartitionAnArbitrarySpace() {
        let radices = [3, 2, 4, 2]
        let classes = (0..<48).map { ($0 * 5 + $0 / 7) % 3 }
        let leaves = DecisionTree.leaves(classes: classes, radices: radices)
        #expect(Self.checkPartition(leaves, classes, radices).isEmpty)
        #expect(leaves == DecisionTree.leaves(classes: classes, radices: radices))
    }

    @Test func subcubeClassesAgreeWithTheirRows() {
        let radices = [3, 2, 3]
        let classes = (0..<18).map { $0 % 4 == 0 ? 1 : 0 }
        var table = SubcubeTable(classes: classes, radices: radices)
        #expect(table.tabulated && table.count == 4 * 3 * 4)
        for code in 0..<table.count {
            let assignment = table.assignment(code)
            let rows = classes.indices.filter { row in
                let values = [row / 6, row / 3 % 2, row % 3]
                return zip(assignment, values).allSatisfy { $0 == nil || $0 == $1 }
            }
            let shared = Set(rows.map { classes[$0] })
            #expect(table.classOf(code) == (shared.count == 1 ? Int32(shared.first!) : SubcubeTable.mixed))
        }
    }

    @Test func singleValueCoversArePureAndCoverTheirClass() {
        // Two facts of 17 values are too many for value sets: conditions name one value or none.
        let radices = [17, 17, 2]
        let classes = (0..<(17 * 17 * 2)).map { row in row % 2 == 0 ? 0 : (row / 34 < 3 ? 1 : 2) }
        let covers = MinimalCover.covers(classes: classes, radices: radices)
        #expect(covers.map(\.klass) == [0, 1, 2])
        #expect(covers[0].cubes.map(\.masks) == [[(1 << 17) - 1, (1 << 17) - 1, 0b01]])
        for (klass, cubes) in covers {
            for row in classes.indices {
                let values = [row / 34, row / 2 % 17, row % 2]
                #expect(cubes.contains { $0.contains(values) } == (classes[row] == klass), "row \(row)")
            }
        }
        #expect(covers[1].cubes.count == 3)
    }

    /// What `merged` does, as plainly as it can be said: merge a group of leaves equal but for one fact, holding
    /// every value of that fact in one class, until no group is left; then order by first combination.
    static func mergedByDefinition(_ assignments: [[Int?]], classes: [Int], radices: [Int]) -> [([Int?], Int)] {
        let strides = MinimalCover.strides(radices)
        func firstRow(_ assignment: [Int?]) -> Int { zip(assignment, strides).reduce(0) { $0 + ($1.0 ?? 0) * $1.1 } }
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
                for (key, members) in groups where members.count == radices[fact] {
                    guard Set(members.map { items[$0].klass }).count == 1 else { continue }
                    let first = members.min { firstRow(items[$0].assignment) < firstRow(items[$1].assignment) }!
                    let merged = (assignment: key, klass: items[first].klass, leaf: items[first].leaf)
                    items = items.indices.filter { !members.contains($0) }.map { items[$0] } + [merged]
                    changed = true
                    break
                }
                if changed { break }
            }
        }
        return items.sorted { firstRow($0.assignment) < firstRow($1.assignment) }.map { ($0.assignment, $0.leaf) }
    }

    @Test(arguments: 0..<40)
    func mergedLeavesAreThoseOfMergingCompleteGroupsOneAtATime(seed: Int) {
        // Every combination a leaf (as an eager provider's split gives), few classes so that groups merge.
        var random = SplitMix(state: UInt64(seed + 100))
        let radices = (0..<(2 + seed % 4)).map { _ in 2 + Int(random.next() % 3) }
        let strides = MinimalCover.strides(radices)
        let rows = radices.reduce(1, *)
        let assignments: [[Int?]] = (0..<rows).map { row in radices.indices.map { row / strides[$0] % radices[$0] } }
        let classes = (0..<rows).map { row in
            random.next() % 4 == 0 ? Int(random.next() % 3) : row / strides[0] % 2
        }
        let merged = DecisionTree.merged(assignments, classes: classes, radices: radices)
        let expected = Self.mergedByDefinition(assignments, classes: classes, radices: radices)
        #expect(merged.map(\.assignment) == expected.map(\.0), "radices \(radices) classes \(classes)")
        #expect(merged.map(\.leaf) == expected.map(\.1))
        #expect(merged.count < rows)
    }

    /// Combinations that cannot happen (`MinimalCover.impossible`, -1) are a class of their own: they once read as
    /// the table's "mixed" marker, so a single impossible combination had no fact left to split on and its cost
    /// overflowed (`evaluate hospital-imprivata` with four to six facts given trapped).
    @Test(arguments: 0..<24)
    func impossibleCombinationsAreAClassOfTheirOwn(seed: Int) {
        var random = SplitMix(state: UInt64(seed + 7))
        let radices = (0..<(1 + seed % 5)).map { _ in 2 + Int(random.next() % 3) }
        let rows = radices.reduce(1, *)
        let classes = (0..<rows).map { _ in
            random.next() % 3 == 0 ? MinimalCover.impossible : Int(random.next() % 3)
        }
        let leaves = DecisionTree.leaves(classes: classes, radices: radices)
        #expect(Self.checkPartition(leaves, classes, radices).isEmpty, "radices \(radices) classes \(classes)")
        _ = MinimalCover.covers(classes: classes, radices: radices)
    }

    @Test func everyCombinationImpossibleIsOneLeaf() {
        let leaves = DecisionTree.leaves(classes: [-1, -1, -1, -1], radices: [2, 2])
        #expect(leaves.map(\.klass) == [MinimalCover.impossible])
        #expect(leaves.map(\.assignment) == [[nil, nil]])
    }
}
