/// A renaming of a scenario's users: user `i` becomes user `images[i]`; users beyond the table (and placeholders
/// such as a provider's "the acting user") keep their index.
///
/// `verify` explores interchangeable workers: a state and the same state with alice and bob swapped are checked
/// once (symmetry reduction). It needs the provider to rename the users inside its state, see
/// `UserSymmetricState`.
public struct UserPermutation: Sendable, Hashable {
    public let images: [UInt16]

    /// `images` must be a permutation of `0..<images.count`.
    public init(_ images: [Int]) {
        precondition(Set(images) == Set(images.indices), "not a permutation: \(images)")
        self.images = images.map { UInt16($0) }
    }

    /// Whether every user keeps their index.
    public var isIdentity: Bool { images.indices.allSatisfy { Int(images[$0]) == $0 } }

    @inlinable
    public func callAsFunction(_ user: UserID) -> UserID {
        let index = Int(user.index)
        return index < images.count ? UserID(Int(images[index])) : user
    }

    @inlinable
    public func callAsFunction(_ user: UserID?) -> UserID? { user.map { self($0) } }

    /// A set of users held as one bit per user index (bit `i` for user `i`): bit `i` moves to bit `images[i]`,
    /// bits beyond the table stay.
    @inlinable
    public func bits<Mask: FixedWidthInteger>(_ mask: Mask) -> Mask {
        var result = mask
        for index in images.indices where index < Mask.bitWidth {
            result &= ~(Mask(1) << index)
        }
        for index in images.indices where index < Mask.bitWidth && mask & (Mask(1) << index) != 0 {
            let image = Int(images[index])
            if image < Mask.bitWidth { result |= Mask(1) << image }
        }
        return result
    }
}

/// A provider state in which users are interchangeable: renaming every user in it gives the state that the
/// renamed scenario reaches. Optional: `verify` explores the states of a provider whose `State` adopts this once per
/// renaming of its users (it renames users by order of first appearance in `forEachUser`, then hashes), and
/// explores every state of one that does not.
///
/// Sound only if the provider's decisions never depend on *which* user acts, only on whether users are equal
/// (no ordering of user indices, no user named in the policy): for every event `e` and renaming `p`,
/// `apply(p(e), to: p(s))` must equal `p(apply(e, to: s))` with its outcome's users renamed.
public protocol UserSymmetricState {
    /// Renames every user this state holds (including user sets held as bits).
    mutating func renameUsers(_ permutation: UserPermutation)

    /// Calls `body` with every user this state holds, position by position in a fixed order (fields in declaration
    /// order, arrays by index, user sets held as bits by user index); repeats are fine. Two states that differ by a
    /// renaming then list their users in renamed order, which is what lets `verify` pick one renaming per state
    /// instead of trying them all.
    func forEachUser(_ body: (UserID) -> Void)
}
