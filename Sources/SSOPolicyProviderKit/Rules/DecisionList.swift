/// An ordered decision: the first rule of the list that fires decides (Cedar's and firewall tables' "first
/// match"). Declared once as a value, evaluated with `RuleTrace.first(_:in:)`, and listed by `providers`.
public struct DecisionList<Rules: RuleSet>: Sendable {
    /// What the list decides, e.g. "secure phase with passcode authentication".
    public let name: String
    public let rules: [Rules]

    public init(_ name: String, _ rules: [Rules]) {
        self.name = name
        self.rules = rules
    }

    public var declaration: DecisionListDeclaration {
        DecisionListDeclaration(name: name, rules: rules.map { Rules.table.definitions[$0.rawValue].name })
    }
}

/// A decision list as `providers`, the guide and explanations show it.
public struct DecisionListDeclaration: Sendable, Hashable {
    public var name: String
    /// Rule ids in the order they are tried.
    public var rules: [String]

    public init(name: String, rules: [String]) {
        self.name = name
        self.rules = rules
    }
}

/// An ordered decision whose rules sit in two phases: a rule added later (so in a later phase) is tried before, after
/// or between the rules of an earlier phase's list. The first rule that fires decides, as in `DecisionList`;
/// evaluated with `RuleTrace.first(_:on:in:)`, which answers `.first(rule)` or `.second(rule)` for an exhaustive
/// `switch`, and declared once for `providers`.
///
/// ```swift
/// static let deviceSession = TwoPhaseDecisionList(EntraAccessRule.signInFrequency, then: EntraSignInRule.deviceSession)
/// ```
public struct TwoPhaseDecisionList<First: RuleSet, Second: RuleSet>: Sendable
where Second.Predicate.State == First.Predicate.State, Second.Predicate.Context == First.Predicate.Context {
    /// One rule of the list, by the phase it belongs to.
    public enum Rule: Sendable, Hashable {
        case first(First)
        case second(Second)
    }

    /// What the list decides.
    public let name: String
    /// The rules in the order they are tried.
    public let rules: [Rule]

    public init(_ name: String, _ rules: [Rule]) {
        self.name = name
        self.rules = rules
    }

    /// `first`'s rules, then `then`'s, under `first`'s name.
    public init(_ first: DecisionList<First>, then: DecisionList<Second>) {
        self.init(first.name, first.rules.map(Rule.first) + then.rules.map(Rule.second))
    }

    public var declaration: DecisionListDeclaration {
        DecisionListDeclaration(
            name: name,
            rules: rules.map { rule in
                switch rule {
                case .first(let rule): First.table.definitions[rule.rawValue].name
                case .second(let rule): Second.table.definitions[rule.rawValue].name
                }
            })
    }
}

extension RuleTrace {
    /// Evaluates an ordered decision list over two phases: the first rule that fires decides; nil if none does.
    @inlinable
    public mutating func first<First: RuleSet, Second: RuleSet>(
        _ list: TwoPhaseDecisionList<First, Second>, on state: First.Predicate.State,
        in context: First.Predicate.Context
    ) throws -> TwoPhaseDecisionList<First, Second>.Rule? {
        for rule in list.rules {
            switch rule {
            case .first(let first): if try evaluate(first, on: state, in: context) { return rule }
            case .second(let second): if try evaluate(second, on: state, in: context) { return rule }
            }
        }
        return nil
    }
}
