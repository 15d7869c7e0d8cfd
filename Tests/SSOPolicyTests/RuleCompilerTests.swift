import Foundation
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// `RuleCompiler` (test support) writes a rule set's trace-off path from its table, finds a checked-in file that
/// differs, and finds a trace-off path that disagrees with the table. Each provider's own tests run it on its table.
@Suite struct RuleCompilerTests {
    // The lamp of the interpreter's tests: `shines` when plugged in and on, `dark` when off.
    typealias Lamp = RuleInterpreterTests.Lamp
    typealias LampPredicate = RuleInterpreterTests.LampPredicate
    typealias LampRule = RuleInterpreterTests.LampRule

    /// A rule set whose trace-off path is wrong on purpose: it says `shines` whenever the lamp is plugged in.
    enum BrokenRule: Int, RuleSet {
        case shines, dark
        static let table = RuleTable<BrokenRule>()
        static let light = DecisionList<BrokenRule>("light", [.shines, .dark])
        var definition: RuleDefinition<LampPredicate> { LampRule(rawValue: rawValue)!.definition }
        static func firesUntraced(_ rule: BrokenRule, in context: Lamp) -> Bool {
            rule == .shines ? context.plugged : !context.on
        }
    }

    static let lamps = [false, true].flatMap { on in [false, true].map { Lamp(on: on, plugged: $0) } }

    @Test func sourceWritesEachRuleAsItsConditionsAndEachListUnrolled() {
        let source = RuleCompiler.source(LampRule.self, lists: [LampRule.light], test: "LampTests")
        #expect(source.contains("extension LampRule {"))
        #expect(source.contains("        case .shines: return shinesFires(context)\n"))
        #expect(
            source.contains(
                "        return LampPredicate.plugged.holds(in: context)\n"
                    + "            && LampPredicate.on.holds(in: context)\n"))
        #expect(source.contains("        return !LampPredicate.on.holds(in: context)\n"))
        #expect(source.contains("        case 0x0000_0000_0000_0201:  // light\n"))
        #expect(source.contains("            if shinesFires(context) { return .shines }\n"))
        #expect(source.contains("`SSOPOLICY_REGENERATE=1 swift test --filter LampTests`"))
        #expect(!source.contains("let bits"))
    }

    @Test func mismatchNamesTheFirstDifferingLineAndTheCommand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rule-compiler-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("LampRules+Compiled.swift")
        let missing = RuleCompiler.mismatch(
            LampRule.self, lists: [LampRule.light], file: file, test: "LampTests", rewrite: false)
        #expect(missing?.contains("missing; run `SSOPOLICY_REGENERATE=1 swift test --filter LampTests`") == true)

        let source = RuleCompiler.source(LampRule.self, lists: [LampRule.light], test: "LampTests")
        try source.write(to: file, atomically: true, encoding: .utf8)
        #expect(
            RuleCompiler.mismatch(LampRule.self, lists: [LampRule.light], file: file, test: "LampTests", rewrite: false)
                == nil)

        let edited = source.replacingOccurrences(of: "!LampPredicate.on", with: "LampPredicate.on")
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let line =
            source.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("!LampPredicate.on") }! + 1
        let report = RuleCompiler.mismatch(
            LampRule.self, lists: [LampRule.light], file: file, test: "LampTests", rewrite: false)
        #expect(report?.hasPrefix("\(file.path):\(line): differs from LampRule.table") == true, "\(report ?? "")")
    }

    @Test func disagreementsFindAWrongTraceOffPath() {
        for lamp in Self.lamps {
            #expect(RuleCompiler.disagreements(LampRule.self, lists: [LampRule.light], in: lamp) == [])
        }
        let found = Self.lamps.flatMap {
            RuleCompiler.disagreements(BrokenRule.self, lists: [BrokenRule.light], in: $0)
        }
        #expect(
            found == [
                "lamp.shines: trace-off path says true, the table false",
                "light: trace-off path decides lamp.shines, the table lamp.dark",
            ])
    }

    @Test func signaturesTellListsApart() {
        #expect(LampRule.light.signature == 0x0201)
        #expect(DecisionList<LampRule>("reversed", [.dark, .shines]).signature == 0x0102)
        #expect(DecisionList<LampRule>("one", [.dark]).signature == 0x02)
        #expect(DecisionList<LampRule>("too long", Array(repeating: .dark, count: 9)).signature == 0)
    }
}
