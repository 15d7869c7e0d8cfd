import SSOPolicyProviderKit

/// Runs test suites (spec 3.3): loads each suite's policy and scenario, plays the scenario, and checks every
/// expectation against the step the model played.
package struct SuiteRunner: Sendable {
    package var engine: SSOPolicyEngine
    package var traceMode: RuleTrace.Mode
    /// Where suites found by `run(paths:)` may point.
    package var references: SuiteReferenceScope

    package init(
        engine: SSOPolicyEngine, traceMode: RuleTrace.Mode = .fired,
        references: SuiteReferenceScope = SuiteReferenceScope()
    ) {
        self.engine = engine
        self.references = references
        // Coverage needs the fired rules, so the trace is never off here.
        self.traceMode = traceMode == .off ? .fired : traceMode
    }

    /// Which suites (and which of their expectations) to run.
    package struct Filter: Sendable, Hashable {
        package var suite: String
        package var step: Int?

        package init(suite: String, step: Int? = nil) {
            self.suite = suite
            self.step = step
        }

        /// `SUITE` or `SUITE:STEP`.
        package init?(parsing text: String) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), !parts[0].isEmpty else { return nil }
            if parts.count == 2 {
                guard let step = Int(parts[1]), step >= 1 else { return nil }
                self.init(suite: String(parts[0]), step: step)
            } else {
                self.init(suite: String(parts[0]))
            }
        }
    }

    /// Finds suites below `paths` (folders recursively) and runs those the filter selects.
    package func run(paths: [String], filter: Filter? = nil) -> TestReport {
        let (files, pathProblems) = engine.yamlFiles(in: paths)
        var problems = pathProblems
        var suites: [TestSuite] = []
        for file in files {
            do {
                let root = try engine.readDocument(path: file)
                // Policies and scenarios live beside suites; only suites run here (`check` validates the rest).
                guard (try? engine.kind(of: root)) == .suite else { continue }
                let suite = try engine.loadSuite(root, file: file)
                let outside = references.problems(in: suite, roots: SuiteReferenceScope.roots(of: file, among: paths))
                if outside.isEmpty { suites.append(suite) } else { problems.append(contentsOf: outside) }
            } catch {
                problems.append(contentsOf: error.diagnostics)
            }
        }
        if let filter {
            let selected = suites.filter { $0.id == filter.suite }
            if selected.isEmpty {
                let origin = SourcePosition(file: "--filter", line: 1, column: 1)
                let names = suites.map(\.id)
                let message =
                    "no suite '\(filter.suite)' below \(paths.joined(separator: ", "))"
                    + Suggestion.didYouMean(filter.suite, in: names)
                return TestReport(suites: [], problems: problems + [.error(at: origin, message)])
            }
            suites = selected.map { suite in
                var suite = suite
                if let step = filter.step { suite.expectations = suite.expectations.filter { $0.step == step } }
                return suite
            }
            if let step = filter.step, suites.allSatisfy({ $0.expectations.isEmpty }) {
                let origin = SourcePosition(file: "--filter", line: 1, column: 1)
                return TestReport(
                    suites: [],
                    problems: problems + [
                        .error(at: origin, "suite '\(filter.suite)' has no expectation for step \(step)")
                    ]
                )
            }
        }
        return TestReport(suites: suites.map(run), problems: problems)
    }

    /// Runs one loaded suite.
    package func run(_ suite: TestSuite) -> SuiteResult {
        var result = SuiteResult(
            suite: suite, policy: nil, scenarioID: nil, expectations: [], problems: [], checkedRules: [],
            firedRules: [])
        let policy: CompiledPolicy
        let scenario: Scenario
        do {
            policy = try engine.loadPolicy(path: suite.policyPath)
        } catch {
            result.problems.append(.error(at: suite.policyPosition, "policy '\(suite.policyPath)' does not load"))
            result.problems.append(contentsOf: error.diagnostics)
            return result
        }
        result.policy = policy
        do {
            scenario = try engine.loadScenario(path: suite.scenarioPath)
        } catch {
            result.problems.append(.error(at: suite.scenarioPosition, "scenario '\(suite.scenarioPath)' does not load"))
            result.problems.append(contentsOf: error.diagnostics)
            return result
        }
        result.scenarioID = scenario.id
        let run: RunResult
        do {
            run = try engine.run(scenario, against: policy, traceMode: traceMode)
        } catch {
            result.problems.append(contentsOf: error.diagnostics)
            return result
        }
        let views = run.views
        let checkedSteps = Set(suite.expectations.map(\.step))
        for (index, step) in run.steps.enumerated() {
            let fired = step.trace.filter(\.fired).map(\.rule)
            result.firedRules.formUnion(fired)
            if checkedSteps.contains(index + 1) { result.checkedRules.formUnion(fired) }
        }
        for expectation in suite.expectations {
            guard expectation.step <= views.count else {
                result.expectations.append(
                    ExpectationResult(
                        expectation: expectation, view: nil,
                        mismatches: [
                            .init(
                                field: "step", expected: "step \(expectation.step)",
                                actual: "scenario '\(scenario.id)' has \(views.count) steps")
                        ]))
                continue
            }
            let view = views[expectation.step - 1]
            result.expectations.append(
                ExpectationResult(
                    expectation: expectation, view: view, mismatches: ExpectationMatcher.mismatches(expectation, view)))
        }
        return result
    }
}
