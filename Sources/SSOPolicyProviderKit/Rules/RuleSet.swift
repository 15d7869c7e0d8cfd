/// A provider's rule table: an enum whose cases are its rules, in table order, each returning its definition.
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
///             return RuleDefinition("badge.tap.accepted", summary: "a live tap opens the app",
///                                   source: "badge-doc §2", when: [.when(.tapLive)], examples: [...])
///         case .tapRequired: ...
///         }
///     }
/// }
/// ```
public protocol RuleSet: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == Int {
    associatedtype Predicate: NamedPredicate

    var definition: RuleDefinition<Predicate> { get }

    /// The compiled table; implement as `static let table = RuleTable<Self>()`.
    static var table: RuleTable<Self> { get }

    /// Whether `rule` fires, nothing recorded: the path of benchmarks, batch evaluation and `verify`. The default
    /// interprets the table. A provider on a hot path may instead check in straight-line code generated from the
    /// table (`RuleCompiler` in the test support, whose test fails when the file no longer matches the table), so
    /// its words and its code still come from the one definition.
    static func firesUntraced(_ rule: Self, in context: Predicate.Context) -> Bool

    /// The first rule of `list` that fires, nothing recorded (see `firesUntraced`).
    static func firstUntraced(_ list: DecisionList<Self>, in context: Predicate.Context) -> Self?
}

extension RuleSet {
    /// The table's interpreter: every check of the rule, in order.
    @inlinable @inline(__always)
    public static func firesUntraced(_ rule: Self, in context: Predicate.Context) -> Bool {
        table.allHold(rule.rawValue, in: context)
    }

    @inlinable @inline(__always)
    public static func firstUntraced(_ list: DecisionList<Self>, in context: Predicate.Context) -> Self? {
        for rule in list.rules where firesUntraced(rule, in: context) { return rule }
        return nil
    }
}

extension RuleSet where Predicate: PredicateBits {
    /// The table's interpreter for predicates worked out together: the context's bits read once, the rule's masks
    /// tested, then its other conditions in order.
    @inlinable @inline(__always)
    public static func firesUntraced(_ rule: Self, in context: Predicate.Context) -> Bool {
        table.fires(rule.rawValue, bits: Predicate.bits(in: context), in: context)
    }

    /// The bits are read once for the whole list.
    @inlinable @inline(__always)
    public static func firstUntraced(_ list: DecisionList<Self>, in context: Predicate.Context) -> Self? {
        let bits = Predicate.bits(in: context)
        let table = table
        for rule in list.rules where table.fires(rule.rawValue, bits: bits, in: context) { return rule }
        return nil
    }
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
    @usableFromInline let checks: [RuleCheck<Rules.Predicate>]
    /// `checks[starts[i]..<starts[i + 1]]` are rule i's.
    @usableFromInline let starts: [Int]
    /// When the predicates are `PredicateBits` (empty otherwise): rule i's checks on predicates in the bits as
    /// masks, and its other checks, `residualChecks[residualStarts[i]..<residualStarts[i + 1]]`, in rule order.
    @usableFromInline let masks: [RuleMask]
    @usableFromInline let residualChecks: [RuleCheck<Rules.Predicate>]
    @usableFromInline let residualStarts: [Int]

    public init() {
        var definitions: [RuleDefinition<Rules.Predicate>] = []
        var problems: [String] = []
        var checks: [RuleCheck<Rules.Predicate>] = []
        var starts: [Int] = [0]
        var names = Set<String>()
        var masks: [RuleMask] = []
        var residualChecks: [RuleCheck<Rules.Predicate>] = []
        var residualStarts: [Int] = [0]
        let packed = Rules.Predicate.self is any PredicateBits.Type
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
            if packed {
                var mask = RuleMask(mustHold: 0, mustFail: 0)
                for check in definition.checks {
                    if let problem = bitProblem(check.predicate), !problems.contains(problem) {
                        problems.append(problem)
                    }
                    guard let bit = bitIndex(check.predicate) else {
                        residualChecks.append(check)
                        continue
                    }
                    if check.expected { mask.mustHold |= 1 << bit } else { mask.mustFail |= 1 << bit }
                }
                masks.append(mask)
                residualStarts.append(residualChecks.count)
            }
        }
        self.definitions = definitions
        self.declarations = definitions.map(\.declaration)
        self.problems = problems
        self.checks = checks
        self.starts = starts
        self.masks = masks
        self.residualChecks = residualChecks
        self.residualStarts = residualStarts
    }

    /// Rule `index`'s conditions as the trace-off path tests them: the masks over the predicates worked out together
    /// (0 when the predicates are not `PredicateBits`), then its other checks in rule order. Code generated from the
    /// table (`RuleCompiler` in test support) writes out exactly these, so it and the interpreter split a rule alike.
    package func untracedConditions(_ index: Int) -> (
        mustHold: UInt64, mustFail: UInt64, others: [RuleCheck<Rules.Predicate>]
    ) {
        guard !masks.isEmpty else { return (0, 0, Array(checks[starts[index]..<starts[index + 1]])) }
        let others = residualChecks[residualStarts[index]..<residualStarts[index + 1]]
        return (masks[index].mustHold, masks[index].mustFail, Array(others))
    }

    /// True when rule `index` fires given the bits of its context: its masks, then its other checks in order.
    @inlinable @inline(__always)
    func fires(_ index: Int, bits: UInt64, in context: Rules.Predicate.Context) -> Bool {
        masks[index].fires(bits) && Self.allHold(residualChecks, residualStarts, index, in: context)
    }

    /// True when every check of rule `index` holds: the trace-off path, without bounds checks (the ranges are
    /// built from the same arrays in `init`).
    @inlinable @inline(__always)
    public func allHold(_ index: Int, in context: Rules.Predicate.Context) -> Bool {
        Self.allHold(checks, starts, index, in: context)
    }

    /// True when every check `checks[starts[index]..<starts[index + 1]]` holds, in order, without bounds checks
    /// (the ranges are built from the same arrays in `init`): rule `index`'s checks, or its checks outside the bits.
    @inlinable @inline(__always)
    static func allHold(
        _ checks: [RuleCheck<Rules.Predicate>], _ starts: [Int], _ index: Int, in context: Rules.Predicate.Context
    ) -> Bool {
        starts.withUnsafeBufferPointer { starts in
            checks.withUnsafeBufferPointer { checks in
                var position = starts[index]
                let end = starts[index + 1]
                while position < end {
                    if !checks[position].holds(in: context) { return false }
                    position += 1
                }
                return true
            }
        }
    }
}

/// A `PredicateBits` predicate that claims every predicate is in the bits (the default `inBits`, so the default
/// `holds` reads its bit) but has no bit in one word: it would always read false.
private func bitProblem(_ predicate: some NamedPredicate) -> String? {
    func problem(_ packed: some PredicateBits) -> String? {
        guard type(of: packed).inBits == ~0, packed.rawValue >= 64 else { return nil }
        return "predicate '\(packed.name)' has raw value \(packed.rawValue): PredicateBits answers at most 64 "
            + "predicates in its bits (declare inBits and implement holds(in:) for the others)"
    }
    guard let packed = predicate as? any PredicateBits else { return nil }
    return problem(packed)
}

/// The bit of a predicate that `PredicateBits.bits(in:)` answers for; nil for the others.
private func bitIndex(_ predicate: some NamedPredicate) -> UInt8? {
    func bit(_ packed: some PredicateBits) -> UInt8? { packed.isInBits ? packed.rawValue : nil }
    guard let packed = predicate as? any PredicateBits else { return nil }
    return bit(packed)
}
