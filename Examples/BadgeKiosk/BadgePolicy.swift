import SSOPolicyProviderKit

/// A badge policy compiled into the shape `apply` needs.
public struct BadgePolicy: Sendable {
    var timeout: Int
    var pinAfterTimeout: Bool
}

/// What the kiosk remembers between steps. A value, so runs replay and `verify` can explore it.
public struct BadgeState: Hashable, Sendable {
    var sessionUser: UserID?
    var lastTap: Int
    var live: Bool
}

/// What the predicates read for one decision: the policy, the state before the decision, and who acts.
struct BadgeContext {
    var policy: BadgePolicy
    var state: BadgeState
    var user: UserID?
}
