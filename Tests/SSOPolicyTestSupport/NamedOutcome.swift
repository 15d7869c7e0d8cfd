import SSOPolicy

/// A provider's compact `StepOutcome` with its names resolved (prompts, session, users, findings, fired rules,
/// details), so provider tests can assert in the words users read. Shared by every provider's test harness.
public struct NamedOutcome {
    public let outcome: StepOutcome
    public let trace: RuleTrace
    public let descriptor: ProviderDescriptor
    public let users: UserDirectory

    public init(outcome: StepOutcome, trace: RuleTrace, descriptor: ProviderDescriptor, users: UserDirectory) {
        self.outcome = outcome
        self.trace = trace
        self.descriptor = descriptor
        self.users = users
    }

    public var prompts: [String] { outcome.prompts.names }
    public var session: String { outcome.session.name }
    public var sessionUser: String { users.name(outcome.sessionUser) }
    public var subject: String { users.name(outcome.subject) }
    public var findings: [String] { outcome.findings.map { descriptor.findings[Int($0.index)].id } }
    public var fired: [String] { trace.entries.filter(\.fired).map { descriptor.rules[Int($0.rule.index)].id } }
    public var notFired: [String] {
        trace.entries.filter { !$0.fired }.map { descriptor.rules[Int($0.rule.index)].id }
    }

    public func has(_ finding: String) -> Bool { findings.contains(finding) }

    /// A detail's value as rendered, or nil when the step does not set it (or the key is not declared).
    public func detail(_ key: String) -> String? {
        guard let id = descriptor.detail(key) else { return nil }
        switch descriptor.details[Int(id.index)].kind {
        case .choice(let values): return outcome.details.choice(id).map { values[$0] }
        case .account: return outcome.details.account(id).map { users.name($0) }
        }
    }

    /// The `because` text of a fired rule, as the core renders it.
    public func because(_ rule: String) -> String? {
        descriptor.rules.first { $0.id == rule && fired.contains(rule) }?.firedBecause
    }
}
