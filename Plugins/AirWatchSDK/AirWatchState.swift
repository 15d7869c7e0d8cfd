import SSOPolicyProviderKit

/// A passcode/session store: an app's own store, or a cluster's shared keychain store when SSO is effective.
struct AirWatchStore: Hashable, Sendable {
    /// A passcode, or for username/password the credential-derived key, exists.
    var passcodeSet = false
    /// When the passcode was created (for max_passcode_age).
    var passcodeCreated = 0
    var hasSession = false
    /// The last authentication (or background re-stamp) of the session.
    var stamp = 0
    /// The registered identity: a cluster's common identity, or the app's own registration.
    var identity: UserID?
    /// Whose identity the session carries.
    var sessionUser: UserID?
    var failedAttempts = 0
}

/// What the SDK remembers for one app.
struct AirWatchAppState: Hashable, Sendable {
    var registered = false
    var registeredUser: UserID?
    /// Facts said silent login succeeds for this app (a route the model does not otherwise see).
    var silentRoute = false
    var tokenConsumed = false
    /// The process runs and has finished its launch (initialCheckDone); false = the next open is a cold launch.
    var running = false
    /// The app unlocked its store in this process (reset by termination).
    var unlockedInProcess = false
    /// The persisted ssoStatus flag (`AWSSOStatus`), false on a fresh install.
    var lastKnownSSO = false
    /// Users whose data the app holds, one bit per user index (63 = any user beyond).
    var dataUsers: UInt64 = 0
    /// The Hub check-out generation the app last checked.
    var seenCheckOut: UInt16 = 0
    /// An app without the SDK: whose own login its running session carries (nil = none).
    var ownSessionUser: UserID?
}

/// Everything airwatch-sdk remembers between steps: compact, hashable, mutated in place.
public struct AirWatchState: Hashable, Sendable {
    var apps: [AirWatchAppState]
    var stores: [AirWatchStore]
    var checkedOutUser: UserID?
    var checkOutGeneration: UInt16 = 0
    /// False until the first event fixes the times of sessions and passcodes given as facts.
    var clockStarted = false
    /// False until the first event with a user replaces the "acting user" placeholder from facts.
    var actingResolved = false
    /// What the facts left for the first event to fix, so `apply` skips the loops when there is nothing to fix.
    var pending = PendingFacts()

    /// Stands for "the user acting in the first access", for facts that name no user.
    static let actingUser = UserID(Int(UInt16.max))
    /// Marks a stamp given as a fact; the first event replaces it (live: that time; expired: timeout before).
    static let givenLive = Int.min
    static let givenExpired = Int.min + 1

    @inline(__always)
    static func bit(_ user: UserID) -> UInt64 { 1 << UInt64(min(Int(user.index), 63)) }
}

/// Which of the facts' placeholders a state may still hold: times given as facts (`givenLive`, `givenExpired`) and
/// the acting user (`AirWatchState.actingUser`). `reset` sets them, so the first event loops over the apps and
/// stores only when the facts gave something to fix (most attempts give nothing).
///
/// A hint, not part of the state's value: every `PendingFacts` equals every other and adds nothing to a hash. It is
/// false only when `reset` wrote no placeholder, and no event writes one, so two states that differ only here
/// behave the same; a hint that stays true when nothing is left costs a loop that changes nothing.
struct PendingFacts: Hashable, Sendable {
    var stamps = false
    var actingUser = false

    static func == (_: Self, _: Self) -> Bool { true }
    func hash(into _: inout Hasher) {}
}

extension AirWatchState {
    /// The state a scenario or an `evaluate` attempt starts from (see the facts' meanings).
    init(_ policy: AirWatchPolicy, facts: FactValues) {
        self.init(apps: [], stores: [], checkedOutUser: nil)
        reset(policy, facts: facts)
    }

