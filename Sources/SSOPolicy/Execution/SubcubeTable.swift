/// The class shared by every combination of a subcube of the fact space (a partial assignment: each fact free or
/// at one value), tabulated once so the decision tree and the minimal cover ask in constant time.
///
/// A subcube is coded in mixed radix with one digit per fact: 0 when the fact is free, value index + 1 when it is
/// assigned, so a child's code is its parent's plus a multiple of the fact's stride (no array per subcube). Above
/// `maxSubcubes` nothing is tabulated and a subcube's class is found by walking its rows.
struct SubcubeTable {
    /// Subcubes the table may hold (the product of each fact's value count plus one): 9 bytes each.
    static let maxSubcubes = 1 << 21

    /// Subcubes of the product of `radices` (each fact free or at one value), capped just above `maxSubcubes`.
    static func subcubeCount(_ radices: [Int]) -> Int {
        var subcubes = 1
        for radix in radices where subcubes <= maxSubcubes { subcubes *= radix + 1 }
        return subcubes
    }

    /// Markers of the table, below any class: a class is a number from `MinimalCover.impossible` (-1) up, so the
    /// combinations that cannot happen are a class of their own and never read as `mixed`.
    static let unknown = Int32.min
    /// The class of a subcube whose combinations give different classes.
    static let mixed = Int32.min + 1

    let classes: [Int]
    let radices: [Int]
    let rowStrides: [Int]
    let cubeStrides: [Int]
    /// Whether every subcube has a slot.
    let tabulated: Bool
    /// Subcubes in the space (when tabulated).
    let count: Int
    private var klass: [Int32]

    /// `classes[row]` for every row of the product of `radices` (first fact most significant); each class at least
    /// `MinimalCover.impossible`.
    init(classes: [Int], radices: [Int]) {
        precondition(classes.count == radices.reduce(1, *), "one class per combination")
        self.classes = classes
        self.radices = radices
        // Rows in the space's mixed radix; subcubes in the same with one more digit value per fact (free).
        let rowStrides = MinimalCover.strides(radices)
        let cubeStrides = MinimalCover.strides(radices.map { $0 + 1 })
        let subcubes = Self.subcubeCount(radices)
        self.rowStrides = rowStrides
        self.cubeStrides = cubeStrides
        self.tabulated = subcubes <= Self.maxSubcubes
        self.count = tabulated ? subcubes : 0
        self.klass = Array(repeating: Self.unknown, count: count)
        if tabulated { fill() }
    }

    /// Tabulates every subcube, children before parents (a child's code is larger), so each takes its class
    /// from its children along its first free fact.
    private mutating func fill() {
        var digits = radices
        for code in stride(from: count - 1, through: 0, by: -1) {
            if let free = digits.firstIndex(of: 0) {
                var shared = Self.unknown
                for value in 0..<radices[free] {
                    let k = klass[child(code, free, value)]
                    if k == Self.mixed || (shared != Self.unknown && k != shared) {
                        shared = Self.mixed
                        break
                    }
                    shared = k
                }
                klass[code] = shared
            } else {
                var row = 0
                for fact in radices.indices { row += (digits[fact] - 1) * rowStrides[fact] }
                klass[code] = Int32(classes[row])
            }
            // The next smaller code: the odometer runs down, each digit from its radix to 0.
            var fact = radices.count - 1
            while fact >= 0 {
                if digits[fact] > 0 {
                    digits[fact] -= 1
                    break
                }
                digits[fact] = radices[fact]
                fact -= 1
            }
        }
    }

    /// The fact's digit in `code`: 0 free, else value index + 1.
    @inline(__always)
    func digit(_ code: Int, _ fact: Int) -> Int { code / cubeStrides[fact] % (radices[fact] + 1) }

    /// The code of the subcube with `fact` set to `value` (the fact must be free in `code`).
    @inline(__always)
    func child(_ code: Int, _ fact: Int, _ value: Int) -> Int { code + (value + 1) * cubeStrides[fact] }

    /// The code of the subcube with `fact` made free.
    @inline(__always)
    func freeing(_ code: Int, _ fact: Int) -> Int { code - digit(code, fact) * cubeStrides[fact] }

    /// The first row of the subcube (free facts at their first value).
    func firstRow(_ code: Int) -> Int {
        radices.indices.reduce(0) { row, fact in row + max(digit(code, fact) - 1, 0) * rowStrides[fact] }
    }

    /// Per fact, its value index, or nil when free.
    func assignment(_ code: Int) -> [Int?] {
        radices.indices.map { fact in digit(code, fact) == 0 ? nil : digit(code, fact) - 1 }
    }

    /// Per fact, the allowed value indices as a bit mask (a free fact allows all).
    func masks(_ code: Int) -> [UInt32] {
        radices.indices.map { fact in
            digit(code, fact) == 0 ? UInt32((1 << radices[fact]) - 1) : UInt32(1) << UInt32(digit(code, fact) - 1)
        }
    }

    /// The class shared by every row of the subcube, or `mixed`.
    mutating func classOf(_ code: Int) -> Int32 {
        if tabulated { return klass[code] }
        guard let free = radices.indices.first(where: { digit(code, $0) == 0 }) else {
            return Int32(classes[firstRow(code)])
        }
        var shared = Self.unknown
        for value in 0..<radices[free] {
            let k = classOf(child(code, free, value))
            if k == Self.mixed || (shared != Self.unknown && k != shared) {
                shared = Self.mixed
                break
            }
            shared = k
        }
        return shared
    }
}
