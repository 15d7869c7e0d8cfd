/// One condition a provider's rules can state, declared once: its words for when it holds and when it fails, and
/// its computation over the provider's context.
///
/// ```swift
/// enum BadgePredicate: Int, PredicateSet {
///     case tapLive
///     @inline(__always) var definition: Predicate<BadgeContext> {
///         switch self {
///         case .tapLive: Predicate("a tap is live", otherwise: "no tap is live") { $0.state.live }
///         }
///     }
/// }
/// ```
public struct Predicate<Context>: Sendable {
    /// The words, kept as literals so that a decision, which reads only `test`, has no strings to release.
    @usableFromInline let holds: StaticString
    @usableFromInline let fails: StaticString
    /// Evaluates the predicate. Must not allocate: it runs on every attempt.
    public let test: @Sendable (Context) -> Bool

    @inlinable
    public init(_ holds: StaticString, otherwise fails: StaticString, _ test: @escaping @Sendable (Context) -> Bool) {
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
    /// What the predicates read: the provider's view of one decision (policy, state, app, event, time).
    associatedtype Context
    var definition: Predicate<Context> { get }
}

extension PredicateSet {
    /// The words for when the predicate holds and when it fails.
    public var words: RuleCondition { definition.words }

    /// Evaluates the predicate: its definition's `test`. Inlined where a rule reads it, so that the definition's
    /// `switch` selects the computation and runs it in place; a computation kept in a closure value and called
    /// through it would cost a reference count and an indirect call per condition.
    @inlinable @inline(__always)
    public func holds(in context: Context) -> Bool { definition.test(context) }

    /// The predicate's stable name as traces and documentation show it (the enum case, e.g. `silentLoginFailed`).
    public var name: String { String(describing: self) }
}
