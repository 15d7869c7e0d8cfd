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
