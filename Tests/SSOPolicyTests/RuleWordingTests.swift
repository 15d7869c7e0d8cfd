import Foundation
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// A provider's rules are worded when first read, not when the provider is registered: a process registers every
/// provider, and most commands read the words of one. The words are the same as a rule's own declaration.
@Suite struct RuleWordingTests {
    /// Counts calls from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    static func descriptor(rules: [RuleDeclaration], counting counter: Counter) -> ProviderDescriptor {
        let base = BadgeProvider.declaration
        return ProviderDescriptor(
            id: base.id, name: base.name, summary: base.summary, sources: base.sources, settings: base.settings,
            modelOptions: base.modelOptions, appKeys: base.appKeys, facts: base.facts, events: base.events,
            stepConditions: base.stepConditions, details: base.details, findings: base.findings,
            rules: {
                counter.increment()
                return rules
            }(),
            ruleProblems: {
                counter.increment()
                return ["a problem"]
            }(), examplePolicy: base.examplePolicy,
            decisionLists: {
                counter.increment()
                return base.decisionLists
            }())
    }

    @Test func aDescriptorWorksOutItsRulesOnceAndOnlyWhenTheyAreRead() {
        let counter = Counter()
        let rules = BadgeProvider.declaration.rules
        let descriptor = Self.descriptor(rules: rules, counting: counter)
        #expect(counter.value == 0)
        #expect(descriptor.id == "badge-kiosk")
        #expect(descriptor.rules == rules)
        #expect(descriptor.rule(rules[1].id) == RuleID(1))
        #expect(counter.value == 1)
        #expect(descriptor.ruleProblems == ["a problem"])
        #expect(descriptor.ruleProblems == ["a problem"])
        #expect(descriptor.decisionLists == BadgeProvider.declaration.decisionLists)
        #expect(counter.value == 3)
        var changed = descriptor
        changed.rules = [rules[0]]
        changed.ruleProblems = []
        changed.decisionLists = []
        #expect(changed.rules == [rules[0]])
        #expect(changed.ruleProblems.isEmpty && changed.decisionLists.isEmpty)
        #expect(descriptor.rules == rules)
        #expect(descriptor.ruleProblems == ["a problem"])
        #expect(counter.value == 3)
    }

    @Test func concurrentReadersShareOneWording() async {
        let counter = Counter()
        let descriptor = Self.descriptor(rules: BadgeProvider.declaration.rules, counting: counter)
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { descriptor.rules.count } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: BadgeProvider.declaration.rules.count, count: 8))
        #expect(counter.value == 1)
    }

    @Test func aTableWordsEachRuleAsItsDefinitionDoes() {
        let table = RuleInterpreterTests.LampRule.table
        #expect(table.ruleCount == 2)
        #expect(table.declarations == table.definitions.map(\.declaration))
        #expect(table.declarations[0].conditions.map(\.predicate) == ["plugged", "on"])
        #expect(table.declarations[1].conditions.map(\.predicate) == ["not on"])
        let phases = RulePhases(table)
        #expect(phases.declarations == table.declarations)
        #expect(phases.problems.isEmpty)
    }

    @Test func aPhaseNotChainedAfterThePreviousOneIsStillReported() {
        let table = RuleInterpreterTests.LampRule.table
        let phases = RulePhases(table, table)
        #expect(phases.declarations.count == 4)
        #expect(
            phases.problems == [
                "the phase of rule 'lamp.shines' starts at id 0, expected 2: chain its table after the phase listed "
                    + "before it"
            ])
    }
}
