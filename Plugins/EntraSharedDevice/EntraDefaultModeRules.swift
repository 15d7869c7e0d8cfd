import SSOPolicyProviderKit

private let off: [String: String] = ["shared_device_mode": "false"]

/// The phase of default mode (per-app sessions), after sign-out's: one case per rule, in id order.
enum EntraDefaultModeRule: Int, RuleSet {
    case defaultAppSessionReused
    case defaultBrokerSSO
    case defaultSignIn

    static let table = RuleTable<EntraDefaultModeRule>(after: EntraSignOutRule.table)

    /// A default-mode app at the foreground.
    static let defaultSession = DecisionList<EntraDefaultModeRule>(
        "default mode: app session, broker SSO or sign-in",
        [.defaultAppSessionReused, .defaultBrokerSSO, .defaultSignIn])

    var definition: RuleDefinition<EntraPredicate> {
        switch self {
        case .defaultAppSessionReused:
            RuleDefinition(
                "entra.default.app-session-reused",
                summary: "in default mode an app serves its own session, whoever holds the device",
                sources: [EntraEvidence.defaultModeSignOut],
                when: [.when(.defaultModeApp), .when(.appHoldsSession)],
                effect: .session(.appReused),
                examples: [
                    RuleExample(settings: off, facts: ["data_owner": "bob"], fires: true),
                    RuleExample(settings: off, fires: false),
                ])
        case .defaultBrokerSSO:
            RuleDefinition(
                "entra.default.broker-sso",
                summary: "in default mode an app without a session gets the broker's account silently (broker SSO)",
                sources: [EntraEvidence.defaultModeSignOut],
                when: [
                    .when(.defaultModeApp), .not(.appHoldsSession), .when(.brokerSilentSSO),
                    .when(.userIsDeviceAccount),
                ],
                effect: .session(.appNew),
                examples: [
                    RuleExample(settings: off, facts: ["signed_in": "alice"], fires: true),
                    RuleExample(settings: ["sso_extension": "missing"], facts: ["signed_in": "alice"], fires: false),
                    RuleExample(settings: off, fires: false),
                ])
        case .defaultSignIn:
            RuleDefinition(
                "entra.default.sign-in",
                summary: "in default mode an app without a session signs the user in interactively, for this app only",
                sources: [EntraEvidence.defaultModeSignOut],
                when: [.when(.defaultModeApp), .not(.appHoldsSession), .not(.brokerHasUser)],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .appNew),
                examples: [
                    RuleExample(settings: off, fires: true),
                    RuleExample(settings: off, facts: ["signed_in": "alice"], fires: false),
                    RuleExample(fires: false),
                ])
        }
    }
}
