import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// `ssopolicy test`: the bundled library is under test and failures are readable. That the suites catch each
/// provider rule they check, broken on purpose, is each provider's `ProviderConformance` call.
struct TestCommandTests {
    static let registry = ProviderRegistry([
        AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
        AnyPolicyProvider(ImprivataMAMProvider()),
        AnyPolicyProvider(AppleSharedIPadProvider()),
    ])

    @Test func theBundledSuitesPass() {
        let result = ssopolicy("test", repository + "/Policies")
        #expect(result.code == 0, "\(result.out)")
        #expect(result.out.contains(" passed, 0 failed ("))
        #expect(!result.out.contains("FAIL"))
    }

    @Test func everyBundledPolicyAndScenarioIsUnderTest() throws {
        let report = SuiteRunner(engine: SSOPolicyEngine(registry: Self.registry)).run(paths: [
            repository + "/Policies"
        ])
        let policies = Set(report.suites.map(\.suite.policyPath))
        let scenarios = Set(report.suites.map(\.suite.scenarioPath))
        let files = SSOPolicyEngine(registry: Self.registry).yamlFiles(in: [repository + "/Policies"]).files
        // Fleets and the scenario only fleets play are held by FleetCommandTests (every pair, byte for byte).
        let playedByFleets = repository + "/Policies/scenarios/ward-handover.yaml"
        for file in files where !file.contains("/suites/") && !file.contains("/fleets/") && file != playedByFleets {
            #expect(
                policies.contains(file) || scenarios.contains(file), "\(file) is not referenced by any bundled suite")
        }
    }

    @Test func aFailureShowsPositionExpectedActualAndTraceAndExits1() throws {
        let folder = Fixtures.folder()
        Fixtures.write(
            """
            suite: broken-pin
            policy: \(repository)/Policies/airwatch/warehouse-airwatch.yaml
            scenario: \(repository)/Policies/scenarios/shift-change.yaml
            expect:
              - step: 4
                prompts: [credentials]
                session_user: bob
                absent_findings: [previous-user-session-behind-prompt]
            """, to: "broken.yaml", in: folder)
        // The suite names the repository's files from a temporary folder: outside the tree, so it must be allowed.
        #expect(ssopolicy("test", folder).out.contains("is outside the folder being tested"))
        let result = ssopolicy("test", folder, "--allow-outside-references")
        #expect(result.code == 1)
        #expect(
            result.out.contains(
                "\(folder)/broken.yaml:5:5: error: step 4 (12:00 bob open timesheet) of 'shift-change' does not match"))
        #expect(result.out.contains("    prompts          expected [credentials]\n"))
        #expect(result.out.contains("                     actual   [passcode]\n"))
        #expect(result.out.contains("    session_user     expected bob\n"))
        #expect(result.out.contains("absent_findings  expected none of [previous-user-session-behind-prompt]"))
        #expect(result.out.contains("trace of step 4:"))
        #expect(result.out.contains("fired airwatch.secure.passcode.prompt"))
        #expect(result.out.hasSuffix("0 passed, 1 failed (1 suite)\n"))
    }

    @Test func filterRunsOneExpectation() {
        let result = ssopolicy(
            "test", repository + "/Policies", "--filter", "warehouse-airwatch-on-shift-change:4", "--verbose")
        #expect(result.code == 0)
        #expect(result.out.contains("ok step 4 (12:00 bob open timesheet)"))
        #expect(result.out.hasSuffix("1 passed, 0 failed (1 suite)\n"))
        let typo = ssopolicy("test", repository + "/Policies", "--filter", "warehouse-airwatch-on-shift-chang")
        #expect(typo.code == 1)
        #expect(typo.out.contains("did you mean 'warehouse-airwatch-on-shift-change'?"))
        #expect(ssopolicy("test", "Policies", "--filter", "x:0").code == 64)
        #expect(ssopolicy("test", "Policies", "--format", "markdown").code == 64)
    }

    @Test func coverageNamesRulesNoSuiteReaches() {
        let result = ssopolicy("test", repository + "/Policies", "--coverage")
        #expect(result.code == 0)
        #expect(result.out.contains("airwatch-sdk: "))
        #expect(result.out.contains("entra-shared-device: "))
        // Failed-attempt wipes need several wrong passcodes in a row: no bundled scenario has them.
        #expect(result.out.contains("not checked by any suite:\n"))
        #expect(result.out.contains("    airwatch.failed-attempts.wipe\n"))
        #expect(result.out.contains("excluded by this policy's settings:"))
        let json = ssopolicy("test", repository + "/Policies", "--coverage", "--format", "json")
        #expect(json.code == 0)
        #expect(json.out.contains(#""coverage": ["#))
        #expect(json.out.contains(#""reachability": "unreachable_by_settings""#))
        #expect(json.out == ssopolicy("test", repository + "/Policies", "--coverage", "--format", "json").out)
    }
}
