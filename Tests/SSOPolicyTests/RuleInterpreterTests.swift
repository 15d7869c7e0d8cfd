import SSOPolicyProviderKit
import Testing

/// The kit's rule interpreter: conditions checked in order, the first failing one recorded, decision lists
/// returning the first rule that fires, and a mutation flipping exactly one condition.
@Suite struct RuleInterpreterTests {
    struct Lamp { var on: Bool; var plugged: Bool }

    enum LampPredicate: NamedPredicate {
        case on, plugged
        var words: RuleCondition {
            switch self {
            case .on: return RuleCondition("the lamp is on", otherwise: "the lamp is off")
            case .plugged: return RuleCondition("the lamp is plugged in", otherwise: "the lamp is unplugged")
            }
        }
        func holds(in context: Lamp) -> Bool {
            switch self {
            case .on: return context.on
            case .plugged: return context.plugged
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
                    "lamp.shines", summary: "it shines", source: "t", when: [.when(.plugged), .when(.on)])
            case .dark:
                return RuleDefinition("lamp.dark", summary: "it is dark", source: "t", when: [.not(.on)])
            }
        }
    }

    @Test func recordExplainsWithTheTraceOnAndCostsNothingWithItOff() {
        var built = 0
        func lamp() -> Lamp {
            built += 1
            return Lamp(on: true, plugged: true)
        }
        var off = RuleTrace(.off)
        off.record(LampRule.shines, in: lamp())
        off.record(LampRule.light, in: lamp())
        #expect(off.entries.isEmpty)
        #expect(built == 0)
        var fired = RuleTrace(.fired)
        fired.record(LampRule.shines, in: lamp())
        fired.record(LampRule.light, in: lamp())
        #expect(fired.entries.map(\.rule) == [LampRule.shines.id, LampRule.shines.id])
        #expect(built == 2)
        var explain = RuleTrace(.explain)
        explain.record(LampRule.light, in: Lamp(on: false, plugged: true))
        #expect(
            explain.entries == [
                RuleTrace.Entry(rule: LampRule.shines.id, fired: false, failedCondition: 1),
                RuleTrace.Entry(rule: LampRule.dark.id, fired: true, failedCondition: 0),
            ])
    }

    @Test func theFirstFailingConditionIsRecorded() {
        var trace = RuleTrace(.explain)
        let fired = trace.evaluate(LampRule.shines, in: Lamp(on: false, plugged: true))
        #expect(!fired)
        #expect(trace.entries == [RuleTrace.Entry(rule: LampRule.shines.id, fired: false, failedCondition: 1)])
        #expect(LampRule.declarations[0].conditions[1].fails == "the lamp is off")
        #expect(LampRule.declarations[1].conditions[0].holds == "the lamp is off")
        #expect(LampRule.declarations[1].conditions[0].predicate == "not on")
        #expect(LampRule.table.problems.isEmpty)
    }

    @Test func aDecisionListReturnsTheFirstRuleThatFires() {
        var trace = RuleTrace(.fired)
        let both = trace.first(LampRule.light, in: Lamp(on: true, plugged: true))
        let unplugged = trace.first(LampRule.light, in: Lamp(on: true, plugged: false))
        let off = trace.first(LampRule.light, in: Lamp(on: false, plugged: false))
        #expect(both == .shines)
        #expect(unplugged == nil)
        #expect(off == .dark)
        #expect(trace.entries.map(\.rule) == [LampRule.shines.id, LampRule.dark.id])
        #expect(LampRule.light.declaration.rules == ["lamp.shines", "lamp.dark"])
    }

    @Test func aMutationFlipsOneConditionOnlyWhenTracing() {
        let lamp = Lamp(on: true, plugged: true)
        var mutated = RuleTrace(.fired, mutation: .init(rule: LampRule.shines.id, condition: 1))
        let shines = mutated.evaluate(LampRule.shines, in: lamp)
        let dark = mutated.evaluate(LampRule.dark, in: Lamp(on: false, plugged: true))
        #expect(!shines)
        #expect(dark)
        var off = RuleTrace(.off, mutation: .init(rule: LampRule.shines.id, condition: 1))
        let unmutated = off.evaluate(LampRule.shines, in: lamp)
        #expect(unmutated)
        #expect(off.entries.isEmpty)
    }
}

