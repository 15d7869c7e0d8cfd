import SSOPolicyTestSupport
import Testing

@testable import SSOPolicy

/// The residual of `evaluate`: one outcome per distinct answer, each with a minimum cover of prime conditions.
struct MinimalCoverTests {
    /// Classes of a 3 × 2 space (first fact most significant).
    static func covers(_ classes: [Int], _ radices: [Int]) -> [(Int, [[UInt32]])] {
        MinimalCover.covers(classes: classes, radices: radices).map { ($0.klass, $0.cubes.map(\.masks)) }
    }

    @Test func aFactThatNeverMattersIsDropped() {
        // Fact 0 (3 values) decides; fact 1 (2 values) never does.
        let result = Self.covers([0, 0, 1, 1, 0, 0], [3, 2])
        #expect(result.count == 2)
        #expect(result[0].0 == 0 && result[0].1 == [[0b101, 0b11]])
        #expect(result[1].0 == 1 && result[1].1 == [[0b010, 0b11]])
    }

    @Test func oneClassIsAlways() {
        let result = Self.covers([4, 4, 4, 4], [2, 2])
        #expect(result.count == 1)
        #expect(result[0].1 == [[0b11, 0b11]])
    }

    @Test func anXorNeedsTwoConditionsPerClassAndNoFewer() {
        let result = Self.covers([0, 1, 1, 0], [2, 2])
        #expect(result.map(\.0) == [0, 1])
        #expect(result[0].1 == [[0b01, 0b01], [0b10, 0b10]])
        #expect(result[1].1 == [[0b01, 0b10], [0b10, 0b01]])
    }

    @Test func aClassOfOneMergedCubeIsCoveredByItsPrimesAsTheSearchWould() {
        // Random partitions of small spaces: every class whose leaves merge into one cube gets the cover the prime
        // search and minimum cover give it (the same cubes, in the same order).
        var random = SplitMix(state: 7)
        var compared = 0
        for _ in 0..<200 {
            let radices = (0..<Int(random.next() % 3 + 1)).map { _ in Int(random.next() % 3 + 2) }
            let count = radices.reduce(1, *)
            let classes = (0..<count).map { _ in Int(random.next() % 3) }
            let leaves = DecisionTree.leaves(classes: classes, radices: radices).map {
                (cube: FactCube(masks: $0.masks), klass: $0.klass)
            }
            let arbitrary = MinimalCover.allowsValueSets(radices)
            let strides = MinimalCover.strides(radices)
            for (klass, cover) in MinimalCover.covers(leaves: leaves, radices: radices) {
                let cubes = leaves.filter { $0.klass == klass }.map(\.cube)
                guard let fast = PrimeCubes.primesOfOneCube(cubes, radices: radices, arbitrarySets: arbitrary)
                else { continue }
                let others = leaves.filter { $0.klass != klass }.map(\.cube)
                let primes = PrimeCubes.primes(of: cubes, others: others, radices: radices, arbitrarySets: arbitrary)
                let searched = MinimalCover.minimumCover(cubes, primes: primes, radices: radices, strides: strides)
                let byRow = { (a: FactCube, b: FactCube) in a.firstRow(strides: strides) < b.firstRow(strides: strides)
                }
                #expect(fast.sorted(by: byRow) == searched.sorted(by: byRow))
                #expect(cover == searched.sorted(by: byRow))
                compared += 1
            }
        }
        #expect(compared > 100)
    }

    @Test func combinationsThatCannotHappenAreListedUnderNoClass() {
        // A 2 × 2 space: (0,0) gives 0, (0,1) and (1,1) give 1, (1,0) cannot happen: it is in no class's cover, and
        // not listed itself.
        let leaves: [MinimalCover.Leaf] = [
            (FactCube(masks: [0b01, 0b01]), 0), (FactCube(masks: [0b01, 0b10]), 1),
            (FactCube(masks: [0b10, 0b01]), MinimalCover.impossible), (FactCube(masks: [0b10, 0b10]), 1),
        ]
        let covers = MinimalCover.covers(leaves: leaves, radices: [2, 2])
        #expect(covers.map(\.klass) == [0, 1])
        #expect(covers[0].cubes.map(\.masks) == [[0b01, 0b01]])
        #expect(covers[1].cubes.map(\.masks) == [[0b11, 0b10]])
    }

