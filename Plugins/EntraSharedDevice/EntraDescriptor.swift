import MicrosoftApps
import SSOPolicyProviderKit

private let seed = EntraSource.tutorial
private let seedZH = EntraSource.overviewZH
private let seedSV = EntraSource.overviewSV
private let seedFR = EntraSource.overviewFR

/// Everything `entra-shared-device` declares: the single table `providers`, `schema`, checks and guides read.
enum EntraDescriptor {
    static let descriptor = ProviderDescriptor(
        id: "entra-shared-device", name: "Microsoft Entra shared device mode",
        summary: "Entra ID shared device mode through MSAL and the Authenticator broker (iOS and Android): global "
            + "sign-in and sign-out across eligible apps, per-app getCurrentAccount, and the data each app must "
            + "clear itself",
        sources: EntraSource.documents,
        settings: EntraSetting.declarations + EntraManagedHomeScreenSetting.declarations,
        modelOptions: EntraModelOption.declarations + EntraManagedHomeScreenModelOption.declarations,
        appKeys: EntraAppKey.declarations,
        facts: EntraFact.declarations,
        events: EntraEvent.declarations, stepConditions: EntraStepCondition.declarations,
        details: EntraDetail.declarations, findings: EntraFinding.declarations, rules: rulePhases.declarations,
        ruleProblems: rulePhases.problems,
        requiredEventMeanings: requiredEventMeanings, examplePolicy: examplePolicy, properties: properties,
        sessionAuthority: "Authenticator broker", handover: handover,
        producedPrompts: [.interactiveSignIn, .appCredentials, .passcode, .createPasscode],
        decisionLists: decisionLists,
        fleet: EntraFleetReading.reading)

    /// The decision phases, in id order: each phase's rules continue the ids of the one before.
    static let rulePhases = RulePhases(
        EntraModeRule.table, EntraCurrentAccountRule.table, EntraSignInRule.table, EntraSignOutRule.table,
        EntraDefaultModeRule.table, EntraLifecycleRule.table, EntraAccessRule.table, EntraDeviceSignOutRule.table,
        EntraManagedHomeScreenRule.table)

    /// Every ordered decision, as `providers` lists them. Three decide across two phases (a rule added later, tried
    /// first or last): each is one `TwoPhaseDecisionList`, the rules in the order the handler tries them.
    static let decisionLists = [
        EntraModeRule.notAwareSession.declaration, EntraCurrentAccountRule.foreignData.declaration,
        EntraAccessRule.deviceSession.declaration,
        EntraAccessRule.secondUserSignIn.declaration,
        EntraDefaultModeRule.defaultSession.declaration, EntraSignOutRule.brokerSignOut.declaration,
        EntraSignOutRule.signOutData.declaration, EntraSignOutRule.browserAtSignOut.declaration,
        EntraLifecycleRule.deviceInformation.declaration,
        EntraAccessRule.browser.declaration,
        EntraManagedHomeScreenRule.sessionPINScreen.declaration, EntraManagedHomeScreenRule.sessionPINEntry.declaration,
        EntraManagedHomeScreenRule.screensaver.declaration, EntraManagedHomeScreenRule.restart.declaration,
    ]

    /// The shift change: the leaving worker signs out through a shared-device-aware app, which signs them out of
    /// every eligible app on the device (global sign-out); the next worker then signs in at their first access.
    static let handover = HandoverDeclaration(
        summary: "the leaving worker signs out through a shared-device-aware app (global sign-out of every "
            + "eligible app); the next worker signs in at their first access",
        sources: [Citation(seed, "(\"Globally sign out a user\")")],
        actions: [
            .init(
                .from, "sign_out",
                .firstApp(
                    matching: [.init("msal", ["single_account"]), .init("broker_enabled", ["true"])],
                    described: "through the first shared-device-aware app (msal: single_account, broker_enabled: "
                        + "true; else the first app)"))
        ])

