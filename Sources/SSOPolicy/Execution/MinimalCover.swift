/// Partial evaluation's residual, made small: given the answer's class on every leaf of a what-if split (disjoint
/// cubes covering the space of the unknown facts), each class is described by the fewest conditions that pick out
/// exactly its combinations.
///
/// A condition (a `FactCube`) allows, per fact, a set of its values; a fact whose every value is allowed is left
/// out, so a fact appears in a condition only when the answer is not the same for all its values given the rest
/// (Cedar's residual: what is left once the known parts are evaluated). A class's conditions form a minimum cover
/// of its combinations by prime cubes (multi-valued Quine–McCluskey: `PrimeCubes`), found exactly by a bounded
/// branch and bound that is deterministic: ties are broken by fewer facts named, then by enumeration order.
///
/// Everything is computed on cubes: the primes by consensus of the leaves, the cover over the "atoms" the primes
/// cut the class into (combinations that the same primes cover are interchangeable in a cover), so the cost
/// follows the leaves and primes, not the product of the facts' values.
public struct FactCube: Hashable, Sendable {
    /// Per fact, the allowed value indices as a bit mask.
    public var masks: [UInt32]

    public init(masks: [UInt32]) { self.masks = masks }

    func contains(_ values: [Int]) -> Bool {
        zip(masks, values).allSatisfy { mask, value in mask & (1 << UInt32(value)) != 0 }
    }

    /// The combination the cube enumerates first (each fact at its lowest allowed value), as a row of the space.
    func firstRow(strides: [Int]) -> Int {
        zip(masks, strides).reduce(0) { row, pair in row + pair.0.trailingZeroBitCount * pair.1 }
    }

    /// Combinations in the cube.
    var size: Int { masks.reduce(1) { $0 * $1.nonzeroBitCount } }
}

enum MinimalCover {
    /// Above this many candidate cubes, a fact's condition is one value or all values (never a set of some).
    static let maxCandidates = 60_000
    /// Nodes the exact cover may visit before it keeps the best cover found so far.
    static let maxNodes = 20_000
    /// Pieces the atoms of one class may be cut into before the cover is chosen greedily instead.
    static let maxPieces = 50_000

    /// The class of combinations that cannot happen: listed under no class, and no class's conditions cover them.
    static let impossible = -1

    /// One leaf of a split: a cube whose combinations all give `klass`.
    typealias Leaf = (cube: FactCube, klass: Int)

    /// For each class in order of its first combination, the class and its cubes (each in order of the first
    /// combination it covers). `leaves` must be disjoint and cover the product of `radices` (first fact most
    /// significant).
    ///
    /// With `only`, the covers of that class alone (the others are not computed).
    static func covers(leaves: [Leaf], radices: [Int], only: Int? = nil) -> [(klass: Int, cubes: [FactCube])] {
        let strides = strides(radices)
        var firstRow: [Int: Int] = [:]
        for leaf in leaves where leaf.klass != impossible {
            let row = leaf.cube.firstRow(strides: strides)
            firstRow[leaf.klass] = min(firstRow[leaf.klass] ?? .max, row)
        }
        let order = firstRow.keys.sorted { firstRow[$0]! < firstRow[$1]! }
        if radices.isEmpty { return order.map { ($0, [FactCube(masks: [])]) } }
        if order.count == 1 { return [(order[0], [full(radices)])] }
        let arbitrarySets = allowsValueSets(radices)
        // The exact cover is kept for spaces the subcube table of the decision tree covers; beyond, one value or all
        // per fact, chosen greedily.
        let exact = arbitrarySets || SubcubeTable.subcubeCount(radices) <= SubcubeTable.maxSubcubes
        // Once the work budget stopped, the remaining classes are left out (the evaluator discards the answer).
        var covers: [(klass: Int, cubes: [FactCube])] = []
        for klass in order where only == nil || only == klass {
            guard WorkBudget.spend(0) else { break }
            let cubes = leaves.filter { $0.klass == klass }.map(\.cube)
            let chosen: [FactCube]
            if let disjoint = PrimeCubes.primesOfOneCube(cubes, radices: radices, arbitrarySets: arbitrarySets) {
                // Pairwise disjoint primes: each is the only one covering its combinations, so every cover takes
                // them all.
                chosen = disjoint
            } else {
                let others = leaves.filter { $0.klass != klass }.map(\.cube)
                let primes = PrimeCubes.primes(
                    of: cubes, others: others, radices: radices, arbitrarySets: arbitrarySets)
                chosen =
                    exact
                    ? minimumCover(cubes, primes: primes, radices: radices, strides: strides)
                    : greedyCover(cubes, primes: primes, radices: radices)
            }
            covers.append((klass, chosen.sorted { $0.firstRow(strides: strides) < $1.firstRow(strides: strides) }))
        }
        return covers
    }

