/// A provider rule as one value: its stable id, one-line reason, sources, the conditions that decide it, its effect
/// and the examples its tests play. The provider's rule enum returns one per case from one exhaustive `switch`;
/// everything else (the declaration `providers` prints, the trace's words, coverage, the guide) is derived from it.
public struct RuleDefinition<Predicate: PredicateSet>: Sendable {
    public var name: String
    public var summary: String
    public var sources: [Citation]
    /// All must hold for the rule to fire, checked in this order; the first that fails is the one a trace names.
    public var checks: [RuleCheck<Predicate>]
    /// What the rule does when it fires (prompts, session, findings); handlers apply it.
    public var effect: RuleEffect
    public var examples: [RuleExample]

    public init(
        _ name: String, summary: String, sources: [Citation], when checks: [RuleCheck<Predicate>],
        effect: RuleEffect = .none, examples: [RuleExample] = []
    ) {
        self.name = name
        self.summary = summary
        self.sources = sources
        self.checks = checks
        self.effect = effect
        self.examples = examples
    }

    public var declaration: RuleDeclaration { declaration(naming: { $0.name }) }

    /// The declaration, each predicate named by `name` (a table names each of its predicates once).
    func declaration(naming name: (Predicate) -> String) -> RuleDeclaration {
        RuleDeclaration(
            self.name, summary: summary, sources: sources,
            conditions: checks.map { $0.words(named: name($0.predicate)) },
            effect: effect, examples: examples)
    }

    /// The declarations of `definitions`, each predicate's name worked out once (by reflection, which costs
    /// microseconds per call) however many rules check it.
    static func declarations(_ definitions: [Self]) -> [RuleDeclaration] {
        var names: [Predicate: String] = [:]
        return definitions.map { definition in
            definition.declaration { predicate in
                if let name = names[predicate] { return name }
                let name = predicate.name
                names[predicate] = name
                return name
            }
        }
    }
}
