import SSOPolicyProviderKit

// Packed hashing. `verify` fingerprints millions of states, and the synthesized `hash(into:)` feeds the hasher one
// field at a time (ten calls per app). These feed it whole words that hold every field, packed without overlap,
// so states that are equal hash equally and states that differ in any field still hash apart. A field added to
// either type must be packed here too: `AirWatchStateHashingTests` counts the fields.

extension AirWatchAppState {
    func hash(into hasher: inout Hasher) {
        var word: UInt64 = 0
        word |= registered ? 1 : 0
        word |= silentRoute ? 1 << 1 : 0
        word |= tokenConsumed ? 1 << 2 : 0
        word |= running ? 1 << 3 : 0
        word |= unlockedInProcess ? 1 << 4 : 0
        word |= lastKnownSSO ? 1 << 5 : 0
        word |= registeredUser.packed << 6
        word |= ownSessionUser.packed << 23
        word |= UInt64(seenCheckOut) << 40
        hasher.combine(word)
        hasher.combine(dataUsers)
    }
}

extension AirWatchStore {
    func hash(into hasher: inout Hasher) {
        var word: UInt64 = 0
        word |= passcodeSet ? 1 : 0
        word |= hasSession ? 1 << 1 : 0
        word |= identity.packed << 2
        word |= sessionUser.packed << 19
        hasher.combine(word)
        hasher.combine(passcodeCreated)
        hasher.combine(stamp)
        hasher.combine(failedAttempts)
    }
}

extension Optional where Wrapped == UserID {
    /// 17 bits: 0 for nil, the user's index plus one otherwise.
    fileprivate var packed: UInt64 { map { UInt64($0.index) + 1 } ?? 0 }
}