    /// What `ssopolicy verify` checks beyond the core's properties.
    static let properties: [PropertyDeclaration] = [
        PropertyDeclaration(
            "browser-follows-sign-out",
            meaning: "a sign-out never leaves the user's web session in Safari for the next user: "
                + "browser-session-remains at a sign-out, or Safari serving a signed-out user's web session",
            violatedBy: [EntraFinding.browserSessionRemains], sources: [Citation(seed), EntraEvidence.signOutOrdering],
            afterSignOut: true, appliesWhen: [.init("platform", ["ios"])],
            notApplicableBecause: "Safari is iOS only (an Android policy has no Safari web session)")
    ]

    static let requiredEventMeanings: [String: String] = [
        "open": "the app comes to the foreground: it calls getCurrentAccount (if it checks), clears a previous "
            + "user's data, then signs in globally, reuses the device account silently, or runs its own login",
        "sign_out": "MSAL signout: in shared mode global (tokens device-wide, not app data, not Safari unless "
            + "signoutFromBrowser), otherwise for this app only",
        "terminate": "the app process ends and stops receiving notifications; 'all' restarts the device, which "
            + "keeps the device account",
        "query_sso_status": "the app calls getDeviceInformation: device_mode shared or default, or unavailable "
            + "for an app that is not broker-enabled",
    ]

    static let examplePolicy = """
        policy: frontline-entra
        title: "Recommended: shared-mode iPhones, every app shared-device aware (MSAL single-account, broker)"
        provider: entra-shared-device
        settings:
          platform: ios
          os_version: "17.4"
          shared_device_mode: true
          authenticator: installed
          sso_extension: enabled
        apps:
          - id: inventory
            name: Inventory
            msal: single_account
          - id: timesheet
            name: Timesheet
            msal: single_account

        """
}

/// What a policy's `settings:` may say (Managed Home Screen's keys are `EntraManagedHomeScreenSetting`); `compile`
/// reads each value through its case.
enum EntraSetting: Int, DeclaredSetting {
    static let declaredKeys = DeclaredKeys<Self>()

    case platform
    case osVersion
    case sharedDeviceMode
    case authenticator
    case ssoExtension
    case safariSSO
    case signInFrequency
    case mhsAutoSignOut
    case mhsInactiveSignOutDelay

