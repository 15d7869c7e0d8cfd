import SSOPolicyProviderKit

/// What the checker remembers about a path beyond the provider's state: which users have acted (users act for the
/// first time in index order, a symmetry reduction that also makes counterexamples replay with the same user ids),
/// who acted last and whether they signed out since, and who signed out without signing in again.
///
/// Part of the explored state, so it is small and hashable.
struct PathMonitor: Hashable, Sendable {
    static let noUser: UInt8 = .max

    /// Users `0..<actedUsers` have acted.
    var actedUsers: UInt8 = 0
    var lastActor: UInt8 = noUser
    var lastActorSignedOut = false
    /// One bit per user who signed out and has not attempted access since.
    var signedOut: UInt8 = 0

    static func bit(_ user: UserID) -> UInt8 { 1 << UInt8(min(Int(user.index), 7)) }

    /// The monitor of the renamed path (symmetry reduction); `permutation` only moves users who have acted.
    func renamed(_ permutation: UserPermutation) -> PathMonitor {
        var result = self
        if lastActor != Self.noUser { result.lastActor = UInt8(permutation(UserID(Int(lastActor))).index) }
        result.signedOut = permutation.bits(signedOut)
        return result
    }
}
