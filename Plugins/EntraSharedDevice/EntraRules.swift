import SSOPolicyProviderKit

/// Rule ids in table order; `EntraRules.table` must list them in exactly this order (a test checks it).
enum EntraRule {
    static let modeShared = RuleID(0)
    static let modeRequirementMissing = RuleID(1)
    static let appNotAware = RuleID(2)
    static let appOwnSignIn = RuleID(3)
    static let appLocalSessionReused = RuleID(4)
    static let androidMultipleAccountInitFails = RuleID(5)
    static let iosMultipleAccountUnsupported = RuleID(6)
    static let currentAccountChanged = RuleID(7)
    static let currentAccountNotChecked = RuleID(8)
    static let onlyNilCheck = RuleID(9)
    static let dataCleared = RuleID(10)
    static let dataNotCleared = RuleID(11)
    static let signInGlobal = RuleID(12)
    static let signInSilentReuse = RuleID(13)
    static let previousUserServed = RuleID(14)
    static let iosSecondUserRejected = RuleID(15)
    static let androidSecondUserRefused = RuleID(16)
    static let localRefreshTokenFallback = RuleID(17)
    static let notificationOnSignIn = RuleID(18)
    static let signOutGlobal = RuleID(19)
    static let signOutBrokerFailed = RuleID(20)
    static let signOutDataCleared = RuleID(21)
    static let signOutDataKept = RuleID(22)
    static let browserKept = RuleID(23)
    static let browserSignedOut = RuleID(24)
    static let signOutNotCovered = RuleID(25)
    static let signOutCachedAccessTokens = RuleID(26)
    static let signOutAppOnly = RuleID(27)
    static let otherAppsStaySignedIn = RuleID(28)
    static let defaultAppSessionReused = RuleID(29)
    static let defaultBrokerSSO = RuleID(30)
    static let defaultSignIn = RuleID(31)
    static let deviceInfoReported = RuleID(32)
    static let deviceInfoUnavailable = RuleID(33)
    static let browserWebSSO = RuleID(34)
    static let browserSignIn = RuleID(35)
    static let accountSurvivesTermination = RuleID(36)
    static let iosSignInServedExisting = RuleID(37)
    static let authenticatorBrokerRoute = RuleID(38)
}

/// The rule table: every decision `apply` makes, with its source, conditions and examples the rule tests run.
enum EntraRules {
    private static let seed = EntraSources.tutorial

    // Conditions shared by several rules, worded once so traces read the same everywhere.
    private static let sharedForApp = RuleCondition(
        "the device is in shared mode for this app", otherwise: "the device is not in shared mode for this app")
    private static let notAware = RuleCondition(
        "the app is not broker-enabled MSAL", otherwise: "the app is broker-enabled MSAL")
    private static let accountSignedIn = RuleCondition(
        "an account is signed in on the device", otherwise: "no account is signed in on the device")
    private static let otherUserSignedIn = RuleCondition(
        "another user is signed in on the device", otherwise: "no other user is signed in on the device")
    private static let onIOS = RuleCondition("the platform is iOS", otherwise: "the platform is Android")
    private static let onAndroid = RuleCondition("the platform is Android", otherwise: "the platform is iOS")
    private static let foreignData = RuleCondition(
        "the app holds data of a user other than the current account",
        otherwise: "the app holds no other user's data")
    private static let globalSignOut = RuleCondition(
        "a global sign-out took place", otherwise: "no global sign-out took place")
    private static let defaultMode = RuleCondition(
        "the app runs in default mode", otherwise: "the app does not run in default mode")
    private static let safariSession = RuleCondition(
        "Safari holds an Entra web session", otherwise: "Safari holds no Entra web session")

    private static let off: [String: String] = ["shared_device_mode": "false"]
    private static let legacy: [String: String] = ["msal": "none"]
    private static let android: [String: String] = ["platform": "android"]

