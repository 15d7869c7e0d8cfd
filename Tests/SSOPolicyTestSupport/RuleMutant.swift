import SSOPolicy

/// A provider with one rule broken on purpose: whenever `rule` fires, the outcome's session and prompts are
/// changed. Running suites against it proves they would notice the rule changing (mutation testing), which is
/// what "checked" in the coverage report promises.
public struct RuleMutant<Base: PolicyProvider>: PolicyProvider {
    public let base: Base
    public let rule: RuleID

    public init(_ base: Base, breaking rule: RuleID) {
        self.base = base
        self.rule = rule
    }

    public var descriptor: ProviderDescriptor { base.descriptor }

    public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> Base.Policy? {
        base.compile(configuration, diagnostics: &diagnostics)
    }

    public func configurationFindings(_ policy: Base.Policy) -> [PolicyFinding] { base.configurationFindings(policy) }

    public func initialState(_ policy: Base.Policy, facts: FactValues) throws -> Base.State {
        try base.initialState(policy, facts: facts)
    }

    public func apply(_ event: ProviderEvent, to state: inout Base.State, policy: Base.Policy, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        var own = RuleTrace(.explain)
        var outcome = try base.apply(event, to: &state, policy: policy, trace: &own)
        for entry in own.entries { trace.append(entry) }
        if own.entries.contains(where: { $0.rule == rule && $0.fired }) {
            outcome.session = outcome.session == .denied ? .sharedNew : .denied
            outcome.prompts = outcome.prompts.isEmpty ? [.credentials] : []
        }
        return outcome
    }
}
