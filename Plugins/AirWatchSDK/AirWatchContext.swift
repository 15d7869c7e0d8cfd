import SSOPolicyProviderKit

/// What a wipe in progress removes, for the rules that decide what survives it.
enum AirWatchWipe: UInt8, Sendable {
    case none
    /// The SDK data of one store (failed attempts, `logoutCurrentUser`).
    case sdkData
    /// Every SDK app's data and app data (`wipe_scope: enterprise_wipe`).
    case everyApp
    /// The SDK data of one app whose registration is another user's than Hub's checked-out user.
    case userChange
}

/// The provider's view of one decision, a plain value: the policy, the state as it is at that moment, the app the
/// decision is about (with its compiled entry and store), the event, and what the access's phases have worked out
/// so far (identify's prompt, the secure phase's prompts, a wipe in progress). Every `AirWatchPredicate` reads this
/// and nothing else.
///
/// `apply` moves the state into the context for the step and back out at its end; the handlers take the context
/// `inout` and change the state through it, so a rule always sees the state as it is when it decides.
struct AirWatchContext {
    let policy: AirWatchPolicy
    var state: AirWatchState
    // Set together, by `init` and `app`'s setter, so the entry and the store are always the app's.
    private var appIndex: Int
    /// The compiled app the decision is about.
    private(set) var entry: AirWatchApp
    /// The index of that app's store (its own, or its cluster's shared store).
    private(set) var storeIndex: Int
    let user: UserID?
    let time: Int
    let event: EventID
    /// `terminate: all` (a device restart).
    var deviceWide = false
    /// `query_sso_status`: the app's initial check has not finished (or the step says so).
    var beforeInitialCheck = false
    /// Identify: silent login identified the user.
    var silent = false
    /// Identify: the prompt the identify phase asked (nil = none).
    var identifyPrompt: Prompt?
    /// Secure: the prompt the secure table chose (nil = none yet), and the prompts the phase shows.
    var securePrompt: Prompt?
    var securePrompts = PromptList()
    var wipe = AirWatchWipe.none
    /// A user whose own session or data does not count as left behind (the user checking out).
    var spared: UserID?

    init(policy: AirWatchPolicy, state: consuming AirWatchState, event: ProviderEvent, app: Int) {
        self.policy = policy
        self.state = state
        // A policy has at least one app (the loader says so); a device-wide event of a policy built without apps
        // reads the placeholder, whose store no rule reaches.
        appIndex = app
        entry = app < policy.apps.count ? policy.apps[app] : Self.placeholder
        storeIndex = entry.store
        user = event.user
        time = event.time
        self.event = event.event
    }

    private static let placeholder = AirWatchApp(
        authentication: .disabled, ssoRequested: false, noAnchorApp: false, anchorProfileOff: false,
        sdkNotInitialized: false, effectiveSSO: false, store: 0, clearsDataOnWipe: false, clearsDataOnUserChange: false)

    /// The app the decision is about: the event's app, or the app a loop over the device is at. Setting it reads
    /// that app's compiled entry and store index once, so rules read them from the context.
    var app: Int {
        get { appIndex }
        set {
            appIndex = newValue
            entry = policy.apps[newValue]
            storeIndex = entry.store
        }
    }

    /// The SDK's state for that app.
    var appState: AirWatchAppState {
        get { state.apps[appIndex] }
        _modify { yield &state.apps[appIndex] }
    }

    /// That app's store.
    var store: AirWatchStore {
        get { state.stores[storeIndex] }
        _modify { yield &state.stores[storeIndex] }
    }

    /// Several writes to the app's state in one access.
    mutating func updateApp(_ body: (inout AirWatchAppState) -> Void) { body(&state.apps[appIndex]) }

    /// Several writes to the app's store in one access.
    mutating func updateStore(_ body: (inout AirWatchStore) -> Void) { body(&state.stores[storeIndex]) }

    /// Whether that app's store holds a session within its timeout now.
    var storeSessionLive: Bool { state.sessionLive(storeIndex, at: time, timeout: policy.timeout) }

    /// Whether the session serves this access: live, and not a cold launch that must authenticate (option C2).
    var sessionLive: Bool {
        storeSessionLive && !(policy.coldLaunchRequiresAuth && !state.apps[appIndex].unlockedInProcess)
    }

    /// Whose session serves the attempt: the store's with the SDK, the app's own login without it.
    var servingSessionUser: UserID? {
        entry.usesSDK ? state.stores[storeIndex].sessionUser : state.apps[appIndex].ownSessionUser
    }

    /// Whether the app's own login keeps a session until the process ends and holds one now.
    var ownSessionServes: Bool {
        entry.ownLogin == .untilTerminated && state.apps[appIndex].ownSessionUser != nil
    }

    /// Users whose session or data an app without the SDK holds, apart from `spared`.
    var heldUsers: UInt64 {
        var held = state.apps[appIndex].dataUsers | (state.apps[appIndex].ownSessionUser.map(AirWatchState.bit) ?? 0)
        if let spared { held &= ~AirWatchState.bit(spared) }
        return held
    }
}