    var declaration: SettingDeclaration {
        switch self {
        case .platform:
            SettingDeclaration(
                "platform", .choice(["ios", "android"]), default: "ios",
                meaning: "the device platform; MSAL differs on second-user sign-in, multiple-account apps and Safari",
                sources: [
                    Citation(seed), EntraEvidence.deviceInfo, EntraEvidence.globalSignIn,
                    EntraEvidence.accountsProvider,
                    EntraEvidence.androidMultipleAccount,
                ],
                matrixDimension: true)
        case .osVersion:
            SettingDeclaration(
                "os_version", .version, default: "17",
                meaning: "the OS version; shared mode needs iOS 14+ (model option min_ios_version) or Android 8+",
                sources: [
                    Citation(seedZH, "(iOS 14+)"), Citation(seedSV, "(iOS 13+)"),
                    Citation(seedFR, "(iOS 13+)"), EntraEvidence.deviceInfo,
                ])
        case .sharedDeviceMode:
            SettingDeclaration(
                "shared_device_mode", .bool, default: "true",
                meaning: "shared mode is configured: MDM key sharedDeviceMode = true in the SSO extension profile and "
                    + "the Authenticator app configuration (or the device registered as shared in Authenticator); "
                    + "true by default because a policy for this provider describes a shared fleet",
                sources: [
                    Citation(seedSV, "(sharedDeviceMode)"), Citation(seedFR, "(sharedDeviceMode)"),
                    EntraEvidence.deviceInfo,
                ],
                matrixDimension: true, neverAdvised: ["false"])
        case .authenticator:
            SettingDeclaration(
                "authenticator", .choice(["installed", "missing"]), default: "installed",
                meaning: "Microsoft Authenticator, the broker that holds the one device-wide account",
                sources: [
                    Citation(seedSV, "(MDM pushes Authenticator)"), Citation(seedFR, "(MDM pushes Authenticator)"),
                    EntraEvidence.globalSignIn,
                ],
                matrixDimension: true, neverAdvised: ["missing"])
        case .ssoExtension:
            SettingDeclaration(
                "sso_extension", .choice(["enabled", "missing"]), default: "enabled",
                meaning: "iOS only: the Enterprise SSO plug-in profile (extension com.microsoft.azureauthenticator."
                    + "ssoextension, type Redirect); without it MSAL reports default mode, and with Authenticator "
                    + "installed interactive sign-ins go to the Authenticator app (URL broker route), which keeps the "
                    + "account but gives no silent SSO and no device-wide sign-out",
                sources: [
                    Citation(seedZH), Citation(seedSV), Citation(seedFR), EntraEvidence.deviceInfo,
                    EntraEvidence.globalSignIn, EntraEvidence.brokerRoute,
                ],
                matrixDimension: true, neverAdvised: ["missing"])
        case .safariSSO:
            SettingDeclaration(
                "safari_sso", .choice(["plug_in", "blocked"]), default: "plug_in",
                meaning: "iOS only: whether Safari takes part in the Enterprise SSO plug-in's SSO: plug_in (the "
                    + "default: Safari and Safari View Service are allowed) signs an Entra web app in Safari in as the "
                    + "device's account with no second sign-in; blocked = their bundle ids are in AppBlockList, so "
                    + "Safari uses its own web session or asks for a web sign-in",
                sources: [EntraEvidence.safariPluginSSO, EntraEvidence.safariBlocked])
        case .signInFrequency:
            SettingDeclaration(
                "sign_in_frequency", .duration, default: "0",
                meaning: "Conditional Access sign-in frequency: an access to a shared-mode app once this interval has "
                    + "passed since the device account's last interactive sign-in needs an interactive sign-in of that "
                    + "account (the first app asks; a next worker cannot give it, so the previous worker's session "
                    + "stops serving); 0 = not configured",
                sources: [EntraEvidence.signInFrequency, EntraEvidence.pluginSignInFrequency])
        case .mhsAutoSignOut:
            SettingDeclaration(
                "mhs_auto_sign_out", .bool, default: "false",
                meaning: "Android only: Managed Home Screen signs the user out of MHS and the shared-device-mode apps "
                    + "after the device has been idle for mhs_inactive_sign_out_delay (a global sign-out; Intune "
                    + "kioskModeManagedHomeScreenAutoSignout)",
                sources: [EntraEvidence.mhsAutoSignOut, EntraEvidence.mhsFrontline])
        case .mhsInactiveSignOutDelay:
            SettingDeclaration(
                "mhs_inactive_sign_out_delay", .duration, default: "5m",
                meaning: "Android only: how long the device is idle (no worker's step) before Managed Home Screen's "
                    + "automatic sign-out (Intune kioskModeManagedHomeScreenInactiveSignOutDelayInSeconds; the "
                    + "default is the model's, the notice period before it is not modelled)",
                sources: [EntraEvidence.mhsAutoSignOut])
        }
    }
}

/// What each app of a policy may say; `compile` reads each value through its case.
enum EntraAppKey: Int, DeclaredAppKey {
    static let declaredKeys = DeclaredKeys<Self>()

    case catalog
    case msal
    case brokerEnabled
    case checksCurrentAccount
    case comparesAccountIDs
    case clearsDataOnUserChange
    case accountChangeListener
    case signoutFromBrowser
    case ownLogin
    case cachesAccessTokens