    static let table: [RuleDeclaration] = [
        RuleDeclaration(
            "entra.mode.shared",
            summary: "MSAL reports shared mode to a broker-enabled app when shared mode is configured and every "
                + "requirement holds",
            source:
                "\(EntraSources.overviewZH); \(EntraSources.overviewSV); \(EntraEvidence.globalSignIn); \(EntraEvidence.deviceInfo)",
            conditions: [
                RuleCondition("shared device mode is configured", otherwise: "shared device mode is not configured"),
                RuleCondition(
                    "the OS version meets the minimum", otherwise: "the OS version is below the minimum"),
                RuleCondition("Authenticator is installed", otherwise: "Authenticator is missing"),
                RuleCondition(
                    "the SSO extension is configured (or the platform is Android)",
                    otherwise: "the iOS SSO extension profile is missing"),
                RuleCondition("the app is broker-enabled MSAL", otherwise: "the app is not broker-enabled MSAL"),
            ],
            examples: [
                RuleExample(fires: true), RuleExample(settings: off, fires: false),
                RuleExample(appKeys: legacy, fires: false),
                RuleExample(settings: ["os_version": "13.7"], fires: false),
                RuleExample(settings: ["os_version": "13.7", "min_ios_version": "13"], fires: true),
            ]),
        RuleDeclaration(
            "entra.mode.requirement-missing",
            summary: "shared mode is configured but a device requirement is missing, so MSAL reports default mode",
            source: "\(EntraSources.overviewZH); \(EntraSources.overviewFR); \(EntraEvidence.deviceInfo)",
            conditions: [
                RuleCondition("shared device mode is configured", otherwise: "shared device mode is not configured"),
                RuleCondition(
                    "a device requirement (OS, Authenticator, SSO extension) is missing",
                    otherwise: "every device requirement holds"),
            ],
            examples: [
                RuleExample(settings: ["sso_extension": "missing"], fires: true),
                RuleExample(settings: ["authenticator": "missing"], fires: true),
                RuleExample(fires: false),
                RuleExample(settings: ["sso_extension": "missing", "shared_device_mode": "false"], fires: false),
            ]),
        RuleDeclaration(
            "entra.app.not-shared-device-aware",
            summary: "an app without broker-enabled MSAL gets no global sign-in or sign-out; it runs its own login",
            source: "\(EntraEvidence.globalSignIn)",
            conditions: [notAware],
            examples: [
                RuleExample(appKeys: legacy, fires: true),
                RuleExample(appKeys: ["broker_enabled": "false"], fires: true),
                RuleExample(fires: false),
            ]),
        RuleDeclaration(
            "entra.app.own-sign-in",
            summary: "an app that is not shared-device aware asks for its own login and starts an app-local session",
            source: "\(EntraEvidence.globalSignIn)",
            conditions: [
                notAware,
                RuleCondition(
                    "the app holds no session of its own", otherwise: "the app still holds its own session"),
            ],
            examples: [
                RuleExample(appKeys: legacy, fires: true),
                RuleExample(appKeys: legacy, facts: ["data_owner": "alice"], fires: false),
                RuleExample(fires: false),
            ]),
        RuleDeclaration(
            "entra.app.local-session-reused",
            summary: "an app that is not shared-device aware serves its own session, which global sign-out never ends",
            source: "\(EntraEvidence.globalSignIn)",
            conditions: [
                notAware,
                RuleCondition("the app holds its own session", otherwise: "the app holds no session of its own"),
            ],
            examples: [
                RuleExample(appKeys: legacy, facts: ["data_owner": "bob"], fires: true),
                RuleExample(appKeys: legacy, fires: false),
            ]),
        RuleDeclaration(
            "entra.android.multiple-account-init-fails",
            summary: "on an Android shared device a multiple-account app fails to start "
                + "(multiple_account_pca_init_fail_on_shared_device)",
            source: "\(EntraEvidence.androidMultipleAccount)",
            conditions: [
                onAndroid,
                RuleCondition("the device is in shared mode", otherwise: "the device is not in shared mode"),
                RuleCondition("the app is a multiple-account app", otherwise: "the app is a single-account app"),
            ],
            examples: [
                RuleExample(settings: android, appKeys: ["msal": "multiple_account"], fires: true),
                RuleExample(appKeys: ["msal": "multiple_account"], fires: false),
                RuleExample(settings: android, fires: false),
            ]),
        RuleDeclaration(
            "entra.ios.multiple-account-unsupported",
            summary: "on iOS a multiple-account app runs in shared mode but is unsupported and may list earlier users",
            source: "\(EntraEvidence.accountsProvider)",
            conditions: [
                onIOS,
                RuleCondition("the device is in shared mode", otherwise: "the device is not in shared mode"),
                RuleCondition("the app is a multiple-account app", otherwise: "the app is a single-account app"),
            ],
            examples: [
                RuleExample(appKeys: ["msal": "multiple_account"], fires: true),
                RuleExample(settings: android, appKeys: ["msal": "multiple_account"], fires: false),
                RuleExample(fires: false),
            ]),
        RuleDeclaration(
            "entra.current-account.changed",
            summary: "getCurrentAccount reports a change once: (current, previous) differ, then previous := current",
            source: "\(seed) (\"determine if a user has changed\"); \(EntraEvidence.currentAccount)",
            conditions: [
                sharedForApp,
                RuleCondition(
                    "the app calls getCurrentAccount on foreground",
                    otherwise: "the app does not call getCurrentAccount on foreground"),
                RuleCondition(
                    "the device account differs from the app's previous account",
                    otherwise: "the device account is the app's previous account"),
            ],
            examples: [
                RuleExample(facts: ["signed_in": "alice"], fires: true),
                RuleExample(facts: ["signed_in": "bob", "data_owner": "alice"], fires: true),
                RuleExample(fires: false),
                RuleExample(facts: ["signed_in": "alice", "data_owner": "alice"], fires: false),
            ]),
        RuleDeclaration(
            "entra.current-account.not-checked",
            summary: "an app that does not call getCurrentAccount keeps using the account it remembers (R1)",
            source: "\(EntraEvidence.currentAccount)",
            conditions: [
                sharedForApp,
                RuleCondition(
                    "the app does not call getCurrentAccount on foreground",
                    otherwise: "the app calls getCurrentAccount on foreground"),
                RuleCondition(
                    "the account the app remembers is not the device account",
                    otherwise: "the account the app remembers is the device account"),
            ],
            examples: [
                RuleExample(
                    appKeys: ["checks_current_account": "false"], facts: ["data_owner": "alice"], fires: true),
                RuleExample(facts: ["data_owner": "alice"], fires: false),
                RuleExample(
                    appKeys: ["checks_current_account": "false"],
                    facts: ["data_owner": "alice", "signed_in": "alice"], fires: false),
            ]),
        RuleDeclaration(
            "entra.current-account.only-nil-check",
            summary: "an app that only checks for no account misses a direct switch from one user to another (R2)",
            source: "\(EntraEvidence.sampleCleanup)",
            conditions: [
                foreignData,
                RuleCondition(
                    "the app only checks whether the account is none",
                    otherwise: "the app compares account ids"),
                RuleCondition(
                    "the current account is another user, not none", otherwise: "the current account is none"),
            ],
            examples: [
                RuleExample(
                    appKeys: ["compares_account_ids": "false"],
                    facts: ["data_owner": "bob", "signed_in": "alice"], fires: true),
                RuleExample(facts: ["data_owner": "bob", "signed_in": "alice"], fires: false),
                RuleExample(appKeys: ["compares_account_ids": "false"], facts: ["data_owner": "bob"], fires: false),
            ]),
        RuleDeclaration(
            "entra.data.cleared",
            summary: "an app that notices a user change clears the previous user's data itself",
            source:
                "\(seed) (\"initiate data cleanup for previously signed-in account\"); \(EntraEvidence.currentAccount)",
            conditions: [
                foreignData,
                RuleCondition(
                    "the app notices the change (it compares account ids, or there is no account now)",
                    otherwise: "the app does not notice the change"),
                RuleCondition(
                    "the app clears its data on a user change", otherwise: "the app does not clear its data"),
            ],
            examples: [
                RuleExample(facts: ["data_owner": "bob", "signed_in": "alice"], fires: true),
                RuleExample(facts: ["data_owner": "bob"], fires: true),
                RuleExample(
                    appKeys: ["clears_data_on_user_change": "false"],
                    facts: ["data_owner": "bob", "signed_in": "alice"], fires: false),
                RuleExample(facts: ["data_owner": "alice", "signed_in": "alice"], fires: false),
            ]),
        RuleDeclaration(
            "entra.data.not-cleared",
            summary: "an app that notices a user change but does not clear its data keeps the previous user's (R4)",
            source: "\(seed) (\"It doesn't, however, clear the data from your application\")",
            conditions: [
                foreignData,
                RuleCondition(
                    "the app notices the change (it compares account ids, or there is no account now)",
                    otherwise: "the app does not notice the change"),
                RuleCondition(
                    "the app does not clear its data on a user change", otherwise: "the app clears its data"),
            ],
            examples: [
                RuleExample(
                    appKeys: ["clears_data_on_user_change": "false"],
                    facts: ["data_owner": "bob", "signed_in": "alice"], fires: true),
                RuleExample(facts: ["data_owner": "bob", "signed_in": "alice"], fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-in.global",
            summary: "the first interactive sign-in in any eligible app signs the account in for every eligible app",
            source:
                "\(seed) (\"The account will be available globally for all eligible apps\"); \(EntraEvidence.globalSignIn)",
            conditions: [
                sharedForApp,
                RuleCondition("no account is signed in on the device", otherwise: "an account is signed in"),
            ],
            examples: [
                RuleExample(fires: true), RuleExample(facts: ["signed_in": "alice"], fires: false),
                RuleExample(settings: off, fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-in.silent-reuse",
            summary: "an eligible app gets the device-wide account silently from the broker",
            source:
                "\(seed); \(EntraSources.overviewZH) (sign in once, SSO in every supported app); \(EntraEvidence.globalSignIn)",
            conditions: [
                sharedForApp,
                RuleCondition(
                    "the acting user is signed in on the device",
                    otherwise: "the acting user is not the device account"),
            ],
            examples: [
                RuleExample(facts: ["signed_in": "alice"], fires: true), RuleExample(fires: false),
                RuleExample(facts: ["signed_in": "bob"], fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-in.previous-user-served",
            summary: "a next user who opens an eligible app while the previous user is still signed in works in the "
                + "previous user's session, on iOS and Android: getCurrentAccount returns the broker's one account "
                + "and the app reuses it silently",
            source: "\(seed) (the account is available to all eligible apps); \(EntraEvidence.currentAccount); "
                + "\(EntraEvidence.androidSingleAccount)",
            conditions: [sharedForApp, otherUserSignedIn],
            examples: [
                RuleExample(facts: ["signed_in": "bob"], fires: true),
                RuleExample(settings: android, facts: ["signed_in": "bob"], fires: true),
                RuleExample(
                    settings: ["ios_second_user_sign_in": "rejected"], facts: ["signed_in": "bob"], fires: true),
                RuleExample(facts: ["signed_in": "alice"], fires: false),
                RuleExample(facts: ["signed_in": "bob"], event: "sign_in", fires: false),
            ]),
        RuleDeclaration(
            "entra.ios.second-user-rejected",
            summary: "with the 'rejected' reading, the iOS broker refuses another user's explicit sign-in while one "
                + "is signed in",
            source: "\(EntraEvidence.androidSingleAccount)",
            conditions: [
                sharedForApp, onIOS, otherUserSignedIn,
                RuleCondition(
                    "the model reads the broker as rejecting the second user",
                    otherwise: "the model reads the broker as serving the existing session"),
            ],
            examples: [
                RuleExample(
                    settings: ["ios_second_user_sign_in": "rejected"], facts: ["signed_in": "bob"],
                    event: "sign_in", fires: true),
                RuleExample(facts: ["signed_in": "bob"], event: "sign_in", fires: false),
                RuleExample(
                    settings: ["ios_second_user_sign_in": "rejected"], facts: ["signed_in": "bob"], fires: false),
            ]),
        RuleDeclaration(
            "entra.android.second-user-refused",
            summary: "on Android an explicit sign-in is refused while the app already holds another user's account "
                + "(\"An account is already signed in.\"); opening the app is not a sign-in",
            source: "\(EntraEvidence.androidSingleAccount)",
            conditions: [
                sharedForApp, onAndroid,
                RuleCondition(
                    "the app's persisted account (or, with none, the broker's account) is another user",
                    otherwise: "no other user's account is held"),
            ],
            examples: [
                RuleExample(settings: android, facts: ["signed_in": "bob"], event: "sign_in", fires: true),
                RuleExample(
                    settings: android, appKeys: ["checks_current_account": "false"], facts: ["data_owner": "bob"],
                    event: "sign_in", fires: true),
                RuleExample(settings: android, facts: ["signed_in": "bob"], fires: false),
                RuleExample(facts: ["signed_in": "bob"], event: "sign_in", fires: false),
                RuleExample(settings: android, facts: ["signed_in": "alice"], event: "sign_in", fires: false),
            ]),
        RuleDeclaration(
            "entra.silent.local-rt-fallback",
            summary: "an iOS app that skips getCurrentAccount may get tokens for the previous user from its local "
                + "refresh token after a global sign-out (R6, hypothesis)",
            source: "\(EntraEvidence.localRefreshToken)",
            conditions: [
                onIOS,
                RuleCondition(
                    "the model reads the local refresh token as used",
                    otherwise: "the model reads the local refresh token as not used"),
                RuleCondition(
                    "the app does not call getCurrentAccount on foreground",
                    otherwise: "the app calls getCurrentAccount on foreground"),
                RuleCondition(
                    "the app holds a local refresh token of an account no longer signed in on the device",
                    otherwise: "the app holds no stale local refresh token"),
            ],
            examples: [
                RuleExample(
                    settings: ["local_rt_fallback": "used"], appKeys: ["checks_current_account": "false"],
                    facts: ["data_owner": "alice"], fires: true),
                RuleExample(
                    appKeys: ["checks_current_account": "false"], facts: ["data_owner": "alice"], fires: false),
                RuleExample(
                    settings: ["local_rt_fallback": "used"], facts: ["data_owner": "alice"], fires: false),
            ]),
        RuleDeclaration(
            "entra.notification.on-sign-in",
            summary: "with the 'sign_in_and_sign_out' reading the broker also notifies running apps of a sign-in",
            source:
                "\(seed) (broadcast documented for global sign-out only); \(EntraEvidence.accountChangeNotification)",
            conditions: [
                RuleCondition(
                    "the model reads the notification as posted on sign-in too",
                    otherwise: "the model reads the notification as posted on sign-out only")
            ],
            examples: [
                RuleExample(settings: ["account_change_notification": "sign_in_and_sign_out"], fires: true),
                RuleExample(fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-out.global",
            summary: "sign-out from any eligible app removes the account and its tokens device-wide and notifies "
                + "running, listening apps",
            source:
                "\(seed) (\"Globally sign out a user\"); \(EntraSources.overviewZH); \(EntraEvidence.signOutOrdering); \(EntraEvidence.accountChangeNotification)",
            conditions: [
                sharedForApp, accountSignedIn,
                RuleCondition("the broker sign-out succeeds", otherwise: "the broker sign-out fails"),
            ],
            examples: [
                RuleExample(facts: ["signed_in": "alice"], event: "sign_out", fires: true),
                RuleExample(
                    facts: ["signed_in": "alice"], event: "sign_out", conditions: ["broker": "fails"], fires: false),
                RuleExample(event: "sign_out", fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-out.broker-failed",
            summary: "MSAL removes local tokens first; if the broker sign-out fails the device stays signed in (R7)",
            source: "\(EntraEvidence.signOutOrdering)",
            conditions: [
                sharedForApp, accountSignedIn,
                RuleCondition("the broker sign-out fails", otherwise: "the broker sign-out succeeds"),
            ],
            examples: [
                RuleExample(
                    facts: ["signed_in": "alice"], event: "sign_out", conditions: ["broker": "fails"], fires: true),
                RuleExample(facts: ["signed_in": "alice"], event: "sign_out", fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-out.app-data-cleared",
            summary: "the signing-out app clears its own data (MSAL does not)",
            source: "\(seed) (\"You must clear the data from your application\"); \(EntraEvidence.currentAccount)",
            conditions: [
                RuleCondition("the app holds the user's data", otherwise: "the app holds no data"),
                RuleCondition("the app clears its data", otherwise: "the app does not clear its data"),
            ],
            examples: [
                RuleExample(facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: true),
                RuleExample(
                    appKeys: ["clears_data_on_user_change": "false"],
                    facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-out.app-data-kept",
            summary: "the signing-out app keeps its data: sign-out removes tokens, not app data (R4)",
            source: "\(seed) (\"It doesn't, however, clear the data from your application\")",
            conditions: [
                RuleCondition("the app holds the user's data", otherwise: "the app holds no data"),
                RuleCondition("the app does not clear its data", otherwise: "the app clears its data"),
            ],
            examples: [
                RuleExample(
                    appKeys: ["clears_data_on_user_change": "false"],
                    facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: true),
                RuleExample(facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-out.browser-kept",
            summary: "the SSO extension clears apps only: Safari keeps the web session unless the app signs out "
                + "from the browser (R5)",
            source: "\(seed) (\"It doesn't clear state on the Safari browser\"); \(EntraEvidence.signOutOrdering)",
            conditions: [
                onIOS, safariSession,
                RuleCondition(
                    "the app signs out without signoutFromBrowser", otherwise: "the app sets signoutFromBrowser"),
                RuleCondition(
                    "the model reads Safari as kept unless signoutFromBrowser",
                    otherwise: "the model reads the extension as clearing Safari"),
            ],
            examples: [
                RuleExample(
                    appKeys: ["signout_from_browser": "false"],
                    facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out",
                    fires: true),
                RuleExample(facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out", fires: false),
                RuleExample(
                    appKeys: ["signout_from_browser": "false"], facts: ["signed_in": "alice"], event: "sign_out",
                    fires: false),
                RuleExample(
                    settings: ["safari_sign_out": "cleared"], appKeys: ["signout_from_browser": "false"],
                    facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out", fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-out.browser-signed-out",
            summary: "Safari's web session ends: the app signs out from the browser (Safari flashes briefly)",
            source: "\(seed) (signoutFromBrowser); \(EntraEvidence.signOutOrdering); \(EntraEvidence.safariCleared)",
            conditions: [
                onIOS, safariSession,
                RuleCondition(
                    "the app sets signoutFromBrowser, or the model reads the extension as clearing Safari",
                    otherwise: "nothing signs Safari out"),
            ],
            examples: [
                RuleExample(facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out", fires: true),
                RuleExample(
                    appKeys: ["signout_from_browser": "false"],
                    facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out",
                    fires: false),
                RuleExample(
                    settings: android, facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out",
                    fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-out.not-covered",
            summary: "after a global sign-out an app still holds the user's session or data: an app that is not "
                + "shared-device aware, or one that never clears its data",
            source: "\(seed); \(EntraEvidence.globalSignIn); \(EntraEvidence.signOutOrdering)",
            conditions: [
                globalSignOut,
                RuleCondition(
                    "an app keeps the user's session or data", otherwise: "no app keeps the user's session or data"),
            ],
            examples: [
                RuleExample(
                    appKeys: ["clears_data_on_user_change": "false"],
                    facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: true),
                RuleExample(facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-out.cached-access-tokens",
            summary: "access tokens an app cached itself stay valid after the global sign-out until they expire (R10)",
            source: "\(EntraEvidence.tokensOutliveSignOut); \(EntraEvidence.deviceSessionLifetime)",
            conditions: [
                globalSignOut,
                RuleCondition(
                    "an app that served the user caches access tokens itself",
                    otherwise: "no app that served the user caches access tokens"),
            ],
            examples: [
                RuleExample(
                    appKeys: ["caches_access_tokens": "true"], facts: ["signed_in": "alice", "data_owner": "alice"],
                    event: "sign_out", fires: true),
                RuleExample(facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-out.app-only",
            summary: "outside shared mode sign-out is per app: this app's tokens go, other apps stay signed in",
            source: "\(EntraEvidence.defaultModeSignOut)",
            conditions: [
                RuleCondition(
                    "the app does not run in shared mode (default mode, or not shared-device aware)",
                    otherwise: "the app runs in shared mode")
            ],
            examples: [
                RuleExample(settings: off, event: "sign_out", fires: true),
                RuleExample(appKeys: legacy, event: "sign_out", fires: true),
                RuleExample(event: "sign_out", fires: false),
            ]),
        RuleDeclaration(
            "entra.sign-out.other-apps-stay-signed-in",
            summary: "a per-app sign-out leaves the user's session in the broker or other apps",
            source: "\(EntraEvidence.defaultModeSignOut)",
            conditions: [
                RuleCondition("the sign-out is per app", otherwise: "the sign-out is global"),
                RuleCondition(
                    "the broker or another app still holds the user's session",
                    otherwise: "nothing else holds the user's session"),
            ],
            examples: [
                RuleExample(settings: off, facts: ["signed_in": "alice"], event: "sign_out", fires: true),
                RuleExample(settings: off, event: "sign_out", fires: false),
            ]),
        RuleDeclaration(
            "entra.default.app-session-reused",
            summary: "in default mode an app serves its own session, whoever holds the device",
            source: "\(EntraEvidence.defaultModeSignOut)",
            conditions: [
                defaultMode,
                RuleCondition("the app holds its own session", otherwise: "the app holds no session"),
            ],
            examples: [
                RuleExample(settings: off, facts: ["data_owner": "bob"], fires: true),
                RuleExample(settings: off, fires: false),
            ]),
        RuleDeclaration(
            "entra.default.broker-sso",
            summary: "in default mode an app without a session gets the broker's account silently (broker SSO)",
            source: "\(EntraEvidence.defaultModeSignOut)",
            conditions: [
                defaultMode,
                RuleCondition("the app holds no session", otherwise: "the app holds its own session"),
                RuleCondition(
                    "silent requests reach the broker (on iOS through the SSO extension)",
                    otherwise: "silent requests do not reach the broker (on iOS: no SSO extension)"),
                RuleCondition(
                    "the broker holds the acting user's account", otherwise: "the broker lacks the acting user"),
            ],
            examples: [
                RuleExample(settings: off, facts: ["signed_in": "alice"], fires: true),
                RuleExample(settings: ["sso_extension": "missing"], facts: ["signed_in": "alice"], fires: false),
                RuleExample(settings: off, fires: false),
            ]),
        RuleDeclaration(
            "entra.default.sign-in",
            summary: "in default mode an app without a session signs the user in interactively, for this app only",
            source: "\(EntraEvidence.defaultModeSignOut)",
            conditions: [
                defaultMode,
                RuleCondition("the app holds no session", otherwise: "the app holds its own session"),
                RuleCondition(
                    "the broker cannot supply the acting user's account",
                    otherwise: "the broker supplies the acting user's account"),
            ],
            examples: [
                RuleExample(settings: off, fires: true),
                RuleExample(settings: off, facts: ["signed_in": "alice"], fires: false),
                RuleExample(fires: false),
            ]),
        RuleDeclaration(
            "entra.device-info.reported",
            summary: "getDeviceInformation reports the device mode to a broker-enabled app, fresh on every call",
            source: "\(seed) (\"Detect shared device mode\"); \(EntraEvidence.deviceInfo)",
            conditions: [RuleCondition("the app is broker-enabled MSAL", otherwise: "the app is not broker-enabled")],
            examples: [
                RuleExample(event: "query_sso_status", fires: true),
                RuleExample(appKeys: legacy, event: "query_sso_status", fires: false),
            ]),
        RuleDeclaration(
            "entra.device-info.unavailable",
            summary: "getDeviceInformation returns no device information and an error to an app that is not "
                + "broker-enabled (R12)",
            source: "\(EntraEvidence.brokerNotAvailable)",
            conditions: [notAware],
            examples: [
                RuleExample(appKeys: legacy, event: "query_sso_status", fires: true),
                RuleExample(event: "query_sso_status", fires: false),
            ]),
        RuleDeclaration(
            "entra.browser.web-sso",
            summary: "Safari signs the user in silently with the Entra web session it holds",
            source: "\(EntraSources.tutorial) (\"It doesn't clear state on the Safari browser\")",
            conditions: [onIOS, safariSession],
            examples: [
                RuleExample(facts: ["safari_session": "alice"], event: "open_browser", fires: true),
                RuleExample(facts: ["safari_session": "bob"], event: "open_browser", fires: true),
                RuleExample(event: "open_browser", fires: false),
                RuleExample(facts: ["signed_in": "alice"], event: "open_browser", fires: false),
            ]),
        RuleDeclaration(
            "entra.browser.sign-in",
            summary: "Safari without an Entra web session asks for a web sign-in; this is how a Safari session comes "
                + "to exist (an app's sign-in, global or not, does not create one)",
            source: "\(seed) (the SSO plug-in clears state only for applications); \(EntraEvidence.globalSignIn)"
                + "(safariSession), §0.3 (OpenWeb(Safari))",
            conditions: [onIOS, RuleCondition("Safari holds no Entra web session", otherwise: "Safari holds one")],
            examples: [
                RuleExample(event: "open_browser", fires: true),
                RuleExample(facts: ["signed_in": "alice"], event: "open_browser", fires: true),
                RuleExample(facts: ["safari_session": "alice"], event: "open_browser", fires: false),
            ]),
        RuleDeclaration(
            "entra.lifecycle.account-survives",
            summary: "the device account outlives app termination and restarts (the PRT lasts 90 days, renewed "
                + "on use): nothing signs the user out at the end of a shift (R11)",
            source: "\(EntraEvidence.deviceSessionLifetime)",
            conditions: [accountSignedIn],
            examples: [
                RuleExample(facts: ["signed_in": "alice"], event: "terminate", fires: true),
                RuleExample(event: "terminate", fires: false),
            ]),
        RuleDeclaration(
            "entra.ios.sign-in-existing-session-served",
            summary: "on iOS another user's explicit sign-in while one is signed in is answered with the signed-in "
                + "user's session: the broker holds one account and MSAL has no client-side guard",
            source: "\(seed) (\"The account will be available globally for all eligible apps\"); "
                + "\(EntraEvidence.globalSignIn)",
            conditions: [
                sharedForApp, onIOS, otherUserSignedIn,
                RuleCondition(
                    "the model reads the broker as serving the existing session",
                    otherwise: "the model reads the broker as rejecting the second user"),
            ],
            examples: [
                RuleExample(facts: ["signed_in": "bob"], event: "sign_in", fires: true),
                RuleExample(
                    settings: ["ios_second_user_sign_in": "rejected"], facts: ["signed_in": "bob"],
                    event: "sign_in", fires: false),
                RuleExample(facts: ["signed_in": "alice"], event: "sign_in", fires: false),
                RuleExample(facts: ["signed_in": "bob"], fires: false),
            ]),
        RuleDeclaration(
            "entra.ios.authenticator-broker-route",
            summary: "on iOS without the SSO extension an interactive sign-in switches to the Authenticator app "
                + "(MSAL's URL broker route), which keeps the account; there is still no silent SSO, no shared mode "
                + "and no device-wide sign-out",
            source: "\(EntraEvidence.globalSignIn)"
                + "URL broker, then the local webview), §1 (device mode needs the extension)",
            conditions: [
                onIOS,
                RuleCondition("Authenticator is installed", otherwise: "Authenticator is missing"),
                RuleCondition(
                    "the SSO extension profile is missing", otherwise: "the SSO extension profile is configured"),
            ],
            examples: [
                RuleExample(settings: ["sso_extension": "missing"], fires: true),
                RuleExample(settings: ["sso_extension": "missing", "shared_device_mode": "false"], fires: true),
                RuleExample(settings: ["sso_extension": "missing", "authenticator": "missing"], fires: false),
                RuleExample(settings: off, fires: false),
                RuleExample(settings: ["platform": "android", "shared_device_mode": "false"], fires: false),
            ]),
    ]
}
