/// Partial evaluation's residual, made small: given the class (the answer) of every combination of the unknown
/// facts, each class is described by the fewest conditions that pick out exactly its combinations.
///
/// A condition (a `FactCube`) allows, per fact, a set of its values; a fact whose every value is allowed is left
/// out, so a fact appears in a condition only when the answer is not the same for all its values given the rest
/// (Cedar's residual: what is left once the known parts are evaluated). A class's conditions form a minimum cover
/// of its combinations by prime cubes (multi-valued Quine–McCluskey), found exactly by a bounded branch and bound
/// that is deterministic: ties are broken by fewer facts named, then by enumeration order.
public struct FactCube: Hashable, Sendable {
    /// Per fact, the allowed value indices as a bit mask.
    public var masks: [UInt32]

    public init(masks: [UInt32]) { self.masks = masks }

    func contains(_ values: [Int]) -> Bool {
        zip(masks, values).allSatisfy { mask, value in mask & (1 << UInt32(value)) != 0 }
    }
}

enum MinimalCover {
    /// Above this many candidate cubes, a fact's condition is one value or all values (never a set of some).
    static let maxCandidates = 60_000
    /// Nodes the exact cover may visit before it keeps the best cover found so far.
    static let maxNodes = 20_000

    /// `classes[row]` for every row of the product of `radices` (first fact most significant). Returns, for each
    /// class in order of its first row, the class and its cubes (each in order of the first row it covers).
    static func covers(classes: [Int], radices: [Int]) -> [(klass: Int, cubes: [FactCube])] {
        let rowCount = radices.reduce(1, *)
        precondition(classes.count == rowCount, "one class per combination")
        var order: [Int] = []
        var seen = Set<Int>()
        for klass in classes where seen.insert(klass).inserted { order.append(klass) }
        if radices.isEmpty { return order.map { ($0, [FactCube(masks: [])]) } }
        if order.count == 1 { return [(order[0], [full(radices)])] }

        let strides = strides(radices)
        let masksPerFact = candidateMasks(radices)
        let arbitrarySets = masksPerFact.enumerated().allSatisfy { $1.count == (1 << radices[$0]) - 1 }
        if !arbitrarySets {
            return singleValueCovers(classes: classes, radices: radices, strides: strides, order: order)
        }
        // The class of every candidate cube whose rows all share one; -1 for mixed.
        var cubeClass: [FactCube: Int] = [:]
        var masks = [UInt32](repeating: 0, count: radices.count)
        func visit(_ fact: Int) {
            if fact == radices.count {
                if let klass = uniformClass(masks, radices: radices, strides: strides, classes: classes) {
                    cubeClass[FactCube(masks: masks)] = klass
                }
                return
            }
            for mask in masksPerFact[fact] {
                masks[fact] = mask
                visit(fact + 1)
            }
        }
        visit(0)
        var result: [(klass: Int, cubes: [FactCube])] = []
        for klass in order {
            let implicants = cubeClass.filter { $0.value == klass }.map(\.key)
            let primes = implicants.filter { cube in
                !enlargements(cube, radices: radices, arbitrarySets: arbitrarySets).contains {
                    cubeClass[$0] == klass
                }
            }
            let rows = (0..<rowCount).filter { classes[$0] == klass }
            let chosen = minimumCover(rows: rows, primes: primes, radices: radices, strides: strides)
            result.append((klass, chosen))
        }
        return result
    }

    /// The covers when a condition names one value of a fact or none (too many facts for every subset): the
    /// candidates are exactly the subcubes, whose classes `SubcubeTable` tabulates, so a prime is a subcube of one
    /// class none of whose named facts can be freed without mixing classes. Past the table's bound, each class is
    /// covered by its leaves of the decision tree (disjoint and correct, not always fewest).
    static func singleValueCovers(classes: [Int], radices: [Int], strides: [Int], order: [Int])
        -> [(klass: Int, cubes: [FactCube])]
    {
        var table = SubcubeTable(classes: classes, radices: radices)
        guard table.tabulated else {
            let leaves = DecisionTree.leaves(classes: classes, radices: radices)
            return order.map { klass in
                (
                    klass,
                    leaves.filter { $0.klass == klass }.map { FactCube(masks: $0.masks) }
                )
            }
        }
        var primes: [Int: [FactCube]] = [:]
        for code in 0..<table.count {
            let klass = table.classOf(code)
            guard klass >= 0 else { continue }
            let isPrime = radices.indices.allSatisfy { fact in
                table.digit(code, fact) == 0 || table.classOf(table.freeing(code, fact)) != klass
            }
            if isPrime { primes[Int(klass), default: []].append(FactCube(masks: table.masks(code))) }
        }
        var rowsByClass: [Int: [Int]] = [:]
        for (row, klass) in classes.enumerated() { rowsByClass[klass, default: []].append(row) }
        return order.map { klass in
            (
                klass,
                minimumCover(
                    rows: rowsByClass[klass] ?? [], primes: primes[klass] ?? [], radices: radices, strides: strides)
            )
        }
    }

    static func full(_ radices: [Int]) -> FactCube {
        FactCube(masks: radices.map { UInt32((1 << $0) - 1) })
    }

