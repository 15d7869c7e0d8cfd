import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence

/// What a policy's `settings:` may say; `compile` reads each through its case.
enum AirWatchSetting: Int, DeclaredSetting {
    static let declaredKeys = DeclaredKeys<Self>()

    case authentication
    case sso
    case commonAuthentication
    case authenticationTimeout
    case anchorApp
    case anchorProfileSSO
    case maxFailedAttempts
    case passcodeMode
    case allowSimple
    case minPasscodeLength
    case minComplexCharacters
    case maxPasscodeAge
    case passcodeHistory
    case biometric
    case offlineAccess
    case managedToken
    case compromisedProtection
    case clearPasscodeOnCheckOut

    var declaration: SettingDeclaration {
        switch self {
        case .authentication:
            SettingDeclaration(
                "authentication", .choice(["passcode", "username_password", "disabled"]), default: "disabled",
                meaning: "the secure phase: an SDK passcode, the username and password, or no authentication",
                sources: [Evidence.seed(), Evidence.payloadDefaults], matrixDimension: true)
        case .sso:
            SettingDeclaration(
                "sso", .choice(["enabled", "disabled"]), default: "disabled",
                meaning: "SSO in the apps' SDK profile; effective only with the anchor requirements",
                sources: [Evidence.seed(), Evidence.payloadDefaults], matrixDimension: true)
        case .commonAuthentication:
            SettingDeclaration(
                "common_authentication", .choice(["username_password", "token", "saml"]), default: "username_password",
                meaning: "the common authentication system used when silent login fails (details.credential_method)",
                sources: [Evidence.seed("(username and password, token, and SAML)"), Evidence.identifyOrder],
                matrixDimension: true)
        case .authenticationTimeout:
            SettingDeclaration(
                "authentication_timeout", .duration, default: "0",
                meaning: "how long a session stays live after the last authentication; 0 = never expires",
                sources: [Evidence.payloadDefaults, Evidence.securityPolicies, Evidence.settingsMatrix])
        case .anchorApp:
            SettingDeclaration(
                "anchor_app", .choice(["hub", "agent", "none"]), default: "hub",
                meaning: "the anchor (broker) app installed and enrolled on the device; SSO needs one",
                sources: [Evidence.seed("(Requirements)"), Evidence.profilesMatch], neverAdvised: ["none"])
        case .anchorProfileSSO:
            SettingDeclaration(
                "anchor_profile_sso", .choice(["enabled", "disabled"]), default: "enabled",
                meaning: "SSO in the anchor's default SDK profile; it must match the apps' profile",
                sources: [Evidence.profilesMatch])
        case .maxFailedAttempts:
            SettingDeclaration(
                "max_failed_attempts", .integer(min: nil, max: 1000), default: "0",
                meaning: "failed unlock attempts before the SDK wipes; 0 or less = unlimited (the SDK's reading of a "
                    + "profile without the key; 4 applies only before any profile is received)",
                sources: [Evidence.payloadDefaults, Evidence.failedAttempts, Evidence.settingsMatrix])
        case .passcodeMode:
            SettingDeclaration(
                "passcode_mode", .choice(["numeric", "alphanumeric"]), default: "numeric",
                meaning: "passcode complexity",
                sources: [Evidence.payloadDefaults, Evidence.securityPolicies, Evidence.settingsMatrix])
        case .allowSimple:
            SettingDeclaration(
                "allow_simple", .bool, default: "false", meaning: "simple values such as 1234 or 1111 are accepted",
                sources: [Evidence.payloadDefaults, Evidence.securityPolicies, Evidence.settingsMatrix])
        case .minPasscodeLength:
            SettingDeclaration(
                "min_passcode_length", .integer(min: 0, max: 64), default: "0", meaning: "minimum passcode length",
                sources: [Evidence.payloadDefaults])
        case .minComplexCharacters:
            SettingDeclaration(
                "min_complex_characters", .integer(min: 0, max: 64), default: "0",
                meaning: "minimum number of complex characters (alphanumeric passcodes only)",
                sources: [Evidence.payloadDefaults])
        case .maxPasscodeAge:
            SettingDeclaration(
                "max_passcode_age", .duration, default: "0",
                meaning: "age after which the next passcode unlock forces a change (e.g. 90d); 0 = no expiry",
                sources: [Evidence.payloadDefaults, Evidence.passcodeCompliance])
        case .passcodeHistory:
            SettingDeclaration(
                "passcode_history", .integer(min: 0, max: 100), default: "0",
                meaning: "previous passcodes that cannot be reused (documented only; no effect on prompts)",
                sources: [Evidence.payloadDefaults])
        case .biometric:
            SettingDeclaration(
                "biometric", .choice(["none", "touch_id", "face_id"]), default: "none",
                meaning: "biometric unlock offered instead of typing the passcode (the prompt is still `passcode`)",
                sources: [Evidence.payloadDefaults, Evidence.biometric])
        case .offlineAccess:
            SettingDeclaration(
                "offline_access", .bool, default: "true",
                meaning: "apps may be used offline (username/password then unlocks against the cached key)",
                sources: [Evidence.payloadDefaults, Evidence.credentialsUnlock, Evidence.offline]
            )
        case .managedToken:
            SettingDeclaration(
                "managed_token", .choice(["present", "absent"]), default: "absent",
                meaning: "MDM app configuration delivers the one-time managed token that silent login uses; read only "
                    + "under the model option silent_login_token: managed_app_config (each app's token works once; after "
                    + "a wipe or a user change the user must authenticate)",
                sources: [Evidence.seed("(silent login with the managed token)"), Evidence.identifyOrder])
        case .compromisedProtection:
            SettingDeclaration(
                "compromised_protection", .bool, default: "false",
                meaning: "jailbroken devices are blocked and wiped",
                sources: [Evidence.payloadDefaults, Evidence.compromised])
        case .clearPasscodeOnCheckOut:
            SettingDeclaration(
                "clear_passcode_on_check_out", .bool, default: "false",
                meaning:
                    "the Shared Device setting that clears the SDK passcode (and with it the SDK session) when the "
                    + "user checks the device in at Hub and when a new user checks out",
                sources: [Evidence.payloadDefaults, Evidence.sharedDeviceLogOut, Evidence.checkInCheckOut])
        }
    }
}

