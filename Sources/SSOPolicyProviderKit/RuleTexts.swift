/// A provider's rules as readers see them, worded once per provider: every policy the provider compiles (and every
/// policy a what-if over settings recompiles) shares these strings instead of rendering its own.
@usableFromInline
final class RuleTexts: Sendable {
    /// Per rule index: the rule's sources as readers see them.
    let sources: [String]
    /// Per rule index: the decision list the rule is tried in, if any.
    let lists: [String?]
    /// Per rule index: why it fires (`firedBecause`).
    let because: [String]
    /// Per rule index: its conditions' words when they hold.
    let holds: [[String]]

    @usableFromInline
    init(_ descriptor: ProviderDescriptor) {
        sources = descriptor.rules.map { descriptor.renderCitations($0.sources) }
        because = descriptor.rules.map(\.firedBecause)
        holds = descriptor.rules.map { $0.conditions.map(\.holds) }
        var lists = [String?](repeating: nil, count: descriptor.rules.count)
        for list in descriptor.decisionLists {
            for name in list.rules {
                if let id = descriptor.rule(name), Int(id.index) < lists.count, lists[Int(id.index)] == nil {
                    lists[Int(id.index)] = list.name
                }
            }
        }
        self.lists = lists
    }
}
