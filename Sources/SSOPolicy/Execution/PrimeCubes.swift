/// The prime cubes of one class of a function given as a partition into uniform cubes (the leaves of a what-if
/// split), computed on the cubes themselves: no walk over the product of the facts' values.
///
/// A cube allows, per fact, a set of values (a bit mask). A class's primes are the cubes that lie inside the union
/// of its leaves and cannot be enlarged in any fact without leaving it: the candidates of `MinimalCover`'s minimum
/// cover. With value sets (`arbitrarySets`) they come from iterated consensus (multi-valued Quine: the consensus of
/// two cubes on a fact takes the union of their values for that fact and the intersection for the others, and lies
/// in their union); with a single value or every value per fact, they are the maximal such cubes inside those primes.
enum PrimeCubes {
    /// Cubes the consensus closure may hold before the primes are found by expansion instead.
    static let maxClosure = 2_000

    /// Charges the bound work budget for `comparisons` comparisons of cubes (a unit per 64, about the time of one
    /// attempt) and says whether to go on. When it says no, the caller returns what it has so far, still a valid
    /// description of the same union (larger or coarser), and the evaluator, seeing the budget stopped, discards the
    /// answer: so the reduction of a what-if is bounded like its split.
    static func charge(_ comparisons: Int) -> Bool { WorkBudget.spend(comparisons >> 6) }

    /// The primes of the union of `cubes` (all inside one class; `others` are the leaves of every other class), in
    /// no particular order. All of them while the consensus closure stays small; otherwise the prime each cube
    /// grows into (enough for a cover, not always the fewest).
    static func primes(
        of cubes: [FactCube], others: @autoclosure () -> [FactCube], radices: [Int], arbitrarySets: Bool
    ) -> [FactCube] {
        let rows = CubeRows(cubes, width: radices.count)
        let merged = viaConsensus(radices, arbitrarySets) ? mergeAdjacent(rows, radices: radices) : rows
        return primes(of: cubes, merged: merged, others: others(), radices: radices, arbitrarySets: arbitrarySets)
    }

    /// Whether the primes come from the consensus closure (else from expansion).
    static func viaConsensus(_ radices: [Int], _ arbitrarySets: Bool) -> Bool {
        arbitrarySets || radices.allSatisfy { $0 <= 6 }
    }

    /// `primes(of:)`, given the cubes merged (`mergeAdjacent`) when `viaConsensus`.
    static func primes(
        of cubes: [FactCube], merged: CubeRows, others: @autoclosure () -> [FactCube], radices: [Int],
        arbitrarySets: Bool
    ) -> [FactCube] {
        if viaConsensus(radices, arbitrarySets), let general = consensusClosure(merged) {
            return (arbitrarySets ? general : singleValued(general, radices: radices)).cubes
        }
        let others = others()
        return absorb(
            cubes.map { expand($0, avoiding: others, radices: radices, arbitrarySets: arbitrarySets) })
    }

    /// The primes when the class is one cube once its leaves are merged (most classes of a what-if are): the cube
    /// itself, or with one value or all per fact the maximal such cubes inside it, which are pairwise disjoint. Nil
    /// when the leaves make more than one cube, or when `primes(of:)` would grow them by expansion instead.
    static func primesOfOneCube(_ cubes: [FactCube], radices: [Int], arbitrarySets: Bool) -> [FactCube]? {
        guard viaConsensus(radices, arbitrarySets) else { return nil }
        return primesOfOneCube(
            merged: mergeAdjacent(CubeRows(cubes, width: radices.count), radices: radices), radices: radices,
            arbitrarySets: arbitrarySets)
    }

    /// `primesOfOneCube`, given the cubes merged.
    static func primesOfOneCube(merged: CubeRows, radices: [Int], arbitrarySets: Bool) -> [FactCube]? {
        guard merged.count == 1 else { return nil }
        return (arbitrarySets ? merged : singleValued(merged, radices: radices)).cubes
    }

    /// The same union in fewer cubes: cubes that differ in one fact only become one (that fact's values joined),
    /// fact after fact until none do. A split of an eager provider gives one leaf per combination; this brings them
    /// back to a few cubes before the consensus, in passes that group cubes by their other facts.
    ///
    /// `cubes` are disjoint (leaves of a split), and stay so: a merged cube is exactly the union of its group, and
    /// groups are disjoint. So none ever contains another and no pass needs `absorb`, which is quadratic.
    static func mergeAdjacent(_ cubes: CubeRows, radices: [Int]) -> CubeRows {
        var set = cubes
        let width = set.width
        guard set.count > 1, width > 0 else { return set }
        // A few cubes (most classes) are compared directly; more are grouped through a hash of the other facts'
        // masks, in an open-addressing table whose slots hold the row a group went to, or -1.
        let hashed = set.count > 8
        var capacity = 16
        while hashed, capacity < 2 * set.count { capacity <<= 1 }
        var slots = [Int32](repeating: -1, count: hashed ? capacity : 0)
        var merged = true
        while merged {
            merged = false
            for fact in 0..<width {
                guard charge(set.count) else { return set }
                if hashed { slots.withUnsafeMutableBufferPointer { $0.update(repeating: -1) } }
                let full = UInt32((1 << radices[fact]) - 1)
                // The groups are kept in place, in rows 0..<kept: a row joins an earlier group or becomes one.
                var kept = 0
                for row in 0..<set.count {
                    var group = -1
                    // A cube with every value of the fact would overlap any cube it could merge with: the cubes are
                    // disjoint, so it merges with none in this pass.
                    if set[row, fact] != full {
                        if hashed {
                            var slot = Int(truncatingIfNeeded: set.hash(row, without: fact)) & (capacity - 1)
                            while slots[slot] >= 0 {
                                if set.equal(Int(slots[slot]), row, of: set, without: fact) {
                                    group = Int(slots[slot])
                                    break
                                }
                                slot = (slot + 1) & (capacity - 1)
                            }
                            if group < 0 { slots[slot] = Int32(kept) }
                        } else {
                            group = (0..<kept).first { set.equal($0, row, of: set, without: fact) } ?? -1
                        }
                    }
                    if group >= 0 {
                        if set[group, fact] & set[row, fact] == 0 { merged = true }
                        set[group, fact] |= set[row, fact]
                    } else {
                        set.move(row, to: kept)
                        kept += 1
                    }
                }
                set.removeLast(set.count - kept)
            }
        }
        return set
    }

