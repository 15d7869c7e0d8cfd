import SSOPolicyProviderKit

/// A passcode/session store: an app's own store, or a cluster's shared keychain store when SSO is effective. The
/// fields the facts give are `Given`: in a what-if they stay unknown until a decision reads them.
struct AirWatchStore: Hashable, Sendable {
    // Fields in an order that leaves no padding: a state holds one per store, and verify copies and hashes them.
    /// When the passcode was created (for max_passcode_age).
    var passcodeCreated = Stamp.at(0)
    var failedAttempts = 0
    /// The last authentication (or background re-stamp) of the session; a session the facts gave holds
    /// `AirWatchState.givenLive` or `givenExpired` until the first event (a moment, never a number: see `Stamp`).
    var stamp: Given<Stamp> = .known(.at(0))
    /// The registered identity: a cluster's common identity, or the app's own registration.
    var identity: Given<UserID?> = .known(nil)
    /// Whose identity the session carries.
    var sessionUser: Given<UserID?> = .known(nil)
    /// A passcode, or for username/password the credential-derived key, exists.
    var passcodeSet: Given<Bool> = .known(false)
    var hasSession: Given<Bool> = .known(false)
}

/// What the SDK remembers for one app; the fields the facts give are `Given`.
struct AirWatchAppState: Hashable, Sendable {
    var registered: Given<Bool> = .known(false)
    var registeredUser: Given<UserID?> = .known(nil)
    /// Facts said silent login succeeds for this app (a route the model does not otherwise see).
    var silentRoute: Given<Bool> = .known(false)
    var tokenConsumed: Given<Bool> = .known(false)
    /// The process runs and has finished its launch (initialCheckDone); false = the next open is a cold launch.
    var running: Given<Bool> = .known(false)
    /// The app unlocked its store in this process (reset by termination).
    var unlockedInProcess: Given<Bool> = .known(false)
    /// The persisted ssoStatus flag (`AWSSOStatus`), false on a fresh install.
    var lastKnownSSO = false
    /// Users whose data the app holds, one bit per user index (63 = any user beyond).
    var dataUsers: Given<UInt64> = .known(0)
    /// The Hub check-out generation the app last checked.
    var seenCheckOut: UInt16 = 0
    /// An app without the SDK: whose own login its running session carries (nil = none).
    var ownSessionUser: Given<UserID?> = .known(nil)
}

/// Everything airwatch-sdk remembers between steps: compact, hashable, mutated in place.
public struct AirWatchState: Hashable, Sendable {
    var apps: [AirWatchAppState]
    var stores: [AirWatchStore]
    var checkedOutUser: Given<UserID?> = .known(nil)
    var checkOutGeneration: Given<UInt16> = .known(0)
    /// False until the first event fixes the times of sessions and passcodes given as facts.
    var clockStarted = false
    /// False until the first event with a user replaces the "acting user" placeholder from facts.
    var actingResolved = false

    /// Stands for "the user acting in the first access", for facts that name no user.
    static let actingUser = UserID(Int(UInt16.max))
    /// Marks a stamp given as a fact; the first event replaces it (live: that time; expired: timeout before).
    static let givenLive = Stamp.givenJustNow
    static let givenExpired = Stamp.givenPassed

    static func bit(_ user: UserID) -> UInt64 { 1 << UInt64(min(Int(user.index), 63)) }
}

extension AirWatchState {
    /// The state a scenario or an `evaluate` attempt starts from (see the facts' meanings).
    init(_ policy: AirWatchPolicy, facts: FactValues) {
        self.init(apps: [], stores: [])
        reset(policy, facts: facts)
    }

