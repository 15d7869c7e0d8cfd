import SSOPolicyProviderKit
import Testing

/// The kit's rule interpreter: conditions checked in order, the first failing one recorded, decision lists
/// returning the first rule that fires, and a mutation flipping exactly one condition.
@Suite struct RuleInterpreterTests {
    struct Lamp { var on: Bool; var plugged: Bool }

    enum LampPredicate: Int, PredicateSet {
        case on, plugged
        var definition: Predicate<Void, Lamp> {
            switch self {
            case .on: Predicate("the lamp is on", otherwise: "the lamp is off") { _, lamp in lamp.on }
            case .plugged:
                Predicate("the lamp is plugged in", otherwise: "the lamp is unplugged") { _, lamp in lamp.plugged }
            }
        }
    }

    enum LampRule: Int, RuleSet {
        case shines, dark
        static let table = RuleTable<LampRule>()
        static let light = DecisionList<LampRule>("light", [.shines, .dark])
        var definition: RuleDefinition<LampPredicate> {
            switch self {
            case .shines:
                return RuleDefinition(
                    "lamp.shines", summary: "it shines", sources: [Citation("t")], when: [.when(.plugged), .when(.on)])
            case .dark:
                return RuleDefinition("lamp.dark", summary: "it is dark", sources: [Citation("t")], when: [.not(.on)])
            }
        }
    }

    @Test func recordExplainsWithTheTraceOnAndCostsNothingWithItOff() throws {
        var built = 0
        func lamp() -> Lamp {
            built += 1
            return Lamp(on: true, plugged: true)
        }
        var off = RuleTrace(.off)
        try off.record(LampRule.shines, on: (), in: lamp())
        try off.record(LampRule.light, on: (), in: lamp())
        #expect(off.entries.isEmpty)
        #expect(built == 0)
        var fired = RuleTrace(.fired)
        try fired.record(LampRule.shines, on: (), in: lamp())
        try fired.record(LampRule.light, on: (), in: lamp())
        #expect(fired.entries.map(\.rule) == [LampRule.shines.id, LampRule.shines.id])
        #expect(built == 2)
        var explain = RuleTrace(.explain)
        try explain.record(LampRule.light, on: (), in: Lamp(on: false, plugged: true))
        #expect(
            explain.entries == [
                RuleTrace.Entry(rule: LampRule.shines.id, fired: false, failedCondition: 1),
                RuleTrace.Entry(rule: LampRule.dark.id, fired: true, failedCondition: 0),
            ])
    }

    @Test func theFirstFailingConditionIsRecorded() throws {
        var trace = RuleTrace(.explain)
        let fired = try trace.evaluate(LampRule.shines, on: (), in: Lamp(on: false, plugged: true))
        #expect(!fired)
        #expect(trace.entries == [RuleTrace.Entry(rule: LampRule.shines.id, fired: false, failedCondition: 1)])
        #expect(LampRule.declarations[0].conditions[1].fails == "the lamp is off")
        #expect(LampRule.declarations[1].conditions[0].holds == "the lamp is off")
        #expect(LampRule.declarations[1].conditions[0].predicate == "not on")
        #expect(LampRule.table.problems.isEmpty)
    }

    @Test func aDecisionListReturnsTheFirstRuleThatFires() throws {
        var trace = RuleTrace(.fired)
        let both = try trace.first(LampRule.light, on: (), in: Lamp(on: true, plugged: true))
        let unplugged = try trace.first(LampRule.light, on: (), in: Lamp(on: true, plugged: false))
        let off = try trace.first(LampRule.light, on: (), in: Lamp(on: false, plugged: false))
        #expect(both == .shines)
        #expect(unplugged == nil)
        #expect(off == .dark)
        #expect(trace.entries.map(\.rule) == [LampRule.shines.id, LampRule.dark.id])
        #expect(LampRule.light.declaration.rules == ["lamp.shines", "lamp.dark"])
    }

    @Test func aMutationFlipsOneConditionOnlyWhenTracing() throws {
        let lamp = Lamp(on: true, plugged: true)
        var mutated = RuleTrace(.fired, mutation: .init(rule: LampRule.shines.id, condition: 1))
        let shines = try mutated.evaluate(LampRule.shines, on: (), in: lamp)
        let dark = try mutated.evaluate(LampRule.dark, on: (), in: Lamp(on: false, plugged: true))
        #expect(!shines)
        #expect(dark)
        var off = RuleTrace(.off, mutation: .init(rule: LampRule.shines.id, condition: 1))
        let unmutated = try off.evaluate(LampRule.shines, on: (), in: lamp)
        #expect(unmutated)
        #expect(off.entries.isEmpty)
    }

    /// With the trace off a decision runs the table's checks and records nothing; for every lamp it answers as the
    /// recording path and as the rules' checks read one by one.
    @Test func theTraceOffPathAnswersAsTheRecordingPath() throws {
        for on in [false, true] {
            for plugged in [false, true] {
                let lamp = Lamp(on: on, plugged: plugged)
                var off = RuleTrace(.off)
                var explain = RuleTrace(.explain)
                for rule in LampRule.allCases {
                    let untraced = try off.evaluate(rule, on: (), in: lamp)
                    let traced = try explain.evaluate(rule, on: (), in: lamp)
                    #expect(untraced == traced, "\(rule) \(lamp)")
                    #expect(
                        try untraced == rule.definition.checks.allSatisfy { try $0.holds(on: (), in: lamp) },
                        "\(rule) \(lamp)")
                }
                #expect(
                    try off.first(LampRule.light, on: (), in: lamp) == explain.first(LampRule.light, on: (), in: lamp),
                    "\(lamp)")
                #expect(off.entries.isEmpty)
            }
        }
    }
}