    /// Every prime of the union of `cubes`, by iterated consensus with absorption; nil when the closure grows past
    /// `maxClosure` cubes.
    static func consensusClosure(_ cubes: CubeRows) -> CubeRows? {
        let width = cubes.width
        var set = absorb(cubes)
        // The consensus being tried, as a one-row list.
        var candidate = CubeRows(width: width)
        candidate.append([UInt32](repeating: 0, count: width))
        var changed = true
        while changed {
            changed = false
            var added = CubeRows(width: width)
            for i in 0..<set.count {
                guard charge((set.count - i) * width * (set.count + added.count)) else { return nil }
                for j in stride(from: i + 1, to: set.count, by: 1) {
                    // A consensus on a fact needs the two to meet in every other fact: with two facts where they do
                    // not meet there is none, with one only on that fact.
                    var apart = -1
                    var apartCount = 0
                    for fact in 0..<width where set[i, fact] & set[j, fact] == 0 {
                        apart = fact
                        apartCount += 1
                        if apartCount > 1 { break }
                    }
                    guard apartCount <= 1 else { continue }
                    for fact in (apartCount == 1 ? apart..<apart + 1 : 0..<width) {
                        // Where one cube's values of `fact` hold the other's, the consensus lies inside the larger
                        // of the two, which `set` already holds.
                        let (x, y) = (set[i, fact], set[j, fact])
                        if x & y == x || x & y == y { continue }
                        // The consensus: the union on `fact`, the intersection elsewhere.
                        for other in 0..<width {
                            candidate[0, other] = other == fact ? x | y : set[i, other] & set[j, other]
                        }
                        if set.anyContains(0, of: candidate) { continue }
                        if added.anyContains(0, of: candidate) { continue }
                        added.removeRows(containedIn: 0, of: candidate)
                        added.append(0, of: candidate)
                        if set.count + added.count > maxClosure { return nil }
                    }
                }
            }
            if !added.isEmpty {
                set = absorb(set + added)
                changed = true
            }
        }
        return set
    }

    /// `cube` grown fact by fact, in order, while it meets none of `others` (the leaves of the other classes, so it
    /// stays inside its class): by one value at a time, or by freeing a fact when conditions name one value or all.
    static func expand(_ cube: FactCube, avoiding others: [FactCube], radices: [Int], arbitrarySets: Bool) -> FactCube {
        var grown = cube
        func fits(_ candidate: FactCube) -> Bool {
            charge(others.count) && !others.contains { intersects($0, candidate) }
        }
        for fact in radices.indices {
            let full = UInt32((1 << radices[fact]) - 1)
            guard grown.masks[fact] != full else { continue }
            if arbitrarySets {
                for value in 0..<radices[fact] where grown.masks[fact] & (1 << UInt32(value)) == 0 {
                    var candidate = grown
                    candidate.masks[fact] |= 1 << UInt32(value)
                    if fits(candidate) { grown = candidate }
                }
            } else {
                var candidate = grown
                candidate.masks[fact] = full
                if fits(candidate) { grown = candidate }
            }
        }
        return grown
    }

    /// Whether `outer` contains `inner`.
    static func contains(_ outer: FactCube, _ inner: FactCube) -> Bool {
        zip(outer.masks, inner.masks).allSatisfy { $0 & $1 == $1 }
    }

    /// Whether the two cubes share a combination.
    static func intersects(_ a: FactCube, _ b: FactCube) -> Bool {
        zip(a.masks, b.masks).allSatisfy { $0 & $1 != 0 }
    }

    /// The cubes without duplicates and without any contained in another.
    static func absorb(_ cubes: [FactCube]) -> [FactCube] {
        guard let width = cubes.first?.masks.count else { return [] }
        return absorb(CubeRows(cubes, width: width)).cubes
    }

    static func absorb(_ cubes: CubeRows) -> CubeRows {
        var kept = CubeRows(width: cubes.width)
        for row in 0..<cubes.count {
            guard charge(kept.count) else {
                for rest in row..<cubes.count { kept.append(rest, of: cubes) }
                return kept
            }
            if kept.anyContains(row, of: cubes) { continue }
            kept.removeRows(containedIn: row, of: cubes)
            kept.append(row, of: cubes)
        }
        return kept
    }

    /// The maximal cubes naming one value or every value per fact inside `primes` (general primes of a class).
    static func singleValued(_ primes: CubeRows, radices: [Int]) -> CubeRows {
        var result = CubeRows(width: primes.width)
        var masks = [UInt32](repeating: 0, count: radices.count)
        for prime in 0..<primes.count {
            func visit(_ fact: Int) {
                if fact == radices.count {
                    result.append(masks)
                    return
                }
                let mask = primes[prime, fact]
                if mask == UInt32((1 << radices[fact]) - 1) {
                    masks[fact] = mask
                    visit(fact + 1)
                    return
                }
                for value in 0..<radices[fact] where mask & (1 << UInt32(value)) != 0 {
                    masks[fact] = 1 << UInt32(value)
                    visit(fact + 1)
                }
            }
            visit(0)
        }
        return absorb(result)
    }
}
