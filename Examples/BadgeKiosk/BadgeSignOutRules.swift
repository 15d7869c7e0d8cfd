import SSOPolicyProviderKit

/// The sign-out phase: what `sign_out` ends. Its ids continue after the access phase's.
enum BadgeSignOutRule: Int, RuleSet {
    case signOut

    static let table = RuleTable<BadgeSignOutRule>(after: BadgeAccessRule.table)

    var definition: RuleDefinition<BadgePredicate> {
        switch self {
        case .signOut:
            RuleDefinition(
                "badge.sign-out", summary: "sign-out ends the tap for every app",
                sources: [BadgeSource.manual["§Sign-out"]], when: [.when(.tapLive)], effect: .session(.none),
                examples: [
                    RuleExample(facts: ["session_live": "true"], event: "sign_out", fires: true),
                    RuleExample(event: "sign_out", fires: false),
                ])
        }
    }
}
