import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// `ssopolicy test` in the core: expectations field by field, filters, suites that cannot run, and coverage that
/// only counts rules fired at checked steps.
@Suite struct SuiteRunnerTests {
    static let policy = """
        policy: kiosk
        provider: badge-kiosk
        settings:
          after_timeout: pin
        apps:
          - id: till
          - id: scale
        """
    static let scenario = """
        scenario: two-taps
        steps:
          - { at: "08:00", user: alice, open: till }
          - { at: "08:01", user: bob, open: scale }
          - { at: "08:02", user: bob, sign_out: scale }
          - { at: "08:03", user: bob, open: till }
        """

    /// A folder with the policy, the scenario and one suite whose `expect:` block is `expect`.
    func folder(expect: String, name: String = #function) -> String {
        let folder = Fixtures.folder(name)
        Fixtures.write(Self.policy, to: "policies/kiosk.yaml", in: folder)
        Fixtures.write(Self.scenario, to: "scenarios/two-taps.yaml", in: folder)
        Fixtures.write(
            """
            suite: kiosk-taps
            policy: ../policies/kiosk.yaml
            scenario: ../scenarios/two-taps.yaml
            expect:
            \(expect)
            """, to: "suites/kiosk-taps.yaml", in: folder)
        return folder
    }

    func run(_ folder: String, filter: SuiteRunner.Filter? = nil) -> TestReport {
        SuiteRunner(engine: Fixtures.engine).run(paths: [folder], filter: filter)
    }

    @Test func passingExpectationsCountAndResolvePathsAgainstTheSuite() {
        let report = run(
            folder(
                expect: """
                      - step: 1
                        prompts: [credentials]
                        session: shared_new
                        session_user: alice
                        details: {reader: on}
                        findings: []
                      - step: 2
                        session: shared_reused
                        session_user: alice
                        findings: [previous-user-session-active]
                      - step: 3
                        session: none
                        session_user: none
                        absent_findings: [previous-user-session-active]
                    """))
        #expect(report.problems.isEmpty)
        #expect(report.passedCount == 3)
        #expect(report.failedCount == 0)
        #expect(report.suites[0].policy?.configuration.file.hasSuffix("/policies/kiosk.yaml") == true)
        #expect(report.suites[0].policy?.configuration.file.contains("..") == false)
    }

