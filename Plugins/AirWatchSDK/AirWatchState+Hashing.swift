import SSOPolicyProviderKit

// Packed hashing. `verify` fingerprints millions of states, and the synthesized `hash(into:)` feeds the hasher one
// field at a time (ten calls per app). These feed it whole words that hold every field, packed without overlap,
// so states that are equal hash equally and states that differ in any field still hash apart. A field added to
// either type must be packed here too: `AirWatchStateHashingTests` counts the fields. Given fields are read as
// stored: hashing decides nothing, so it must not read a fact a what-if left unknown.

extension AirWatchAppState {
    func hash(into hasher: inout Hasher) {
        var word: UInt64 = 0
        word |= registered.stored ? 1 : 0
        word |= silentRoute.stored ? 1 << 1 : 0
        word |= tokenConsumed.stored ? 1 << 2 : 0
        word |= running.stored ? 1 << 3 : 0
        word |= unlockedInProcess.stored ? 1 << 4 : 0
        word |= lastKnownSSO ? 1 << 5 : 0
        word |= registeredUser.stored.packed << 6
        word |= ownSessionUser.stored.packed << 23
        word |= UInt64(seenCheckOut) << 40
        hasher.combine(word)
        hasher.combine(dataUsers.stored)
    }
}

extension AirWatchStore {
    func hash(into hasher: inout Hasher) {
        var word: UInt64 = 0
        word |= passcodeSet.stored ? 1 : 0
        word |= hasSession.stored ? 1 << 1 : 0
        word |= identity.stored.packed << 2
        word |= sessionUser.stored.packed << 19
        hasher.combine(word)
        hasher.combine(passcodeCreated)
        hasher.combine(stamp.stored)
        hasher.combine(failedAttempts)
    }
}

extension Optional where Wrapped == UserID {
    /// 17 bits: 0 for nil, the user's index plus one otherwise.
    fileprivate var packed: UInt64 { map { UInt64($0.index) + 1 } ?? 0 }
}
