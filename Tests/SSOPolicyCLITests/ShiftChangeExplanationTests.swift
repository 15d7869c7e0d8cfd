import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// `run --explain` on the bundled shift changes, with each vendor's recommended policy: every step that opens an app
/// names the rules that decided its prompts and session, and flipping any condition of a rule that fired changes
/// the explanation (so the words are the code that decided).
struct ShiftChangeExplanationTests {
    static let engine = SSOPolicyEngine(
        registry: ProviderRegistry([
            AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
            AnyPolicyProvider(ImprivataMAMProvider()),
            AnyPolicyProvider(AppleSharedIPadProvider()),
        ]))

    struct Case: Sendable, CustomTestStringConvertible {
        var policy: String
        var scenario: String
        var testDescription: String { "\(policy) on \(scenario)" }
    }

    static let cases = [
        Case(policy: "airwatch/frontline-airwatch", scenario: "shift-change-handover"),
        Case(policy: "airwatch/warehouse-airwatch", scenario: "shift-change"),
        Case(policy: "entra/frontline-entra", scenario: "shift-change-handover"),
        Case(policy: "entra/frontline-entra", scenario: "shift-change"),
        Case(policy: "imprivata/hospital-imprivata", scenario: "nursing-shift-change"),
    ]

    @Test(arguments: cases)
    func everyConditionOfEveryFiredRuleDecides(_ testCase: Case) throws {
        let policy = try Self.engine.loadPolicy(path: "\(repository)/Policies/\(testCase.policy).yaml")
        let scenario = try Self.engine.loadScenario(path: "\(repository)/Policies/scenarios/\(testCase.scenario).yaml")
        let run = try Self.engine.run(scenario, against: policy, traceMode: .explain)
        for (index, step) in run.steps.enumerated() where step.isApplicable && step.outcome.session != .none {
            #expect(step.trace.contains { $0.fired }, "step \(index + 1) has no rule that decided it")
        }
        let report = try ExplanationMutations.check(scenario, against: policy, engine: Self.engine)
        #expect(report.checked > 10)
        #expect(report.unchanged == [])
    }
}
