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

    /// Like `visit(initial:apply:)`, with an `apply` that may be called from several threads at once and, when the
    /// provider's state adopts `UserSymmetricState`, the function that renames its users (nil otherwise). The
    /// default forwards to `visit(initial:apply:)`.
    mutating func visit<State: Hashable & Sendable>(
        initial: State, apply: @Sendable (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome,
        renameUsers: (@Sendable (inout State, UserPermutation) -> Void)?
    ) -> Result
}

extension StateSpaceVisitor {
    public mutating func visit<State: Hashable & Sendable>(
        initial: State, apply: @Sendable (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome,
        renameUsers: (@Sendable (inout State, UserPermutation) -> Void)?
    ) -> Result {
        visit(initial: initial, apply: apply)
    }
}

extension CompiledPolicy {
    /// Runs `visitor` over this policy's typed state machine, starting from the state `facts` describe.
    public func visitStateSpace<V: StateSpaceVisitor>(facts: FactValues, _ visitor: inout V) -> V.Result {
        engine.visitStateSpace(facts: facts, &visitor)
    }
}

/// The renaming function of a state type that adopts `UserSymmetricState` (opened from the existential metatype).
private func userRenaming<S: UserSymmetricState>(_: S.Type) -> Any {
    { (state: inout S, permutation: UserPermutation) in state.renameUsers(permutation) }
        as @Sendable (inout S, UserPermutation) -> Void
}

extension TypedEngine {
    @usableFromInline
    func visitStateSpace<V: StateSpaceVisitor>(facts: FactValues, _ visitor: inout V) -> V.Result {
        let provider = self.provider
        let policy = self.policy
        let rename = (P.State.self as? any UserSymmetricState.Type).flatMap {
            userRenaming($0) as? @Sendable (inout P.State, UserPermutation) -> Void
        }
        return visitor.visit(
            initial: provider.initialState(policy, facts: facts),
            apply: { state, event, trace in provider.apply(event, to: &state, policy: policy, trace: &trace) },
            renameUsers: rename)
    }
}
