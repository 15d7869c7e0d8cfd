import SSOPolicyProviderKit

/// The kiosk's predicates: each condition a rule can state, with its words and its computation over the state and
/// the decision's context, defined once.
enum BadgePredicate: Int, PredicateSet {
    case tapLive
    case tappedBefore
    case pinAfterTimeout
    case anotherUserTapped
    case kioskApp

    var definition: Predicate<BadgeState, BadgeContext> {
        switch self {
        case .tapLive:
            Predicate("a tap is live", otherwise: "no tap is live") { state, context in
                // With `tap_scope: one_app` a tap counts only at the app it was made at.
                try state.live.value
                    && (!context.policy.tapUnlocksOneApp || state.tappedApp.map { $0 == context.app } ?? true)
            }
        case .tappedBefore:
            Predicate("an earlier tap expired", otherwise: "nobody tapped before") { state, _ in
                try state.sessionUser.value != nil
            }
        case .pinAfterTimeout:
            Predicate("the policy asks a PIN", otherwise: "the policy asks a badge") { _, context in
                context.policy.afterTimeout == .pin
            }
        case .anotherUserTapped:
            Predicate("the live tap is another user's", otherwise: "the live tap is the user's own") {
                state, context in
                try state.sessionUser.value.map { $0 != context.user } ?? false
            }
        case .kioskApp:
            Predicate("the app takes part in the badge session", otherwise: "the app is outside the badge session") {
                _, context in
                context.app.map { context.policy.kiosk[$0.int] } ?? true
            }
        }
    }
}
