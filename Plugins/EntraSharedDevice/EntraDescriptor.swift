import SSOPolicyProviderKit

/// Fact ids in declaration order.
enum EntraFacts {
    static let signedIn = FactID(0)
    static let dataOwner = FactID(1)
    static let safariSession = FactID(2)
}

/// Provider event ids (after the four required events), in declaration order.
enum EntraEvent {
    static let openBrowser = EventID(4)
    static let signIn = EventID(5)
}

/// Detail ids in declaration order, with the indices of their choice values.
enum EntraDetail {
    static let deviceMode = DetailID(0)
    static let currentAccount = DetailID(1)
    static let previousAccount = DetailID(2)
    static let dataAction = DetailID(3)
    static let signOutScope = DetailID(4)

    /// `device_mode` values.
    static let shared = 0
    static let defaultMode = 1
    static let unavailable = 2
    /// `data_action` values.
    static let cleared = 0
    static let kept = 1
    static let none = 2
    /// `sign_out_scope` values.
    static let global = 0
    static let app = 1
}

/// Step condition ids in declaration order.
enum EntraCondition {
    static let broker = StepConditionID(0)
}

/// Everything `entra-shared-device` declares: the single table `providers`, `schema`, checks and guides read.
enum EntraDescriptor {
    static let seed = EntraSources.tutorial
    static let seedZH = EntraSources.overviewZH
    static let seedSV = EntraSources.overviewSV
    static let seedFR = EntraSources.overviewFR

    static let descriptor = ProviderDescriptor(
        id: "entra-shared-device", name: "Microsoft Entra shared device mode",
        summary: "Entra ID shared device mode through MSAL and the Authenticator broker (iOS and Android): global "
            + "sign-in and sign-out across eligible apps, per-app getCurrentAccount, and the data each app must "
            + "clear itself",
        sources: EntraSources.documents,
        settings: settings, modelOptions: EntraModelOptions.all, appKeys: appKeys, facts: facts, events: events,
        stepConditions: stepConditions, details: details, findings: EntraFindings.catalogue,
        rules: EntraRule.declarations,
        requiredEventMeanings: requiredEventMeanings, examplePolicy: examplePolicy, properties: properties,
        sessionAuthority: "Authenticator broker", handover: handover,
        producedPrompts: [.interactiveSignIn, .appCredentials], decisionLists: EntraRule.decisionLists)

