/// Providers whose context still carries the state (`State == Void`): their predicates read the context alone.
/// Kept while providers move to `Predicate<State, Context>`; new code passes the state.
extension Predicate where State == Void {
    @inlinable
    public init(_ holds: StaticString, otherwise fails: StaticString, _ test: @escaping @Sendable (Context) -> Bool) {
        self.init(holds, otherwise: fails) { _, context in test(context) }
    }
}

extension RuleCheck where Predicate.State == Void {
    @inlinable
    public func holds(in context: Predicate.Context) -> Bool { holds(on: (), in: context) }
}

extension RuleTrace {
    @inlinable
    public mutating func evaluate<Rules: RuleSet>(_ rule: Rules, in context: Rules.Predicate.Context) -> Bool
    where Rules.Predicate.State == Void {
        evaluate(rule, on: (), in: context)
    }

    @inlinable
    public mutating func first<Rules: RuleSet>(_ list: DecisionList<Rules>, in context: Rules.Predicate.Context)
        -> Rules? where Rules.Predicate.State == Void
    {
        first(list, on: (), in: context)
    }

    @inlinable
    public mutating func record<Rules: RuleSet>(_ rule: Rules, in context: @autoclosure () -> Rules.Predicate.Context)
    where Rules.Predicate.State == Void {
        if mode == .off { return }
        _ = evaluate(rule, on: (), in: context())
    }

    @inlinable
    public mutating func record<Rules: RuleSet>(
        _ list: DecisionList<Rules>, in context: @autoclosure () -> Rules.Predicate.Context
    ) where Rules.Predicate.State == Void {
        if mode == .off { return }
        _ = first(list, on: (), in: context())
    }
}
