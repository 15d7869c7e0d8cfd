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
    static func primes(of cubes: [FactCube], others: [FactCube], radices: [Int], arbitrarySets: Bool) -> [FactCube] {
        if arbitrarySets || radices.allSatisfy({ $0 <= 6 }),
            let general = consensusClosure(mergeAdjacent(cubes), radices: radices)
        {
            return arbitrarySets ? general : singleValued(general, radices: radices)
        }
        return absorb(
            cubes.map { expand($0, avoiding: others, radices: radices, arbitrarySets: arbitrarySets) })
    }

    /// The primes when the class is one cube once its leaves are merged (most classes of a what-if are): the cube
    /// itself, or with one value or all per fact the maximal such cubes inside it, which are pairwise disjoint. Nil
    /// when the leaves make more than one cube, or when `primes(of:)` would grow them by expansion instead.
    static func primesOfOneCube(_ cubes: [FactCube], radices: [Int], arbitrarySets: Bool) -> [FactCube]? {
        guard arbitrarySets || radices.allSatisfy({ $0 <= 6 }) else { return nil }
        let merged = cubes.count == 1 ? cubes : mergeAdjacent(cubes)
        guard merged.count == 1 else { return nil }
        return arbitrarySets ? merged : singleValued(merged, radices: radices)
    }

    /// The same union in fewer cubes: cubes that differ in one fact only become one (that fact's values joined),
    /// fact after fact until none do. A split of an eager provider gives one leaf per combination; this brings them
    /// back to a few cubes before the consensus, in passes that group cubes by their other facts.
    ///
    /// `cubes` are disjoint (leaves of a split), and stay so: a merged cube is exactly the union of its group, and
    /// groups are disjoint. So none ever contains another and no pass needs `absorb`, which is quadratic.
    static func mergeAdjacent(_ cubes: [FactCube]) -> [FactCube] {
        var set = cubes
        guard set.count > 1, let width = set.first?.masks.count else { return set }
        var merged = true
        while merged {
            merged = false
            for fact in 0..<width {
                guard charge(set.count) else { return set }
                // Groups by the other facts' masks: a hash of them finds the group's first cube, equal hashes
                // chained, so no key array is made per cube.
                var groups: [UInt64: Int] = [:]
                var sameHash: [Int] = []
                var next: [FactCube] = []
                // A few cubes (most classes) are compared directly; more are grouped through a hash.
                let hashed = set.count > 8
                for cube in set {
                    let key = hashed ? hash(cube.masks, without: fact) : 0
                    var index = -1
                    if hashed {
                        index = groups[key] ?? -1
                        while index >= 0, !equal(next[index].masks, cube.masks, without: fact) {
                            index = sameHash[index]
                        }
                    } else {
                        index = next.firstIndex { equal($0.masks, cube.masks, without: fact) } ?? -1
                    }
                    if index >= 0 {
                        if next[index].masks[fact] & cube.masks[fact] == 0 { merged = true }
                        next[index].masks[fact] |= cube.masks[fact]
                    } else {
                        if hashed {
                            sameHash.append(groups[key] ?? -1)
                            groups[key] = next.count
                        }
                        next.append(cube)
                    }
                }
                set = next
            }
        }
        return set
    }

    /// A hash of `masks` leaving out `fact` (FNV-1a over the masks).
    static func hash(_ masks: [UInt32], without fact: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in masks.indices where index != fact {
            hash = (hash ^ UInt64(masks[index])) &* 0x100_0000_01b3
        }
        return hash
    }

    /// Whether `a` and `b` are equal but for `fact`.
    static func equal(_ a: [UInt32], _ b: [UInt32], without fact: Int) -> Bool {
        for index in a.indices where index != fact && a[index] != b[index] { return false }
        return true
    }

    /// Every prime of the union of `cubes`, by iterated consensus with absorption; nil when the closure grows past
    /// `maxClosure` cubes.
    static func consensusClosure(_ cubes: [FactCube], radices: [Int]) -> [FactCube]? {
        var set = absorb(cubes)
        var changed = true
        while changed {
            changed = false
            var added: [FactCube] = []
            for i in set.indices {
                guard charge((set.count - i) * radices.count * (set.count + added.count)) else { return nil }
                for j in set.indices where j > i {
                    for fact in radices.indices {
                        // Where one cube's values of `fact` hold the other's, the consensus lies inside the larger
                        // of the two, which `set` already holds.
                        let (x, y) = (set[i].masks[fact], set[j].masks[fact])
                        if x & y == x || x & y == y { continue }
                        guard let consensus = consensus(set[i], set[j], on: fact) else { continue }
                        if set.contains(where: { contains($0, consensus) }) { continue }
                        if added.contains(where: { contains($0, consensus) }) { continue }
                        added.removeAll { contains(consensus, $0) }
                        added.append(consensus)
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

    /// The consensus of `a` and `b` on `fact`: nil when it is empty (the two do not meet in the other facts).
    static func consensus(_ a: FactCube, _ b: FactCube, on fact: Int) -> FactCube? {
        // Most pairs do not meet: find out before making a cube.
        for index in a.masks.indices where index != fact && a.masks[index] & b.masks[index] == 0 { return nil }
        var masks = a.masks
        for index in masks.indices {
            if index == fact {
                masks[index] = a.masks[index] | b.masks[index]
            } else {
                masks[index] = a.masks[index] & b.masks[index]
                if masks[index] == 0 { return nil }
            }
        }
        return FactCube(masks: masks)
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
        var kept: [FactCube] = []
        for (index, cube) in cubes.enumerated() {
            guard charge(kept.count) else { return kept + cubes[index...] }
            if kept.contains(where: { contains($0, cube) }) { continue }
            kept.removeAll { contains(cube, $0) }
            kept.append(cube)
        }
        return kept
    }

    /// The maximal cubes naming one value or every value per fact inside `primes` (general primes of a class).
    static func singleValued(_ primes: [FactCube], radices: [Int]) -> [FactCube] {
        var result: [FactCube] = []
        for prime in primes {
            var choices: [[UInt32]] = []
            for (fact, mask) in prime.masks.enumerated() {
                let full = UInt32((1 << radices[fact]) - 1)
                if mask == full {
                    choices.append([full])
                } else {
                    choices.append((0..<radices[fact]).filter { mask & (1 << UInt32($0)) != 0 }.map { 1 << UInt32($0) })
                }
            }
            var masks = [UInt32](repeating: 0, count: radices.count)
            func visit(_ fact: Int) {
                if fact == radices.count {
                    result.append(FactCube(masks: masks))
                    return
                }
                for choice in choices[fact] {
                    masks[fact] = choice
                    visit(fact + 1)
                }
            }
            visit(0)
        }
        return absorb(result)
    }
}
