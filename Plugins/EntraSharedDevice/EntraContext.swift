import SSOPolicyProviderKit

/// What the predicates read for one decision besides the state: the policy, the app in focus, the acting user and
/// the step's time, plus the values a phase works out on the way (the account data is reconciled against, what a
/// global sign-out leaves behind).
///
/// Built once per event (`init(policy:user:time:)`) and refocused on each app a step decides about
/// (`focused(on:)`). It never holds the state: a predicate reads the handler's state as it is at that moment, so a
/// rule never reads a state an earlier part of the same event has since changed. A plain value; building one does
/// not allocate.
struct EntraContext {
    /// The compiled policy.
    let policy: EntraPolicy
    /// The app in focus (an index of `policy.apps`); -1 for a device-level decision (a restart, Safari, Managed
    /// Home Screen).
    private(set) var index = -1
    /// The keys of the app in focus (`EntraAppPolicy.deviceLevel` for a device-level decision).
    private(set) var app = EntraAppPolicy.deviceLevel
    /// The acting user.
    let user: UserID?
    /// The step's time (seconds since midnight).
    let time: Int

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

    /// The device-level context of an event.
    init(policy: EntraPolicy, user: UserID?, time: Int) {
        self.policy = policy
        self.user = user
        self.time = time
    }

    /// The context of a decision about app `index`, for the same event: the phase-local values start afresh.
    func focused(on index: Int) -> EntraContext {
        var context = EntraContext(policy: policy, user: user, time: time)
        context.index = index
        context.app = policy.apps[index]
        context.callsCurrentAccount = context.app.checksCurrentAccount
        return context
    }

    /// The policy's device-wide settings.
    var device: EntraDevicePolicy { policy.device }
}

extension EntraAppPolicy {
    /// The app of a device-level decision (a restart, Safari): no MSAL, no duties.
    static let deviceLevel = EntraAppPolicy(
        msal: .notMSAL, brokerEnabled: false, checksCurrentAccount: false, comparesAccountIDs: false,
        clearsData: false, listener: false, signoutFromBrowser: false, cachesAccessTokens: false,
        mode: .notAware,
        catalog: nil)
}

extension EntraState {
    /// What the context's app remembers now; nothing for a device-level decision.
    func appState(_ context: EntraContext) -> EntraAppState {
        apps.indices.contains(context.index) ? apps[context.index] : EntraAppState()
    }
}
