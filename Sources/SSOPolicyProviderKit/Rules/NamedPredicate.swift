/// One condition a provider's rules can state, named and worded once: a case of the provider's predicate enum.
///
/// Rules list predicates instead of passing Booleans, so the words a trace prints ("silent login failed") are
/// the words of the code that decided, and a test can flip any one of them and watch the explanation change.
///
/// ```swift
/// enum BadgePredicate: NamedPredicate {
///     case tapLive
///     var words: RuleCondition {
///         switch self { case .tapLive: return RuleCondition("a tap is live", otherwise: "no tap is live") }
///     }
///     func holds(in context: BadgeContext) -> Bool {
///         switch self { case .tapLive: return context.state.tapLive }
///     }
/// }
/// ```
public protocol NamedPredicate: Hashable, Sendable, CaseIterable {
    /// What the predicates read: the provider's view of one decision (policy, state, app, event, time).
    associatedtype Context

    /// The words for when the predicate holds and when it fails.
    var words: RuleCondition { get }

    /// Evaluates the predicate. Must not allocate: it runs on every attempt.
    func holds(in context: Context) -> Bool
}

extension NamedPredicate {
    /// The predicate's stable name as traces and documentation show it (the enum case, e.g. `silentLoginFailed`).
    public var name: String { String(describing: self) }
}