    @Test func theCoverIsMinimumNotGreedy() {
        // A 3 × 3 grid, all class 1 but the centre: with value sets, "the first fact is not the middle value" or
        // "the second is not" — two conditions, where single values would need four.
        var classes = [Int](repeating: 1, count: 9)
        classes[4] = 0
        let result = MinimalCover.covers(classes: classes, radices: [3, 3])
        let ring = result.first { $0.klass == 1 }!.cubes
        #expect(ring.count == 2)
        for row in 0..<9 {
            let values = [row / 3, row % 3]
            #expect(ring.contains { $0.contains(values) } == (row != 4))
        }
    }

    @Test func theAnswerIsDeterministic() {
        let classes = (0..<54).map { ($0 * 7 + $0 / 5) % 4 }
        let first = Self.covers(classes, [3, 3, 2, 3]).map { "\($0)" }
        let second = Self.covers(classes, [3, 3, 2, 3]).map { "\($0)" }
        #expect(first == second)
        #expect(first.count == 4)
    }

    @Test func classesWithTheSameLeavesShareTheirCoverAndNoOthers() {
        // Two partitions of one split (answers and a finer one, as rule paths are): with one memo, every class's
        // cover is the one it gets alone, whichever partition asked first.
        var random = SplitMix(state: 11)
        for _ in 0..<100 {
            let radices = (0..<Int(random.next() % 3 + 2)).map { _ in Int(random.next() % 3 + 2) }
            let count = radices.reduce(1, *)
            let coarse = (0..<count).map { _ in Int(random.next() % 3) }
            let fine = coarse.map { $0 * 2 + Int(random.next() % 4 == 0 ? 1 : 0) }
            let leaves = DecisionTree.leaves(classes: fine, radices: radices).map {
                (cube: FactCube(masks: $0.masks), klass: $0.klass)
            }
            let coarseLeaves = leaves.map { (cube: $0.cube, klass: $0.klass / 2) }
            var memo: MinimalCover.Memo = [:]
            let shared =
                MinimalCover.covers(leaves: leaves, radices: radices, memo: &memo).map { "\($0)" }
                + MinimalCover.covers(leaves: coarseLeaves, radices: radices, memo: &memo).map { "\($0)" }
            let alone =
                MinimalCover.covers(leaves: leaves, radices: radices).map { "\($0)" }
                + MinimalCover.covers(leaves: coarseLeaves, radices: radices).map { "\($0)" }
            #expect(shared == alone, "radices \(radices) classes \(fine)")
        }
    }

    @Test func theGreedyCoverDependsOnTheRegionNotHowItIsCut() {
        // The greedy cover of a class is the same from its leaves as from the leaves merged into fewer cubes.
        var random = SplitMix(state: 5)
        var compared = 0
        for _ in 0..<100 {
            let radices = (0..<Int(random.next() % 3 + 2)).map { _ in Int(random.next() % 3 + 2) }
            let count = radices.reduce(1, *)
            let classes = (0..<count).map { _ in Int(random.next() % 2) }
            let rows = (0..<count).map { row in
                FactCube(
                    masks: radices.indices.map { fact in
                        UInt32(1) << UInt32(row / MinimalCover.strides(radices)[fact] % radices[fact])
                    })
            }
            let region = rows.indices.filter { classes[$0] == 1 }.map { rows[$0] }
            guard !region.isEmpty else { continue }
            let primes = PrimeCubes.primes(
                of: region, others: rows.indices.filter { classes[$0] == 0 }.map { rows[$0] }, radices: radices,
                arbitrarySets: false)
            let merged = PrimeCubes.mergeAdjacent(CubeRows(region, width: radices.count), radices: radices)
            #expect(merged.count <= region.count)
            #expect(
                MinimalCover.greedyCover(region, primes: primes, radices: radices)
                    == MinimalCover.greedyCover(merged, primes: primes, radices: radices))
            compared += 1
        }
        #expect(compared > 90)
    }
}
