/// A combination of facts that cannot happen, as a provider declares it: when `fact` has one of `values`, `other`
/// must have one of `allowed` (for an account fact, the words `none` and `someone`, any user). `evaluate` rejects
/// given facts that break it, with `meaning` as the reason.
public struct FactConstraint: Sendable, Hashable {
    public var fact: String
    public var values: [String]
    public var other: String
    public var allowed: [String]
    public var meaning: String

    /// The word for any user in `allowed`.
    public static let someone = "someone"

    public init(_ fact: String, in values: [String], requires other: String, in allowed: [String], meaning: String) {
        self.fact = fact
        self.values = values
        self.other = other
        self.allowed = allowed
        self.meaning = meaning
    }

    /// Whether the two facts' texts (a user's name for an account fact) break the constraint.
    public func isBroken(by value: String, _ otherValue: String, otherIsAccount: Bool) -> Bool {
        guard values.contains(value) else { return false }
        let word = otherIsAccount && otherValue != "none" ? Self.someone : otherValue
        return !allowed.contains(word)
    }
}
