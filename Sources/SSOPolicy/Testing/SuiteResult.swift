import SSOPolicyProviderKit

/// One field of an expectation that did not hold: what the suite says and what the model answered.
package struct ExpectationMismatch: Sendable, Hashable {
    /// `prompts`, `session`, `session_user`, `details.<key>`, `findings` or `absent_findings`.
    package var field: String
    package var expected: String
    package var actual: String

    package init(field: String, expected: String, actual: String) {
        self.field = field
        self.expected = expected
        self.actual = actual
    }
}

/// The verdict on one expectation, with the step it looked at (for the diff and the trace).
package struct ExpectationResult: Sendable {
    package var expectation: Expectation
    /// The step as the model played it; nil when the scenario has no such step.
    package var view: StepView?
    package var mismatches: [ExpectationMismatch]

    package var passed: Bool { view != nil && mismatches.isEmpty }
}

/// The verdict on one suite. A suite whose policy or scenario does not load has `problems` and no results.
package struct SuiteResult: Sendable {
    package var suite: TestSuite
    /// The policy's id and provider, when it loaded.
    package var policy: CompiledPolicy?
    package var scenarioID: String?
    package var expectations: [ExpectationResult]
    package var problems: [Diagnostic]
    /// Rules that fired at a step some expectation checks (the rules the suite asserts).
    package var checkedRules: Set<RuleID>
    /// Rules that fired anywhere in the run, including steps no expectation looks at.
    package var firedRules: Set<RuleID>

    package var passedCount: Int { expectations.filter(\.passed).count }
    package var failedCount: Int {
        problems.isEmpty ? expectations.count - passedCount : max(1, suite.expectations.count)
    }
    package var passed: Bool { problems.isEmpty && expectations.allSatisfy(\.passed) }
}

/// Every suite that ran, in the order found.
package struct TestReport: Sendable {
    package var suites: [SuiteResult]
    /// Problems with the paths or with suite files that did not load at all.
    package var problems: [Diagnostic]

    package init(suites: [SuiteResult], problems: [Diagnostic]) {
        self.suites = suites
        self.problems = problems
    }

    package var passedCount: Int { suites.reduce(0) { $0 + $1.passedCount } }
    package var failedCount: Int { suites.reduce(0) { $0 + $1.failedCount } + problems.count }
    package var passed: Bool { failedCount == 0 }
}
