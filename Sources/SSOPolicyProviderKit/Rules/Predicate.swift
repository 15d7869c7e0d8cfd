/// One condition a provider's rules can state, declared once: its words for when it holds and when it fails, and
/// its computation over the provider's state and the decision's context.
///
/// The state is passed as it is at the moment of the decision (the handler's `inout` state, read, never copied); the
/// context holds only what the state does not: the policy, the app in focus, the acting user, the time, and what an
/// earlier phase of the step worked out.
///
/// ```swift
/// enum BadgePredicate: Int, PredicateSet {
///     case tapLive
///     var definition: Predicate<BadgeState, BadgeContext> {
///         switch self {
///         case .tapLive: Predicate("a tap is live", otherwise: "no tap is live") { state, _ in state.live }
///         }
///     }
/// }
/// ```
public struct Predicate<State, Context>: Sendable {
    /// The words, kept as literals so that a decision, which reads only `test`, has no strings to release.
    @usableFromInline let holds: StaticString
    @usableFromInline let fails: StaticString
    /// Evaluates the predicate. Must not allocate: it runs on every attempt. Throws the fact a what-if has not
    /// given yet when it reads one (`Given.value`).
    public let test: @Sendable (State, Context) throws -> Bool

    @inlinable
    public init(
        _ holds: StaticString, otherwise fails: StaticString,
        _ test: @escaping @Sendable (State, Context) throws -> Bool
    ) {
        self.holds = holds
        self.fails = fails
        self.test = test
    }

    public var words: RuleCondition { RuleCondition(holds.description, otherwise: fails.description) }
}

/// A provider's predicates: an enum whose one exhaustive `definition` gives each case's words and computation, so
/// the compiler checks that every predicate is defined and the words cannot drift from the code that decides.
///
/// Rules list predicates instead of passing Booleans, so the words a trace prints ("silent login failed") are the
/// words of the code that decided, and a test can flip any one of them and watch the explanation change.
public protocol PredicateSet: Hashable, Sendable, CaseIterable {
    /// What the provider remembers (its `PolicyProvider.State`), read as it is when the rule is checked.
    associatedtype State
    /// The rest of one decision: the policy or the part of it rules read, the app, the user, the time.
    associatedtype Context
    var definition: Predicate<State, Context> { get }
}

extension PredicateSet {
    /// The words for when the predicate holds and when it fails.
    public var words: RuleCondition { definition.words }

    /// Evaluates the predicate: its definition's `test`, on the state as it is and the decision's context.
    @inlinable
    public func holds(on state: State, in context: Context) throws -> Bool {
        try definition.test(state, context)
    }

    /// The predicate's stable name as traces and documentation show it (the enum case, e.g. `silentLoginFailed`).
    public var name: String { String(describing: self) }
}
