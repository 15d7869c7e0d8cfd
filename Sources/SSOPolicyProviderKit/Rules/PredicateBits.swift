/// Predicates worked out together, as the bits of one word: all of a provider's predicates when they are cheap to
/// compute together (an enum of at most 64 cases), or those that read only the policy and the app, worked out once
/// when the policy is compiled and read from there.
///
/// The rule table then keeps each rule as two masks over those bits (the predicates that must hold, those that must
/// fail) plus its other conditions. With the trace off a decision reads the bits once and tests each rule with two
/// `and`s before interpreting whatever conditions remain; with the trace on every condition is interpreted in order
/// so the trace can name the first that failed. What a predicate means is written once: `holds(in:)` reads its bit
/// for the predicates in `inBits` (the default implementation, when every predicate is), so the trace's words and
/// the fast path cannot disagree.
///
/// ```swift
/// enum BadgePredicate: UInt8, PredicateBits {
///     case tapLive, badgeKnown
///     static func bits(in context: BadgeContext) -> UInt64 {
///         var values = PredicateValues<Self>()
///         values.set(.tapLive, context.state.tapLive)
///         values.set(.badgeKnown, context.policy.knows(context.badge))
///         return values.bits
///     }
///     var words: RuleCondition { ... }
/// }
/// ```
public protocol PredicateBits: NamedPredicate, RawRepresentable where RawValue == UInt8 {
    /// The predicates `bits(in:)` answers for, as a mask (bit n is the case whose raw value is n). Default: all.
    static var inBits: UInt64 { get }

    /// The values of the predicates in `inBits` in `context`; other bits are ignored. Must not allocate.
    static func bits(in context: Context) -> UInt64
}

extension PredicateBits {
    public static var inBits: UInt64 { ~0 }

    /// Whether this predicate is answered by `bits(in:)`.
    @inlinable
    public var isInBits: Bool { rawValue < 64 && Self.inBits & 1 << rawValue != 0 }
}

extension PredicateBits {
    /// Reads the predicate's bit: the implementation when every predicate is in `bits(in:)`; a provider whose
    /// `inBits` leaves some out implements `holds(in:)` itself.
    @inlinable @inline(__always)
    public func holds(in context: Context) -> Bool { Self.bits(in: context) & 1 << rawValue != 0 }
}

/// Builds the word `PredicateBits.bits(in:)` returns, one named predicate at a time.
public struct PredicateValues<Predicate: PredicateBits> {
    public var bits: UInt64

    /// Starts from `bits`, e.g. predicates worked out once when the policy was compiled.
    @inlinable
    public init(_ bits: UInt64 = 0) { self.bits = bits }

    /// Sets `predicate`'s bit to `value`, without a branch.
    @inlinable @inline(__always)
    public mutating func set(_ predicate: Predicate, _ value: Bool) {
        bits = bits & ~(1 << predicate.rawValue) | UInt64(value ? 1 : 0) << predicate.rawValue
    }

    @inlinable @inline(__always)
    public func holds(_ predicate: Predicate) -> Bool { bits & 1 << predicate.rawValue != 0 }
}

/// A rule's conditions as masks over `PredicateBits`: it fires when every `mustHold` bit is set and no `mustFail`
/// bit is.
@usableFromInline
struct RuleMask: Sendable, Hashable {
    @usableFromInline var mustHold: UInt64
    @usableFromInline var mustFail: UInt64

    init(mustHold: UInt64, mustFail: UInt64) {
        self.mustHold = mustHold
        self.mustFail = mustFail
    }

    @inlinable @inline(__always)
    func fires(_ bits: UInt64) -> Bool { bits & mustHold == mustHold && bits & mustFail == 0 }
}
