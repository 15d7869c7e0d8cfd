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

/// The values one decision is about: the app (with its compiled entry, fixed predicates and store, read once when
/// the app is set), the event, and what the access's phases have worked out so far.
struct AirWatchDecision {
    // Set together, by `init` and `select`, so the entry and the store are always the app's.
    private(set) var app: Int
    private(set) var entry: AirWatchApp
    private(set) var fixedPredicates: UInt64
    private(set) var storeIndex: Int
    let user: UserID?
    let time: Int
    let event: EventID
    var deviceWide = false
    var beforeInitialCheck = false
    var silent = false
    var identifyPrompt: Prompt?
    var securePrompt: Prompt?
    var securePrompts = PromptList()
    var wipe = AirWatchWipe.none
    var spared: UserID?

    init(_ policy: AirWatchPolicy, event: ProviderEvent, app: Int) {
        // A policy has at least one app (the loader says so); a device-wide event of a policy built without apps
        // reads the placeholder, whose store no rule reaches.
        let known = app < policy.apps.count
        self.app = app
        self.entry = known ? policy.apps[app] : Self.placeholder
        self.fixedPredicates = known ? policy.fixedPredicates[app] : 0
        self.storeIndex = entry.store
        self.user = event.user
        self.time = event.time
        self.event = event.event
    }

    mutating func select(_ app: Int, in policy: AirWatchPolicy) {
        self.app = app
        entry = policy.apps[app]
        fixedPredicates = policy.fixedPredicates[app]
        storeIndex = entry.store
    }

    private static let placeholder = AirWatchApp(
        authentication: .disabled, ssoRequested: false, noAnchorApp: false, anchorProfileOff: false,
        sdkNotInitialized: false, effectiveSSO: false, store: 0, clearsDataOnWipe: false, clearsDataOnUserChange: false)
}

/// The provider's view of one decision: the policy, the state as it is at that moment, and the decision's values
/// (`AirWatchDecision`: the app, the event, identify's prompt, the secure phase's prompts, a wipe in progress).
/// Every `AirWatchPredicate` reads this and nothing else.
///
/// All three are reached through pointers that `with` holds for the step, so the context is three words: passing
/// it to a rule copies nothing (a context of values was copied whole into every rule call, a hundred bytes, and
/// the copy stalled on the fields just written), and the handlers mutate the state and the values in place, so a
/// rule always sees them as they are at the moment it decides. The context never outlives `with`.
///
/// The context is a handle: every copy is the same decision, so setting `app` or `silent` through one copy is seen
/// through all of them. The handlers take it `inout` only so that it travels as one pointer: passed by value (three
/// words in registers) the attempts measured 2–4 % slower.
struct AirWatchContext {
    private let policyPointer: UnsafePointer<AirWatchPolicy>
    private let statePointer: UnsafeMutablePointer<AirWatchState>
    private let decision: UnsafeMutablePointer<AirWatchDecision>

    /// Runs `body` with a context for `event` about `app`; the context's values live until `body` returns.
    static func with<Result>(
        policy: UnsafePointer<AirWatchPolicy>, state: UnsafeMutablePointer<AirWatchState>, event: ProviderEvent,
        app: Int, _ body: (inout AirWatchContext) -> Result
    ) -> Result {
        var values = AirWatchDecision(policy.pointee, event: event, app: app)
        return withUnsafeMutablePointer(to: &values) { values in
            var context = AirWatchContext(policyPointer: policy, statePointer: state, decision: values)
            return body(&context)
        }
    }

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
        get { decision.pointee.app }
        nonmutating set { decision.pointee.select(newValue, in: policy) }
    }

    /// The compiled app the decision is about.
    var entry: AirWatchApp { decision.pointee.entry }
    /// That app's fixed predicates (`AirWatchPredicate.fixedHolds`), as bits.
    var fixedPredicates: UInt64 { decision.pointee.fixedPredicates }
    /// The index of that app's store (its own, or its cluster's shared store).
    var storeIndex: Int { decision.pointee.storeIndex }
    var user: UserID? { decision.pointee.user }
    var time: Int { decision.pointee.time }
    var event: EventID { decision.pointee.event }

    /// `terminate: all` (a device restart).
    var deviceWide: Bool {
        get { decision.pointee.deviceWide }
        nonmutating set { decision.pointee.deviceWide = newValue }
    }
    /// `query_sso_status`: the app's initial check has not finished (or the step says so).
    var beforeInitialCheck: Bool {
        get { decision.pointee.beforeInitialCheck }
        nonmutating set { decision.pointee.beforeInitialCheck = newValue }
    }
    /// Identify: silent login identified the user.
    var silent: Bool {
        get { decision.pointee.silent }
        nonmutating set { decision.pointee.silent = newValue }
    }
    /// Identify: the prompt the identify phase asked (nil = none).
    var identifyPrompt: Prompt? {
        get { decision.pointee.identifyPrompt }
        nonmutating set { decision.pointee.identifyPrompt = newValue }
    }
    /// Secure: the prompt the secure table chose (nil = none yet), and the prompts the phase shows.
    var securePrompt: Prompt? {
        get { decision.pointee.securePrompt }
        nonmutating set { decision.pointee.securePrompt = newValue }
    }
    var securePrompts: PromptList {
        get { decision.pointee.securePrompts }
        nonmutating _modify { yield &decision.pointee.securePrompts }
    }
    var wipe: AirWatchWipe {
        get { decision.pointee.wipe }
        nonmutating set { decision.pointee.wipe = newValue }
    }
    /// A user whose own session or data does not count as left behind (the user checking out).
    var spared: UserID? {
        get { decision.pointee.spared }
        nonmutating set { decision.pointee.spared = newValue }
    }

    /// The SDK's state for that app.
    var appState: AirWatchAppState {
        get { state.apps[app] }
        nonmutating _modify { yield &state.apps[app] }
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
        nonmutating _modify { yield &state.stores[storeIndex] }
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
