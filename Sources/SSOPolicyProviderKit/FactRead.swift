/// Which fact a value of the state waits for: a device fact, or a per-app fact of one app. `none` when the value
/// is known.
///
/// Thrown by a read of a value that waits for an unknown fact (`Given.value`, `FactValues.bool` and its kin): in a
/// what-if that ends the attempt, which `evaluate` then plays once per value of the fact.
public struct FactRead: Hashable, Sendable, Error {
    /// Fact index + 1; 0 = nothing pending.
    @usableFromInline var factSlot: UInt8
    /// App index + 1; 0 = a device fact (or a per-app fact read without an app).
    @usableFromInline var appSlot: UInt16

    @inlinable
    init(factSlot: UInt8, appSlot: UInt16) {
        self.factSlot = factSlot
        self.appSlot = appSlot
    }

    /// Nothing pending. Computed, so that the `Given` accessors that write it inline a constant instead of calling
    /// a global's accessor.
    @inlinable public static var none: FactRead { FactRead(factSlot: 0, appSlot: 0) }

    @inlinable
    public init(_ fact: FactID, app: AppID?) {
        self.init(factSlot: fact.index &+ 1, appSlot: app.map { $0.index &+ 1 } ?? 0)
    }

    @inlinable public var isPending: Bool { factSlot != 0 }

    /// The fact waited for (nil for `none`).
    public var fact: FactID? { factSlot == 0 ? nil : FactID(Int(factSlot) - 1) }

    /// The app whose value of a per-app fact is waited for.
    public var app: AppID? { appSlot == 0 ? nil : AppID(Int(appSlot) - 1) }

}
