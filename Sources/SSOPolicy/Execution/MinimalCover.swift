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
package struct FactCube: Hashable, Sendable {
    /// Per fact, the allowed value indices as a bit mask.
    package var masks: [UInt32]

    package init(masks: [UInt32]) { self.masks = masks }

    func contains(_ values: [Int]) -> Bool {
        zip(masks, values).allSatisfy { mask, value in mask & (1 << UInt32(value)) != 0 }
    }

    /// The combination the cube enumerates first (each fact at its lowest allowed value), as a row of the space.
    func firstRow(strides: [Int]) -> Int {
        zip(masks, strides).reduce(0) { row, pair in row + pair.0.trailingZeroBitCount * pair.1 }
    }

    /// Combinations in the cube.
    var size: Int { masks.reduce(1) { Saturating.product($0, $1.nonzeroBitCount) } }
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

    /// A class's cover by the leaves it holds (their indices in `leaves`, ascending): it depends on nothing else
    /// given the same leaves, so the answers, their rule paths and the findings of one what-if share the classes
    /// they have in common.
    typealias Memo = [[Int]: [FactCube]]

    /// For each class in order of its first combination, the class and its cubes (each in order of the first
    /// combination it covers). `leaves` must be disjoint and cover the product of `radices` (first fact most
    /// significant).
    ///
    /// With `only`, the covers of that class alone (the others are not computed).
    static func covers(leaves: [Leaf], radices: [Int], only: Int? = nil) -> [(klass: Int, cubes: [FactCube])] {
        var memo: Memo = [:]
        return covers(leaves: leaves, radices: radices, only: only, memo: &memo)
    }

    /// The same, reusing and adding to `memo`, which must only have been filled from these same leaves' cubes.
    static func covers(leaves: [Leaf], radices: [Int], only: Int? = nil, memo: inout Memo)
        -> [(klass: Int, cubes: [FactCube])]
    {
        let strides = strides(radices)
        // Classes are numbered from 0: per class, its first row and its leaves.
        let classCount = (leaves.lazy.map(\.klass).max() ?? -1) + 1
        var firstRow = [Int](repeating: .max, count: classCount)
        var members = [[Int]](repeating: [], count: classCount)
        for (index, leaf) in leaves.enumerated() where leaf.klass != impossible {
            firstRow[leaf.klass] = min(firstRow[leaf.klass], leaf.cube.firstRow(strides: strides))
            members[leaf.klass].append(index)
        }
        let order = (0..<classCount).filter { !members[$0].isEmpty }.sorted { firstRow[$0] < firstRow[$1] }
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
            let inClass = members[klass]
            if let known = memo[inClass] {
                covers.append((klass, known))
                continue
            }
            let cubes = inClass.map { leaves[$0].cube }
            let rows = CubeRows(cubes, width: radices.count)
            let viaConsensus = PrimeCubes.viaConsensus(radices, arbitrarySets)
            let merged = viaConsensus ? PrimeCubes.mergeAdjacent(rows, radices: radices) : rows
            let chosen: [FactCube]
            if viaConsensus,
                let disjoint = PrimeCubes.primesOfOneCube(
                    merged: merged, radices: radices, arbitrarySets: arbitrarySets)
            {
                // Pairwise disjoint primes: each is the only one covering its combinations, so every cover takes
                // them all.
                chosen = disjoint
            } else {
                let primes = PrimeCubes.primes(
                    of: cubes, merged: merged, others: leaves.filter { $0.klass != klass }.map(\.cube),
                    radices: radices, arbitrarySets: arbitrarySets)
                chosen =
                    exact
                    ? minimumCover(cubes, primes: primes, radices: radices, strides: strides)
                    // The merged cubes are the same union as the leaves, in fewer pieces.
                    : greedyCover(merged, primes: primes, radices: radices)
            }
            let sorted = chosen.sorted { $0.firstRow(strides: strides) < $1.firstRow(strides: strides) }
            // A cover cut short by the budget is not one to reuse.
            if WorkBudget.current?.stopReason == nil { memo[inClass] = sorted }
            covers.append((klass, sorted))
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
        radices.indices.count { cube.masks[$0] != UInt32((1 << radices[$0]) - 1) }
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
        greedyCover(CubeRows(region, width: radices.count), primes: primes, radices: radices)
    }

    static func greedyCover(_ region: CubeRows, primes: [FactCube], radices: [Int]) -> [FactCube] {
        let ordered = ordered(primes, radices: radices)
        let candidates = CubeRows(ordered, width: region.width)
        var uncovered = region
        var chosen: [FactCube] = []
        var inside = [UInt32](repeating: 0, count: region.width)
        while !uncovered.isEmpty {
            guard PrimeCubes.charge(ordered.count * uncovered.count) else { return chosen + uncovered.cubes }
            var best: (index: Int, covered: Int)?
            for prime in 0..<candidates.count {
                var covered = 0
                for piece in 0..<uncovered.count { covered += uncovered.overlap(piece, prime, of: candidates) }
                if covered > (best?.covered ?? 0) { best = (prime, covered) }
            }
            guard let best else { break }
            chosen.append(ordered[best.index])
            // What is left: each piece without the prime, as disjoint cubes.
            var left = CubeRows(width: region.width)
            for piece in 0..<uncovered.count {
                guard uncovered.intersects(piece, best.index, of: candidates) else {
                    left.append(piece, of: uncovered)
                    continue
                }
                for fact in 0..<region.width { inside[fact] = uncovered[piece, fact] }
                for fact in 0..<region.width {
                    let outside = inside[fact] & ~candidates[best.index, fact]
                    if outside != 0 {
                        let kept = inside[fact]
                        inside[fact] = outside
                        left.append(inside)
                        inside[fact] = kept
                    }
                    inside[fact] &= candidates[best.index, fact]
                }
            }
            uncovered = left
        }
        return chosen
    }
}
