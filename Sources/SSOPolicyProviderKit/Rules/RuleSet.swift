/// One decision phase of a provider: an enum whose cases are the phase's rules, in table order, each defined in one
/// exhaustive `switch` in the phase's own file, so the compiler checks that every rule is defined and a new rule is
/// one case and one definition in one file.
///
/// A rule's `RuleID` is its position among all the provider's rules: the phase's offset (the rules of the phases
/// chained before it, `RuleTable(after:)`) plus its position in the enum, so ids come from the tables and are never
/// typed by hand. The provider lists its phases once, in chain order (`RulePhases`).
///
/// ```swift
/// enum BadgeSessionRule: Int, RuleSet {
///     case tapAccepted, tapRequired
///     static let table = RuleTable<BadgeSessionRule>()                          // the first phase
///     var definition: RuleDefinition<BadgePredicate> {
///         switch self {
///         case .tapAccepted:
///             RuleDefinition(
///                 "badge.tap.accepted", summary: "a live tap opens the app",
///                 sources: [Citation(BadgeSource.manual, "§2")], when: [.when(.tapLive)],
///                 effect: .session(.sharedReused), examples: [...])
///         case .tapRequired: ...
///         }
///     }
/// }
/// enum BadgeSignOutRule: Int, RuleSet {
///     ...
///     static let table = RuleTable<BadgeSignOutRule>(after: BadgeSessionRule.table)  // the next one
/// }
/// ```
public protocol RuleSet: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == Int {
    associatedtype Predicate: PredicateSet

    var definition: RuleDefinition<Predicate> { get }

    /// The compiled table; implement as `static let table = RuleTable<Self>()` for a provider's first phase and
    /// `RuleTable<Self>(after: Previous.table)` for the next.
    static var table: RuleTable<Self> { get }
}

extension RuleSet {
    /// The rule's index among its provider's rules: its phase's offset plus its position in the phase.
    @inlinable
    public var id: RuleID { RuleID(Self.table.offset + rawValue) }

    /// What the rule does when it fires (its definition's effect, read from the table).
    @inlinable
    public var effect: RuleEffect { Self.table.definitions[rawValue].effect }

    /// The phase's declarations, in table order (a provider of one phase passes them to `ProviderDescriptor.rules`;
    /// one of several lists its phases in a `RulePhases`).
    public static var declarations: [RuleDeclaration] { table.declarations }
}

/// What a provider's list of phases reads of each phase's table.
public protocol RulePhaseTable: Sendable {
    /// The number of rules of the phases chained before this one.
    var offset: Int { get }
    /// The number of rules of this phase (without wording them, as `declarations` does).
    var ruleCount: Int { get }
    var declarations: [RuleDeclaration] { get }
    var problems: [String] { get }
}

/// A rule set compiled once: the declarations, and every rule's checks in one flat array for the evaluator.
public final class RuleTable<Rules: RuleSet>: RulePhaseTable {
    /// The number of rules of the phases chained before this one: a rule's id is `offset + rawValue`.
    public let offset: Int
    public let definitions: [RuleDefinition<Rules.Predicate>]
    /// The rules as `providers` and traces word them, worded when first read: a process registers every provider
    /// but most commands read the words of one.
    public var declarations: [RuleDeclaration] { worded.wrapped }
    private let worded: OnceValue<[RuleDeclaration]>
    /// Problems with the table itself (ids out of order, rules without conditions, duplicate names); the
    /// provider's self-check reports them.
    public let problems: [String]
    /// Every rule's checks, in rule order and in table order.
    @usableFromInline let checks: [RuleCheck<Rules.Predicate>]
    /// `checks[starts[i]..<starts[i + 1]]` are rule i's.
    @usableFromInline let starts: [Int]

    /// The table of a provider's first (or only) phase.
    public convenience init() { self.init(offset: 0) }

    /// The table of the phase that follows `previous`: its ids continue where `previous`'s end.
    public convenience init(after previous: some RulePhaseTable) {
        self.init(offset: previous.offset + previous.ruleCount)
    }

    init(offset: Int) {
        self.offset = offset
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
        self.worded = OnceValue { [definitions] in RuleDefinition.declarations(definitions) }
        self.problems = problems
        self.checks = checks
        self.starts = starts
    }

    public var ruleCount: Int { definitions.count }

    /// The evaluation loop, the only one: checks rule `index`'s conditions in order and returns the position (within
    /// the rule) of the first that fails, or nil when every one holds. `flipped` is a position whose result is negated
    /// (`RuleTrace.Mutation`, tests only; -1 for none).
    @inlinable
    func firstFailure(
        _ index: Int, on state: Rules.Predicate.State, in context: Rules.Predicate.Context, flipped: Int
    ) throws -> Int? {
        let start = starts[index]
        let end = starts[index + 1]
        var position = start
        while position < end {
            if try checks[position].holds(on: state, in: context) == (position - start == flipped) {
                return position - start
            }
            position += 1
        }
        return nil
    }
}

/// A provider's decision phases in chain order: their rules' declarations, one list whose positions are the rules'
/// ids, and the problems of the tables and of the chain (a phase not chained to the one listed before it).
///
/// ```swift
/// static let phases = RulePhases(BadgeSessionRule.table, BadgeSignOutRule.table)
/// ProviderDescriptor(..., rules: phases.declarations, ...)
/// ```
public struct RulePhases: Sendable {
    let tables: [any RulePhaseTable]
    public let problems: [String]

    /// Every phase's declarations in chain order, worded on each read (a descriptor reads them once, when its rules
    /// are first read).
    public var declarations: [RuleDeclaration] { tables.flatMap { $0.declarations } }

    public init(_ tables: any RulePhaseTable...) {
        var count = 0
        var problems: [String] = []
        for table in tables {
            if table.offset != count {
                let first = table.declarations.first?.id ?? "(empty phase)"
                problems.append(
                    "the phase of rule '\(first)' starts at id \(table.offset), expected \(count): chain "
                        + "its table after the phase listed before it")
            }
            count += table.ruleCount
            problems += table.problems
        }
        self.tables = tables
        self.problems = problems
    }
}
