/// A provider's rule table: an enum whose cases are its rules, in table order, each defined in one exhaustive
/// `switch`, so the compiler checks that every rule is defined.
///
/// A rule's `RuleID` is its position in the enum, so ids come from the table and are never typed by hand.
///
/// ```swift
/// enum BadgeRule: Int, RuleSet {
///     case tapAccepted, tapRequired
///     static let table = RuleTable<BadgeRule>()
///     var definition: RuleDefinition<BadgePredicate> {
///         switch self {
///         case .tapAccepted:
///             RuleDefinition(
///                 "badge.tap.accepted", summary: "a live tap opens the app",
///                 sources: [Citation(BadgeSources.manual, "§2")], when: [.when(.tapLive)],
///                 effect: .session(.sharedReused), examples: [...])
///         case .tapRequired: ...
///         }
///     }
/// }
/// ```
public protocol RuleSet: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == Int {
    associatedtype Predicate: PredicateSet

    var definition: RuleDefinition<Predicate> { get }

    /// The compiled table; implement as `static let table = RuleTable<Self>()`.
    static var table: RuleTable<Self> { get }
}

extension RuleSet {
    /// The rule's index in its provider's table.
    @inlinable
    public var id: RuleID { RuleID(rawValue) }

    /// What the rule does when it fires (its definition's effect, read from the table).
    @inlinable
    public var effect: RuleEffect { Self.table.definitions[rawValue].effect }

    /// The declarations for `ProviderDescriptor.rules`, in table order.
    public static var declarations: [RuleDeclaration] { table.declarations }
}

/// A rule set compiled once: the declarations, and every rule's checks in one flat array for the evaluator.
public final class RuleTable<Rules: RuleSet>: Sendable {
    public let definitions: [RuleDefinition<Rules.Predicate>]
    public let declarations: [RuleDeclaration]
    /// Problems with the table itself (ids out of order, rules without conditions, duplicate names); the
    /// provider's self-check reports them.
    public let problems: [String]
    /// Every rule's checks, in rule order and in table order.
    @usableFromInline let checks: [RuleCheck<Rules.Predicate>]
    /// `checks[starts[i]..<starts[i + 1]]` are rule i's.
    @usableFromInline let starts: [Int]

    public init() {
        var definitions: [RuleDefinition<Rules.Predicate>] = []
        var problems: [String] = []
        var checks: [RuleCheck<Rules.Predicate>] = []
        var starts: [Int] = [0]
        var names = Set<String>()
        for (index, rule) in Rules.allCases.enumerated() {
            let definition = rule.definition
            if rule.rawValue != index {
                problems.append("rule '\(definition.name)' has raw value \(rule.rawValue), expected \(index)")
            }
            if definition.checks.isEmpty {
                problems.append("rule '\(definition.name)' has no condition: say what decides it")
            }
            if !names.insert(definition.name).inserted { problems.append("duplicate rule '\(definition.name)'") }
            definitions.append(definition)
            checks += definition.checks
            starts.append(checks.count)
        }
        self.definitions = definitions
        self.declarations = definitions.map(\.declaration)
        self.problems = problems
        self.checks = checks
        self.starts = starts
    }

    /// The evaluation loop, the only one: checks rule `index`'s conditions in order and returns the position (within
    /// the rule) of the first that fails, or nil when every one holds. `flipped` is a position whose result is negated
    /// (`RuleTrace.Mutation`, tests only; -1 for none).
    @inlinable
    func firstFailure(_ index: Int, in context: Rules.Predicate.Context, flipped: Int) -> Int? {
        let start = starts[index]
        let end = starts[index + 1]
        var position = start
        while position < end {
            if checks[position].holds(in: context) == (position - start == flipped) { return position - start }
            position += 1
        }
        return nil
    }
}
