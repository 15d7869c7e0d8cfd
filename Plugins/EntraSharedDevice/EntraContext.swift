import SSOPolicyProviderKit

/// What the predicates read for one decision: the device's settings, the decision's app and what it remembers, the
/// device-wide accounts and the acting user, taken from the state at the moment of the decision, plus the values a
/// phase works out on the way (the account data is reconciled against, what a global sign-out leaves behind).
///
/// Built afresh at each decision (`EntraState.context`), so a rule never reads a state an earlier step of the
/// same event has since changed. A plain value: building one does not allocate, and the fields the facts give stay
/// `@Given`, so a what-if learns only of the facts a predicate reads.
struct EntraContext {
    /// The policy's device-wide settings.
    var device: EntraDevicePolicy
    /// The keys of the app the event is for (`EntraAppPolicy.deviceLevel` for a restart or Safari).
    var app: EntraAppPolicy
    /// What that app remembers now.
    var appState: EntraAppState
    /// The broker's device-wide account now.
    @Given var deviceAccount: UserID? = nil
    /// Whose Entra web session Safari holds now (iOS).
    @Given var safari: UserID? = nil
    /// The acting user.
    var user: UserID?
    /// When the device account last signed in interactively, and when a worker last used the device (with the
    /// settings that read them).
    @Given var signInTime = Stamp.givenJustNow
    @Given var lastActivity = Stamp.givenJustNow
    /// Android: Managed Home Screen's PIN screen stands in front of the device, and the wrong PINs entered at it.
    @Given var sessionPINLocked = false
    var wrongSessionPINs = 0
    /// The step's time (seconds since midnight).
    var time = 0

    // Phase-local values, set by the phase that decides.

    /// The event is `sign_in` (the sign-in screen), not an app settling its session at the foreground.
    var explicit = false
    /// The app calls getCurrentAccount at this point: on foreground when it checks, or on the account-change
    /// notification.
    var callsCurrentAccount = false
    /// The account the app reconciles its data against: getCurrentAccount's answer, or the user it signed in.
    var current: UserID?
    /// The app learns of the account through getCurrentAccount (not by signing a user in itself).
    var viaCurrentAccount = false
    /// The step condition `broker: fails` of a sign-out.
    var brokerFails = false
    /// A global sign-out has just removed the device account.
    var signedOutGlobally = false
    /// After that global sign-out, some app still holds the user's session or data (`keepsAfterGlobalSignOut`).
    var userKeptByAnApp = false
    /// An app that served the signed-out user caches access tokens itself.
    var userTokensCached = false
    /// After a per-app sign-out, the broker or another app that is not in shared mode still holds the user.
    var userStillHeld = false

    init(policy: EntraPolicy, app: EntraAppPolicy, appState: EntraAppState, state: EntraState, user: UserID?) {
        self.device = policy.device
        self.app = app
        self.appState = appState
        $deviceAccount = state.$deviceAccount
        $safari = state.$safari
        $signInTime = state.$signInTime
        $lastActivity = state.$lastActivity
        $sessionPINLocked = state.$sessionPINLocked
        wrongSessionPINs = state.wrongSessionPINs
        self.user = user
    }
}

extension EntraAppPolicy {
    /// The app of a device-level decision (a restart, Safari): no MSAL, no duties.
    static let deviceLevel = EntraAppPolicy(
        msal: .notMSAL, brokerEnabled: false, checksCurrentAccount: false, comparesAccountIDs: false,
        clearsData: false, listener: false, signoutFromBrowser: false, cachesAccessTokens: false, mode: .notAware,
        catalog: nil)
}

extension EntraState {
    /// The context of a decision about app `index` for `user`, as the state is now.
    @inline(__always)
    func context(_ index: Int, user: UserID?, policy: EntraPolicy) -> EntraContext {
        var context = EntraContext(
            policy: policy, app: policy.apps[index], appState: apps[index], state: self, user: user)
        context.callsCurrentAccount = policy.apps[index].checksCurrentAccount
        context.time = now
        return context
    }

    /// The context of a device-level decision (no app), as the state is now.
    @inline(__always)
    func deviceContext(user: UserID?, policy: EntraPolicy) -> EntraContext {
        var context = EntraContext(
            policy: policy, app: .deviceLevel, appState: EntraAppState(), state: self, user: user)
        context.time = now
        return context
    }
}
