import Foundation
import SSOPolicyProviderKit
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
        // The fixed predicates as one mask, then the state's in rule order.
        let fixed = RuleCompiler.hex(
            1 << AirWatchPredicate.passcodeAuthentication.rawValue
                | 1 << AirWatchPredicate.passcodeSessionReusable.rawValue)
        #expect(
            RuleCompiler.conditions(AirWatchRule.securePasscodeLive) == [
                "bits & \(fixed) == \(fixed)", "AirWatchPredicate.passcodeExists.holds(in: context)",
                "AirWatchPredicate.sessionLive.holds(in: context)",
            ])
    }

    /// The generated code and the table's interpreter answer alike for every rule and decision list, in contexts
    /// drawn at random: random apps, stores, policy values, fixed predicate bits and phase values, over two users
    /// and nobody, so every condition is met both ways.
    @Test func generatedCodeAgreesWithTheTableInRandomContexts() throws {
        let harness = try AirWatchHarness(settings: ["authentication": "passcode", "sso": "enabled"])
        var random = SplitMix(state: 16)
        let users: [UserID?] = [nil, UserID(0), UserID(1)]
        func user() -> UserID? { users.randomElement(using: &random)! }
        func flag() -> Bool { Bool.random(using: &random) }
        let prompts: [Prompt?] = [nil, .credentials, .appCredentials, .passcode, .createPasscode]
        var failures: [String] = []
        for _ in 0..<3000 {
            var policy = harness.policy
            var state = harness.state
            let storeCount = state.stores.count
            for index in policy.apps.indices {
                policy.apps[index].effectiveSSO = flag()
                policy.apps[index].usesSDK = flag()
                policy.apps[index].authentication = [.passcode, .usernamePassword, .disabled].randomElement(
                    using: &random)!
                policy.apps[index].ownLogin = [.none, .everyOpen, .untilTerminated].randomElement(using: &random)!
                policy.apps[index].store = Int.random(in: 0..<storeCount, using: &random)
                policy.fixedPredicates[index] = random.next()
                state.apps[index] = AirWatchAppState(
                    registered: flag(), registeredUser: user(), silentRoute: flag(), tokenConsumed: flag(),
                    running: flag(), unlockedInProcess: flag(), lastKnownSSO: flag(),
                    dataUsers: UInt64.random(in: 0..<8, using: &random), seenCheckOut: 0, ownSessionUser: user())
            }
            policy.timeout = [0, 600].randomElement(using: &random)!
            policy.maxFailedAttempts = Int.random(in: 0..<3, using: &random)
            policy.maxPasscodeAge = [0, 3600].randomElement(using: &random)!
            policy.coldLaunchRequiresAuth = flag()
            for index in state.stores.indices {
                state.stores[index] = AirWatchStore(
                    passcodeSet: flag(), passcodeCreated: Int.random(in: 0..<7200, using: &random), hasSession: flag(),
                    stamp: Int.random(in: 0..<7200, using: &random), identity: user(), sessionUser: user(),
                    failedAttempts: Int.random(in: 0..<4, using: &random))
            }
            state.checkedOutUser = user()
            let event = ProviderEvent(
                event: [EventID.open, .terminate, AirWatchFact.checkIn, AirWatchFact.wrongPasscode].randomElement(
                    using: &random)!,
                target: .app(AppID(0)), user: user(), time: Int.random(in: 0..<7200, using: &random))
            let app = Int.random(in: 0..<policy.apps.count, using: &random)
            withUnsafePointer(to: policy) { policy in
                withUnsafeMutablePointer(to: &state) { state in
                    AirWatchContext.with(policy: policy, state: state, event: event, app: app) { context in
                        context.deviceWide = flag()
                        context.beforeInitialCheck = flag()
                        context.silent = flag()
                        context.identifyPrompt = prompts.randomElement(using: &random)!
                        context.securePrompt = prompts.randomElement(using: &random)!
                        if let prompt = prompts.randomElement(using: &random)! { context.securePrompts.append(prompt) }
                        context.wipe = [.none, .sdkData, .everyApp, .userChange].randomElement(using: &random)!
                        context.spared = user()
                        failures += RuleCompiler.disagreements(
                            AirWatchRule.self, lists: AirWatchRule.lists, in: context)
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(Set(failures).sorted().prefix(8).joined(separator: "\n"))")
    }
}
