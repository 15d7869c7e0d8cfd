/// An ordered decision: the first rule of the list that fires decides (Cedar's and firewall tables' "first
/// match"). Declared once as a value, evaluated with `RuleTrace.first(_:in:)`, and listed by `providers`.
public struct DecisionList<Rules: RuleSet>: Sendable {
    /// What the list decides, e.g. "secure phase with passcode authentication".
    public let name: String
    public let rules: [Rules]
    /// The rules as one word, a byte per rule (its raw value + 1), the first rule in the lowest byte; 0 for a list
    /// of more than 8 rules or with a raw value over 254. Code generated from the table (`RuleCompiler`) recognises
    /// a list by it, soundly: two lists with the same nonzero signature have the same rules in the same order.
    public let signature: UInt64

    public init(_ name: String, _ rules: [Rules]) {
        self.name = name
        self.rules = rules
        self.signature = Self.signature(of: rules)
    }

    static func signature(of rules: [Rules]) -> UInt64 {
        guard rules.count <= 8, rules.allSatisfy({ $0.rawValue < 255 }) else { return 0 }
        return rules.reversed().reduce(0) { word, rule in word << 8 | UInt64(rule.rawValue + 1) }
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
