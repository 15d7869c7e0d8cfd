import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

private let descriptor = ImprivataMAMProvider().descriptor

private let exampleCases = RuleExampleCase.all(descriptor)

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

    @Test func everyRuleHasAFiringAndANonFiringExampleAndCitesTheCatalogue() {
        for rule in descriptor.rules {
            #expect(rule.id.hasPrefix("imprivata."), "\(rule.id)")
            #expect(rule.examples.contains { $0.fires }, "\(rule.id) has no firing example")
            #expect(rule.examples.contains { !$0.fires }, "\(rule.id) has no non-firing example")
            let citations = rule.sources
            #expect(!citations.isEmpty && citations.allSatisfy { descriptor.sourceDocument($0.source) != nil })
        }
    }

    /// The ids suites and guides rely on: renaming one must be a conscious change.
    @Test func ruleTableIsStable() {
        let ids = descriptor.rules.map(\.id)
        #expect(ids.count == 61)
        #expect(ids.first == "imprivata.access.locker-locked")
        #expect(ids.last == "imprivata.restart.blocks-clear-passcode")
        #expect(descriptor.findings.count == 27)
        #expect(Set(ids).count == ids.count)
    }

    @Test(arguments: exampleCases)
    func example(_ item: RuleExampleCase) throws {
        let example = item.example
        var harness = try ImprivataHarness(
            settings: example.settings, apps: [("app", example.appKeys)], facts: example.facts)
        let declaration = try #require(descriptor.allEvents.first { $0.name == example.event })
        var target = "app"
        if case .choice(let words) = declaration.target { target = words[0] }
        if let given = example.target { target = given }
        let step = try harness.step(
            example.event, target, user: "alice", at: "08:00", conditions: example.conditions, mode: .explain)
        #expect(step.fired.contains(item.rule) == example.fires, "fired: \(step.fired)")
    }

    @Test func theCoreGenericExampleRunnerAgrees() {
        let failures = Fixtures.ruleExampleFailures(ProviderRegistry([AnyPolicyProvider(ImprivataMAMProvider())]))
        #expect(failures == [], "\(failures.joined(separator: "\n"))")
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
        func play(_ mutation: RuleTrace.Mutation?) -> [String] {
            var users = UserDirectory(["alice", "bob"])
            let facts = try! FactBuilder.make(descriptor, appCount: 1, users: &users)
            var state = provider.initialState(policy, facts: facts)
            var findings: [String] = []
            for (event, user) in [(4, 0), (0, 0), (5, 0)] {
                var trace = RuleTrace(.fired, mutation: mutation)
                let target: ProviderEvent.Target = event == 0 ? .app(AppID(0)) : .word("hub")
                let outcome = provider.apply(
                    ProviderEvent(event: EventID(event), target: target, user: UserID(user), time: 8 * 3600),
                    to: &state, policy: policy, trace: &trace)
                findings += outcome.findings.map { descriptor.findings[Int($0.index)].id }
            }
            return findings
        }
        #expect(play(nil).contains("logout-method-does-not-clear-session"))
        // Condition 0 ("the logout method ends only the process") flipped: the rule no longer fires.
        #expect(
            !play(RuleTrace.Mutation(rule: ruleIndex, condition: 0)).contains("logout-method-does-not-clear-session"))
    }
}
