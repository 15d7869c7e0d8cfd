/// One condition a provider's rules can state, declared once: its words for when it holds and when it fails, and
/// its computation over the provider's context.
///
/// ```swift
/// enum BadgePredicate: Int, PredicateSet {
///     case tapLive
///     var definition: Predicate<BadgeContext> {
///         switch self {
///         case .tapLive: Predicate("a tap is live", otherwise: "no tap is live") { $0.state.live }
///         }
///     }
/// }
/// ```
public struct Predicate<Context>: Sendable {
    public let words: RuleCondition
    /// Evaluates the predicate. Must not allocate: it runs on every attempt.
    public let test: @Sendable (Context) -> Bool

    @inlinable
    public init(_ holds: String, otherwise fails: String, _ test: @escaping @Sendable (Context) -> Bool) {
        self.words = RuleCondition(holds, otherwise: fails)
        self.test = test
    }
}

/// A provider's predicates: an enum whose one exhaustive `definition` gives each case's words and computation, so
/// the compiler checks that every predicate is defined and the words cannot drift from the code that decides.
public protocol PredicateSet: NamedPredicate {
    associatedtype Context
    var definition: Predicate<Context> { get }
}

extension PredicateSet {
    public var words: RuleCondition { definition.words }

    @inlinable
    public func holds(in context: Context) -> Bool { definition.test(context) }
}
