import SSOPolicyProviderKit
import Testing

@testable import AirWatchSDKProvider

/// The packed `hash(into:)` of the app state and the store must count every field: `verify` keeps states by their
/// fingerprint, so a field left out of the hash would merge states that differ in it.
@Suite struct AirWatchStateHashingTests {
    @Test func everyFieldIsPacked() {
        // The fields the packed hashes cover; a new field must be packed in AirWatchState+Hashing.swift.
        #expect(Mirror(reflecting: AirWatchAppState()).children.count == 10)
        #expect(Mirror(reflecting: AirWatchStore()).children.count == 7)
    }

    @Test func changingAnyFieldChangesTheHash() {
        let app = AirWatchAppState()
        var apps: [AirWatchAppState] = []
        for change in 0..<11 {
            var changed = app
            switch change {
            case 0: changed.registered = .known(true)
            case 1: changed.registeredUser = .known(UserID(0))
            case 2: changed.silentRoute = .known(true)
            case 3: changed.tokenConsumed = .known(true)
            case 4: changed.running = .known(true)
            case 5: changed.unlockedInProcess = .known(true)
            case 6: changed.lastKnownSSO = true
            case 7: changed.dataUsers = .known(1 << 63)
            case 8: changed.seenCheckOut = UInt16.max
            case 9: changed.ownSessionUser = .known(UserID(Int(UInt16.max)))
            default: changed.registeredUser = .known(UserID(Int(UInt16.max)))
            }
            apps.append(changed)
        }
        #expect(Set(([app] + apps).map(\.hashValue)).count == 12)

        let store = AirWatchStore()
        var stores: [AirWatchStore] = [store]
        for change in 0..<7 {
            var changed = store
            switch change {
            case 0: changed.passcodeSet = .known(true)
            case 1: changed.passcodeCreated = .at(-1)
            case 2: changed.hasSession = .known(true)
            case 3: changed.stamp = .known(.at(Int.max))
            case 4: changed.identity = .known(UserID(Int(UInt16.max)))
            case 5: changed.sessionUser = .known(UserID(0))
            default: changed.failedAttempts = 1
            }
            stores.append(changed)
        }
        #expect(Set(stores.map(\.hashValue)).count == 8)
        // Two users in swapped places are different states with different hashes.
        var one = AirWatchStore()
        one.identity = .known(UserID(1))
        one.sessionUser = .known(UserID(2))
        var other = AirWatchStore()
        other.identity = .known(UserID(2))
        other.sessionUser = .known(UserID(1))
        #expect(one.hashValue != other.hashValue)
    }
}
