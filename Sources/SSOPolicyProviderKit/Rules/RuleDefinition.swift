/// A provider rule as one value: its stable id, one-line reason, source, the conditions that decide it and the
/// examples its tests play. The provider's rule enum returns one per case; everything else (the declaration
/// `providers` prints, the trace's words, coverage, the guide) is derived from it.
public struct RuleDefinition<Predicate: NamedPredicate>: Sendable {
    public var name: String
    public var summary: String
    /// Citations of the provider's source catalogue (`ID LOCATOR; …`).
    public var source: String
    /// All must hold for the rule to fire, checked in this order; the first that fails is the one a trace names.
    public var checks: [RuleCheck<Predicate>]
    public var examples: [RuleExample]

    public init(
        _ name: String, summary: String, source: String, when checks: [RuleCheck<Predicate>],
        examples: [RuleExample] = []
    ) {
        self.name = name
        self.summary = summary
        self.source = source
        self.checks = checks
        self.examples = examples
    }

    public var declaration: RuleDeclaration {
        RuleDeclaration(name, summary: summary, source: source, conditions: checks.map(\.words), examples: examples)
    }
}
