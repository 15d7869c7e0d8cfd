import SSOPolicyProviderKit

/// What one app remembers between steps, as MSAL and the app itself store it (research §0.1). The accounts start
/// as the facts give them (`Given`: in a what-if they stay unknown until a decision reads them).
struct EntraAppState: Hashable, Sendable {
    /// The process is alive (opened and not terminated), so it can receive the account-change notification.
    var running = false
    /// MSAL's per-app account: iOS `principalAccountId` (the "previous account", written only by
    /// getCurrentAccount), Android's persisted current account (also written by sign-in and sign-out). §2.
    var principal: Given<UserID?> = .known(nil)
    /// Whose tokens the app holds locally: the app-local session of an app that is not shared-device aware or in
    /// default mode, and on iOS shared mode the local refresh token MSAL keeps (R6).
    var tokens: Given<UserID?> = .known(nil)
    /// Whose data the app holds or shows; MSAL never touches it (§4 "It doesn't clear the data").
    var dataOwner: Given<UserID?> = .known(nil)

    init(running: Bool = false, principal: UserID? = nil, tokens: UserID? = nil, dataOwner: UserID? = nil) {
        self.running = running
        self.principal = .known(principal)
        self.tokens = .known(tokens)
        self.dataOwner = .known(dataOwner)
    }

    /// An app the facts describe: not running, holding `owner`'s data, with its MSAL account and local tokens
    /// that user's too.
    init(owner: Given<UserID?>) {
        principal = owner
        tokens = owner
        dataOwner = owner
    }
}

/// The device and every app, compact and hashable so runs can be replayed and explored.
public struct EntraState: Hashable, Sendable {
    /// The one account the broker holds device-wide (the user's PRT); in default mode the last broker account.
    var deviceAccount: Given<UserID?> = .known(nil)
    /// iOS only: whose Entra web session (ESTS cookies) Safari holds: set only by a web sign-in in Safari, and not
    /// cleared by the SSO extension (§4).
    var safari: Given<UserID?> = .known(nil)
    /// Indexed by `AppID.int`.
    var apps: [EntraAppState]
    /// With sign_in_frequency: when the device account last signed in interactively, or before the first step the
    /// moment the fact `sign_in_frequency_passed` gives (just now, or the frequency ago).
    var signInTime: Given<Stamp> = .known(.givenJustNow)
    /// With Managed Home Screen's automatic sign-out: when a worker last used the device, or before the first step
    /// the moment the fact `inactivity_passed` gives.
    var lastActivity: Given<Stamp> = .known(.givenJustNow)
    /// Android with Managed Home Screen's PIN to resume: the screensaver has come since the signed-in worker's last
    /// step, so the PIN screen stands in front of the device (before the first step, the fact `session_pin_locked`).
    var sessionPINLocked: Given<Bool> = .known(false)
    /// The wrong session PINs entered at that PIN screen (counted only with a maximum, which they stay below).
    var wrongSessionPINs = 0

    init(deviceAccount: UserID?, safari: UserID?, apps: [EntraAppState]) {
        self.deviceAccount = .known(deviceAccount)
        self.safari = .known(safari)
        self.apps = apps
    }
}

extension EntraState {
    /// The state facts describe. An app holding a user's data is taken to have last seen that user: its MSAL
    /// previous account and its local tokens start as its data owner, so no further fact is needed for one attempt.
    /// Safari's web session is its own fact (iOS only): an app's sign-in never creates one (seed: the SSO plug-in
    /// clears state only for applications, which says nothing of filling Safari).
    static func make(_ policy: EntraPolicy, facts: FactValues) -> EntraState {
        var state = EntraState(deviceAccount: nil, safari: nil, apps: [])
        state.reset(policy, facts: facts)
        return state
    }

    /// Overwrites this state with the one the facts describe, reusing the apps array (no allocation when its size
    /// already matches the policy's), so a loop of attempts does not allocate. Every account waits for its fact:
    /// in a what-if a decision that never reads one does not split on it.
    mutating func reset(_ policy: EntraPolicy, facts: FactValues) {
        if apps.count != policy.apps.count {
            apps = [EntraAppState](repeating: EntraAppState(), count: policy.apps.count)
        }
        for index in apps.indices {
            apps[index] = EntraAppState(owner: facts.given(account: EntraFact.dataOwner, app: AppID(index)))
        }
        deviceAccount = facts.given(account: EntraFact.signedIn)
        safari = policy.device.isIOS ? facts.given(account: EntraFact.safariSession) : .known(nil)
        // The clocks exist only where a setting reads them, so a policy without them never waits for their facts
        // and its states do not differ by time.
        signInTime =
            policy.device.signInFrequency > 0
            ? facts.given(bool: EntraFact.signInFrequencyPassed).map { $0 ? .givenPassed : .givenJustNow }
            : .known(.givenJustNow)
        lastActivity =
            policy.device.mhsAutoSignOut
            ? facts.given(bool: EntraFact.inactivityPassed).map { $0 ? .givenPassed : .givenJustNow }
            : .known(.givenJustNow)
        sessionPINLocked =
            policy.device.mhs.locks ? facts.given(bool: EntraFact.sessionPINLocked) : .known(false)
        wrongSessionPINs = 0
    }

    /// At a step: a time the facts gave becomes a real one (just now, or the interval ago). A time still waiting
    /// for its fact stays pending: the decision that reads it makes the what-if run again with it known.
    mutating func startClocks(_ time: Int, policy: EntraPolicy) {
        if let start = signInTime.known, start.time == nil, policy.device.signInFrequency > 0 {
            signInTime = .known(start.fixed(at: time, interval: policy.device.signInFrequency))
        }
        if let start = lastActivity.known, start.time == nil, policy.device.mhsAutoSignOut {
            lastActivity = .known(start.fixed(at: time, interval: policy.device.inactivityDelay))
        }
    }
}

extension EntraState {
    /// Equal states hold the same accounts, apps and clocks.
    public static func == (lhs: EntraState, rhs: EntraState) -> Bool {
        lhs.deviceAccount == rhs.deviceAccount && lhs.safari == rhs.safari && lhs.apps == rhs.apps
            && lhs.signInTime == rhs.signInTime && lhs.lastActivity == rhs.lastActivity
            && lhs.sessionPINLocked == rhs.sessionPINLocked && lhs.wrongSessionPINs == rhs.wrongSessionPINs
    }
}

extension EntraState {
    /// `verify` hashes every state it reaches: the state hashes as one packed word for the device and one per app
    /// (each account in 17 bits), the values `==` compares, instead of a combine per field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(Self.packed(deviceAccount.stored) | Self.packed(safari.stored) << 17 | UInt64(apps.count) << 34)
        hasher.combine(signInTime)
        hasher.combine(lastActivity)
        hasher.combine(sessionPINLocked.stored)
        hasher.combine(wrongSessionPINs)
        for app in apps {
            hasher.combine(
                (app.running ? 1 : 0) | Self.packed(app.principal.stored) << 1 | Self.packed(app.tokens.stored) << 18
                    | Self.packed(app.dataOwner.stored) << 35)
        }
    }

    private static func packed(_ user: UserID?) -> UInt64 { user.map { UInt64($0.index) + 1 } ?? 0 }
}