    static func strides(_ radices: [Int]) -> [Int] {
        var strides = [Int](repeating: 1, count: radices.count)
        var stride = 1
        for fact in radices.indices.reversed() {
            strides[fact] = stride
            stride *= radices[fact]
        }
        return strides
    }

    static func values(of row: Int, radices: [Int], strides: [Int]) -> [Int] {
        radices.indices.map { (row / strides[$0]) % radices[$0] }
    }

    /// Every non-empty subset of each fact's values, or only single values and the full set when that would make
    /// too many candidates.
    static func candidateMasks(_ radices: [Int]) -> [[UInt32]] {
        let all = radices.map { radix in (1..<(UInt32(1) << radix)).map { $0 } }
        let count = all.reduce(1.0) { $0 * Double($1.count) }
        if count <= Double(maxCandidates) && radices.allSatisfy({ $0 <= 16 }) { return all }
        return radices.map { radix in (0..<radix).map { UInt32(1) << $0 } + [UInt32((1 << radix) - 1)] }
    }

    static func uniformClass(_ masks: [UInt32], radices: [Int], strides: [Int], classes: [Int]) -> Int? {
        var klass: Int?
        var values = [Int](repeating: 0, count: radices.count)
        func walk(_ fact: Int, _ offset: Int) -> Bool {
            if fact == radices.count {
                if let known = klass { return known == classes[offset] }
                klass = classes[offset]
                return true
            }
            for value in 0..<radices[fact] where masks[fact] & (1 << UInt32(value)) != 0 {
                values[fact] = value
                if !walk(fact + 1, offset + value * strides[fact]) { return false }
            }
            return true
        }
        return walk(0, 0) ? klass : nil
    }

    static func enlargements(_ cube: FactCube, radices: [Int], arbitrarySets: Bool) -> [FactCube] {
        var result: [FactCube] = []
        for fact in radices.indices {
            let fullMask = UInt32((1 << radices[fact]) - 1)
            guard cube.masks[fact] != fullMask else { continue }
            if arbitrarySets {
                for value in 0..<radices[fact] where cube.masks[fact] & (1 << UInt32(value)) == 0 {
                    var bigger = cube
                    bigger.masks[fact] |= 1 << UInt32(value)
                    result.append(bigger)
                }
            } else {
                var bigger = cube
                bigger.masks[fact] = fullMask
                result.append(bigger)
            }
        }
        return result
    }

    /// Facts a cube names (those not left free).
    static func literals(_ cube: FactCube, radices: [Int]) -> Int {
        radices.indices.filter { cube.masks[$0] != UInt32((1 << radices[$0]) - 1) }.count
    }

    /// The fewest primes covering `rows`, then the fewest facts named; deterministic.
    static func minimumCover(rows: [Int], primes: [FactCube], radices: [Int], strides: [Int]) -> [FactCube] {
        // Primes in a fixed order: larger first, then fewer facts named, then by their masks.
        let rowValues = rows.map { values(of: $0, radices: radices, strides: strides) }
        let sizes = primes.map { cube in cube.masks.reduce(1) { $0 * $1.nonzeroBitCount } }
        let ordered = primes.indices.sorted { a, b in
            if sizes[a] != sizes[b] { return sizes[a] > sizes[b] }
            let la = literals(primes[a], radices: radices)
            let lb = literals(primes[b], radices: radices)
            if la != lb { return la < lb }
            return primes[a].masks.lexicographicallyPrecedes(primes[b].masks)
        }.map { primes[$0] }
        let covering: [[Int]] = rowValues.map { values in
            ordered.indices.filter { ordered[$0].contains(values) }
        }
        let cost = ordered.map { literals($0, radices: radices) }
        var best: [Int]?
        var bestCost = (Int.max, Int.max)
        var nodes = 0
        var chosen: [Int] = []
        var coveredBy = [Int](repeating: 0, count: rows.count)
        func search(_ literalTotal: Int) {
            nodes += 1
            guard
                let row = coveredBy.indices.filter({ coveredBy[$0] == 0 }).min(by: {
                    covering[$0].count < covering[$1].count
                })
            else {
                if (chosen.count, literalTotal) < bestCost {
                    bestCost = (chosen.count, literalTotal)
                    best = chosen
                }
                return
            }
            // One more cube is needed: stop when that cannot beat the best.
            guard (chosen.count + 1, literalTotal) < bestCost, best == nil || nodes < maxNodes else { return }
            for prime in covering[row] {
                chosen.append(prime)
                for index in rows.indices where ordered[prime].contains(rowValues[index]) { coveredBy[index] += 1 }
                search(literalTotal + cost[prime])
                for index in rows.indices where ordered[prime].contains(rowValues[index]) { coveredBy[index] -= 1 }
                chosen.removeLast()
            }
        }
        search(0)
        let cubes = (best ?? []).map { ordered[$0] }
        // In order of the first combination each covers.
        func firstRow(_ cube: FactCube) -> Int { rowValues.firstIndex { cube.contains($0) }.map { rows[$0] } ?? 0 }
        return cubes.sorted { firstRow($0) < firstRow($1) }
    }
}
