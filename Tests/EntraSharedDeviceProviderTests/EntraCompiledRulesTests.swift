import Foundation
import SSOPolicyProviderKit
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
        // The fixed predicate as a mask, then the state's, negated for `.not`.
        let fixed = RuleCompiler.hex(1 << EntraPredicate.sharedForApp.rawValue)
        #expect(
            RuleCompiler.conditions(EntraRule.signInGlobal) == [
                "bits & \(fixed) == \(fixed)", "!EntraPredicate.accountSignedIn.holds(in: context)",
            ])
    }

    /// The generated code and the table's interpreter answer alike for every rule and decision list, in contexts
    /// drawn at random: the context is plain values (fixed predicate bits, the app's memory, the accounts, the
    /// phase's values), over two users and nobody, so every condition is met both ways.
    @Test func generatedCodeAgreesWithTheTableInRandomContexts() {
        var random = SplitMix(state: 16)
        let users: [UserID?] = [nil, UserID(0), UserID(1)]
        func user() -> UserID? { users.randomElement(using: &random)! }
        func flag() -> Bool { Bool.random(using: &random) }
        var failures: [String] = []
        for _ in 0..<5000 {
            var context = EntraContext(
                fixed: random.next(),
                appState: EntraAppState(running: flag(), principal: user(), tokens: user(), dataOwner: user()),
                deviceAccount: user(), safari: user(), user: user())
            context.explicit = flag()
            context.callsCurrentAccount = flag()
            context.current = user()
            context.viaCurrentAccount = flag()
            context.brokerFails = flag()
            context.signedOutGlobally = flag()
            context.userKeptByAnApp = flag()
            context.userTokensCached = flag()
            context.userStillHeld = flag()
            failures += RuleCompiler.disagreements(EntraRule.self, lists: EntraRule.lists, in: context)
        }
        #expect(failures.isEmpty, "\(Set(failures).sorted().prefix(8).joined(separator: "\n"))")
    }
}
