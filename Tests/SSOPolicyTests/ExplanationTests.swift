import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// `--explain` names the rules that fired with their conditions, the rules of a decision list passed over with the
/// condition that failed, and under `--explain all` every other rule; each condition decides what it says.
struct ExplanationTests {
    func run(_ detail: StepView.ExplainDetail = .decisions) throws -> RunResult {
        let policy = try Fixtures.engine.loadPolicy(yaml: EngineTests.policyYAML, file: "kiosk.yaml")
        let scenario = try Fixtures.engine.loadScenario(yaml: EngineTests.scenarioYAML, file: "handover.yaml")
        return try Fixtures.engine.run(scenario, against: policy, traceMode: .explain, explain: detail)
    }

    @Test func everyConditionOfEveryFiredRuleChangesTheExplanation() throws {
        let policy = try Fixtures.engine.loadPolicy(yaml: EngineTests.policyYAML, file: "kiosk.yaml")
        let scenario = try Fixtures.engine.loadScenario(yaml: EngineTests.scenarioYAML, file: "handover.yaml")
        let report = try ExplanationMutations.check(scenario, against: policy, engine: Fixtures.engine)
        // badge.session.tap (1), badge.session.live (1), badge.session.pin (3), badge.session.previous-user (2),
        // badge.sign-out (1).
        #expect(report.checked == 8)
        #expect(report.unchanged == [])
    }

    @Test func aWrapperThatDropsTheMutationIsCaught() throws {
        let registry = ProviderRegistry([
            AnyPolicyProvider(RuleMutant(BadgeProvider(), breaking: RuleID(99)))
        ])
        let engine = SSOPolicyEngine(registry: registry)
        let policy = try engine.loadPolicy(yaml: EngineTests.policyYAML, file: "kiosk.yaml")
        let scenario = try engine.loadScenario(yaml: EngineTests.scenarioYAML, file: "handover.yaml")
        let report = try ExplanationMutations.check(scenario, against: policy, engine: engine)
        #expect(report.checked == 8)
        #expect(report.unchanged.count == 8)
    }

    @Test func decisionListsShowTheRulesPassedOverWithTheirFailingCondition() throws {
        let views = try run().views
        // Step 3 (12:00, the tap expired): the live-session rule is passed over, the PIN rule decides.
        let noon = views[2].trace
        #expect(noon.map(\.rule) == ["badge.session.live", "badge.session.pin"])
        #expect(noon[0].fired == false && noon[0].list == "access attempt")
        #expect(noon[0].conditions == ["no tap is live"])
        #expect(noon[0].failedPredicate == "tapLive")
        #expect(
            noon[1].fired
                && noon[1].conditions == ["no tap is live", "an earlier tap expired", "the policy asks a PIN"])
        let text = RunText.explanation(noon)
        #expect(text.contains("- passed over badge.session.live (access attempt): no tap is live"))
        #expect(text.contains("- fired badge.session.pin: no tap is live, an earlier tap expired"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func explainAllAddsEveryRuleThatDidNotFire() throws {
        let decisions = try run().views
        let all = try run(.all).views
        // Step 4: bob opens stock during alice's tap; the previous-user rule fires, sign-out is never evaluated.
        #expect(decisions[3].trace.allSatisfy { $0.evaluated })
        let unevaluated = all[3].trace.filter { !$0.evaluated }.map(\.rule)
        #expect(unevaluated.contains("badge.sign-out"))
        let counts = all.map { $0.trace.count }
        #expect(counts.allSatisfy { $0 >= 5 })
        #expect(RunText.explanation(all[3].trace).contains("not evaluated at this step: "))
        let json = RunJSON.trace(all[3].trace.last!).serialized(pretty: false)
        #expect(json.contains("\"evaluated\":false"))
    }
}