    var declaration: SettingDeclaration {
        switch self {
        case .catalog:
            SettingDeclaration(
                "catalog", .choice(EntraCatalog.ids), default: "none",
                meaning: MicrosoftAppCatalogue.keyMeaning
                    + ". It fills in a broker-enabled single-account MSAL app that meets every duty; keys written beside "
                    + "it still win; a preview app raises preview-app",
                sources: [EntraCatalog.source, Citation(seedZH, "(Microsoft apps need no change)")]
                    + MicrosoftAppCatalogue.dataClearingSources(on: .android))
        case .msal:
            SettingDeclaration(
                "msal", .choice(["single_account", "multiple_account", "none"]), default: "single_account",
                meaning:
                    "how the app uses MSAL: single_account (what shared mode needs), multiple_account (unsupported "
                    + "in shared mode; fails to start on Android), none (not MSAL: not shared-device aware)",
                sources: [
                    Citation(seed, "(\"Add support for single account mode\")"), EntraEvidence.accountsProvider,
                    EntraEvidence.androidMultipleAccount,
                ], neverAdvised: ["multiple_account", "none"])
        case .brokerEnabled:
            SettingDeclaration(
                "broker_enabled", .bool, default: "true",
                meaning: "MSAL may use the broker (broker-capable redirect URI, AAD authority); false makes the app "
                    + "not shared-device aware",
                sources: [EntraEvidence.globalSignIn, EntraEvidence.deviceInfo], neverAdvised: ["false"])
        case .checksCurrentAccount:
            SettingDeclaration(
                "checks_current_account", .bool, default: "true",
                meaning: "the app calls getCurrentAccount on every foreground (R1 when false)",
                sources: [
                    Citation(seed, "(\"Identify if the signed-in user has changed\")"), EntraEvidence.currentAccount,
                ])
        case .comparesAccountIDs:
            SettingDeclaration(
                "compares_account_ids", .bool, default: "true",
                meaning: "the app compares account ids, not just whether the account is none (R2 when false)",
                sources: [EntraEvidence.currentAccount])
        case .clearsDataOnUserChange:
            SettingDeclaration(
                "clears_data_on_user_change", .bool, default: "true",
                meaning: "the app clears the previous user's data at sign-out and when it sees the user change "
                    + "(R4 when false); for an Android app that is not shared-device aware (msal: none), written true: "
                    + "Intune clears its local data at every global sign-out (listed in Clear local data in apps not "
                    + "optimized for Shared device mode)",
                sources: [
                    Citation(seed, "(\"You must clear the data from your application\")"),
                    EntraEvidence.intuneClearsLocalData,
                ])
        case .accountChangeListener:
            SettingDeclaration(
                "account_change_listener", .bool, default: "true",
                meaning: "the app listens for the account-change notification and stays running in the background "
                    + "(iOS background capability), so it learns of a global sign-out at once (R8 when false)",
                sources: [
                    Citation(seed, "(\"Receive broadcast to detect global sign out\")"),
                    EntraEvidence.accountChangeNotification,
                ])
        case .signoutFromBrowser:
            SettingDeclaration(
                "signout_from_browser", .bool, default: "true",
                meaning: "iOS: the app signs out with signoutFromBrowser, ending Safari's web session (R5 when false)",
                sources: [Citation(seed, "(signoutFromBrowser)"), EntraEvidence.signOutOrdering])
        case .ownLogin:
            SettingDeclaration(
                "own_login", .choice(["until_sign_out", "until_terminated", "every_open", "none"]),
                default: "until_sign_out",
                meaning:
                    "an app that is not shared-device aware (msal: none): its own login lasts until the user signs "
                    + "out of it (restored after a relaunch and a restart), until the app is terminated, is asked at "
                    + "every open, or there is none (it opens into its content for whoever holds the device)",
                sources: [EntraEvidence.globalSignIn], neverAdvised: ["none"])
        case .cachesAccessTokens:
            SettingDeclaration(
                "caches_access_tokens", .bool, default: "false",
                meaning: "the app caches access tokens itself, which outlive a global sign-out (R10 when true)",
                sources: [EntraEvidence.tokensOutliveSignOut])
        }
    }
}
