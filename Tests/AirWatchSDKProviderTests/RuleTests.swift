import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

@testable import AirWatchSDKProvider

private let descriptor = AirWatchSDKProvider().descriptor

@Suite("airwatch-sdk rules")
struct RuleTests {
    @Test func descriptorIsConsistent() {
        #expect(descriptor.selfCheck() == [])
        #expect(descriptor.id == "airwatch-sdk")
        #expect(descriptor.settings.filter(\.isMatrixDimension).map(\.key).contains("authentication"))
        #expect(descriptor.requiredEventMeanings["sign_out"]?.contains("lockSession") == true)
        for option in descriptor.modelOptions {
            #expect(option.readings.count == 2, "\(option.key)")
        }
    }

    /// Every declaration enum's raw values are its positions, so the ids derived from them point at their entries.
    @Test func declaredIdentifiersArePositions() {
        #expect(AirWatchFact.positionProblems == [])
        #expect(AirWatchEvent.positionProblems == [])
        #expect(AirWatchStepCondition.positionProblems == [])
        #expect(AirWatchDetail.positionProblems == [])
        #expect(AirWatchFinding.positionProblems == [])
        #expect(
            descriptor.facts.map(\.key) == [
                "passcode_set", "session_live", "silent_login", "initial_check_done", "session_user",
                "checked_out_user",
            ])
        #expect(
            descriptor.events.map(\.name) == [
                "lock", "wrong_passcode", "check_out", "check_in", "logout_current_user", "background",
            ])
        #expect(AirWatchEvent.lock.id == descriptor.event("lock"))
        #expect(AirWatchStepCondition.beforeInitialCheck.id == descriptor.stepCondition("before_initial_check"))
    }

    /// The ids the core, suites and guides rely on: renaming one must be a conscious change.
    @Test func ruleTableIsStable() {
        let ids = descriptor.rules.map(\.id)
        #expect(ids.count == 60)
        #expect(ids.first == "airwatch.identify.registered")
        #expect(ids.last == "airwatch.identify.checked-out-user")
        for id in [
            "airwatch.identify.silent-login", "airwatch.identify.common-auth", "airwatch.identify.app-login",
            "airwatch.secure.passcode.live-session", "airwatch.secure.passcode.prompt",
            "airwatch.secure.passcode.create",
            "airwatch.secure.username-password.every-access", "airwatch.sso.requirement-missing",
            "airwatch.status.before-initial-check", "airwatch.without-sdk.microsoft-sign-in",
        ] {
            #expect(ids.contains(id), "\(id)")
        }
        #expect(descriptor.findings.count == 32)
    }

    /// Under explain mode a rule that was checked and did not fire says which condition failed.
    @Test func explainNamesTheFailingCondition() throws {
        var explained = try AirWatchHarness(settings: ["authentication": "passcode"])
        let result = try explained.step(
            "open", "inventory", user: "alice", conditions: ["silent_login": "fails"], mode: .explain)
        let entry = try #require(
            result.trace.entries.first { descriptor.rules[Int($0.rule.index)].id == "airwatch.identify.common-auth" })
        #expect(!entry.fired)
        let rule = descriptor.rules[Int(entry.rule.index)]
        #expect(rule.conditions[Int(entry.failedCondition)].fails == "SSO is not effective for the app")
        #expect(rule.conditions[Int(entry.failedCondition)].predicate == "ssoEffective")
    }

    /// The table compiles without problems, and every predicate is stated by some rule (none is dead code).
    @Test func ruleTableHasNoProblemsAndNoUnusedPredicate() {
        #expect(AirWatchRules.phases.problems == [])
        let used = Set(AirWatchRules.definitions.flatMap { $0.checks.map(\.predicate) })
        #expect(Set(AirWatchPredicate.allCases).subtracting(used).isEmpty)
        #expect(descriptor.rules.allSatisfy { rule in rule.conditions.allSatisfy { $0.predicate != nil } })
    }

    /// The ordered decisions are declared as decision lists that `providers` can show, in evaluation order.
    @Test func decisionListsAreDeclared() {
        let lists = descriptor.decisionLists
        #expect(lists.count == 8)
        let passcode = lists.first { $0.name == "secure: passcode" }
        #expect(
            passcode?.rules == [
                "airwatch.secure.passcode.create", "airwatch.secure.passcode.live-session",
                "airwatch.secure.passcode.every-access", "airwatch.secure.passcode.prompt",
            ])
        let identify = lists.first { $0.name == "identify: after silent login failed" }
        #expect(identify?.rules.last == "airwatch.identify.app-login")
    }

    @Test func traceOffRecordsNothing() throws {
        var harness = try AirWatchHarness(settings: ["authentication": "passcode", "sso": "enabled"])
        let step = try harness.step(
            "open", "inventory", user: "alice", conditions: ["silent_login": "fails"], mode: .off)
        #expect(step.trace.entries.isEmpty)
        #expect(step.prompts == ["credentials", "create_passcode"])
    }
}
