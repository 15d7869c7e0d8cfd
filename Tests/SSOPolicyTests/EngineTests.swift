import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// Dispatch to a provider, scenario execution, unknown-fact enumeration and determinism, through a test-only
/// provider the core has never heard of.
struct EngineTests {
    static let policyYAML = """
        policy: kiosk
        title: Till kiosk
        provider: badge-kiosk
        settings:
          timeout: 30m
          after_timeout: pin
        apps:
          - id: till
          - id: stock
        """

    static let scenarioYAML = """
        scenario: handover
        steps:
          - { user: alice, open: till }
          - { after: 10m, user: alice, open: stock }
          - { at: "12:00", user: alice, open: till }
          - { user: bob, open: stock }
          - { user: bob, sign_out: stock }
          - { user: bob, tap: till }
        """

    func run() throws -> RunResult {
        let policy = try Fixtures.engine.loadPolicy(yaml: Self.policyYAML, file: "kiosk.yaml")
        let scenario = try Fixtures.engine.loadScenario(yaml: Self.scenarioYAML, file: "handover.yaml")
        return try Fixtures.engine.run(scenario, against: policy)
    }

    @Test func aThirdProviderRunsAScenarioThroughTheCore() throws {
        let views = try run().views
        #expect(views.map(\.at) == ["08:00", "08:10", "12:00", "12:01", "12:02", "12:03"])
        #expect(views.map(\.prompts) == [["credentials"], [], ["passcode"], [], [], ["credentials"]])
        #expect(
            views.map(\.session) == [
                "shared_new", "shared_reused", "shared_new", "shared_reused", "none", "shared_new",
            ])
        #expect(views.map(\.sessionUser) == ["alice", "alice", "alice", "alice", nil, "bob"])
        #expect(views[3].findings.map(\.id) == ["previous-user-session-active"])
        #expect(views[3].findings[0].message == "bob is served alice's session in stock")
        #expect(views[0].trace.map(\.rule) == ["badge.session.tap"])
        #expect(views[0].details.map(\.key) == ["reader"])
    }

    @Test func findingMessagesFillTheirPlaceholdersAndKeepOtherBraces() throws {
        let policy = try Fixtures.engine.loadPolicy(yaml: Self.policyYAML, file: "kiosk.yaml")
        let renderer = OutcomeRenderer(policy: policy, users: UserDirectory())
        #expect(
            renderer.fill(
                "{user} in {app}: {session_user}/{previous_user} {x} {", user: "bob", app: "till",
                sessionUser: "alice", subject: nil) == "bob in till: alice/alice {x} {")
        #expect(
            renderer.fill("{user}{previous_user}", user: nil, app: "a", sessionUser: nil, subject: nil)
                == "the userthe previous user")
        #expect(renderer.fill("no braces", user: "u", app: "a", sessionUser: nil, subject: "s") == "no braces")
    }

    @Test func runJSONFollowsTheContract() throws {
        let json = RunJSON.run(try run()).serialized()
        #expect(
            json.hasPrefix(
                "{\n  \"policy\": \"kiosk\",\n  \"provider\": \"badge-kiosk\",\n  \"scenario\": \"handover\","))
        #expect(json.contains("\"prompts\": [\"passcode\"]"))
        #expect(json.contains("\"session_user\": null"))
        #expect(json.contains("\"summary\": {\n    \"prompts\": 3,\n    \"findings\": {\n      \"critical\": 1,"))
    }

    @Test func outputIsByteIdenticalAcrossRuns() throws {
        let first = RunJSON.run(try run()).serialized() + RunText.render(try run(), explain: true)
        let second = RunJSON.run(try run()).serialized() + RunText.render(try run(), explain: true)
        #expect(first == second)
    }

    @Test func unknownFactsGiveEveryOutcomeWithTheFactsItDependsOn() throws {
        let policy = try Fixtures.engine.loadPolicy(yaml: Self.policyYAML, file: "kiosk.yaml")
        let result = try Fixtures.engine.evaluate(EvaluateRequest(app: "till", user: "bob"), policy: policy)
        let answers = result.outcomes.map { ($0.when.map(\.text), $0.view.prompts, $0.view.sessionUser) }
        // Six combinations, four distinct answers: the same answer is one outcome, and each names only the facts
        // that decide it (the user's own tap and nobody's live tap serve the same session).
        #expect(answers.count == 4)
        #expect(answers[0].0 == ["session_live=true and session_user!=another-user"])
        #expect(answers[0].2 == "bob")
        #expect(answers[1].0 == ["session_live=true and session_user=another-user"])
        #expect(answers[1].2 == "another-user")
        #expect(answers[2].0 == ["session_live=false and session_user=none"])
        #expect(answers[2].1 == ["credentials"])
        #expect(answers[3].0 == ["session_live=false and session_user!=none"])
        #expect(answers[3].1 == ["passcode"])
        #expect(result.findings.map(\.id) == ["previous-user-session-active"])
        #expect(result.findings[0].when.map(\.text) == ["session_live=true and session_user=another-user"])
    }

    @Test func outcomesWithTheSameAnswerAreOneWhateverTheirFacts() throws {
        let policy = try Fixtures.engine.loadPolicy(yaml: Self.policyYAML, file: "kiosk.yaml")
        let result = try Fixtures.engine.evaluate(EvaluateRequest(app: "till", user: "bob"), policy: policy)
        let answers = result.outcomes.map(\.view.answer)
        #expect(Set(answers).count == answers.count)
        #expect(result.combinations == 6)
    }

    @Test func knownFactsGiveOneOutcomeWithAnEmptyWhen() throws {
        let policy = try Fixtures.engine.loadPolicy(yaml: Self.policyYAML, file: "kiosk.yaml")
        let result = try Fixtures.engine.evaluate(
            EvaluateRequest(app: "till", user: "bob", facts: [("session_live", "false"), ("session_user", "none")]),
            policy: policy)
        #expect(result.outcomes.count == 1)
        #expect(result.outcomes[0].when.map(\.isAlways) == [true])
        let json = result.json.serialized()
        // The spec's outcomes: `when` is an object, empty when every fact that matters was given.
        #expect(json.contains("\"outcomes\": [\n    {\n      \"when\": {},"))
        #expect(json.contains("\"answers\": [\n    {\n      \"when\": [\n        {}\n      ]"))
    }

    @Test func theSpecOutcomesNameOneValuePerFactAndDecideTheAnswer() throws {
        let policy = try Fixtures.engine.loadPolicy(yaml: Self.policyYAML, file: "kiosk.yaml")
        let result = try Fixtures.engine.evaluate(EvaluateRequest(app: "till", user: "bob"), policy: policy)
        #expect(!result.branches.isEmpty)
        #expect(result.branches.count >= result.outcomes.count)
        for branch in result.branches {
            // Given only the facts a branch names, evaluate has one answer: the branch's.
            let given = try Fixtures.engine.evaluate(
                EvaluateRequest(app: "till", user: "bob", facts: branch.when), policy: policy)
            #expect(given.outcomes.map(\.view.answer) == [branch.view.answer], "\(branch.when)")
        }
        guard case .object(let fields) = result.json,
            case .array(let outcomes)? = fields.first(where: {
                $0.0 == "outcomes"
            })?.1
        else {
            Issue.record("no outcomes array")
            return
        }
        for outcome in outcomes {
            guard case .object(let pairs) = outcome, case .object(let when)? = pairs.first?.1 else {
                Issue.record("an outcome's first field is not a when object: \(outcome.serialized(pretty: false))")
                continue
            }
            #expect(pairs.first?.0 == "when")
            #expect(when.allSatisfy { if case .string = $0.1 { true } else { false } })
        }
    }

    @Test func badFactsAreErrorsWithSuggestions() throws {
        let policy = try Fixtures.engine.loadPolicy(yaml: Self.policyYAML, file: "kiosk.yaml")
        #expect(throws: EvaluateError.self) {
            try Fixtures.engine.evaluate(
                EvaluateRequest(app: "till", user: "bob", facts: [("session_lve", "true")]), policy: policy)
        }
        do {
            _ = try Fixtures.engine.evaluate(EvaluateRequest(app: "til", user: "bob"), policy: policy)
        } catch {
            #expect(
                "\(error)"
                    == "<command-line>: error: --app: policy 'kiosk' has no app 'til'; did you mean 'till'?; apps: till, "
                    + "stock")
            let diagnostics = (error as? EvaluateError)?.diagnostics ?? []
            #expect(diagnostics.map(\.severity) == [.error])
            #expect(diagnostics.first?.position.description == "<command-line>")
        }
    }

    @Test func configurationFindingsAreReportedByCheckAsWarnings() {
        let folder = Fixtures.folder()
        Fixtures.write(
            "policy: k\nprovider: badge-kiosk\nsettings:\n  timeout: 0\napps:\n  - id: till\n", to: "k.yaml", in: folder
        )
        Fixtures.write("policy: k\nprovider: nope\napps:\n  - id: till\n", to: "sub/broken.yaml", in: folder)
        let report = Fixtures.engine.check(paths: [folder])
        #expect(report.filesChecked == 2)
        #expect(
            report.diagnostics.map(\.description) == [
                "\(folder)/k.yaml:4:12: warning: medium: a tap never expires [session-never-expires]",
                "\(folder)/sub/broken.yaml:2:11: error: unknown provider 'nope'; registered: badge-kiosk",
            ])
    }

    @Test func registryRejectsNothingAndFindsById() {
        #expect(Fixtures.registry.provider(id: "badge-kiosk") != nil)
        #expect(Fixtures.registry.provider(id: "other") == nil)
    }

    @Test func durationsAndClockTimesParse() {
        #expect(Duration.parse("1h30m") == 5400)
        #expect(Duration.parse("0") == 0)
        #expect(Duration.parse("15") == nil)
        #expect(Duration.parse("m") == nil)
        #expect(Duration.format(5400) == "1h30m")
        #expect(Clock.parse("08:00:30") == 8 * 3600 + 30)
        #expect(Clock.parse("8:00") == nil)
        #expect(Clock.format(86_400 + 3600) == "+1d 01:00")
    }
}
