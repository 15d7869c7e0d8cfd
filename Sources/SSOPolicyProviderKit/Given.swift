/// A value of a provider's state that the facts give until an event writes it, and that may be unknown in a
/// what-if: reading it while its fact is unknown tells the running `FactProbe` (see there), and writing it makes it
/// known.
///
/// Mark the state's fact-derived fields `@Given`; everything else reads and writes them as plain values. `reset`
/// assigns the projected value from the facts, derived lazily with `map` / `flatMap` so that a derived value waits
/// for the first fact it really needs:
///
/// ```swift
/// struct BadgeState: Hashable {
///     @Given var live = false
///     @Given var sessionUser: UserID? = nil
/// }
/// state.$live = facts.given(BadgeFact.live)
/// state.$sessionUser = state.$live.flatMap { live in live ? facts.given(BadgeFact.sessionUser) : .known(nil) }
/// ```
///
/// Equality and hashing read the value only, so states are compared as before; outside a what-if nothing is ever
/// pending and a read costs one comparison.
@propertyWrapper
public struct Given<Value: Hashable>: Hashable {
    /// The value, or the placeholder read while it is pending.
    @usableFromInline var value: Value
    /// The fact it waits for, or `.none` when known.
    @usableFromInline var waitsFor: FactRead

    /// The fact the value waits for, or `.none` when known.
    @inlinable public var pending: FactRead { waitsFor }

    /// The value, or the placeholder while it is pending, read without telling the probe: for what compares or
    /// packs states and decides nothing (hashing, the users a state holds), so that it never makes a what-if split.
    @inlinable public var stored: Value { value }

    @inlinable
    public init(wrappedValue: Value) {
        value = wrappedValue
        waitsFor = .none
    }

    /// A value waiting for `fact`; `placeholder` is what a read yields until then.
    @inlinable
    public init(pending fact: FactRead, placeholder: Value) {
        value = placeholder
        waitsFor = fact
    }

    @inlinable
    public static func known(_ value: Value) -> Given { Given(wrappedValue: value) }

    @inlinable
    public var wrappedValue: Value {
        get {
            if waitsFor.isPending { waitsFor.note() }
            return value
        }
        set {
            value = newValue
            waitsFor = .none
        }
    }

    @inlinable
    public var projectedValue: Given<Value> {
        get { self }
        set { self = newValue }
    }

    /// True while the value waits for an unknown fact.
    @inlinable public var isPending: Bool { pending.isPending }

    /// The value, or nil while it is pending, without telling the probe: for bookkeeping that must not make a
    /// what-if split (e.g. fixing the times of sessions the facts gave).
    @inlinable public var known: Value? { pending.isPending ? nil : value }

    /// A value derived from this one: pending on the same fact while this one is.
    @inlinable
    public func map<T>(_ transform: (Value) -> T) -> Given<T> {
        let mapped = transform(value)
        return pending.isPending ? Given<T>(pending: pending, placeholder: mapped) : .known(mapped)
    }

    /// A value derived from this one that may wait for another fact once this one is known.
    @inlinable
    public func flatMap<T>(_ transform: (Value) -> Given<T>) -> Given<T> {
        let mapped = transform(value)
        return pending.isPending ? Given<T>(pending: pending, placeholder: mapped.value) : mapped
    }

    @inlinable
    public static func == (lhs: Given, rhs: Given) -> Bool { lhs.value == rhs.value }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension Given: Sendable where Value: Sendable {}
