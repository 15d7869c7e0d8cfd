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

/// The provider's view of one decision, a plain value: the policy's settings, the state as it is at that moment,
/// the app the decision is about (with its compiled entry and store), the event, and what the access's phases have
/// worked out so far (identify's prompt, the secure phase's prompts, a wipe in progress). Every `AirWatchPredicate`
/// reads this and nothing else.
///
/// `apply` moves the state into the context for the step and back out at its end; the handlers take the context
/// `inout` and change the state through it, so a rule always sees the state as it is when it decides. It holds the
/// policy's settings (plain words) and the decision's app entry, not the policy: a context holds no reference that
/// another step shares, so making one and passing it to a rule touches no shared reference count.
struct AirWatchContext {
    // Fields in an order that leaves little padding: the context is copied whole into each rule call.
    let settings: AirWatchSettings
    // Set together, by `init` and `select`, so the entry is always the app's.
    private var appIndex: Int32
    /// Secure: the prompts the phase shows.
    var securePrompts = PromptList()
    let user: UserID?
    let event: EventID
    /// `terminate: all` (a device restart).
    var deviceWide = false
    /// `query_sso_status`: the app's initial check has not finished (or the step says so).
    var beforeInitialCheck = false
    /// Identify: silent login identified the user.
    var silent = false
    /// Identify: the prompt the identify phase asked (nil = none).
    var identifyPrompt: Prompt?
    /// Secure: the prompt the secure table chose (nil = none yet).
    var securePrompt: Prompt?
    var wipe = AirWatchWipe.none
    /// A user whose own session or data does not count as left behind (the user checking out).
    var spared: UserID?
    /// Empty until `apply` swaps the step's state in.
    var state = AirWatchState(apps: [], stores: [])
    let time: Int
    /// The compiled app the decision is about; its `store` is the index of the app's store (its own, or its
    /// cluster's shared store).
    private(set) var entry: AirWatchApp

    init(policy: AirWatchPolicy, event: ProviderEvent, app: Int) {
        settings = policy.settings
        // A policy has at least one app (the loader says so); a device-wide event of a policy built without apps
        // reads the placeholder, whose store no rule reaches.
        appIndex = Int32(app)
        entry = app < policy.apps.count ? policy.apps[app] : Self.placeholder
        user = event.user
        time = event.time
        self.event = event.event
    }

    private static let placeholder = AirWatchApp(
        authentication: .disabled, ssoRequested: false, noAnchorApp: false, anchorProfileOff: false,
        sdkNotInitialized: false, effectiveSSO: false, store: 0, clearsDataOnWipe: false, clearsDataOnUserChange: false)

    /// The app the decision is about: the event's app, or the app a loop over the device is at (`select`).
    var app: Int { Int(appIndex) }

    /// Moves the decision to `app`: reads that app's compiled entry and store index once, so rules read them from
    /// the context.
    mutating func select(_ app: Int, in policy: AirWatchPolicy) {
        appIndex = Int32(app)
        entry = policy.apps[app]
    }

    /// The SDK's state for that app.
    var appState: AirWatchAppState {
        get { state.apps[app] }
        _modify { yield &state.apps[app] }
    }

    /// That app's store.
    var store: AirWatchStore {
        get { state.stores[entry.store] }
        _modify { yield &state.stores[entry.store] }
    }

    /// Several writes to the app's state in one access.
    mutating func updateApp(_ body: (inout AirWatchAppState) -> Void) { body(&state.apps[app]) }

    /// Several writes to the app's store in one access.
    mutating func updateStore(_ body: (inout AirWatchStore) -> Void) { body(&state.stores[entry.store]) }

    /// Whether that app's store holds a session within its timeout now.
    var storeSessionLive: Bool { state.sessionLive(entry.store, at: time, timeout: settings.timeout) }

    /// Whether the session serves this access: live, and not a cold launch that must authenticate (option C2).
    var sessionLive: Bool {
        storeSessionLive && !(settings.coldLaunchRequiresAuth && !state.apps[app].unlockedInProcess)
    }

    /// Whose session serves the attempt: the store's with the SDK, the app's own login without it.
    var servingSessionUser: UserID? {
        entry.usesSDK ? state.stores[entry.store].sessionUser : state.apps[app].ownSessionUser
    }

    /// Whether the app's own login keeps a session until the process ends and holds one now.
    var ownSessionServes: Bool {
        (entry.ownLogin == .untilTerminated || entry.ownLogin == .untilSignOut)
            && state.apps[app].ownSessionUser != nil
    }

    /// Users whose session or data an app without the SDK holds, apart from `spared`.
    var heldUsers: UInt64 {
        var held = state.apps[app].dataUsers | (state.apps[app].ownSessionUser.map(AirWatchState.bit) ?? 0)
        if let spared { held &= ~AirWatchState.bit(spared) }
        return held
    }
}
