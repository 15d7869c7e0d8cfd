/// Explores a compiled policy's provider state machine with the typed state, so an explorer can copy, step and
/// hash states by value (no per-state allocation for the type-erased handle, no `AnyHashable`).
///
/// The core's `verify` implements this; `CompiledPolicy.visitStateSpace` opens the provider's types and hands the
/// explorer the initial state and the provider's `apply`.
public protocol StateSpaceVisitor {
    associatedtype Result

    /// Called once with the state facts describe and a function that plays one event on a state in place.
    mutating func visit<State: Hashable & Sendable>(
        initial: State, apply: (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome
    ) -> Result
}

extension CompiledPolicy {
    /// Runs `visitor` over this policy's typed state machine, starting from the state `facts` describe.
    public func visitStateSpace<V: StateSpaceVisitor>(facts: FactValues, _ visitor: inout V) -> V.Result {
        engine.visitStateSpace(facts: facts, &visitor)
    }
}

extension TypedEngine {
    @usableFromInline
    func visitStateSpace<V: StateSpaceVisitor>(facts: FactValues, _ visitor: inout V) -> V.Result {
        let provider = self.provider
        let policy = self.policy
        return visitor.visit(initial: provider.initialState(policy, facts: facts)) { state, event, trace in
            provider.apply(event, to: &state, policy: policy, trace: &trace)
        }
    }
}
