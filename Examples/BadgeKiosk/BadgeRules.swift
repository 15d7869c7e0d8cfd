import SSOPolicyProviderKit

/// The kiosk's predicates: each condition a rule can state, with its words and its computation, defined once.
enum BadgePredicate: Int, PredicateSet {
    case tapLive
    case tappedBefore
    case pinAfterTimeout
    case anotherUserTapped
    case kioskApp

    @inline(__always) var definition: Predicate<BadgeContext> {
        switch self {
        case .tapLive:
            Predicate("a tap is live", otherwise: "no tap is live") { context in
                // With `tap_scope: one_app` a tap counts only at the app it was made at.
                context.state.live
                    && (!context.policy.tapUnlocksOneApp || context.state.tappedApp.map { $0 == context.app } ?? true)
            }
        case .tappedBefore:
            Predicate("an earlier tap expired", otherwise: "nobody tapped before") { $0.state.sessionUser != nil }
        case .pinAfterTimeout:
            Predicate("the policy asks a PIN", otherwise: "the policy asks a badge") { $0.policy.pinAfterTimeout }
        case .anotherUserTapped:
            Predicate("the live tap is another user's", otherwise: "the live tap is the user's own") { context in
                context.state.sessionUser.map { $0 != context.user } ?? false
            }
        case .kioskApp:
            Predicate("the app takes part in the badge session", otherwise: "the app is outside the badge session") {
                context in
                context.app.map { context.policy.kiosk[$0.int] } ?? true
            }
        }
    }
}

/// The kiosk's rule table: one case per rule, each defined in the one exhaustive `switch` below (a rule's
/// `RuleID` is its position, so append new rules at the end).
enum BadgeRule: Int, RuleSet {
    case sessionLive
    case pinAfterTimeout
    case tapRequired
    case previousUserServed
    case signOut
    case outsideKiosk

    static let table = RuleTable<BadgeRule>()

    /// An access attempt at a kiosk app: the first of these that fires decides.
    static let access = DecisionList<BadgeRule>("access attempt", [.sessionLive, .pinAfterTimeout, .tapRequired])

    static let decisionLists = [access.declaration]

    var definition: RuleDefinition<BadgePredicate> {
        switch self {
        case .sessionLive:
            RuleDefinition(
                "badge.session.live", summary: "a live tap serves the attempt", sources: BadgeSources.cite("§Sessions"),
                when: [.when(.tapLive)], effect: .session(.sharedReused),
                examples: [RuleExample(facts: ["session_live": "true"], fires: true), RuleExample(fires: false)])
        case .pinAfterTimeout:
            RuleDefinition(
                "badge.session.pin", summary: "after the timeout a PIN is asked", sources: BadgeSources.cite("§PIN"),
                when: [.not(.tapLive), .when(.tappedBefore), .when(.pinAfterTimeout)],
                effect: RuleEffect(prompts: [.passcode], session: .sharedNew),
                examples: [
                    RuleExample(settings: ["after_timeout": "pin"], facts: ["session_user": "alice"], fires: true),
                    RuleExample(settings: ["after_timeout": "pin"], fires: false),
                ])
        case .tapRequired:
            RuleDefinition(
                "badge.session.tap", summary: "no live tap: the user taps a badge", sources: BadgeSources.cite("§Taps"),
                when: [.not(.tapLive)], effect: RuleEffect(prompts: [.credentials], session: .sharedNew),
                examples: [
                    RuleExample(fires: true),
                    RuleExample(facts: ["session_live": "true"], fires: false),
                ])
        case .previousUserServed:
            RuleDefinition(
                "badge.session.previous-user", summary: "a live tap of another user serves this user",
                sources: BadgeSources.cite("§Sessions"), when: [.when(.tapLive), .when(.anotherUserTapped)],
                effect: .raises(BadgeFinding.previousSession.id),
                examples: [
                    RuleExample(facts: ["session_live": "true", "session_user": "bob"], fires: true),
                    RuleExample(facts: ["session_live": "true", "session_user": "alice"], fires: false),
                ])
        case .signOut:
            RuleDefinition(
                "badge.sign-out", summary: "sign-out ends the tap for every app",
                sources: BadgeSources.cite("§Sign-out"),
                when: [.when(.tapLive)], effect: .session(.none),
                examples: [
                    RuleExample(facts: ["session_live": "true"], event: "sign_out", fires: true),
                    RuleExample(event: "sign_out", fires: false),
                ])
        case .outsideKiosk:
            RuleDefinition(
                "badge.app.outside-kiosk", summary: "an app outside the badge session asks its own login",
                sources: BadgeSources.cite("§Apps"), when: [.not(.kioskApp)],
                effect: RuleEffect(prompts: [.appCredentials], session: .appNew),
                examples: [
                    RuleExample(appKeys: ["kiosk": "false"], fires: true),
                    RuleExample(fires: false),
                ])
        }
    }
}