/// The fast path of `PredicateBits`: rules as masks over the bits, with the conditions outside the bits
/// interpreted after them, answer exactly as the interpreter does.
@Suite struct PredicateBitsTests {
    struct Room { var lit: Bool; var open: Bool; var warm: Bool }

    enum RoomPredicate: UInt8, PredicateBits {
        case lit, open, warm
        /// `warm` is left out of the bits: it is interpreted one condition at a time.
        static let inBits: UInt64 = 0b011
        static func bits(in context: Room) -> UInt64 {
            var values = PredicateValues<Self>()
            values.set(.lit, context.lit)
            values.set(.open, context.open)
            return values.bits
        }
        func holds(in context: Room) -> Bool {
            switch self {
            case .lit, .open: return Self.bits(in: context) & 1 << rawValue != 0
            case .warm: return context.warm
            }
        }
        var words: RuleCondition { RuleCondition("\(self)", otherwise: "not \(self)") }
    }

    enum RoomRule: Int, RuleSet {
        case cosy, closed, cold
        static let table = RuleTable<RoomRule>()
        static let verdict = DecisionList<RoomRule>("verdict", [.cosy, .closed, .cold])
        var definition: RuleDefinition<RoomPredicate> {
            switch self {
            case .cosy: return RuleDefinition("room.cosy", summary: "", source: "t", when: [.when(.lit), .when(.warm)])
            case .closed: return RuleDefinition("room.closed", summary: "", source: "t", when: [.not(.open)])
            case .cold:
                return RuleDefinition("room.cold", summary: "", source: "t", when: [.not(.warm), .when(.open)])
            }
        }
    }

    @Test func theMasksAnswerAsTheInterpreter() {
        #expect(RoomRule.table.problems == [])
        for code in 0..<8 {
            let room = Room(lit: code & 1 != 0, open: code & 2 != 0, warm: code & 4 != 0)
            var off = RuleTrace(.off)
            var on = RuleTrace(.fired)
            for rule in RoomRule.allCases {
                #expect(off.evaluate(rule, in: room) == on.evaluate(rule, in: room), "\(rule) \(room)")
            }
            #expect(off.first(RoomRule.verdict, in: room) == on.first(RoomRule.verdict, in: room), "\(room)")
            #expect(off.entries.isEmpty)
        }
    }

    @Test func setOverwritesABit() {
        var values = PredicateValues<RoomPredicate>(0b111)
        values.set(.open, false)
        #expect(values.bits == 0b101)
        #expect(values.holds(.lit) && !values.holds(.open))
    }
}

/// A `PredicateBits` enum that says all its predicates are in the bits but has one beyond bit 63 is a table
/// problem (the provider self-check reports it), not a predicate that silently always reads false.
@Suite struct PredicateBitsProblemTests {
    enum WidePredicate: UInt8, PredicateBits {
        typealias Context = Bool
        case low = 0
        case high = 70
        static func bits(in context: Bool) -> UInt64 { context ? 1 : 0 }
        var words: RuleCondition { RuleCondition("\(self)", otherwise: "not \(self)") }
    }

    enum WideRule: Int, RuleSet {
        case both
        static let table = RuleTable<WideRule>()
        var definition: RuleDefinition<WidePredicate> {
            RuleDefinition("wide.both", summary: "", source: "t", when: [.when(.low), .when(.high)])
        }
    }

    @Test func aPredicateWithoutABitIsReported() {
        #expect(
            WideRule.table.problems == [
                "predicate 'high' has raw value 70: PredicateBits answers at most 64 predicates in its bits "
                    + "(declare inBits and implement holds(in:) for the others)"
            ])
    }
}