/// The readings of what the sources leave open (first reading = the seed's); `compile` reads each through its case.
enum AirWatchModelOption: Int, DeclaredModelOption {
    static let declaredKeys = DeclaredKeys<Self>()

    case silentLoginToken
    case passcodeWithoutSSO
    case usernamePasswordWithoutSSO
    case coldLaunchRequiresAuth
    case wipeScope
    case timeoutAnchor
    case ssoStatusBeforeInitialCheck
    case ssoScope
    case identifyWithoutSSO

    var declaration: ModelOptionDeclaration {
        switch self {
        case .silentLoginToken:
            ModelOptionDeclaration(
                "silent_login_token", conflict: "seed vs E8, E25",
                summary: "where the one-time managed token that silent login uses comes from",
                readings: [
                    .init(
                        "enrolment",
                        meaning: "the device's MDM enrolment: on an enrolled device with its anchor app silent login "
                            + "succeeds at each app's first identify (once per app; spent after a wipe or a user change)",
                        sources: [
                            Evidence.seed(
                                "(The system identifies the user first by silent login. The system registers credentials with the managed token for MDM)"
                            )
                        ]),
                    .init(
                        "managed_app_config",
                        meaning: "only managed app configuration delivers it (managed_token: present); otherwise the "
                            + "first launch authenticates to enrol",
                        sources: [Evidence.firstLaunch, Evidence.identifyOrder]),
                ])
        case .passcodeWithoutSSO:
            ModelOptionDeclaration(
                "passcode_without_sso", conflict: "C1",
                summary: "passcode with SSO off: how often the app passcode is asked",
                readings: [
                    .init(
                        "every_access", meaning: "the app passcode on every access attempt (the seed gives no session)",
                        sources: [Evidence.seed()]),
                    .init(
                        "per_app_session", meaning: "a per-app session until timeout or termination",
                        sources: [Evidence.authTable, Evidence.unlockOrder, Evidence.storeContext]
                    ),
                ])
        case .usernamePasswordWithoutSSO:
            ModelOptionDeclaration(
                "username_password_without_sso", conflict: "C1",
                summary: "username/password with SSO off: how often the app credentials are asked",
                readings: [
                    .init(
                        "every_access", meaning: "the app's login credentials on every access attempt",
                        sources: [Evidence.seed()]),
                    .init(
                        "per_app_session", meaning: "a per-app session until timeout or termination",
                        sources: [Evidence.authTable, Evidence.unlockOrder, Evidence.storeContext]
                    ),
                ])
        case .coldLaunchRequiresAuth:
            ModelOptionDeclaration(
                "cold_launch_requires_auth", conflict: "C2",
                summary: "whether an app launched after termination must authenticate despite a live SSO session",
                readings: [
                    .init(
                        "false", meaning: "a live shared session serves every app, launched or not",
                        sources: [Evidence.seed(), Evidence.authTable]),
                    .init(
                        "true", meaning: "a terminated app authenticates at its next launch (SDK 5.9.3+)",
                        sources: [Evidence.terminationExpires, Evidence.firstLaunch, Evidence.sessionStore]
                    ),
                ])
        case .wipeScope:
            ModelOptionDeclaration(
                "wipe_scope", conflict: "C3", summary: "what reaching max_failed_attempts wipes",
                readings: [
                    .init(
                        "sdk_data", meaning: "the SDK data of the store (the cluster's shared store with SSO)",
                        sources: [Evidence.maxAttemptsWipe]),
                    .init(
                        "enterprise_wipe", meaning: "every managed app's SDK data and app data on the device",
                        sources: [Evidence.enterpriseWipe]),
                ])
        case .timeoutAnchor:
            ModelOptionDeclaration(
                "timeout_anchor", conflict: "C4", summary: "what the authentication timeout counts from",
                readings: [
                    .init(
                        "last_auth", meaning: "the last successful authentication",
                        sources: [Evidence.securityPolicies]),
                    .init(
                        "last_background", meaning: "also re-stamped whenever an app of the store goes to background",
                        sources: [Evidence.sessionValidity, Evidence.backgroundExtends]),
                ])
        case .ssoStatusBeforeInitialCheck:
            ModelOptionDeclaration(
                "sso_status_before_initial_check", conflict: "C5",
                summary: "what ssoStatus reads before initialCheckDone",
                readings: [
                    .init("disabled", meaning: "always disabled", sources: [Evidence.seed()]),
                    .init(
                        "last_known", meaning: "the last persisted status (disabled only before the first launch)",
                        sources: [Evidence.ssoStatus]),
                ])
        case .ssoScope:
            ModelOptionDeclaration(
                "sso_scope", conflict: "C7", summary: "which SSO apps share one session and passcode",
                readings: [
                    .init(
                        "cluster", meaning: "apps of the same cluster (signing team, keychain group awsdk)",
                        sources: [Evidence.cluster, Evidence.keychainGroup]),
                    .init(
                        "all_sso_apps", meaning: "every SSO app through the anchor (legacy Agent flow)",
                        sources: [Evidence.cluster]),
                ])
        case .identifyWithoutSSO:
            ModelOptionDeclaration(
                "identify_without_sso", conflict: "C8", summary: "identify fallback when SSO is off",
                readings: [
                    .init(
                        "app_login", meaning: "the app's own login (the common system for passcode)",
                        sources: [Evidence.seed()]),
                    .init(
                        "reuse_cached_credentials",
                        meaning: "cached enrolment username and password identify silently when available",
                        sources: [Evidence.appIdentity, Evidence.enrolmentCredentials]),
                ])
        }
    }
}

