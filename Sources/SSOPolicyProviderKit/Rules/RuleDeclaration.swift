/// One condition of a rule, with the words for when it holds and when it fails, so a trace can say
/// "silent login failed and SSO is enabled" or, for a rule that did not fire, "silent login succeeded".
public struct RuleCondition: Sendable, Hashable {
    public var holds: String
    public var fails: String
    /// The named predicate behind the condition (`silentLoginSucceeded`, `not silentLoginSucceeded`), when the
    /// rule is a `RuleDefinition`.
    public var predicate: String?

    public init(_ holds: String, otherwise fails: String, predicate: String? = nil) {
        self.holds = holds
        self.fails = fails
        self.predicate = predicate
    }
}

/// An example that the provider's rule tests run, SwiftLint-style: a one-app policy with these settings and app
/// keys, facts, and one event; the rule must fire (or must not).
public struct RuleExample: Sendable, Hashable {
    public var settings: [String: String]
    public var appKeys: [String: String]
    public var facts: [String: String]
    public var event: String
    /// The event's target as a scenario writes it when it is not the one app: `all` (a device restart) or one of
    /// the event's words; nil = the app (or the event's first word).
    public var target: String?
    public var conditions: [String: String]
    public var fires: Bool

    public init(
        settings: [String: String] = [:], appKeys: [String: String] = [:], facts: [String: String] = [:],
        event: String = "open", target: String? = nil, conditions: [String: String] = [:], fires: Bool
    ) {
        self.settings = settings
        self.appKeys = appKeys
        self.facts = facts
        self.event = event
        self.target = target
        self.conditions = conditions
        self.fires = fires
    }
}

/// A provider rule: a stable id, a one-line reason, its source, and the conditions under which it fires.
///
/// Traces, coverage, `providers` and the guide all read this one table.
public struct RuleDeclaration: Sendable, Hashable {
    public var id: String
    public var summary: String
    public var sources: [Citation]
    public var conditions: [RuleCondition]
    /// What the rule does when it fires.
    public var effect: RuleEffect
    public var examples: [RuleExample]

    public init(
        _ id: String, summary: String, sources: [Citation], conditions: [RuleCondition], effect: RuleEffect = .none,
        examples: [RuleExample] = []
    ) {
        self.id = id
        self.summary = summary
        self.sources = sources
        self.conditions = conditions
        self.effect = effect
        self.examples = examples
    }

    /// "a, b and c" from the conditions' `holds` texts.
    public var firedBecause: String {
        let parts = conditions.map(\.holds)
        switch parts.count {
        case 0: return summary
        case 1: return parts[0]
        default: return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
        }
    }
}

/// A rule's index in its provider's `rules` table.
public struct RuleID: Hashable, Sendable {
    public var index: UInt16

    public init(_ index: Int) { self.index = UInt16(index) }
}
