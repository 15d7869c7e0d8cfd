import Foundation
import SSOPolicyTestSupport
import Testing

@testable import ImprivataMAMProvider

/// The trace-off path checked in as code (`ImprivataRules+Compiled.swift`) is the one `RuleCompiler` writes from
/// the rule table today, so it cannot decide anything the table does not say.
@Suite struct ImprivataCompiledRulesTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Plugins/ImprivataMAM/ImprivataRules+Compiled.swift")

    @Test func generatedCodeMatchesTheTable() {
        let mismatch = RuleCompiler.mismatch(
            ImprivataRule.self, lists: ImprivataRule.lists, file: Self.file, test: "ImprivataCompiledRulesTests")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// Every rule has a case, and without predicate bits each condition is its own call, negated for `.not`.
    @Test func everyRuleIsACase() {
        let source = RuleCompiler.source(ImprivataRule.self, lists: ImprivataRule.lists, test: "X")
        for rule in ImprivataRule.allCases {
            #expect(source.contains("        case .\(rule): return \(rule)Fires(context)\n"))
        }
        let signOut = RuleCompiler.conditions(ImprivataRule.appSignOut)
        #expect(signOut == ["ImprivataPredicate.appHasSession.holds(in: context)"])
        #expect(!source.contains("let bits"))
    }
}
