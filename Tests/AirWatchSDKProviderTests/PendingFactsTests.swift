import SSOPolicyProviderKit
import Testing

@testable import AirWatchSDKProvider

/// `PendingFacts`: reset hints every placeholder it writes, the first event fixes exactly what is hinted, and the
/// hint is no part of the state's value.
@Suite struct AirWatchPendingFactsTests {
    @Test func pendingFactsAreAHintNotPartOfTheState() {
        var hinted = AirWatchState(apps: [AirWatchAppState()], stores: [AirWatchStore()], checkedOutUser: nil)
        let plain = hinted
        hinted.pending.stamps = true
        hinted.pending.actingUser = true
        #expect(hinted == plain)
        #expect(hinted.hashValue == plain.hashValue)
    }

    @Test func theFirstEventFixesOnlyWhatTheFactsLeft() {
        // Placeholders written by hand, without the hint that reset would set: the first event leaves them.
        var state = AirWatchState(apps: [AirWatchAppState()], stores: [AirWatchStore()], checkedOutUser: nil)
        state.stores[0].stamp = AirWatchState.givenLive
        state.stores[0].sessionUser = AirWatchState.actingUser
        state.startClock(100, timeout: 60)
        state.resolveActingUser(UserID(0))
        #expect(state.stores[0].stamp == AirWatchState.givenLive)
        #expect(state.stores[0].sessionUser == AirWatchState.actingUser)
        // With the hint, the first event replaces them.
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
