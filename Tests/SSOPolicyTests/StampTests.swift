import Foundation
import SSOPolicy
import Testing

/// Time arithmetic cannot trap: moments the facts gave are no numbers, elapsed time is compared exactly, and sums,
/// differences and products saturate.
struct StampTests {
    static let extremes = [Int.min, Int.min + 1, Int.min + 2, -1, 0, 1, 8 * 3600, Int.max - 1, Int.max]

    @Test func momentsTheFactsGaveAnswerFromTheFactsWhateverTheTime() {
        for time in Self.extremes {
            #expect(!Stamp.givenJustNow.hasPassed(1, at: time))
            #expect(!Stamp.givenJustNow.hasPassed(Int.max, at: time))
            #expect(Stamp.givenJustNow.hasPassed(0, at: time))
            #expect(Stamp.givenPassed.hasPassed(Int.max, at: time))
            #expect(Stamp.givenJustNow.time == nil && Stamp.givenPassed.time == nil)
        }
    }

    @Test func theFirstEventFixesAGivenMomentAndLeavesATime() {
        #expect(Stamp.givenJustNow.fixed(at: 100, interval: 60) == .at(100))
        #expect(Stamp.givenPassed.fixed(at: 100, interval: 60) == .at(40))
        #expect(Stamp.at(7).fixed(at: 100, interval: 60) == .at(7))
        // An interval larger than the clock saturates and still reads as passed.
        let fixed = Stamp.givenPassed.fixed(at: 0, interval: Int.max)
        #expect(fixed.time != nil)
        #expect(fixed.hasPassed(Int.max - 2, at: 0))
        #expect(Stamp.givenPassed.fixed(at: Int.min, interval: Int.max).time != nil)
    }

    @Test func elapsedTimeIsComparedExactlyAtEveryExtreme() {
        for start in Self.extremes {
            for time in Self.extremes {
                for interval in [Int.min, -1, 0, 1, 3600, Int.max] {
                    let stamp = Stamp.at(start)
                    // Exact in decimal (38 digits).
                    let elapsed = Decimal(time) - Decimal(stamp.time!)
                    #expect(
                        stamp.hasPassed(interval, at: time) == (elapsed >= Decimal(interval)),
                        "\(start) \(time) \(interval)")
                }
            }
        }
    }

    @Test func sumsDifferencesAndProductsClampToTheRange() {
        #expect(Saturating.sum(Int.max, 1) == Int.max)
        #expect(Saturating.sum(Int.min, -1) == Int.min)
        #expect(Saturating.sum(2, 3) == 5)
        #expect(Saturating.difference(Int.min, 1) == Int.min)
        #expect(Saturating.difference(0, Int.min) == Int.max)
        #expect(Saturating.difference(5, 3) == 2)
        #expect(Saturating.product(Int.max, 2) == Int.max)
        #expect(Saturating.product(Int.min, 2) == Int.min)
        #expect(Saturating.product(-2, Int.max) == Int.min)
        #expect(Saturating.product(Int.min, -1) == Int.max)
        #expect(Saturating.product(86_400, 3) == 259_200)
    }
}
