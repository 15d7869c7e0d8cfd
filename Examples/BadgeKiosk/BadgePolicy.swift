import SSOPolicyProviderKit

/// A badge policy compiled into the shape `apply` needs.
public struct BadgePolicy: Sendable, Hashable {
    var timeout: Int
    var afterTimeout: AfterTimeout
    /// `tap_scope: one_app`: a tap unlocks only the app it was made at.
    var tapUnlocksOneApp: Bool
    /// Per app: it takes part in the badge session (`kiosk: true`).
    var kiosk: [Bool]
}

/// What the kiosk remembers between steps. A value, so runs replay and `verify` can explore it. The fields the
/// facts give are `Given`: in a what-if they stay unknown until a decision reads them.
public struct BadgeState: Hashable, Sendable {
    var live: Given<Bool> = .known(false)
    var sessionUser: Given<UserID?> = .known(nil)
    /// When the live tap was made (nil: a tap given by facts, which has no time and does not expire). A `Stamp`,
    /// so the time since the tap is measured without arithmetic that could trap.
    var lastTap: Stamp? = nil
    /// The app the live tap was made at (nil: a tap given by facts, which unlocks every app).
    var tappedApp: AppID? = nil

    /// The state the facts describe: whose tap is live waits for `session_live` first, then for `session_user`.
    init(facts: FactValues) {
        live = facts.given(bool: BadgeFact.live)
        sessionUser = facts.given(account: BadgeFact.sessionUser)
    }
}

/// What the predicates read for one decision besides the state: the policy, who acts and where. Built once per event;
/// the state is never copied into it (a rule reads the handler's state as it is at that moment).
struct BadgeContext {
    let policy: BadgePolicy
    let user: UserID?
    let app: AppID?
}
