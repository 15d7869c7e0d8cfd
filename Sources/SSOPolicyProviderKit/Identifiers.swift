/// A user of a scenario, interned to a small integer so provider state stays compact and hashable.
public struct UserID: Hashable, Sendable, Comparable {
    public var index: UInt16

    @inlinable
    public init(_ index: Int) { self.index = UInt16(index) }

    @inlinable
    public static func < (lhs: UserID, rhs: UserID) -> Bool { lhs.index < rhs.index }
}

/// An app of a policy, by its index in the policy's `apps:` list.
public struct AppID: Hashable, Sendable, Comparable {
    public var index: UInt16

    @inlinable
    public init(_ index: Int) { self.index = UInt16(index) }

    @inlinable
    public var int: Int { Int(index) }

    @inlinable
    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.index < rhs.index }
}