/// What each app of a policy may say.
enum AirWatchAppKey: Int, DeclaredAppKey {
    static let declaredKeys = DeclaredKeys<Self>()

    case sdkInitialized
    case cluster
    case sso
    case authentication
    case clearsDataOnWipe
    case ownLogin
    case ownLoginPrompt
    case clearsDataOnUserChange

    var declaration: SettingDeclaration {
        switch self {
        case .sdkInitialized:
            SettingDeclaration(
                "sdk_initialized", .bool, default: "true", meaning: "the app initialises the SDK in its AppDelegate",
                sources: [Evidence.seed("(Requirements)")], neverAdvised: ["false"])
        case .cluster:
            SettingDeclaration(
                "cluster", .identifier, default: "default",
                meaning: "the signing team / keychain group; SSO shares sessions only within a cluster",
                sources: [Evidence.cluster, Evidence.keychainGroup])
        case .sso:
            SettingDeclaration(
                "sso", .choice(["inherit", "enabled", "disabled"]), default: "inherit",
                meaning: "the app's own SDK profile SSO setting; inherit = the policy's `sso`",
                sources: [Evidence.profilesMatch])
        case .authentication:
            SettingDeclaration(
                "authentication", .choice(["inherit", "passcode", "username_password", "disabled"]), default: "inherit",
                meaning: "the app's own SDK profile authentication type; inherit = the policy's `authentication`",
                sources: [Evidence.profilesMatch])
        case .clearsDataOnWipe:
            SettingDeclaration(
                "clears_data_on_wipe", .bool, default: "true",
                meaning: "the app clears its own data in the SDK wipe callback",
                sources: [Evidence.sharedSession, Evidence.dataCleanup])
        case .ownLogin:
            SettingDeclaration(
                "own_login", .choice(["none", "every_open", "until_terminated", "until_sign_out"]),
                default: "until_terminated",
                meaning: "for an app with sdk_initialized: false, its own login: none = it opens straight into its "
                    + "content; every_open = its login at every open; until_terminated = its login at a launch, that "
                    + "session lasting until the app is terminated (no SDK action ends it); until_sign_out = its login "
                    + "restored after termination and a restart, lasting until the user signs out of the app",
                sources: [Evidence.seed("(Requirements: initialize the SDK)"), Evidence.checkInCheckOut],
                neverAdvised: ["none"])
        case .ownLoginPrompt:
            SettingDeclaration(
                "own_login_prompt", .choice(["app_credentials", "interactive_sign_in"]), default: "app_credentials",
                meaning: "for an app with sdk_initialized: false, what its own login asks: its own user name and "
                    + "password, or, for an app that signs in with MSAL (Outlook, Teams), the Microsoft sign-in with "
                    + "any second factor",
                sources: [
                    AirWatchSource.sharedDevices[
                        "(Check-in Checkout with Hub: Limited data separation) (inferred: Outlook and Teams keep their "
                            + "own Microsoft sign-in)"]
                ],
                neverAdvised: ["app_credentials", "interactive_sign_in"])
        case .clearsDataOnUserChange:
            SettingDeclaration(
                "clears_data_on_user_change", .bool, default: "false",
                meaning: "the app clears its own data when the SDK reports a new checked-out user, and (without the "
                    + "SDK) at its own sign-out and when another user signs in at its own login",
                sources: [Evidence.userChanged, Evidence.userChangeDetection, Evidence.checkInCheckOut]
            )
        }
    }
}
