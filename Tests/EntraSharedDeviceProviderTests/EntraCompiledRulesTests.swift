import Foundation
import SSOPolicyTestSupport
import Testing

@testable import EntraSharedDeviceProvider

/// The trace-off path checked in as code (`EntraRules+Compiled.swift`) is the one `RuleCompiler` writes from the
/// rule table today, so it cannot decide anything the table does not say.
@Suite struct EntraCompiledRulesTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Plugins/EntraSharedDevice/EntraRules+Compiled.swift")

    @Test func generatedCodeMatchesTheTable() {
        let mismatch = RuleCompiler.mismatch(
            EntraRule.self, lists: EntraRule.lists, file: Self.file, test: "EntraCompiledRulesTests")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// Every rule has a case, and each case tests the rule's conditions: a rule whose checks change changes the text.
    @Test func everyRuleIsACase() {
        let source = RuleCompiler.source(EntraRule.self, lists: EntraRule.lists, test: "EntraCompiledRulesTests")
        for rule in EntraRule.allCases {
            #expect(source.contains("        case .\(rule): return \(rule)Fires(context)\n"))
        }
        let live = RuleCompiler.conditions(
            EntraRule.signInGlobal.definition.checks, predicateType: "EntraPredicate")
        #expect(live.contains("!EntraPredicate.accountSignedIn.holds(in: context)"))
        #expect(live.contains { $0.hasPrefix("bits & 0x") && $0.hasSuffix("== 0x" + $0.dropFirst(9).prefix(19)) })
    }
}
