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

/// The provider's view of one decision: the policy, the state as it is at that moment, the app the decision is
/// about, the event, and the values the access's phases have worked out so far (identify's prompt, the secure
/// phase's prompts, a wipe in progress). Every `AirWatchPredicate` reads this and nothing else.
///
/// The policy and the state are reached through pointers that `apply` holds for the step, so the context is a few
/// scalars: passing it to a rule copies no arrays and retains nothing, and the handlers mutate `context.state` in
/// place, so a rule always sees the state at the moment it decides. The context never outlives `apply`.
struct AirWatchContext {
    private let policyPointer: UnsafePointer<AirWatchPolicy>
    private let statePointer: UnsafeMutablePointer<AirWatchState>

    var policy: AirWatchPolicy {
        unsafeAddress { policyPointer }
    }

    var state: AirWatchState {
        unsafeAddress { UnsafePointer(statePointer) }
        nonmutating unsafeMutableAddress { statePointer }
    }

    /// The app the decision is about: the event's app, or the app a loop over the device is at. Setting it reads
    /// that app's compiled entry, fixed predicates and store index once, so rules read them from the context.
    var app: Int {
        didSet { select(app) }
    }

    /// The compiled app the decision is about.
    private(set) var entry: AirWatchApp
    /// That app's fixed predicates (`AirWatchPredicate.fixedHolds`), as bits.
    private(set) var fixedPredicates: UInt64
    /// The index of that app's store (its own, or its cluster's shared store).
    private(set) var storeIndex: Int
    var user: UserID?
    var time: Int
    var event: EventID

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

    init(
        policy: UnsafePointer<AirWatchPolicy>, state: UnsafeMutablePointer<AirWatchState>, event: ProviderEvent,
        app: Int
    ) {
        self.policyPointer = policy
        self.statePointer = state
        self.app = app
        // A policy has at least one app (the loader says so); a device-wide event of a policy built without apps
        // reads the placeholder, whose store no rule reaches.
        let known = app < policy.pointee.apps.count
        self.entry = known ? policy.pointee.apps[app] : Self.placeholder
        self.fixedPredicates = known ? policy.pointee.fixedPredicates[app] : 0
        self.storeIndex = self.entry.store
        self.user = event.user
        self.time = event.time
        self.event = event.event
    }

    private static let placeholder = AirWatchApp(
        authentication: .disabled, ssoRequested: false, noAnchorApp: false, anchorProfileOff: false,
        sdkNotInitialized: false, effectiveSSO: false, store: 0, clearsDataOnWipe: false, clearsDataOnUserChange: false)

    private mutating func select(_ app: Int) {
        entry = policy.apps[app]
        fixedPredicates = policy.fixedPredicates[app]
        storeIndex = entry.store
    }

    /// The SDK's state for that app.
    var appState: AirWatchAppState {
        get { state.apps[app] }
        _modify { yield &state.apps[app] }
    }

    /// Several writes to the app's state in one access: one uniqueness check of the state's array instead of one
    /// per write.
    @inline(__always)
    func updateApp(_ body: (inout AirWatchAppState) -> Void) { body(&state.apps[app]) }

    /// Several writes to the app's store in one access (see `updateApp`).
    @inline(__always)
    func updateStore(_ body: (inout AirWatchStore) -> Void) { body(&state.stores[storeIndex]) }

    /// That app's store.
    var store: AirWatchStore {
        get { state.stores[storeIndex] }
        _modify { yield &state.stores[storeIndex] }
    }

    /// Whether that app's store holds a session within its timeout now.
    @inline(__always)
    var storeSessionLive: Bool { state.sessionLive(storeIndex, at: time, timeout: policy.timeout) }

    /// Whether the session serves this access: live, and not a cold launch that must authenticate (option C2).
    @inline(__always)
    var sessionLive: Bool {
        storeSessionLive && !(policy.coldLaunchRequiresAuth && !state.apps[app].unlockedInProcess)
    }

    /// Whose session serves the attempt: the store's with the SDK, the app's own login without it.
    @inline(__always)
    var servingSessionUser: UserID? {
        entry.usesSDK ? state.stores[storeIndex].sessionUser : state.apps[app].ownSessionUser
    }

    /// Whether the app's own login keeps a session until the process ends and holds one now. A property rather than
    /// a call of `holds(in:)` from another predicate: `holds` must not recurse, or it cannot be inlined.
    @inline(__always)
    var ownSessionServes: Bool {
        entry.ownLogin == .untilTerminated && state.apps[app].ownSessionUser != nil
    }

    /// Users whose session or data an app without the SDK holds, apart from `spared`.
    @inline(__always)
    var heldUsers: UInt64 {
        var held = state.apps[app].dataUsers | (state.apps[app].ownSessionUser.map(AirWatchState.bit) ?? 0)
        if let spared { held &= ~AirWatchState.bit(spared) }
        return held
    }
}
