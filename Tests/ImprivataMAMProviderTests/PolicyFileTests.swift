import Foundation
import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// The bundled imprivata-mam policies load, say what they should, and `verify` agrees with what they claim:
/// the recommended setup keeps every worker out of another's session when workers hand over with check-in and
/// check-out; a process-only logout leaks.
@Suite("imprivata-mam policies and verification")
struct PolicyFileTests {
    static let engine = SSOPolicyEngine(registry: ProviderRegistry([AnyPolicyProvider(ImprivataMAMProvider())]))
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Policies/imprivata")

    static func policy(_ name: String) throws -> CompiledPolicy {
        let text = try String(contentsOf: folder.appendingPathComponent(name + ".yaml"), encoding: .utf8)
        return try engine.loadPolicy(yaml: text, file: name + ".yaml")
    }

    static func findings(_ policy: CompiledPolicy) -> [String] {
        policy.findings.map { policy.descriptor.findings[Int($0.finding.index)].id }
    }

    @Test func theBundledPoliciesSayWhatTheirTitlesSay() throws {
        let recommended = try Self.policy("hospital-imprivata")
        #expect(Self.findings(recommended) == ["no-automatic-check-in", "passcode-off-while-checked-in"])
        let leaky = try Self.policy("weak-logout-imprivata")
        #expect(Self.findings(leaky).contains("no-logout-method"))
        #expect(Self.findings(leaky).contains("logout-method-does-not-clear-session"))
        let microsoft = try Self.policy("microsoft-sdm-imprivata")
        #expect(!Self.findings(microsoft).contains("no-logout-method"))
        #expect(!Self.findings(microsoft).contains("shared-mode-not-active"))
    }

    @Test func theExamplePolicyLoads() throws {
        _ = try Self.engine.loadPolicy(yaml: ImprivataMAMProvider().descriptor.examplePolicy, file: "example.yaml")
    }

    @Test func theRecommendedSetupProvesNoForeignSessionWhenWorkersHandOver() throws {
        let report = try Verifier(engine: Self.engine).verify(
            try Self.policy("hospital-imprivata"),
            options: VerificationOptions(
                users: 2, depth: 6, properties: ["no-foreign-session", "no-previous-user-data"],
                assumptions: [.handsOver]))
        for verdict in report.verdicts {
            guard case .holds = verdict.status else {
                Issue.record("\(verdict.property.id) is violated")
                continue
            }
        }
        #expect(report.states > 100)
    }

    @Test func aProcessOnlyLogoutLeaksEvenWhenWorkersHandOver() throws {
        let report = try Verifier(engine: Self.engine).verify(
            try Self.policy("weak-logout-imprivata"),
            options: VerificationOptions(
                users: 2, depth: 6, properties: ["no-foreign-session"], assumptions: [.handsOver]))
        let verdict = try #require(report.verdicts.first)
        guard case .violated(let counterexample) = verdict.status else {
            Issue.record("expected the leak")
            return
        }
        #expect(counterexample.replayAgrees)
        #expect(counterexample.yaml.contains("handover: { from: alice, to: bob }"))
        #expect(counterexample.yaml.contains("open: timesheet") || counterexample.yaml.contains("open: inventory"))
    }

    @Test func policyMistakesArePositionedErrors() {
        func errors(_ settings: String, _ app: String = "    logout_method: universal_link_callback") -> [String] {
            Fixtures.policyErrors(
                "policy: p\nprovider: imprivata-mam\nsettings:\n\(settings)\napps:\n  - id: a\n\(app)\n",
                engine: Self.engine)
        }
        #expect(
            errors("  platform: android")
                == [
                    "p.yaml:7:20: error: logout_method: 'universal_link_callback' is an iOS logout method; on Android "
                        + "use clear_app_data, clear_app_cache, force_stop or clear_cache_and_stop"
                ])
        #expect(
            errors("  platform: ios", "    logout_method: force_stop").first?.contains(
                "'force_stop' is an Android logout method") == true)
        #expect(
            errors("  password_autofill: enabled\n  identity_provider: custom").first?.hasPrefix(
                "p.yaml:4:22: error: password_autofill: needs identity_provider: eam") == true)
        #expect(
            errors("  platform: android\n  mdm_user_assignment: assign_only", "    logout_method: clear_app_data")
                .first?.contains("does not exist for Android") == true)
        #expect(
            errors("  mdm_user_assignment: none", "    login: mdm_certificate").first?.contains(
                "needs mdm_user_assignment") == true)
        #expect(
            errors("  platform: android", "    logout_method: universal_link_callback").count == 1)
        #expect(
            errors(
                "  platform: android\n  model:\n    ulc_platforms: ios_and_voalte_android",
                "    logout_method: universal_link_callback") == [])
        #expect(errors("  check_out_auth: badge_pn").first?.contains("did you mean 'badge_pin'") == true)
    }
}
