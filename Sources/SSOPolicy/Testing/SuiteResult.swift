import SSOPolicyProviderKit

/// One field of an expectation that did not hold: what the suite says and what the model answered.
public struct ExpectationMismatch: Sendable, Hashable {
    /// `prompts`, `session`, `session_user`, `details.<key>`, `findings` or `absent_findings`.
    public var field: String
    public var expected: String
    public var actual: String

    public init(field: String, expected: String, actual: String) {
        self.field = field
        self.expected = expected
        self.actual = actual
    }
}

/// The verdict on one expectation, with the step it looked at (for the diff and the trace).
public struct ExpectationResult: Sendable {
    public var expectation: Expectation
    /// The step as the model played it; nil when the scenario has no such step.
    public var view: StepView?
    public var mismatches: [ExpectationMismatch]

    public var passed: Bool { view != nil && mismatches.isEmpty }
}

/// The verdict on one suite. A suite whose policy or scenario does not load has `problems` and no results.
public struct SuiteResult: Sendable {
    public var suite: TestSuite
    /// The policy's id and provider, when it loaded.
    public var policy: CompiledPolicy?
    public var scenarioID: String?
    public var expectations: [ExpectationResult]
    public var problems: [Diagnostic]
    /// Rules that fired at a step some expectation checks (the rules the suite asserts).
    public var checkedRules: Set<RuleID>
    /// Rules that fired anywhere in the run, including steps no expectation looks at.
    public var firedRules: Set<RuleID>

    public var passedCount: Int { expectations.filter(\.passed).count }
    public var failedCount: Int {
        problems.isEmpty ? expectations.count - passedCount : max(1, suite.expectations.count)
    }
    public var passed: Bool { problems.isEmpty && expectations.allSatisfy(\.passed) }
}

/// Every suite that ran, in the order found.
public struct TestReport: Sendable {
    public var suites: [SuiteResult]
    /// Problems with the paths or with suite files that did not load at all.
    public var problems: [Diagnostic]

    public init(suites: [SuiteResult], problems: [Diagnostic]) {
        self.suites = suites
        self.problems = problems
    }

    public var passedCount: Int { suites.reduce(0) { $0 + $1.passedCount } }
    public var failedCount: Int { suites.reduce(0) { $0 + $1.failedCount } + problems.count }
    public var passed: Bool { failedCount == 0 }
}
