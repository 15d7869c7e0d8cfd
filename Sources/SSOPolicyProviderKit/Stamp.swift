/// Arithmetic on times and counts that cannot trap: a result beyond `Int`'s range is clamped to it.
///
/// Times are seconds on a scenario's clock and stay far inside `Int` (durations are at most 10¹⁰ s, a scenario at
/// most 10 000 steps, `verify` at most 64), but a provider's arithmetic on them must not depend on that: differences
/// of times go through `Stamp`, and other sums and products of times, durations and counts through these.
public enum Saturating {
    /// `a + b`, clamped.
    @inlinable
    public static func sum(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : value
    }

    /// `a - b`, clamped.
    @inlinable
    public static func difference(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? (b < 0 ? .max : .min) : value
    }

    /// `a * b`, clamped.
    @inlinable
    public static func product(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? ((a < 0) == (b < 0) ? .max : .min) : value
    }
}

/// A moment a provider's state remembers (a session's start, a sign-in, a check-out): a time on the scenario's
/// clock in seconds, or, until the first event fixes it, a moment the facts gave, "just now" or "long enough ago
/// that the interval has passed".
///
/// A moment the facts gave is not a number: it takes part in no arithmetic, and `hasPassed` answers for it from what
/// the facts said. That holds too for the placeholder a what-if reads while the fact is still unknown (the attempt
/// is then run again with the fact known), so an unknown time never reaches a subtraction, and a difference of
/// times is compared without overflow. The stamp is one word, hashed as one `Int`.
public struct Stamp: Hashable, Sendable, CustomStringConvertible {
    /// A time, or one of the two markers below (never a time: times are bounded far above `Int.min`).
    @usableFromInline let raw: Int

    @inlinable init(raw: Int) { self.raw = raw }

    /// Given by the facts: the first event fixes it as that event's time.
    public static let givenJustNow = Stamp(raw: .min)
    /// Given by the facts: the first event fixes it as the interval before that event's time.
    public static let givenPassed = Stamp(raw: .min + 1)

    /// The moment at `time` (seconds on the scenario's clock).
    @inlinable
    public static func at(_ time: Int) -> Stamp { Stamp(raw: max(time, .min + 2)) }

    /// The time, or nil for a moment the facts gave that no event has fixed yet.
    @inlinable public var time: Int? { raw > Int.min + 1 ? raw : nil }

    /// At an event at `time`: a moment the facts gave becomes a time (`interval` seconds before, for one whose
    /// interval has passed); a time stays as it is.
    @inlinable
    public func fixed(at time: Int, interval: Int) -> Stamp {
        switch raw {
        case Self.givenJustNow.raw: return .at(time)
        case Self.givenPassed.raw: return .at(Saturating.difference(time, interval))
        default: return self
        }
    }

    /// Whether at least `interval` seconds lie between this moment and `time`, exactly, whatever the numbers. "Just
    /// now" has passed no positive interval; "passed" has passed any.
    @inlinable
    public func hasPassed(_ interval: Int, at time: Int) -> Bool {
        switch raw {
        case Self.givenJustNow.raw: return interval <= 0
        case Self.givenPassed.raw: return true
        default:
            let (elapsed, overflow) = time.subtractingReportingOverflow(raw)
            // Past the range: above any interval when the time is the larger, below any when it is the smaller.
            return overflow ? time >= 0 : elapsed >= interval
        }
    }

    public var description: String {
        switch raw {
        case Self.givenJustNow.raw: return "given just now"
        case Self.givenPassed.raw: return "given passed"
        default: return "at \(raw)"
        }
    }
}
