import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// Every loader problem is reported as `file:line:col: error: message`, all problems of a file at once.
struct LoaderDiagnosticsTests {
    @Test func unknownKeySuggestsTheClosestKnownKey() {
        let errors = Fixtures.policyErrors(
            """
            policy: kiosk
            provider: badge-kiosk
            setings:
              timeout: 5m
            apps:
              - id: till
            """)
        #expect(errors == ["p.yaml:3:1: error: unknown key 'setings' in policy; did you mean 'settings'?"])
    }

    @Test func everyProblemOfAFileIsReported() {
        let errors = Fixtures.policyErrors(
            """
            policy: Kiosk_1
            provider: badge-kiosk
            settings:
              timeout: 15
              after_timeout: badg
              colour: red
            apps:
              - id: till
                kiosk: yes
              - name: Second
            """)
        #expect(
            errors == [
                "p.yaml:1:9: error: policy: 'Kiosk_1' is not a valid id; use lower-case letters, digits and '-'",
                "p.yaml:4:12: error: timeout: expected a duration such as '30s', '15m', '2h' or '0', found '15'; write a unit, e.g. '15m' or '15s'",
                "p.yaml:5:18: error: after_timeout: expected one of 'badge', 'pin', found 'badg'; did you mean 'badge'?",
                "p.yaml:6:3: error: unknown key 'colour' in settings of provider 'badge-kiosk'; expected one of 'timeout', 'after_timeout', 'model'",
                "p.yaml:9:12: error: kiosk: expected 'true' or 'false', found 'yes'; only 'true' and 'false' are booleans",
                "p.yaml:10:5: error: app: missing required key 'id'",
            ])
    }

    @Test func unknownProviderSuggestsARegisteredOne() {
        let errors = Fixtures.policyErrors("policy: k\nprovider: badge-kiosc\napps:\n  - id: till\n")
        #expect(
            errors == [
                "p.yaml:2:11: error: unknown provider 'badge-kiosc'; did you mean 'badge-kiosk'?; registered: badge-kiosk"
            ])
    }

    @Test func duplicateKeysPointAtTheSecondOccurrence() {
        let errors = Fixtures.policyErrors("policy: a\nprovider: badge-kiosk\npolicy: b\napps:\n  - id: till\n")
        #expect(errors == ["p.yaml:3:1: error: duplicate key 'policy' (first defined at 1:1)"])
    }

    @Test func duplicateAppIdsAreErrors() {
        let errors = Fixtures.policyErrors("policy: a\nprovider: badge-kiosk\napps:\n  - id: till\n  - id: till\n")
        #expect(errors == ["p.yaml:5:9: error: duplicate app id 'till' (first defined at 4:9)"])
    }

    @Test func tabsInIndentationAreReportedWhereTheyAre() {
        let errors = Fixtures.policyErrors("policy: a\nprovider: badge-kiosk\napps:\n\t- id: till\n")
        #expect(errors == ["p.yaml:4:1: error: tab character in indentation; YAML indents with spaces"])
    }

    @Test func malformedYAMLHasAPosition() {
        let errors = Fixtures.policyErrors("policy: a\napps: [till\n")
        #expect(errors.count == 1)
        #expect(errors[0].hasPrefix("p.yaml:3:1: error: invalid YAML:"))
    }

    @Test func providerCompileErrorsArePositioned() {
        let errors = Fixtures.policyErrors(
            "policy: a\nprovider: badge-kiosk\nsettings:\n  timeout: 2d\napps:\n  - id: till\n")
        #expect(errors == ["p.yaml:4:12: error: timeout: expected at most 1 day, found 48 hours"])
    }

    @Test func modelOptionsLiveUnderModel() {
        let misplaced = Fixtures.policyErrors(
            "policy: a\nprovider: badge-kiosk\nsettings:\n  tap_scope: one_app\napps:\n  - id: till\n")
        #expect(
            misplaced == [
                "p.yaml:4:3: error: unknown key 'tap_scope' in settings of provider 'badge-kiosk'; 'tap_scope' is a model option: set it under 'model:'"
            ])
        let placed = Fixtures.policyErrors(
            "policy: a\nprovider: badge-kiosk\nsettings:\n  model:\n    tap_scope: one_app\napps:\n  - id: till\n")
        #expect(placed.isEmpty)
    }

    @Test func scenarioTimeErrors() {
        let errors = Fixtures.scenarioErrors(
            """
            scenario: s
            steps:
              - { at: "09:00", user: alice, open: till }
              - { at: "08:30", user: alice, open: till }
              - { at: "25:00", user: alice, open: till }
              - { after: 5, user: alice, open: till }
              - { at: "10:00", after: 5m, user: alice, open: till }
            """)
        #expect(
            errors == [
                "s.yaml:4:11: error: step 2: time goes backwards: 08:30 is before the previous step's 09:00; "
                    + "if it is after midnight, write at: \"+1d 08:30\"",
                "s.yaml:5:11: error: at: expected a time 'HH:MM', 'HH:MM:SS' or '+1d HH:MM' (a later day), or a "
                    + "dated time '2026-11-24T19:05', found '25:00'",
                "s.yaml:6:14: error: after: expected a duration such as '30s', '15m', '2h' or '0', found '5'; write a unit, e.g. '5m' or '5s'",
                "s.yaml:7:20: error: step 5: give either 'at' or 'after', not both",
            ])
    }

    @Test func scenarioStepNeedsExactlyOneEventAndAUser() {
        let errors = Fixtures.scenarioErrors(
            """
            scenario: s
            steps:
              - { user: alice, opn: till }
              - { open: till }
              - { user: alice, open: till, sign_out: till }
            """)
        #expect(
            errors == [
                "s.yaml:3:5: error: step 1: missing an event; expected one of 'open', 'sign_out', 'terminate', 'query_sso_status', 'tap'",
                "s.yaml:3:20: error: unknown key 'opn' in step 1; did you mean 'open'?",
                "s.yaml:4:7: error: step 2: 'open' needs a 'user'",
                "s.yaml:5:32: error: step 3: a step has exactly one event, found 'open', 'sign_out'",
            ])
    }

    @Test func unknownAppsAreErrorsWhenRunAlone() throws {
        let policy = try Fixtures.engine.loadPolicy(
            yaml: "policy: k\nprovider: badge-kiosk\napps:\n  - id: till\n", file: "p.yaml")
        let scenario = try Fixtures.engine.loadScenario(
            yaml: "scenario: s\nsteps:\n  - { user: alice, open: tll }\n", file: "s.yaml")
        #expect(throws: DiagnosticsError.self) { try Fixtures.engine.run(scenario, against: policy) }
        do {
            _ = try Fixtures.engine.run(scenario, against: policy)
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "s.yaml:3:26: error: step 1: policy 'k' has no app 'tll'; did you mean 'till'?"
                ])
        }
        let lenient = try Fixtures.engine.run(scenario, against: policy, mode: .lenient)
        #expect(lenient.steps[0].outcome.session == .notApplicable)
    }
}
