/// One condition of a rule: a named predicate that must hold (`.when`) or must fail (`.not`).
///
/// A predicate is worded once; `.not` swaps its words, so "silent login succeeded" and "silent login failed" come
/// from the same case and cannot drift apart.
public struct RuleCheck<Predicate: PredicateSet>: Hashable, Sendable {
    public let predicate: Predicate
    /// The value the predicate must have for the condition to hold.
    public let expected: Bool

    @inlinable
    init(_ predicate: Predicate, expected: Bool) {
        self.predicate = predicate
        self.expected = expected
    }

    /// The condition holds when the predicate holds.
    @inlinable
    public static func when(_ predicate: Predicate) -> Self { Self(predicate, expected: true) }

    /// The condition holds when the predicate fails.
    @inlinable
    public static func not(_ predicate: Predicate) -> Self { Self(predicate, expected: false) }

    @inlinable
    public func holds(on state: Predicate.State, in context: Predicate.Context) throws -> Bool {
        try predicate.holds(on: state, in: context) == expected
    }

    /// The condition's words, swapped for `.not`.
    public var words: RuleCondition { words(named: predicate.name) }

    /// The condition's words, its predicate named `name`.
    func words(named name: String) -> RuleCondition {
        let words = predicate.words
        let named = expected ? name : "not " + name
        return expected
            ? RuleCondition(words.holds, otherwise: words.fails, predicate: named)
            : RuleCondition(words.fails, otherwise: words.holds, predicate: named)
    }
}