    /// Overwrites this state with the one the facts describe, reusing the app and store arrays (no allocation when
    /// their sizes already match the policy's), so a loop of attempts does not allocate.
    ///
    /// Every field is derived lazily (`Given.map`, `flatMap`): a session waits for `session_live`, then (when it is
    /// not live) for `passcode_set`; whose it is waits for `session_user` only once there is one; registrations wait
    /// for `silent_login`. So a what-if splits only on the facts its decision reads.
    mutating func reset(_ policy: AirWatchPolicy, facts: FactValues) {
        let passcode = facts.given(bool: AirWatchFact.passcodeSet)
        let live = facts.given(bool: AirWatchFact.sessionLive)
        let silentLogin = facts.given(choice: AirWatchFact.silentLogin)
        let running = facts.given(bool: AirWatchFact.initialCheckDone)
        let givenUser = facts.given(account: AirWatchFact.sessionUser)
        let checkedOut = facts.given(account: AirWatchFact.checkedOutUser)
        let timeout = policy.settings.timeout
        // Whose the facts' session and registration are: the user given, or the acting user. While `session_user` is
        // unknown they read as nobody: the first event replaces the acting-user placeholder only in known values, so
        // a placeholder read in a what-if's discarded run must be a value that can stay.
        let user = givenUser.isPending ? givenUser : givenUser.map { $0 ?? Self.actingUser }
        let silent = silentLogin.map { $0 == AirWatchFact.silentSucceeds }

        var store = AirWatchStore()
        store.passcodeSet = passcode
        // A passcode and no live session under a timeout: the session timed out.
        store.hasSession = live.flatMap { $0 ? .known(true) : passcode.map { $0 && timeout > 0 } }
        store.stamp = live.flatMap { live in
            live ? .known(Self.givenLive) : passcode.map { $0 && timeout > 0 ? Self.givenExpired : .at(0) }
        }
        store.sessionUser = store.hasSession.flatMap { $0 ? user : .known(nil) }
        if stores.count == policy.storeCount {
            for index in stores.indices { stores[index] = store }
        } else {
            stores = [AirWatchStore](repeating: store, count: policy.storeCount)
        }
        if apps.count != policy.apps.count {
            apps = [AirWatchAppState](repeating: AirWatchAppState(), count: policy.apps.count)
        }
        let data = givenUser.map { $0.map(Self.bit) ?? 0 }
        for index in apps.indices {
            let app = policy.apps[index]
            var state = AirWatchAppState()
            state.running = running
            state.unlockedInProcess = running
            guard app.usesSDK else {
                // Without the SDK the facts describe the app's own login: a live session while it runs.
                if app.ownLogin == .untilSignOut {
                    state.ownSessionUser = live.flatMap { $0 ? user : .known(nil) }
                } else if app.ownLogin != .none {
                    state.ownSessionUser = live.flatMap { live in
                        live ? running.flatMap { $0 ? user : .known(nil) } : .known(nil)
                    }
                }
                state.dataUsers = data
                apps[index] = state
                continue
            }
            // Only `first_launch` leaves the one-time managed token unused; any registration has spent it.
            state.tokenConsumed = silentLogin.map { $0 != AirWatchFact.silentFirstLaunch }
            state.silentRoute = silent
            // Silent login succeeded before: with SSO the cluster holds the user's common identity (the app counts
            // as registered when the session is also live); without SSO the app is registered.
            stores[app.store].identity = silent.flatMap { $0 ? user : .known(nil) }
            state.registered = silent.flatMap { $0 ? (app.effectiveSSO ? live : .known(true)) : .known(false) }
            state.registeredUser = state.registered.flatMap { $0 ? user : .known(nil) }
            state.dataUsers = state.registered.flatMap { $0 ? data : .known(0) }
            apps[index] = state
        }
        checkedOutUser = checkedOut
        checkOutGeneration = checkedOut.map { $0 == nil ? 0 : 1 }
        clockStarted = false
        actingResolved = false
    }

    /// At the first event: sessions and passcodes given as facts get real times. A stamp still waiting for its
    /// fact is left waiting (reading it makes the what-if split, and the attempt runs again with the fact known).
    mutating func startClock(_ time: Int, timeout: Int) {
        clockStarted = true
        for index in stores.indices {
            if let stamp = stores[index].stamp.known, stamp.time == nil {
                stores[index].stamp = .known(stamp.fixed(at: time, interval: timeout))
            }
        }
    }

    /// Replaces the "acting user" placeholder from facts with the first user who acts; values still waiting for
    /// their facts are left waiting.
    mutating func resolveActingUser(_ user: UserID) {
        actingResolved = true
        let acting: UserID?? = .some(Self.actingUser)
        for index in apps.indices {
            if apps[index].registeredUser.known == acting { apps[index].registeredUser = .known(user) }
            if apps[index].ownSessionUser.known == acting { apps[index].ownSessionUser = .known(user) }
        }
        for index in stores.indices {
            if stores[index].identity.known == acting { stores[index].identity = .known(user) }
            if stores[index].sessionUser.known == acting { stores[index].sessionUser = .known(user) }
        }
    }

    /// Whether the store's session is within its timeout at `time`.
    func sessionLive(_ store: Int, at time: Int, timeout: Int) throws -> Bool {
        let entry = stores[store]
        return try entry.hasSession.value && (timeout == 0 || !entry.stamp.value.hasPassed(timeout, at: time))
    }
}
