import SSOPolicyProviderKit

private let seed = EntraSources.tutorial
private let off: [String: String] = ["shared_device_mode": "false"]
private let legacy: [String: String] = ["msal": "none"]
private let android: [String: String] = ["platform": "android"]

/// The rules of device mode, apps that are not shared-device aware, and getDeviceInformation. `EntraRule.definition` names each.
enum EntraModeRules {
    static let modeShared = RuleDefinition<EntraPredicate>(
        "entra.mode.shared",
        summary: "MSAL reports shared mode to a broker-enabled app when shared mode is configured and every "
            + "requirement holds",
        sources: [
            Citation(EntraSources.overviewZH), Citation(EntraSources.overviewSV), EntraEvidence.globalSignIn,
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

    static let modeRequirementMissing = RuleDefinition<EntraPredicate>(
        "entra.mode.requirement-missing",
        summary: "shared mode is configured but a device requirement is missing, so MSAL reports default mode",
        sources: [Citation(EntraSources.overviewZH), Citation(EntraSources.overviewFR), EntraEvidence.deviceInfo],
        when: [.when(.sharedModeConfigured), .when(.requirementMissing)],
        examples: [
            RuleExample(settings: ["sso_extension": "missing"], fires: true),
            RuleExample(settings: ["authenticator": "missing"], fires: true),
            RuleExample(fires: false),
            RuleExample(settings: ["sso_extension": "missing", "shared_device_mode": "false"], fires: false),
        ])

    static let appNotAware = RuleDefinition<EntraPredicate>(
        "entra.app.not-shared-device-aware",
        summary: "an app without broker-enabled MSAL gets no global sign-in or sign-out; it runs its own login",
        sources: [EntraEvidence.globalSignIn],
        when: [.not(.appAware)],
        examples: [
            RuleExample(appKeys: legacy, fires: true),
            RuleExample(appKeys: ["broker_enabled": "false"], fires: true),
            RuleExample(fires: false),
        ])

    static let appOwnSignIn = RuleDefinition<EntraPredicate>(
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

    static let appLocalSessionReused = RuleDefinition<EntraPredicate>(
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

    static let androidMultipleAccountInitFails = RuleDefinition<EntraPredicate>(
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

    static let iosMultipleAccountUnsupported = RuleDefinition<EntraPredicate>(
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

    static let deviceInfoReported = RuleDefinition<EntraPredicate>(
        "entra.device-info.reported",
        summary: "getDeviceInformation reports the device mode to a broker-enabled app, fresh on every call",
        sources: [Citation(seed, "(\"Detect shared device mode\")"), EntraEvidence.deviceInfo],
        when: [.when(.appAware)],
        examples: [
            RuleExample(event: "query_sso_status", fires: true),
            RuleExample(appKeys: legacy, event: "query_sso_status", fires: false),
        ])

    static let deviceInfoUnavailable = RuleDefinition<EntraPredicate>(
        "entra.device-info.unavailable",
        summary: "getDeviceInformation returns no device information and an error to an app that is not "
            + "broker-enabled (R12)",
        sources: [EntraEvidence.brokerNotAvailable],
        when: [.not(.appAware)],
        examples: [
            RuleExample(appKeys: legacy, event: "query_sso_status", fires: true),
            RuleExample(event: "query_sso_status", fires: false),
        ])
}