    /// The shift change: the leaving worker signs out through a shared-device-aware app, which signs them out of
    /// every eligible app on the device (global sign-out); the next worker then signs in at their first access.
    static let handover = HandoverDeclaration(
        summary: "the leaving worker signs out through a shared-device-aware app (global sign-out of every "
            + "eligible app); the next worker signs in at their first access",
        source: "\(seed) (\"Globally sign out a user\")",
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
            meaning: "a sign-out never leaves the user's web session in Safari for the next user",
            violatedBy: ["browser-session-remains"], source: "\(seed); \(EntraEvidence.signOutOrdering)")
    ]

    static let settings: [SettingDeclaration] = [
        SettingDeclaration(
            "platform", .choice(["ios", "android"]), default: "ios",
            meaning: "the device platform; MSAL differs on second-user sign-in, multiple-account apps and Safari",
            source:
                "\(seed); \(EntraEvidence.deviceInfo); \(EntraEvidence.globalSignIn); \(EntraEvidence.accountsProvider); \(EntraEvidence.androidMultipleAccount)",
            matrixDimension: true),
        SettingDeclaration(
            "os_version", .version, default: "17",
            meaning: "the OS version; shared mode needs iOS 14+ (model option min_ios_version) or Android 8+",
            source: "\(seedZH) (iOS 14+); \(seedSV) (iOS 13+); \(seedFR) (iOS 13+); \(EntraEvidence.deviceInfo)"),
        SettingDeclaration(
            "shared_device_mode", .bool, default: "true",
            meaning: "shared mode is configured: MDM key sharedDeviceMode = true in the SSO extension profile and "
                + "the Authenticator app configuration (or the device registered as shared in Authenticator); "
                + "true by default because a policy for this provider describes a shared fleet",
            source: "\(seedSV) (sharedDeviceMode); \(seedFR) (sharedDeviceMode); \(EntraEvidence.deviceInfo)",
            matrixDimension: true),
        SettingDeclaration(
            "authenticator", .choice(["installed", "missing"]), default: "installed",
            meaning: "Microsoft Authenticator, the broker that holds the one device-wide account",
            source:
                "\(seedSV) (MDM pushes Authenticator); \(seedFR) (MDM pushes Authenticator); \(EntraEvidence.globalSignIn)",
            matrixDimension: true),
        SettingDeclaration(
            "sso_extension", .choice(["enabled", "missing"]), default: "enabled",
            meaning: "iOS only: the Enterprise SSO plug-in profile (extension com.microsoft.azureauthenticator."
                + "ssoextension, type Redirect); without it MSAL reports default mode, and with Authenticator "
                + "installed interactive sign-ins go to the Authenticator app (URL broker route), which keeps the "
                + "account but gives no silent SSO and no device-wide sign-out",
            source: "\(seedZH); \(seedSV); \(seedFR); \(EntraEvidence.deviceInfo); \(EntraEvidence.globalSignIn)"
                + "(MSIDRequestControllerFactory.m)",
            matrixDimension: true),
    ]

    static let appKeys: [SettingDeclaration] = [
        SettingDeclaration(
            "catalog", .choice(EntraCatalog.ids), default: "none",
            meaning: "a Microsoft app that supports shared device mode, by id (list as of \(EntraCatalog.asOf)): "
                + "teams, viva-engage, outlook (public preview), power-apps, microsoft-365 (public preview), "
                + "power-bi, edge. It fills in a broker-enabled single-account MSAL app that meets every duty "
                + "(Microsoft apps need no change, only installing); keys written beside it still win; a preview "
                + "app raises preview-app",
            source: EntraCatalog.source + "\(EntraSources.overviewZH) (Microsoft apps need no change)"),
        SettingDeclaration(
            "msal", .choice(["single_account", "multiple_account", "none"]), default: "single_account",
            meaning: "how the app uses MSAL: single_account (what shared mode needs), multiple_account (unsupported "
                + "in shared mode; fails to start on Android), none (not MSAL: not shared-device aware)",
            source:
                "\(seed) (\"Add support for single account mode\"); \(EntraEvidence.accountsProvider); \(EntraEvidence.androidMultipleAccount)"
        ),
        SettingDeclaration(
            "broker_enabled", .bool, default: "true",
            meaning: "MSAL may use the broker (broker-capable redirect URI, AAD authority); false makes the app "
                + "not shared-device aware",
            source: "\(EntraEvidence.globalSignIn); \(EntraEvidence.deviceInfo)"),
        SettingDeclaration(
            "checks_current_account", .bool, default: "true",
            meaning: "the app calls getCurrentAccount on every foreground (R1 when false)",
            source: "\(seed) (\"Identify if the signed-in user has changed\"); \(EntraEvidence.currentAccount)"),
        SettingDeclaration(
            "compares_account_ids", .bool, default: "true",
            meaning: "the app compares account ids, not just whether the account is none (R2 when false)",
            source: "\(EntraEvidence.currentAccount)"),
        SettingDeclaration(
            "clears_data_on_user_change", .bool, default: "true",
            meaning: "the app clears the previous user's data at sign-out and when it sees the user change "
                + "(R4 when false)",
            source: "\(seed) (\"You must clear the data from your application\")"),
        SettingDeclaration(
            "account_change_listener", .bool, default: "true",
            meaning: "the app listens for the account-change notification and stays running in the background "
                + "(iOS background capability), so it learns of a global sign-out at once (R8 when false)",
            source:
                "\(seed) (\"Receive broadcast to detect global sign out\"); \(EntraEvidence.accountChangeNotification)"),
        SettingDeclaration(
            "signout_from_browser", .bool, default: "true",
            meaning: "iOS: the app signs out with signoutFromBrowser, ending Safari's web session (R5 when false)",
            source: "\(seed) (signoutFromBrowser); \(EntraEvidence.signOutOrdering)"),
        SettingDeclaration(
            "caches_access_tokens", .bool, default: "false",
            meaning: "the app caches access tokens itself, which outlive a global sign-out (R10 when true)",
            source: "\(EntraEvidence.tokensOutliveSignOut)"),
    ]

    static let facts: [FactDeclaration] = [
        FactDeclaration(
            "signed_in", .account, default: "none",
            meaning: "the account the broker holds device-wide (in default mode: the broker's last account)",
            source: "\(seed); \(EntraEvidence.globalSignIn)"),
        FactDeclaration(
            "data_owner", .account, scope: .app, default: "none",
            meaning: "whose data the app holds; the app's MSAL previous account and local tokens start as this user",
            source: "\(seed) (app data is the app's job); \(EntraEvidence.currentAccount)"),
        FactDeclaration(
            "safari_session", .account, default: "none",
            meaning: "iOS: whose Entra web session Safari holds; it exists only after that user signed in to a web "
                + "app in Safari (open_browser), never through an app's sign-in",
            source:
                "\(seed) (the SSO plug-in does not clear Safari); \(EntraEvidence.globalSignIn); \(EntraEvidence.signOutOrdering)"
        ),
    ]

    static let events: [EventDeclaration] = [
        EventDeclaration(
            "open_browser", target: .choice(["safari"]), requiresUser: true, accessAttempt: true,
            meaning: "iOS: the user opens an Entra-protected web app in Safari: web SSO as whoever's web session "
                + "Safari still holds, otherwise the user signs in to the web app, which is the only way a Safari "
                + "session comes to exist (an app's sign-in does not create one; not applicable on Android)",
            source: "\(seed) (\"It doesn't clear state on the Safari browser\")"),
        EventDeclaration(
            "sign_in", target: .app, requiresUser: true, accessAttempt: true,
            meaning: "the user explicitly signs in from the app's sign-in screen (MSAL signIn / interactive "
                + "acquireToken): global sign-in when no account is signed in; while another user's account is, "
                + "Android refuses it (\"An account is already signed in.\") and the iOS broker follows the "
                + "ios_second_user_sign_in reading",
            source:
                "\(seed) (\"Globally sign in a user\"); \(EntraEvidence.currentAccount); \(EntraEvidence.globalSignIn)"),
    ]

    static let stepConditions: [StepConditionDeclaration] = [
        StepConditionDeclaration(
            "broker", .choice(["succeeds", "fails"]), events: ["sign_out"],
            meaning: "the broker's device-wide sign-out request fails (network or extension error) after MSAL "
                + "removed the app's local tokens",
            source: "\(EntraEvidence.signOutOrdering)")
    ]

    static let details: [DetailDeclaration] = [
        DetailDeclaration(
            "device_mode", .choice(["shared", "default", "unavailable"]),
            meaning: "what getDeviceInformation reports to the app (unavailable: the app is not broker-enabled)"),
        DetailDeclaration(
            "current_account", .account,
            meaning: "the current account getCurrentAccount returns to the app after the step"),
        DetailDeclaration(
            "previous_account", .account,
            meaning: "MSAL's per-app previous account reported at this foreground (a change is reported once)"),
        DetailDeclaration(
            "data_action", .choice(["cleared", "kept", "none"]),
            meaning: "what the app did with the previous user's data: cleared it, kept it, or had none"),
        DetailDeclaration(
            "sign_out_scope", .choice(["global", "app"]),
            meaning: "whether the sign-out reached the whole device or only this app"),
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
