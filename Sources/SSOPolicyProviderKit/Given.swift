/// A value of a provider's state that the facts give until an event writes it, and that may be unknown in a
/// what-if: reading it (`try state.live.value`) while its fact is unknown throws the fact it waits for, and writing
/// it makes it known.
///
/// Declare the state's fact-derived fields as `Given`; `reset` assigns them from the facts, derived lazily with
/// `map` / `flatMap` so that a derived value waits for the first fact it really needs:
///
/// ```swift
/// struct BadgeState: Hashable {
///     var live: Given<Bool> = .known(false)
///     var sessionUser: Given<UserID?> = .known(nil)
/// }
/// state.live = facts.given(bool: BadgeFact.live)
/// state.sessionUser = state.live.flatMap { live in live ? facts.given(account: BadgeFact.sessionUser) : .known(nil) }
/// if try state.live.value { ... }   // a what-if splits here on `session_live`
/// state.sessionUser = .known(user)
/// ```
///
/// The read is the what-if's probe, passed by the one channel every handler already has: a thrown `FactRead`
/// (typed, so nothing is allocated) that ends the attempt; `evaluate` then plays it once per value of that fact (see
/// `FactSplit` in the core). Outside a what-if nothing is ever pending, a read costs one comparison and never throws.
///
/// Equality and hashing read the value only, so states are compared as before.
public struct Given<Value: Hashable>: Hashable {
    /// The value, or the placeholder while it is pending.
    @usableFromInline var stock: Value
    /// The fact it waits for, or `.none` when known.
    @usableFromInline var waitsFor: FactRead

    /// A known value.
    @inlinable
    init(known value: Value) {
        stock = value
        waitsFor = .none
    }

    /// A value waiting for `fact`; `placeholder` is what `stored` gives until then.
    @inlinable
    public init(pending fact: FactRead, placeholder: Value) {
        stock = placeholder
        waitsFor = fact
    }

    @inlinable
    public static func known(_ value: Value) -> Given { Given(known: value) }

    /// The value; throws the fact it waits for while that fact is unknown (a what-if only).
    @inlinable
    public var value: Value {
        get throws(FactRead) {
            if waitsFor.isPending { throw waitsFor }
            return stock
        }
    }

    /// The fact the value waits for, or `.none` when known.
    @inlinable public var pending: FactRead { waitsFor }

    /// True while the value waits for an unknown fact.
    @inlinable public var isPending: Bool { waitsFor.isPending }

    /// The value, or the placeholder while it is pending, read without waiting for the fact: for what compares or
    /// packs states and decides nothing (hashing, the users a state holds), so that it never makes a what-if split.
    @inlinable public var stored: Value { stock }

    /// The value, or nil while it is pending, without waiting for the fact: for bookkeeping that must not make a
    /// what-if split (e.g. fixing the times of sessions the facts gave).
    @inlinable public var known: Value? { waitsFor.isPending ? nil : stock }

    /// A value derived from this one: pending on the same fact while this one is.
    @inlinable
    public func map<T>(_ transform: (Value) -> T) -> Given<T> {
        let mapped = transform(stock)
        return waitsFor.isPending ? Given<T>(pending: waitsFor, placeholder: mapped) : .known(mapped)
    }

    /// A value derived from this one that may wait for another fact once this one is known.
    @inlinable
    public func flatMap<T>(_ transform: (Value) -> Given<T>) -> Given<T> {
        let mapped = transform(stock)
        return waitsFor.isPending ? Given<T>(pending: waitsFor, placeholder: mapped.stock) : mapped
    }

    @inlinable
    public static func == (lhs: Given, rhs: Given) -> Bool { lhs.stock == rhs.stock }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(stock) }
}

extension Given: Sendable where Value: Sendable {}
