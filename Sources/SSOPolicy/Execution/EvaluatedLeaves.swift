/// The leaves of a what-if split with their answers in words: the cubes `evaluate`'s reductions work on instead of
/// every combination of the unknown facts.
struct EvaluatedLeaves {
    /// Per leaf: per dimension, the value it assigned, or nil when free.
    let assignments: [[Int?]]
    /// The leaves' distinct views (an outcome with its trace, in words), each rendered once: many leaves end in the
    /// same outcome through the same rules.
    let distinctViews: [StepView]
    /// Per leaf: its view in `distinctViews`.
    let viewIndex: [Int]
    /// Per distinct view: a number shared by the views with the same answer (`StepView.Answer`).
    let answerKeys: [Int]
    /// Per distinct view: a number shared by the views with the same answer and the same fired rules (a rule path).
    let pathKeys: [Int]
    let radices: [Int]
    /// Per leaf: its first combination as a row of the space (first fact most significant).
    let firstRows: [Int]
    let cubes: [FactCube]
    /// Per leaf, whether its combinations cannot happen (`AttemptEvaluator.impossibleLeaves`); empty: none is.
    var impossible: [Bool] = []

    /// Combinations above which `rowLeaves` declines to list every one.
    static let maxRows = 1 << 16

    init(
        _ leaves: [(assignment: [Int?], view: Int)], views: [StepView], answerKeys: [Int], pathKeys: [Int],
        radices: [Int]
    ) {
        self.radices = radices
        assignments = leaves.map(\.assignment)
        distinctViews = views
        viewIndex = leaves.map(\.view)
        self.answerKeys = answerKeys
        self.pathKeys = pathKeys
        let strides = MinimalCover.strides(radices)
        cubes = assignments.map { assignment in
            FactCube(
                masks: zip(assignment, radices).map { value, radix in
                    value.map { UInt32(1) << UInt32($0) } ?? UInt32((1 << radix) - 1)
                })
        }
        firstRows = cubes.map { $0.firstRow(strides: strides) }
    }

    /// Leaves in the split.
    var count: Int { viewIndex.count }

    /// The answer in words of `leaf`.
    func view(_ leaf: Int) -> StepView { distinctViews[viewIndex[leaf]] }

    /// The leaves' classes by answer.
    var answerClasses: [Int] { classes(answerKeys) }
    /// The leaves' classes by answer and fired rules.
    var pathClasses: [Int] { classes(pathKeys) }

    /// Numbers each leaf's key (`keys` per distinct view, from 0) in order of the first combination giving it:
    /// leaves with equal keys share a class. An impossible leaf gets `MinimalCover.impossible`.
    func classes(_ keys: [Int]) -> [Int] {
        var number = [Int](repeating: -1, count: (keys.max() ?? -1) + 1)
        var next = 0
        var classes = [Int](repeating: 0, count: count)
        for leaf in (0..<count).sorted(by: { firstRows[$0] < firstRows[$1] }) {
            if isImpossible(leaf) {
                classes[leaf] = MinimalCover.impossible
                continue
            }
            let key = keys[viewIndex[leaf]]
            if number[key] < 0 {
                number[key] = next
                next += 1
            }
            classes[leaf] = number[key]
        }
        return classes
    }

    func isImpossible(_ leaf: Int) -> Bool { !impossible.isEmpty && impossible[leaf] }

    /// The leaves as cubes of the classes `classes` gives them.
    func leaves(_ classes: [Int]) -> [MinimalCover.Leaf] {
        zip(cubes, classes).map { ($0, $1) }
    }

    /// Per class of `classes` (numbered from 0), the leaf holding its first combination.
    func firsts(of classes: [Int]) -> [Int] {
        var first = [Int](repeating: -1, count: (classes.max() ?? -1) + 1)
        for leaf in 0..<count where classes[leaf] >= 0 {
            let klass = classes[leaf]
            if first[klass] < 0 || firstRows[leaf] < firstRows[first[klass]] { first[klass] = leaf }
        }
        return first
    }

    /// Per combination of the space, the leaf holding it; nil when the space has more than `maxRows`.
    func rowLeaves() -> [Int]? {
        let count = radices.reduce(1, Saturating.product)
        guard count <= Self.maxRows else { return nil }
        let strides = MinimalCover.strides(radices)
        var rows = [Int](repeating: 0, count: count)
        for (leaf, assignment) in assignments.enumerated() {
            func visit(_ fact: Int, _ row: Int) {
                if fact == radices.count {
                    rows[row] = leaf
                    return
                }
                if let value = assignment[fact] {
                    visit(fact + 1, row + value * strides[fact])
                } else {
                    for value in 0..<radices[fact] { visit(fact + 1, row + value * strides[fact]) }
                }
            }
            visit(0, 0)
        }
        return rows
    }
}
