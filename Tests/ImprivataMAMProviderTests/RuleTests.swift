import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

private let descriptor = ImprivataMAMProvider().descriptor

@Suite("imprivata-mam rules")
struct RuleTests {
    @Test func descriptorIsConsistent() {
        #expect(descriptor.selfCheck() == [])
        #expect(descriptor.id == "imprivata-mam")
        #expect(descriptor.handover?.actions.map(\.text) == ["from: check_in hub", "to: check_out hub"])
        for option in descriptor.modelOptions { #expect(option.readings.count == 2, "\(option.key)") }
        // The core's properties and verdicts read findings by concern, not by id.
        #expect(
            descriptor.findings(concern: .foreignSession).map { descriptor.findings[Int($0.index)].id } == [
                "previous-user-session-active"
            ])
        #expect(
            descriptor.findings(concern: .previousUserData).map { descriptor.findings[Int($0.index)].id } == [
                "previous-user-data-visible"
            ])
    }

    /// Under explain mode a rule that was checked and did not fire says which condition failed, in its words.
    @Test func explainNamesTheFailingCondition() throws {
        var harness = try ImprivataHarness()
        try harness.checkOut("alice")
        let step = try harness.step("open", "timesheet", user: "alice", mode: .explain)
        let entry = try #require(
            step.trace.entries.first { descriptor.rules[Int($0.rule.index)].id == "imprivata.app.previous-session" })
        #expect(!entry.fired)
        let rule = descriptor.rules[Int(entry.rule.index)]
        #expect(rule.conditions[Int(entry.failedCondition)].fails == "no other user's session in the app")
    }

    @Test func traceOffRecordsNothing() throws {
        var harness = try ImprivataHarness()
        try harness.checkOut("alice")
        let step = try harness.step("open", "timesheet", user: "alice", mode: .off)
        #expect(step.trace.entries.isEmpty)
        #expect(step.prompts == ["app_credentials"])
    }

    /// Flipping the one condition that decides a leak changes the answer: the words say what decides.
    @Test func flippingTheDecidingConditionChangesTheOutcome() throws {
        let provider = ImprivataMAMProvider()
        let configuration = try ConfigurationBuilder.make(
            descriptor, settings: [:], apps: [("timesheet", ["logout_method": "force_quit"])])
        var diagnostics = Diagnostics()
        let policy = try #require(provider.compile(configuration, diagnostics: &diagnostics))
        let ruleIndex = try #require(descriptor.rule("imprivata.logout.process-only"))
        func play(_ mutation: RuleTrace.Mutation?) throws -> [String] {
            var users = UserDirectory(["alice", "bob"])
            let facts = try! FactBuilder.make(descriptor, appCount: 1, users: &users)
            var state = provider.initialState(policy, facts: facts)
            var findings: [String] = []
            for event in ["check_out", "open", "check_in"] {
                var trace = RuleTrace(.fired, mutation: mutation)
                let target: ProviderEvent.Target = event == "open" ? .app(AppID(0)) : .word("hub")
                let outcome = try provider.apply(
                    ProviderEvent(event: descriptor.event(event)!, target: target, user: UserID(0), time: 8 * 3600),
                    to: &state, policy: policy, trace: &trace)
                findings += outcome.findings.map { descriptor.findings[Int($0.index)].id }
            }
            return findings
        }
        #expect(try play(nil).contains("logout-method-does-not-clear-session"))
        // Condition 0 ("the logout method ends only the process") flipped: the rule no longer fires.
        #expect(
            try !play(RuleTrace.Mutation(rule: ruleIndex, condition: 0)).contains(
                "logout-method-does-not-clear-session"))
    }
}
