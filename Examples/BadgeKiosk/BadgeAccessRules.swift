import SSOPolicyProviderKit

/// The access phase: what a worker opening (or tapping at) an app gets. One case per rule, each defined in the one
/// exhaustive `switch` below; a new rule of this phase is one case and one definition here.
enum BadgeAccessRule: Int, RuleSet {
    case sessionLive
    case pinAfterTimeout
    case tapRequired
    case previousUserServed
    case outsideKiosk

    static let table = RuleTable<BadgeAccessRule>()

    /// An access attempt at a kiosk app: the first of these that fires decides.
    static let access = DecisionList<BadgeAccessRule>(
        "access attempt", [.sessionLive, .pinAfterTimeout, .tapRequired])

    var definition: RuleDefinition<BadgePredicate> {
        switch self {
        case .sessionLive:
            RuleDefinition(
                "badge.session.live", summary: "a live tap serves the attempt",
                sources: [BadgeSource.manual["§Sessions"]], when: [.when(.tapLive)], effect: .session(.sharedReused),
                examples: [RuleExample(facts: ["session_live": "true"], fires: true), RuleExample(fires: false)])
        case .pinAfterTimeout:
            RuleDefinition(
                "badge.session.pin", summary: "after the timeout a PIN is asked", sources: [BadgeSource.manual["§PIN"]],
                when: [.not(.tapLive), .when(.tappedBefore), .when(.pinAfterTimeout)],
                effect: RuleEffect(prompts: [.passcode], session: .sharedNew),
                examples: [
                    RuleExample(settings: ["after_timeout": "pin"], facts: ["session_user": "alice"], fires: true),
                    RuleExample(settings: ["after_timeout": "pin"], fires: false),
                ])
        case .tapRequired:
            RuleDefinition(
                "badge.session.tap", summary: "no live tap: the user taps a badge",
                sources: [BadgeSource.manual["§Taps"]], when: [.not(.tapLive)],
                effect: RuleEffect(prompts: [.credentials], session: .sharedNew),
                examples: [
                    RuleExample(fires: true),
                    RuleExample(facts: ["session_live": "true"], fires: false),
                ])
        case .previousUserServed:
            RuleDefinition(
                "badge.session.previous-user", summary: "a live tap of another user serves this user",
                sources: [BadgeSource.manual["§Sessions"]], when: [.when(.tapLive), .when(.anotherUserTapped)],
                effect: .raises(BadgeFinding.previousSession.id),
                examples: [
                    RuleExample(facts: ["session_live": "true", "session_user": "bob"], fires: true),
                    RuleExample(facts: ["session_live": "true", "session_user": "alice"], fires: false),
                ])
        case .outsideKiosk:
            RuleDefinition(
                "badge.app.outside-kiosk", summary: "an app outside the badge session asks its own login",
                sources: [BadgeSource.manual["§Apps"]], when: [.not(.kioskApp)],
                effect: RuleEffect(prompts: [.appCredentials], session: .appNew),
                examples: [
                    RuleExample(appKeys: ["kiosk": "false"], fires: true),
                    RuleExample(fires: false),
                ])
        }
    }
}
