import SSOPolicyProviderKit
import Testing

@testable import AirWatchSDKProvider

/// The state's fields the facts give are `Given`: `reset` reads no fact, derives every field lazily, and the
/// first event's bookkeeping (given session times, the acting-user placeholder) never reads a value still waiting for
/// its fact. (`reset`, hashing and listing users cannot throw a read at all; the tests say what the types promise.)
@Suite struct AirWatchGivenFactsTests {
    static let policy: AirWatchPolicy = {
        let harness = try? AirWatchHarness(
            settings: ["authentication": "passcode", "sso": "enabled", "authentication_timeout": "15m"],
            apps: [("inventory", [:]), ("mail", ["sdk_initialized": "false"])])
        return harness!.policy
    }()

    static func facts(_ values: [FactValue]) -> FactValues { FactValues(device: values, perApp: []) }

    static let unknown = facts([FactValue](repeating: .unknown, count: 6))

    /// Runs `body` and returns the unknown fact whose read ended it, if any.
    static func firstRead(_ body: () throws -> Void) -> FactRead? {
        do {
            try body()
            return nil
        } catch {
            return error as? FactRead
        }
    }

    @Test func resetReadsNoFactAndLeavesEveryGivenFieldWaiting() {
        var state = AirWatchState(apps: [], stores: [])
        let read = Self.firstRead { state.reset(Self.policy, facts: Self.unknown) }
        #expect(read == nil)
        let inventory = state.apps[0]
        let store = state.stores[Self.policy.apps[0].store]
        #expect(store.passcodeSet.pending.fact == AirWatchFact.passcodeSet.id)
        #expect(store.hasSession.pending.fact == AirWatchFact.sessionLive.id)
        #expect(store.stamp.pending.fact == AirWatchFact.sessionLive.id)
        #expect(store.identity.pending.fact == AirWatchFact.silentLogin.id)
        #expect(inventory.registered.pending.fact == AirWatchFact.silentLogin.id)
        #expect(inventory.running.pending.fact == AirWatchFact.initialCheckDone.id)
        #expect(state.apps[1].ownSessionUser.pending.fact == AirWatchFact.sessionLive.id)
        #expect(state.apps[1].dataUsers.pending.fact == AirWatchFact.sessionUser.id)
        #expect(state.checkedOutUser.pending.fact == AirWatchFact.checkedOutUser.id)
        // Reading a waiting field throws the fact it needs; reading it as stored does not.
        #expect(Self.firstRead { _ = try state.stores[0].hasSession.value }?.fact == AirWatchFact.sessionLive.id)
        #expect(Self.firstRead { _ = state.stores[0].hasSession.stored } == nil)
    }

    /// Hashing a state and listing the users it holds decide nothing, so they read no fact: a what-if that hashes
    /// or canonicalises a state does not split on what it read there.
    @Test func hashingAndListingUsersReadNoFact() {
        let state = AirWatchState(Self.policy, facts: Self.unknown)
        let read = Self.firstRead {
            var hasher = Hasher()
            state.hash(into: &hasher)
            _ = hasher.finalize()
            state.forEachUser { _ in }
        }
        #expect(read == nil)
    }

    @Test func derivedFieldsWaitForTheFactTheyNeedNext() {
        // session_live known false: whether a session timed out waits for passcode_set.
        var values = Self.unknown
        values.set(AirWatchFact.sessionLive.rawValue, nil, .choice(1))
        let state = AirWatchState(Self.policy, facts: values)
        #expect(state.stores[0].hasSession.pending.fact == AirWatchFact.passcodeSet.id)
        // session_live known true: the session is known, whose it is waits for session_user.
        values.set(AirWatchFact.sessionLive.rawValue, nil, .choice(0))
        let live = AirWatchState(Self.policy, facts: values)
        #expect(live.stores[0].hasSession.known == true)
        #expect(live.stores[0].sessionUser.pending.fact == AirWatchFact.sessionUser.id)
    }

    @Test func theFirstEventFixesKnownPlaceholdersAndLeavesWaitingOnes() {
        var values = Self.unknown
        values.set(AirWatchFact.sessionLive.rawValue, nil, .choice(0))
        var state = AirWatchState(Self.policy, facts: values)
        let read = Self.firstRead {
            state.startClock(100, timeout: 900)
            state.resolveActingUser(UserID(0))
        }
        #expect(read == nil)
        #expect(state.clockStarted && state.actingResolved)
        // The live session's time is fixed; whose it is still waits for session_user.
        #expect(state.stores[0].stamp.known == .at(100))
        #expect(state.stores[0].sessionUser.isPending)
        // Known facts: the placeholders are replaced by the first event's time and user.
        values.set(AirWatchFact.sessionUser.rawValue, nil, .account(nil))
        var known = AirWatchState(Self.policy, facts: values)
        #expect(known.stores[0].sessionUser.stored == AirWatchState.actingUser)
        known.startClock(100, timeout: 900)
        known.resolveActingUser(UserID(0))
        #expect(known.stores[0].stamp.stored == .at(100))
        #expect(known.stores[0].sessionUser.stored == UserID(0))
    }

    @Test func knownFactsLeaveNothingWaiting() throws {
        let state = try AirWatchHarness(
            settings: ["authentication": "passcode", "authentication_timeout": "15m"],
            apps: [("inventory", [:]), ("mail", ["sdk_initialized": "false"])],
            facts: ["passcode_set": "true", "silent_login": "succeeds", "checked_out_user": "alice"]
        ).state
        #expect(!state.checkedOutUser.isPending && !state.checkOutGeneration.isPending)
        for store in state.stores {
            #expect(
                !store.passcodeSet.isPending && !store.hasSession.isPending && !store.stamp.isPending
                    && !store.identity.isPending && !store.sessionUser.isPending)
        }
        for app in state.apps {
            #expect(
                !app.registered.isPending && !app.registeredUser.isPending && !app.silentRoute.isPending
                    && !app.tokenConsumed.isPending && !app.running.isPending && !app.unlockedInProcess.isPending
                    && !app.dataUsers.isPending && !app.ownSessionUser.isPending)
        }
    }
}
