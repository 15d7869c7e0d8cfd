import SSOPolicyProviderKit

/// The kiosk's named predicates: each condition a rule can state, worded once.
enum BadgePredicate: NamedPredicate {
    case tapLive
    case tappedBefore
    case pinAfterTimeout
    case anotherUserTapped

    var words: RuleCondition {
        switch self {
        case .tapLive: return RuleCondition("a tap is live", otherwise: "no tap is live")
        case .tappedBefore: return RuleCondition("an earlier tap expired", otherwise: "nobody tapped before")
        case .pinAfterTimeout: return RuleCondition("the policy asks a PIN", otherwise: "the policy asks a badge")
        case .anotherUserTapped:
            return RuleCondition("the live tap is another user's", otherwise: "the live tap is the user's own")
        }
    }

    func holds(in context: BadgeContext) -> Bool {
        switch self {
        case .tapLive: return context.state.live
        case .tappedBefore: return context.state.sessionUser != nil
        case .pinAfterTimeout: return context.policy.pinAfterTimeout
        case .anotherUserTapped: return context.state.sessionUser.map { $0 != context.user } ?? false
        }
    }
}

/// The kiosk's rule table: one case per rule, in table order (a rule's id is its position).
enum BadgeRule: Int, RuleSet {
    case sessionLive
    case pinAfterTimeout
    case tapRequired
    case previousUserServed
    case signOut

    static let table = RuleTable<BadgeRule>()

    /// An access attempt: the first of these that fires decides.
    static let access = DecisionList<BadgeRule>(
        "access attempt", [.sessionLive, .pinAfterTimeout, .tapRequired])

    static let decisionLists = [access.declaration]

    private static let source = "tests §badge-kiosk"

    var definition: RuleDefinition<BadgePredicate> {
        switch self {
        case .sessionLive:
            return RuleDefinition(
                "badge.session.live", summary: "a live tap serves the attempt", source: Self.source,
                when: [.when(.tapLive)],
                examples: [RuleExample(facts: ["session_live": "true"], fires: true), RuleExample(fires: false)])
        case .pinAfterTimeout:
            return RuleDefinition(
                "badge.session.pin", summary: "after the timeout a PIN is asked", source: Self.source,
                when: [.not(.tapLive), .when(.tappedBefore), .when(.pinAfterTimeout)],
                examples: [
                    RuleExample(settings: ["after_timeout": "pin"], facts: ["session_user": "alice"], fires: true),
                    RuleExample(settings: ["after_timeout": "pin"], fires: false),
                ])
        case .tapRequired:
            return RuleDefinition(
                "badge.session.tap", summary: "no live tap: the user taps a badge", source: Self.source,
                when: [.not(.tapLive)],
                examples: [RuleExample(fires: true), RuleExample(facts: ["session_live": "true"], fires: false)])
        case .previousUserServed:
            return RuleDefinition(
                "badge.session.previous-user", summary: "a live tap of another user serves this user",
                source: Self.source, when: [.when(.tapLive), .when(.anotherUserTapped)],
                examples: [
                    RuleExample(facts: ["session_live": "true", "session_user": "bob"], fires: true),
                    RuleExample(facts: ["session_live": "true", "session_user": "alice"], fires: false),
                ])
        case .signOut:
            return RuleDefinition(
                "badge.sign-out", summary: "sign-out ends the tap for every app", source: Self.source,
                when: [.when(.tapLive)],
                examples: [
                    RuleExample(facts: ["session_live": "true"], event: "sign_out", fires: true),
                    RuleExample(event: "sign_out", fires: false),
                ])
        }
    }
}
