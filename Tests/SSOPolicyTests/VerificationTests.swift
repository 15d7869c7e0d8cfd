import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// `verify` through a provider the core has never heard of: exploration, counterexamples that replay,
/// assumptions, time moves from the policy's durations, and bounded claims.
struct VerificationTests {
    static let policyYAML = """
        policy: kiosk
        provider: badge-kiosk
        settings:
          timeout: 30m
          after_timeout: pin
        apps:
          - id: till
          - id: stock
        """

    func verify(_ options: VerificationOptions) throws -> VerificationReport {
        let policy = try Fixtures.engine.loadPolicy(yaml: Self.policyYAML, file: "kiosk.yaml")
        return try Verifier(engine: Fixtures.engine).verify(policy, options: options)
    }

    @Test func findsTheShortestForeignSessionAndItReplays() throws {
        let report = try verify(VerificationOptions(users: 2, depth: 4))
        #expect(report.timeMoves == [1799, 1801])
        let verdict = try #require(report.verdicts.first { $0.property.id == "no-foreign-session" })
        guard case .violated(let counterexample) = verdict.status else {
            Issue.record("expected a violation")
            return
        }
        #expect(counterexample.moves == 2)
        #expect(counterexample.replayAgrees)
        #expect(counterexample.yaml.contains("- { after: 0, user: alice, open: till }"))
        #expect(counterexample.yaml.contains("- { after: 0, user: bob, open: till }"))
        // The file is a scenario `run` accepts: replaying it gives bob alice's session at its last step.
        let scenario = try Fixtures.engine.loadScenario(yaml: counterexample.yaml, file: counterexample.fileName)
        let policy = try Fixtures.engine.loadPolicy(yaml: Self.policyYAML, file: "kiosk.yaml")
        let last = try #require(try Fixtures.engine.run(scenario, against: policy).views.last)
        #expect(last.user == "bob")
        #expect(last.sessionUser == "alice")
        #expect(last.findings.map(\.id) == ["previous-user-session-active"])
    }

    @Test func theSignOutAssumptionMakesTheKioskHoldUpToTheBound() throws {
        let report = try verify(
            VerificationOptions(
                users: 2, depth: 5, properties: ["no-foreign-session"], assumptions: [.signsOutBeforeHandover]))
        #expect(report.verdicts.count == 1)
        #expect(!report.verdicts[0].isViolated)
        #expect(report.completedDepth == 5)
        #expect(!report.closed)
        #expect(
            VerificationRender.sentence(report.verdicts[0], report)
                == "holds up to depth 5 over \(report.states) states")
    }

    @Test func aStateLimitIsReportedAndBoundsTheClaim() throws {
        let report = try verify(
            VerificationOptions(
                users: 2, depth: 8, properties: ["no-foreign-session"], assumptions: [.signsOutBeforeHandover],
                maxStates: 20))
        #expect(report.truncated)
        #expect(report.completedDepth < 8)
        #expect(
            VerificationRender.sentence(report.verdicts[0], report).hasSuffix("(partial answer: state limit reached)"))
    }

    @Test func aPropertyOfAnotherProviderIsNotApplicable() throws {
        let report = try verify(VerificationOptions(users: 1, depth: 2, properties: ["browser-follows-sign-out"]))
        guard case .notApplicable = report.verdicts[0].status else {
            Issue.record("expected not applicable")
            return
        }
    }

    @Test func outputIsDeterministic() throws {
        let first = VerificationRender.json([try verify(VerificationOptions(users: 2, depth: 5))]).serialized()
        let second = VerificationRender.json([try verify(VerificationOptions(users: 2, depth: 5))]).serialized()
        #expect(first == second)
    }

    @Test func badOptionsAreProblemsWithSuggestions() {
        let problems = Verifier.problems(
            VerificationOptions(users: 0, depth: 65, properties: ["no-foreign-sesion"]), descriptors: [])
        #expect(problems.count == 3)
        #expect(problems[0].hasPrefix("--users: expected 1 to 8, found 0"))
        #expect(problems[1].hasPrefix("--depth: expected 1 to 64, found 65"))
        #expect(problems[2].contains("did you mean 'no-foreign-session'?"))
    }
}
