import SSOPolicyTestSupport
import Testing

@testable import SSOPolicy

/// Primes computed on the leaves' cubes are exactly the primes found by walking every combination.
struct PrimeCubesTests {
    /// The primes of class `klass` by brute force over the product (every candidate cube, its rows walked).
    static func bruteForce(classes: [Int], radices: [Int], klass: Int, arbitrarySets: Bool) -> Set<FactCube> {
        let strides = MinimalCover.strides(radices)
        let masks: [[UInt32]] =
            arbitrarySets
            ? radices.map { radix in (1..<(UInt32(1) << radix)).map { $0 } }
            : radices.map { radix in (0..<radix).map { UInt32(1) << $0 } + [UInt32((1 << radix) - 1)] }
        var inside: Set<FactCube> = []
        var current = [UInt32](repeating: 0, count: radices.count)
        func visit(_ fact: Int) {
            if fact == radices.count {
                if Self.uniformClass(current, radices: radices, strides: strides, classes: classes) == klass {
                    inside.insert(FactCube(masks: current))
                }
                return
            }
            for mask in masks[fact] {
                current[fact] = mask
                visit(fact + 1)
            }
        }
        visit(0)
        return inside.filter { cube in
            !Self.enlargements(cube, radices: radices, arbitrarySets: arbitrarySets).contains {
                inside.contains($0)
            }
        }
    }

    /// The class every combination of the cube `masks` gives, or nil when they differ.
    static func uniformClass(_ masks: [UInt32], radices: [Int], strides: [Int], classes: [Int]) -> Int? {
        var klass: Int?
        func walk(_ fact: Int, _ offset: Int) -> Bool {
            if fact == radices.count {
                if let known = klass { return known == classes[offset] }
                klass = classes[offset]
                return true
            }
            for value in 0..<radices[fact] where masks[fact] & (1 << UInt32(value)) != 0 {
                if !walk(fact + 1, offset + value * strides[fact]) { return false }
            }
            return true
        }
        return walk(0, 0) ? klass : nil
    }

    /// The cubes one step larger than `cube`: one more value of a fact, or a named fact freed.
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

    @Test(arguments: 0..<60)
    func primesOfLeavesAreThePrimesOfTheProduct(seed: Int) {
        var random = SplitMix(state: UInt64(seed))
        let radices = (0..<(2 + seed % 3)).map { _ in 2 + Int(random.next() % 3) }
        let count = radices.reduce(1, *)
        let classCount = 2 + Int(random.next() % 3)
        let classes = (0..<count).map { _ in Int(random.next() % UInt64(classCount)) }
        let arbitrarySets = seed % 2 == 0
        // Leaves: the decision tree's (cubes of one class each), as a what-if split gives.
        let leaves = DecisionTree.leaves(classes: classes, radices: radices)
        for klass in Set(classes) {
            let cubes = leaves.filter { $0.klass == klass }.map { FactCube(masks: $0.masks) }
            let others = leaves.filter { $0.klass != klass }.map { FactCube(masks: $0.masks) }
            let primes = Set(
                PrimeCubes.primes(of: cubes, others: others, radices: radices, arbitrarySets: arbitrarySets))
            #expect(
                primes
                    == Self.bruteForce(classes: classes, radices: radices, klass: klass, arbitrarySets: arbitrarySets),
                "radices \(radices) classes \(classes) class \(klass)")
        }
    }
}
