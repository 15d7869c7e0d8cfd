import SSOPolicyProviderKit

private let off: [String: String] = ["shared_device_mode": "false"]

/// The rules of default mode (per-app sessions). `EntraRule.definition` names each.
enum EntraDefaultModeRules {
    static let defaultAppSessionReused = RuleDefinition<EntraPredicate>(
        "entra.default.app-session-reused",
        summary: "in default mode an app serves its own session, whoever holds the device",
        sources: [EntraEvidence.defaultModeSignOut],
        when: [.when(.defaultModeApp), .when(.appHoldsSession)],
        effect: .session(.appReused),
        examples: [
            RuleExample(settings: off, facts: ["data_owner": "bob"], fires: true),
            RuleExample(settings: off, fires: false),
        ])

    static let defaultBrokerSSO = RuleDefinition<EntraPredicate>(
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

    static let defaultSignIn = RuleDefinition<EntraPredicate>(
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

    static let authenticatorBrokerRoute = RuleDefinition<EntraPredicate>(
        "entra.ios.authenticator-broker-route",
        summary: "on iOS without the SSO extension an interactive sign-in switches to the Authenticator app "
            + "(MSAL's URL broker route), which keeps the account; there is still no silent SSO, no shared mode "
            + "and no device-wide sign-out",
        sources: [EntraEvidence.globalSignIn, EntraEvidence.brokerRoute, EntraEvidence.deviceInfo],
        when: [.when(.onIOS), .when(.authenticatorInstalled), .not(.ssoExtensionReady)],
        examples: [
            RuleExample(settings: ["sso_extension": "missing"], fires: true),
            RuleExample(settings: ["sso_extension": "missing", "shared_device_mode": "false"], fires: true),
            RuleExample(settings: ["sso_extension": "missing", "authenticator": "missing"], fires: false),
            RuleExample(settings: off, fires: false),
            RuleExample(settings: ["platform": "android", "shared_device_mode": "false"], fires: false),
        ])
}
