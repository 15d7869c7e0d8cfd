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
            case 0: changed.registered = true
            case 1: changed.registeredUser = UserID(0)
            case 2: changed.silentRoute = true
            case 3: changed.tokenConsumed = true
            case 4: changed.running = true
            case 5: changed.unlockedInProcess = true
            case 6: changed.lastKnownSSO = true
            case 7: changed.dataUsers = 1 << 63
            case 8: changed.seenCheckOut = UInt16.max
            case 9: changed.ownSessionUser = UserID(Int(UInt16.max))
            default: changed.registeredUser = UserID(Int(UInt16.max))
            }
            apps.append(changed)
        }
        #expect(Set(([app] + apps).map(\.hashValue)).count == 12)

        let store = AirWatchStore()
        var stores: [AirWatchStore] = [store]
        for change in 0..<7 {
            var changed = store
            switch change {
            case 0: changed.passcodeSet = true
            case 1: changed.passcodeCreated = -1
            case 2: changed.hasSession = true
            case 3: changed.stamp = Int.max
            case 4: changed.identity = UserID(Int(UInt16.max))
            case 5: changed.sessionUser = UserID(0)
            default: changed.failedAttempts = 1
            }
            stores.append(changed)
        }
        #expect(Set(stores.map(\.hashValue)).count == 8)
        // Two users in swapped places are different states with different hashes.
        var one = AirWatchStore()
        one.identity = UserID(1)
        one.sessionUser = UserID(2)
        var other = AirWatchStore()
        other.identity = UserID(2)
        other.sessionUser = UserID(1)
        #expect(one.hashValue != other.hashValue)
    }

    @Test func pendingFactsAreAHintNotPartOfTheState() {
        var hinted = AirWatchState(apps: [AirWatchAppState()], stores: [AirWatchStore()], checkedOutUser: nil)
        let plain = hinted
        hinted.pending.stamps = true
        hinted.pending.actingUser = true
        #expect(hinted == plain)
        #expect(hinted.hashValue == plain.hashValue)
    }

    @Test func theFirstEventFixesOnlyWhatTheFactsLeft() {
        // Nothing given: no hint, and the first event's loops find nothing to fix.
        var state = AirWatchState(apps: [AirWatchAppState()], stores: [AirWatchStore()], checkedOutUser: nil)
        state.stores[0].stamp = AirWatchState.givenLive
        state.stores[0].sessionUser = AirWatchState.actingUser
        state.startClock(100, timeout: 60)
        state.resolveActingUser(UserID(0))
        // Without the hint the placeholders stay: the hint, set by reset, is what makes the loops run.
        #expect(state.stores[0].stamp == AirWatchState.givenLive)
        #expect(state.stores[0].sessionUser == AirWatchState.actingUser)
        state.clockStarted = false
        state.actingResolved = false
        state.pending = PendingFacts(stamps: true, actingUser: true)
        state.startClock(100, timeout: 60)
        state.resolveActingUser(UserID(0))
        #expect(state.stores[0].stamp == 100)
        #expect(state.stores[0].sessionUser == UserID(0))
        #expect(state.clockStarted && state.actingResolved)
    }

    @Test func resetHintsEveryPlaceholderItWrites() throws {
        // Every fact combination, with and without a timeout, SSO and an app without the SDK: wherever reset
        // leaves a given time or the acting-user placeholder, the hint says so (a missed hint would leave it).
        let apps: [(id: String, keys: [String: String])] = [
            ("inventory", [:]), ("timesheet", ["cluster": "hr"]),
            ("browser", ["sdk_initialized": "false", "own_login": "until_terminated"]),
        ]
        var checked = 0
        for settings in [
            ["authentication": "passcode", "sso": "enabled", "authentication_timeout": "15m"],
            ["authentication": "username_password", "sso": "disabled"],
        ] {
            for passcode in ["true", "false"] {
                for live in ["true", "false"] {
                    for silent in ["first_launch", "succeeds", "fails"] {
                        for running in ["true", "false"] {
                            for user in ["none", "alice"] {
                                let facts = [
                                    "passcode_set": passcode, "session_live": live, "silent_login": silent,
                                    "initial_check_done": running, "session_user": user,
                                ]
                                let state = try AirWatchHarness(settings: settings, apps: apps, facts: facts).state
                                let stamps = state.stores.contains {
                                    $0.stamp == AirWatchState.givenLive || $0.stamp == AirWatchState.givenExpired
                                }
                                let acting = AirWatchState.actingUser
                                let placeholder =
                                    state.stores.contains { $0.identity == acting || $0.sessionUser == acting }
                                    || state.apps.contains {
                                        $0.registeredUser == acting || $0.ownSessionUser == acting
                                    }
                                #expect(!stamps || state.pending.stamps, "\(settings) \(facts)")
                                #expect(!placeholder || state.pending.actingUser, "\(settings) \(facts)")
                                checked += placeholder ? 1 : 0
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 0)
    }
}