    /// `classes[row]` for every row of the product of `radices`: the same, from the rows.
    static func covers(classes: [Int], radices: [Int]) -> [(klass: Int, cubes: [FactCube])] {
        precondition(classes.count == radices.reduce(1, *), "one class per combination")
        let leaves = DecisionTree.leaves(classes: classes, radices: radices).map {
            (FactCube(masks: $0.masks), $0.klass)
        }
        return covers(leaves: leaves, radices: radices)
    }

    /// Whether conditions may name any set of a fact's values: only while the candidate cubes stay few.
    static func allowsValueSets(_ radices: [Int]) -> Bool {
        let count = radices.reduce(1.0) { $0 * Double((1 << $1) - 1) }
        return count <= Double(maxCandidates) && radices.allSatisfy { $0 <= 16 }
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

    /// Facts a cube names (those not left free).
    static func literals(_ cube: FactCube, radices: [Int]) -> Int {
        radices.indices.filter { cube.masks[$0] != UInt32((1 << radices[$0]) - 1) }.count
    }

    /// The primes in the order the cover tries them: larger first, then fewer facts named, then by their masks.
    static func ordered(_ primes: [FactCube], radices: [Int]) -> [FactCube] {
        let keyed = primes.map { ($0, $0.size, literals($0, radices: radices)) }
        return keyed.sorted { a, b in
            if a.1 != b.1 { return a.1 > b.1 }
            if a.2 != b.2 { return a.2 < b.2 }
            return a.0.masks.lexicographicallyPrecedes(b.0.masks)
        }.map(\.0)
    }

    /// The class's combinations grouped by the primes that cover them, each group with its first combination, in
    /// order of those first combinations; nil when the cutting makes more than `maxPieces` pieces.
    static func atoms(_ region: [FactCube], primes: [FactCube], strides: [Int]) -> [(cover: [Int], first: Int)]? {
        var pieces: [(cube: FactCube, cover: [Int])] = region.map { ($0, []) }
        for (index, prime) in primes.enumerated() {
            guard PrimeCubes.charge(pieces.count) else { return nil }
            var next: [(cube: FactCube, cover: [Int])] = []
            for piece in pieces {
                if PrimeCubes.contains(prime, piece.cube) {
                    next.append((piece.cube, piece.cover + [index]))
                } else if !PrimeCubes.intersects(prime, piece.cube) {
                    next.append(piece)
                } else {
                    var inside = piece.cube
                    for fact in prime.masks.indices {
                        let outside = piece.cube.masks[fact] & ~prime.masks[fact]
                        if outside != 0 {
                            var part = inside
                            part.masks[fact] = outside
                            next.append((part, piece.cover))
                        }
                        inside.masks[fact] &= prime.masks[fact]
                    }
                    next.append((inside, piece.cover + [index]))
                }
            }
            guard next.count <= maxPieces else { return nil }
            pieces = next
        }
        var first: [[Int]: Int] = [:]
        for piece in pieces {
            let row = piece.cube.firstRow(strides: strides)
            first[piece.cover] = min(first[piece.cover] ?? .max, row)
        }
        return first.map { ($0.key, $0.value) }.sorted { $0.first < $1.first }
    }

    /// The fewest primes covering the class, then the fewest facts named; deterministic. The branch and bound
    /// takes, at each node, the uncovered atom with the fewest covering primes (the first such in enumeration
    /// order) and tries its primes in `ordered` order, as it would take single combinations.
    static func minimumCover(_ region: [FactCube], primes: [FactCube], radices: [Int], strides: [Int]) -> [FactCube] {
        let ordered = ordered(primes, radices: radices)
        guard let atoms = atoms(region, primes: ordered, strides: strides) else {
            return greedyCover(region, primes: primes, radices: radices)
        }
        let covering = atoms.map(\.cover)
        var coveringAtoms = [[Int]](repeating: [], count: ordered.count)
        for (atom, cover) in covering.enumerated() {
            for prime in cover { coveringAtoms[prime].append(atom) }
        }
        let cost = ordered.map { literals($0, radices: radices) }
        var best: [Int]?
        var bestCost = (Int.max, Int.max)
        var nodes = 0
        var chosen: [Int] = []
        var coveredBy = [Int](repeating: 0, count: atoms.count)
        func search(_ literalTotal: Int) {
            nodes += 1
            var pick: Int?
            for atom in coveredBy.indices where coveredBy[atom] == 0 {
                if pick == nil || covering[atom].count < covering[pick!].count { pick = atom }
            }
            guard let atom = pick else {
                if (chosen.count, literalTotal) < bestCost {
                    bestCost = (chosen.count, literalTotal)
                    best = chosen
                }
                return
            }
            // One more cube is needed: stop when that cannot beat the best.
            guard (chosen.count + 1, literalTotal) < bestCost, best == nil || nodes < maxNodes else { return }
            for prime in covering[atom] {
                chosen.append(prime)
                for covered in coveringAtoms[prime] { coveredBy[covered] += 1 }
                search(literalTotal + cost[prime])
                for covered in coveringAtoms[prime] { coveredBy[covered] -= 1 }
                chosen.removeLast()
            }
        }
        search(0)
        return (best ?? []).map { ordered[$0] }
    }

    /// A cover chosen greedily: repeatedly the prime (in `ordered` order on ties) that covers the most of what is
    /// still uncovered; correct and disjoint-free, not always fewest.
    static func greedyCover(_ region: [FactCube], primes: [FactCube], radices: [Int]) -> [FactCube] {
        let ordered = ordered(primes, radices: radices)
        var uncovered = region
        var chosen: [FactCube] = []
        while !uncovered.isEmpty {
            guard PrimeCubes.charge(ordered.count * uncovered.count) else { return chosen + uncovered }
            var best: (index: Int, covered: Int)?
            for (index, prime) in ordered.enumerated() {
                let covered = uncovered.reduce(0) { $0 + overlap($1, prime) }
                if covered > (best?.covered ?? 0) { best = (index, covered) }
            }
            guard let best else { break }
            let prime = ordered[best.index]
            chosen.append(prime)
            uncovered = uncovered.flatMap { subtract(prime, from: $0) }
        }
        return chosen
    }

    /// Combinations `a` and `b` share (the size of their intersection), without making it.
    static func overlap(_ a: FactCube, _ b: FactCube) -> Int {
        var size = 1
        for (x, y) in zip(a.masks, b.masks) {
            let both = x & y
            if both == 0 { return 0 }
            size *= both.nonzeroBitCount
        }
        return size
    }

    /// `cube` without the combinations of `removed`, as disjoint cubes.
    static func subtract(_ removed: FactCube, from cube: FactCube) -> [FactCube] {
        guard PrimeCubes.intersects(removed, cube) else { return [cube] }
        var pieces: [FactCube] = []
        var inside = cube
        for fact in cube.masks.indices {
            let outside = inside.masks[fact] & ~removed.masks[fact]
            if outside != 0 {
                var part = inside
                part.masks[fact] = outside
                pieces.append(part)
            }
            inside.masks[fact] &= removed.masks[fact]
        }
        return pieces
    }
}