    /// Overwrites this state with the one the facts describe, reusing the app and store arrays (no allocation when
    /// their sizes already match the policy's), so a loop of attempts does not allocate.
    mutating func reset(_ policy: AirWatchPolicy, facts: FactValues) {
        let passcode = facts.bool(AirWatchFact.passcodeSet)
        let live = facts.bool(AirWatchFact.sessionLive)
        let silentFact = facts.choice(AirWatchFact.silentLogin)
        let silent = silentFact == AirWatchFact.silentSucceeds
        let running = facts.bool(AirWatchFact.initialCheckDone)
        let givenUser = facts.account(AirWatchFact.sessionUser)
        let user = givenUser ?? Self.actingUser
        let checkedOut = facts.account(AirWatchFact.checkedOutUser)

        var store = AirWatchStore()
        store.passcodeSet = passcode
        store.passcodeCreated = 0
        if live {
            store.hasSession = true
            store.stamp = Self.givenLive
            store.sessionUser = user
        } else if passcode && policy.timeout > 0 {
            // A passcode and no live session under a timeout: the session timed out.
            store.hasSession = true
            store.stamp = Self.givenExpired
            store.sessionUser = user
        }
        if stores.count == policy.storeCount {
            for index in stores.indices { stores[index] = store }
        } else {
            stores = [AirWatchStore](repeating: store, count: policy.storeCount)
        }
        if apps.count != policy.apps.count {
            apps = [AirWatchAppState](repeating: AirWatchAppState(), count: policy.apps.count)
        }
        let data = givenUser.map(Self.bit) ?? 0
        for index in apps.indices {
            let app = policy.apps[index]
            var state = AirWatchAppState()
            state.running = running
            state.unlockedInProcess = running
            guard app.usesSDK else {
                // Without the SDK the facts describe the app's own login: a live session while it runs.
                if live && running && app.ownLogin != .none { state.ownSessionUser = user }
                if givenUser != nil { state.dataUsers = data }
                apps[index] = state
                continue
            }
            // Only `first_launch` leaves the one-time managed token unused; any registration has spent it.
            state.tokenConsumed = silentFact != AirWatchFact.silentFirstLaunch
            state.silentRoute = silent
            if silent {
                // Silent login succeeded before: with SSO the cluster holds the user's common identity (the app
                // counts as registered when the session is also live); without SSO the app is registered.
                stores[app.store].identity = user
                if live || !app.effectiveSSO {
                    state.registered = true
                    state.registeredUser = user
                    state.dataUsers = data
                }
            }
            apps[index] = state
        }
        checkedOutUser = checkedOut
        checkOutGeneration = checkedOut == nil ? 0 : 1
        clockStarted = false
        actingResolved = false
        pending.stamps = store.hasSession
        pending.actingUser = givenUser == nil && (store.hasSession || silent)
    }

    /// At the first event: sessions and passcodes given as facts get real times.
    @inline(__always)
    mutating func startClock(_ time: Int, timeout: Int) {
        clockStarted = true
        if pending.stamps { fixGivenTimes(time, timeout: timeout) }
    }

    private mutating func fixGivenTimes(_ time: Int, timeout: Int) {
        for index in stores.indices {
            if stores[index].stamp == Self.givenLive {
                stores[index].stamp = time
            } else if stores[index].stamp == Self.givenExpired {
                stores[index].stamp = time - timeout
            }
        }
    }

    /// Replaces the "acting user" placeholder from facts with the first user who acts.
    @inline(__always)
    mutating func resolveActingUser(_ user: UserID) {
        actingResolved = true
        if pending.actingUser { replaceActingUser(user) }
    }

    private mutating func replaceActingUser(_ user: UserID) {
        for index in apps.indices {
            if apps[index].registeredUser == Self.actingUser { apps[index].registeredUser = user }
            if apps[index].ownSessionUser == Self.actingUser { apps[index].ownSessionUser = user }
        }
        for index in stores.indices {
            if stores[index].identity == Self.actingUser { stores[index].identity = user }
            if stores[index].sessionUser == Self.actingUser { stores[index].sessionUser = user }
        }
    }

    /// Whether the store's session is within its timeout at `time`.
    func sessionLive(_ store: Int, at time: Int, timeout: Int) -> Bool {
        let entry = stores[store]
        return entry.hasSession && (timeout == 0 || time - entry.stamp < timeout)
    }
}
