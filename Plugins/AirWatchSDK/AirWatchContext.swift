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

/// What a decision reads besides the state, a plain value built once per event: the policy's settings, the app the
/// decision is about (with its compiled entry and store), the event, and what the access's phases have worked out
/// so far (identify's prompt, the secure phase's prompts, a wipe in progress). Every `AirWatchPredicate` reads this
/// and the state as it is at that moment (the handler's `inout` state, passed to each check); the context never
/// holds the state.
///
/// It holds the policy's settings (plain words) and the decision's app entry, not the policy: a context holds no
/// reference that another step shares, so making one and passing it to a rule touches no shared reference count.
struct AirWatchContext {
    // Fields in an order that leaves little padding: the context is passed to each rule call.
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
}

/// The state as one decision sees it: the app the context is about, and that app's store.
extension AirWatchState {
    /// The SDK's state for the context's app.
    subscript(app context: AirWatchContext) -> AirWatchAppState {
        get { apps[context.app] }
        _modify { yield &apps[context.app] }
    }

    /// The context's app's store.
    subscript(store context: AirWatchContext) -> AirWatchStore {
        get { stores[context.entry.store] }
        _modify { yield &stores[context.entry.store] }
    }

    /// Several writes to the context's app's state in one access.
    mutating func updateApp(_ context: AirWatchContext, _ body: (inout AirWatchAppState) -> Void) {
        body(&apps[context.app])
    }

    /// Several writes to the context's app's store in one access.
    mutating func updateStore(_ context: AirWatchContext, _ body: (inout AirWatchStore) throws -> Void) rethrows {
        try body(&stores[context.entry.store])
    }

    /// Whether the context's app's store holds a session within its timeout now.
    func storeSessionLive(_ context: AirWatchContext) throws -> Bool {
        try sessionLive(context.entry.store, at: context.time, timeout: context.settings.timeout)
    }

    /// Whether the session serves this access: live, and not a cold launch that must authenticate (option C2).
    func sessionLive(_ context: AirWatchContext) throws -> Bool {
        try storeSessionLive(context)
            && !(try context.settings.coldLaunchRequiresAuth && !apps[context.app].unlockedInProcess.value)
    }

    /// Whose session serves the attempt: the store's with the SDK, the app's own login without it.
    func servingSessionUser(_ context: AirWatchContext) throws -> UserID? {
        try context.entry.usesSDK
            ? stores[context.entry.store].sessionUser.value : apps[context.app].ownSessionUser.value
    }

    /// Whether the app's own login keeps a session until the process ends and holds one now.
    func ownSessionServes(_ context: AirWatchContext) throws -> Bool {
        try (context.entry.ownLogin == .untilTerminated || context.entry.ownLogin == .untilSignOut)
            && apps[context.app].ownSessionUser.value != nil
    }

    /// Users whose session or data an app without the SDK holds, apart from `context.spared`.
    func heldUsers(_ context: AirWatchContext) throws -> UInt64 {
        var held =
            try apps[context.app].dataUsers.value
            | (try apps[context.app].ownSessionUser.value.map(AirWatchState.bit) ?? 0)
        if let spared = context.spared { held &= ~AirWatchState.bit(spared) }
        return held
    }
}
