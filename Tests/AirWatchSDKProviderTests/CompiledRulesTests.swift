import Foundation
import SSOPolicyTestSupport
import Testing

@testable import AirWatchSDKProvider

/// The trace-off path checked in as code (`AirWatchRules+Compiled.swift`) is the one `RuleCompiler` writes from the
/// rule table today, so it cannot decide anything the table does not say.
@Suite struct CompiledRulesTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Plugins/AirWatchSDK/AirWatchRules+Compiled.swift")

    @Test func generatedCodeMatchesTheTable() {
        let mismatch = RuleCompiler.mismatch(
            AirWatchRule.self, lists: AirWatchRule.lists, file: Self.file, test: "CompiledRulesTests")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// Every rule has a case, and each case tests the rule's conditions: a rule whose checks change changes the text.
    @Test func everyRuleIsACase() {
        let source = RuleCompiler.source(AirWatchRule.self, lists: AirWatchRule.lists, test: "CompiledRulesTests")
        for rule in AirWatchRule.allCases {
            #expect(source.contains("        case .\(rule): return \(rule)Fires(context)\n"))
        }
        let live = RuleCompiler.conditions(
            AirWatchRule.securePasscodeLive.definition.checks, predicateType: "AirWatchPredicate")
        #expect(live.contains("AirWatchPredicate.sessionLive.holds(in: context)"))
        #expect(live.contains { $0.hasPrefix("bits & 0x") && $0.hasSuffix("== 0x" + $0.dropFirst(9).prefix(19)) })
    }
}