    @Test func everyFieldThatDiffersIsReportedWithExpectedAndActual() throws {
        let report = run(
            folder(
                expect: """
                      - step: 2
                        prompts: [passcode]
                        session: shared_new
                        session_user: bob
                        details: {reader: off}
                        findings: []
                      - step: 1
                        findings: [previous-user-session-active]
                        absent_findings: [session-never-expires]
                      - step: 2
                        absent_findings: [previous-user-session-active]
                    """))
        let results = report.suites[0].expectations
        #expect(report.failedCount == 3)
        #expect(report.passedCount == 0)
        let first = results[0].mismatches.map { "\($0.field): \($0.expected) | \($0.actual)" }
        #expect(
            first == [
                "prompts: [passcode] | []", "session: shared_new | shared_reused", "session_user: bob | alice",
                "details.reader: off | (none)", "findings: [] | [previous-user-session-active]",
            ])
        #expect(results[1].passed == false)
        #expect(results[1].mismatches.map(\.field) == ["findings"])
        #expect(results[2].mismatches.map(\.field) == ["absent_findings"])
        // The failure names the expectation's own position in the suite file.
        #expect(results[0].expectation.position.line == 5)
        #expect(results[0].expectation.position.file.hasSuffix("suites/kiosk-taps.yaml"))
    }

    @Test func textReportShowsPositionDiffTraceAndSummary() {
        let report = run(folder(expect: "  - step: 4\n    prompts: [passcode]\n"))
        let text = TestReportText.render(report)
        #expect(text.contains("suites/kiosk-taps.yaml:5:5: error: step 4 (08:03 bob open till)"))
        #expect(text.contains("prompts   expected [passcode]"))
        #expect(text.contains("actual   [credentials]"))
        #expect(
            text.contains(
                "- fired badge.session.tap: no tap is live [ssopolicy example provider\n"))
        #expect(text.hasSuffix("0 passed, 1 failed (1 suite)\n"))
    }

    @Test func aStepBeyondTheScenarioFails() {
        let report = run(folder(expect: "  - step: 9\n    session: none\n"))
        #expect(report.failedCount == 1)
        #expect(report.suites[0].expectations[0].view == nil)
        #expect(TestReportText.render(report).contains("step 9 does not exist: scenario 'two-taps' has 4 steps"))
    }

    @Test func filterSelectsOneSuiteOrOneExpectation() {
        let folder = folder(expect: "  - step: 1\n    session: shared_new\n  - step: 2\n    session: denied\n")
        #expect(run(folder).failedCount == 1)
        let one = run(folder, filter: .init(suite: "kiosk-taps", step: 1))
        #expect(one.passedCount == 1 && one.failedCount == 0)
        let missing = run(folder, filter: .init(suite: "kiosk-tap"))
        #expect(missing.suites.isEmpty)
        #expect(missing.problems.map(\.message) == ["no suite 'kiosk-tap' below \(folder); did you mean 'kiosk-taps'?"])
        let noStep = run(folder, filter: .init(suite: "kiosk-taps", step: 3))
        #expect(noStep.problems.map(\.message) == ["suite 'kiosk-taps' has no expectation for step 3"])
        #expect(SuiteRunner.Filter(parsing: "a:0") == nil)
        #expect(SuiteRunner.Filter(parsing: "a:b:c") == nil)
        #expect(SuiteRunner.Filter(parsing: "kiosk-taps:2") == .init(suite: "kiosk-taps", step: 2))
    }

    @Test func aSuiteWhosePolicyDoesNotLoadFailsWithPositions() {
        let folder = folder(expect: "  - step: 1\n    session: shared_new\n")
        Fixtures.write(
            "policy: kiosk\nprovider: badge-kios\napps:\n  - id: till\n", to: "policies/kiosk.yaml", in: folder)
        let report = run(folder)
        #expect(report.failedCount == 1)
        let messages = report.suites[0].problems.map(\.description)
        #expect(
            messages.first?.hasSuffix(
                "suites/kiosk-taps.yaml:2:9: error: policy '\(folder)/policies/kiosk.yaml' does not load") == true)
        #expect(messages.contains { $0.contains("policies/kiosk.yaml:2:11: error: unknown provider 'badge-kios'") })
    }

    @Test func coverageCountsOnlyRulesFiredAtCheckedSteps() throws {
        // Only step 1 is checked: the tap rule is checked, the live rule fires at step 2 (unchecked), sign-out
        // at step 3 (unchecked); the PIN rule never fires (bob signed out, so no earlier tap remains).
        let report = run(folder(expect: "  - step: 1\n    session: shared_new\n"))
        let coverage = RuleCoverage.make(report, registry: Fixtures.registry)
        let provider = try #require(coverage.providers.first)
        let status = Dictionary(uniqueKeysWithValues: provider.rules.map { ($0.rule.id, $0.status) })
        #expect(status["badge.session.tap"] == .checked)
        #expect(status["badge.session.live"] == .runUnchecked)
        #expect(status["badge.sign-out"] == .runUnchecked)
        #expect(status["badge.session.pin"] == .notReached)
        let policy = try #require(provider.policies.first)
        #expect(policy.suites == ["kiosk-taps"])
        #expect(policy.count(.checked) == 1)
    }

    @Test func coverageSaysWhyARuleIsNotReached() throws {
        // With `after_timeout: badge` the PIN rule cannot fire: its only firing example needs `pin`.
        let folder = folder(expect: "  - step: 1\n    session: shared_new\n")
        Fixtures.write(
            Self.policy.replacingOccurrences(of: "after_timeout: pin", with: "after_timeout: badge"),
            to: "policies/kiosk.yaml", in: folder)
        let coverage = RuleCoverage.make(run(folder), registry: Fixtures.registry)
        let rules = try #require(coverage.providers.first?.policies.first?.rules)
        let pin = try #require(rules.first { $0.rule.id == "badge.session.pin" })
        #expect(pin.status == .notReached)
        #expect(pin.reach?.kind == "unreachable_by_settings")
        #expect(pin.reach?.reason.contains("needs after_timeout=pin (this policy: badge)") == true)
        // Sign-out is not checked but the model reaches it: the reason is an example that does.
        let signOut = try #require(rules.first { $0.rule.id == "badge.sign-out" })
        #expect(signOut.reach?.kind == "reachable")
        #expect(signOut.reach?.reason.contains("sign_out: till") == true)
    }

    @Test func aProviderWithoutSuitesIsListedWithNothingChecked() throws {
        let report = TestReport(suites: [], problems: [])
        let coverage = RuleCoverage.make(report, registry: Fixtures.registry)
        #expect(coverage.providers.map(\.providerID) == ["badge-kiosk"])
        #expect(coverage.providers[0].count(.notReached) == BadgeProvider.declaration.rules.count)
        #expect(CoverageText.render(coverage).contains("no suite uses a policy of this provider"))
    }

    @Test func jsonReportCarriesFieldsAndCoverage() {
        let report = run(folder(expect: "  - step: 1\n    session: denied\n"))
        let coverage = RuleCoverage.make(report, registry: Fixtures.registry)
        let json = TestReportJSON.render(report, coverage: coverage).serialized(pretty: false)
        #expect(json.contains(#""passed":0,"failed":1"#))
        #expect(json.contains(#""field":"session","expected":"denied","actual":"shared_new""#))
        // Positions have the same shape as `check --format json` diagnostics.
        #expect(json.contains(#""line":5,"column":5,"passed":false"#))
        #expect(json.contains(#""rule":"badge.session.tap","status":"checked""#))
        #expect(json == TestReportJSON.render(report, coverage: coverage).serialized(pretty: false))
    }
}
