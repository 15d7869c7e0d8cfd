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
    /// provider's state adopts `UserSymmetricState`, its renaming of users (nil otherwise). The default forwards to
    /// `visit(initial:apply:)`.
    mutating func visit<State: Hashable & Sendable>(
        initial: State, apply: @Sendable (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome,
        renaming: UserRenaming<State>?
    ) -> Result
}

/// A provider state's `UserSymmetricState` conformance, as functions over the opened state type.
public struct UserRenaming<State>: Sendable {
    public let rename: @Sendable (inout State, UserPermutation) -> Void
    public let forEachUser: @Sendable (State, (UserID) -> Void) -> Void
}

extension StateSpaceVisitor {
    public mutating func visit<State: Hashable & Sendable>(
        initial: State, apply: @Sendable (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome,
        renaming: UserRenaming<State>?
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

/// The renaming of a state type that adopts `UserSymmetricState` (opened from the existential metatype). `Sendable`
/// (as every provider state is) so that the `@Sendable` closures may capture the state's metatype.
private func userRenaming<S: UserSymmetricState & Sendable>(_: S.Type) -> Any {
    UserRenaming<S>(
        rename: { state, permutation in state.renameUsers(permutation) },
        forEachUser: { state, body in state.forEachUser(body) })
}

extension TypedEngine {
    @usableFromInline
    func visitStateSpace<V: StateSpaceVisitor>(facts: FactValues, _ visitor: inout V) -> V.Result {
        let provider = self.provider
        let policy = self.policy
        let renaming = (P.State.self as? any (UserSymmetricState & Sendable).Type).flatMap {
            userRenaming($0) as? UserRenaming<P.State>
        }
        return visitor.visit(
            initial: provider.initialState(policy, facts: facts),
            apply: { state, event, trace in provider.apply(event, to: &state, policy: policy, trace: &trace) },
            renaming: renaming)
    }
}
