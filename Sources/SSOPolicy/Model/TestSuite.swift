import SSOPolicyProviderKit

/// A test suite (spec 3.3): a policy, a scenario, and what must hold at given steps.
public struct TestSuite: Sendable, Hashable {
    public var id: String
    public var title: String?
    public var file: String
    public var position: SourcePosition
    /// Paths as resolved against the suite's folder.
    public var policyPath: String
    public var policyPosition: SourcePosition
    public var scenarioPath: String
    public var scenarioPosition: SourcePosition
    public var expectations: [Expectation]
}

/// What must hold at one step. Only the fields written are checked.
public struct Expectation: Sendable, Hashable {
    public var position: SourcePosition
    public var step: Int
    public var stepPosition: SourcePosition
    public var prompts: [String]?
    public var session: String?
    /// `none` means no session user.
    public var sessionUser: String?
    public var details: [String: String]
    /// Finding ids that must be present.
    public var findings: [String]
    /// Finding ids that must be absent.
    public var absentFindings: [String]
    /// True if `findings: []` was written: the step must have no findings at all.
    public var expectsNoFindings: Bool
}
