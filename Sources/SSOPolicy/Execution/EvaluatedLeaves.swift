/// The leaves of a what-if split with their answers in words: the cubes `evaluate`'s reductions work on instead of
/// every combination of the unknown facts.
struct EvaluatedLeaves {
    /// Per leaf: per dimension, the value it assigned, or nil when free.
    let assignments: [[Int?]]
    /// The distinct answers in words, each rendered once: many leaves end in the same outcome through the same rules.
    let distinctViews: [StepView]
    /// Per leaf: its view in `distinctViews`.
    let viewIndex: [Int]
    let radices: [Int]
    /// Per leaf: its first combination as a row of the space (first fact most significant).
    let firstRows: [Int]
    let cubes: [FactCube]
    /// Per leaf, whether its combinations cannot happen (`AttemptEvaluator.impossibleLeaves`); empty: none is.
    var impossible: [Bool] = []

    /// Combinations above which `rowLeaves` declines to list every one.
    static let maxRows = 1 << 16

    init(_ leaves: [(assignment: [Int?], view: Int)], views: [StepView], radices: [Int]) {
        self.radices = radices
        assignments = leaves.map(\.assignment)
        distinctViews = views
        viewIndex = leaves.map(\.view)
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

    /// Numbers each leaf's key in order of the first combination giving it: leaves with equal keys share a class.
    /// An impossible leaf gets `MinimalCover.impossible`.
    func classes<Key: Hashable>(_ key: (StepView) -> Key) -> [Int] {
        // Each distinct view's key once.
        var keyOf: [Key?] = Array(repeating: nil, count: distinctViews.count)
        var index: [Key: Int] = [:]
        var classes = [Int](repeating: 0, count: count)
        for leaf in (0..<count).sorted(by: { firstRows[$0] < firstRows[$1] }) {
            if isImpossible(leaf) {
                classes[leaf] = MinimalCover.impossible
                continue
            }
            let k = keyOf[viewIndex[leaf]] ?? key(distinctViews[viewIndex[leaf]])
            keyOf[viewIndex[leaf]] = k
            if let known = index[k] {
                classes[leaf] = known
            } else {
                index[k] = index.count
                classes[leaf] = index.count - 1
            }
        }
        return classes
    }

    func isImpossible(_ leaf: Int) -> Bool { !impossible.isEmpty && impossible[leaf] }

    /// The leaves as cubes of the classes `classes` gives them.
    func leaves(_ classes: [Int]) -> [MinimalCover.Leaf] {
        zip(cubes, classes).map { ($0, $1) }
    }

    /// The leaf holding the first combination of class `klass`.
    func first(of klass: Int, in classes: [Int]) -> Int {
        (0..<count).filter { classes[$0] == klass }.min { firstRows[$0] < firstRows[$1] } ?? 0
    }

    /// Per combination of the space, the leaf holding it; nil when the space has more than `maxRows`.
    func rowLeaves() -> [Int]? {
        let count = radices.reduce(1, *)
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
