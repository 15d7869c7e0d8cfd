import SSOPolicyProviderKit

private let seed = EntraSource.tutorial
private let off: [String: String] = ["shared_device_mode": "false"]
private let legacy: [String: String] = ["msal": "none"]
private let android: [String: String] = ["platform": "android"]

/// The first phase: device mode, apps that are not shared-device aware, and multiple-account apps. One case per
/// rule, in id order, each defined in the one exhaustive `switch` below.
enum EntraModeRule: Int, RuleSet {
    case modeShared
    case modeRequirementMissing
    case appNotAware
    case appOwnSignIn
    case appLocalSessionReused
    case androidMultipleAccountInitFails
    case iosMultipleAccountUnsupported

    static let table = RuleTable<EntraModeRule>()

    /// An app that is not shared-device aware at the foreground.
    static let notAwareSession = DecisionList<EntraModeRule>(
        "app that is not shared-device aware: own login or own session", [.appOwnSignIn, .appLocalSessionReused])

    var definition: RuleDefinition<EntraPredicate> {
        switch self {
        case .modeShared:
            RuleDefinition(
                "entra.mode.shared",
                summary: "MSAL reports shared mode to a broker-enabled app when shared mode is configured and every "
                    + "requirement holds",
                sources: [
                    Citation(EntraSource.overviewZH), Citation(EntraSource.overviewSV), EntraEvidence.globalSignIn,
                    EntraEvidence.deviceInfo,
                ],
                when: [
                    .when(.sharedModeConfigured), .when(.osSupported), .when(.authenticatorInstalled),
                    .when(.ssoExtensionReady), .when(.appAware),
                ],
                examples: [
                    RuleExample(fires: true), RuleExample(settings: off, fires: false),
                    RuleExample(appKeys: legacy, fires: false),
                    RuleExample(settings: ["os_version": "13.7"], fires: false),
                    RuleExample(settings: ["os_version": "13.7", "min_ios_version": "13"], fires: true),
                ])
        case .modeRequirementMissing:
            RuleDefinition(
                "entra.mode.requirement-missing",
                summary: "shared mode is configured but a device requirement is missing, so MSAL reports default mode",
                sources: [
                    Citation(EntraSource.overviewZH), Citation(EntraSource.overviewFR), EntraEvidence.deviceInfo,
                ],
                when: [.when(.sharedModeConfigured), .when(.requirementMissing)],
                examples: [
                    RuleExample(settings: ["sso_extension": "missing"], fires: true),
                    RuleExample(settings: ["authenticator": "missing"], fires: true),
                    RuleExample(fires: false),
                    RuleExample(settings: ["sso_extension": "missing", "shared_device_mode": "false"], fires: false),
                ])
        case .appNotAware:
            RuleDefinition(
                "entra.app.not-shared-device-aware",
                summary: "an app without broker-enabled MSAL gets no global sign-in or sign-out; it runs its own login",
                sources: [EntraEvidence.globalSignIn],
                when: [.not(.appAware)],
                examples: [
                    RuleExample(appKeys: legacy, fires: true),
                    RuleExample(appKeys: ["broker_enabled": "false"], fires: true),
                    RuleExample(fires: false),
                ])
        case .appOwnSignIn:
            RuleDefinition(
                "entra.app.own-sign-in",
                summary:
                    "an app that is not shared-device aware asks for its own login and starts an app-local session",
                sources: [EntraEvidence.globalSignIn],
                when: [.not(.appAware), .not(.appHoldsSession)],
                effect: RuleEffect(prompts: [.appCredentials], session: .appNew),
                examples: [
                    RuleExample(appKeys: legacy, fires: true),
                    RuleExample(appKeys: legacy, facts: ["data_owner": "alice"], fires: false),
                    RuleExample(fires: false),
                ])
        case .appLocalSessionReused:
            RuleDefinition(
                "entra.app.local-session-reused",
                summary:
                    "an app that is not shared-device aware serves its own session, which global sign-out never ends",
                sources: [EntraEvidence.globalSignIn],
                when: [.not(.appAware), .when(.appHoldsSession)],
                effect: .session(.appReused),
                examples: [
                    RuleExample(appKeys: legacy, facts: ["data_owner": "bob"], fires: true),
                    RuleExample(appKeys: legacy, fires: false),
                ])
        case .androidMultipleAccountInitFails:
            RuleDefinition(
                "entra.android.multiple-account-init-fails",
                summary: "on an Android shared device a multiple-account app fails to start "
                    + "(multiple_account_pca_init_fail_on_shared_device)",
                sources: [EntraEvidence.androidMultipleAccount],
                when: [.not(.onIOS), .when(.deviceShared), .when(.multipleAccountApp)],
                effect: .raises(EntraFinding.multipleAccountAppUnsupported.id),
                examples: [
                    RuleExample(settings: android, appKeys: ["msal": "multiple_account"], fires: true),
                    RuleExample(appKeys: ["msal": "multiple_account"], fires: false),
                    RuleExample(settings: android, fires: false),
                ])
        case .iosMultipleAccountUnsupported:
            RuleDefinition(
                "entra.ios.multiple-account-unsupported",
                summary:
                    "on iOS a multiple-account app runs in shared mode but is unsupported and may list earlier users",
                sources: [EntraEvidence.accountsProvider],
                when: [.when(.onIOS), .when(.deviceShared), .when(.multipleAccountApp)],
                effect: .raises(EntraFinding.multipleAccountAppUnsupported.id),
                examples: [
                    RuleExample(appKeys: ["msal": "multiple_account"], fires: true),
                    RuleExample(settings: android, appKeys: ["msal": "multiple_account"], fires: false),
                    RuleExample(fires: false),
                ])
        }
    }
}
