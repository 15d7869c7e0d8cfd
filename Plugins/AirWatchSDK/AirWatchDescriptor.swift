import SSOPolicyProviderKit

/// Everything airwatch-sdk declares: the core validates policies and scenarios against it and `providers` prints it.
enum AirWatchDescriptor {
    static let seed = AirWatchSources.seed

    static let descriptor = ProviderDescriptor(
        id: "airwatch-sdk", name: "AirWatch / Workspace ONE SDK SSO",
        summary: "SDK-built iOS apps: identify (silent login, then common or app authentication), then secure "
            + "(passcode, username/password or nothing), with a session shared per cluster when SSO is effective",
        sources: AirWatchSources.documents, settings: settings, modelOptions: modelOptions, appKeys: appKeys,
        facts: facts,
        events: events, stepConditions: stepConditions, details: details, findings: AirWatchFinding.catalogue,
        rules: AirWatchRule.declarations, requiredEventMeanings: requiredEventMeanings, examplePolicy: examplePolicy,
        properties: properties, sessionAuthority: "SDK / anchor app", handover: handover,
        producedPrompts: [.credentials, .appCredentials, .passcode, .createPasscode, .changePasscode],
        decisionLists: AirWatchRule.decisionLists)

    /// Workspace ONE's own shift change on a shared device: check-in in Hub by the leaving worker, check-out by the
    /// next (Hub's multi-user mode); what it clears depends on the policy's Shared Device settings.
    static let handover = HandoverDeclaration(
        summary: "the leaving worker checks the device in with Hub, then the next worker checks it out with Hub",
        source: "\(AirWatchEvidence.checkInCheckOut); \(AirWatchEvidence.userChanged)",
        actions: [
            .init(.from, "check_in", .word("hub")),
            .init(.to, "check_out", .word("hub")),
        ])

    /// What `ssopolicy verify` checks beyond the core's properties.
    static let properties: [PropertyDeclaration] = [
        PropertyDeclaration(
            "check-out-separates-data",
            meaning: "a Hub check-out by another user never leaves the previous user's app data on the device",
            violatedBy: ["check-out-data-not-separated", "app-without-sdk-untouched"],
            source: "\(AirWatchEvidence.checkInCheckOut)")
    ]

    // MARK: Settings

    static let settings: [SettingDeclaration] = [
        SettingDeclaration(
            "authentication", .choice(["passcode", "username_password", "disabled"]), default: "disabled",
            meaning: "the secure phase: an SDK passcode, the username and password, or no authentication",
            source: "\(seed); \(AirWatchEvidence.payloadDefaults)", matrixDimension: true),
        SettingDeclaration(
            "sso", .choice(["enabled", "disabled"]), default: "disabled",
            meaning: "SSO in the apps' SDK profile; effective only with the anchor requirements",
            source: "\(seed); \(AirWatchEvidence.payloadDefaults)", matrixDimension: true),
        SettingDeclaration(
            "common_authentication", .choice(["username_password", "token", "saml"]), default: "username_password",
            meaning: "the common authentication system used when silent login fails (details.credential_method)",
            source: "\(seed) (username and password, token, and SAML); \(AirWatchEvidence.identifyOrder)",
            matrixDimension: true),
        SettingDeclaration(
            "authentication_timeout", .duration, default: "0",
            meaning: "how long a session stays live after the last authentication; 0 = never expires",
            source: "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.securityPolicies)"),
        SettingDeclaration(
            "anchor_app", .choice(["hub", "agent", "none"]), default: "hub",
            meaning: "the anchor (broker) app installed and enrolled on the device; SSO needs one",
            source: "\(seed) (Requirements); \(AirWatchEvidence.profilesMatch)"),
        SettingDeclaration(
            "anchor_profile_sso", .choice(["enabled", "disabled"]), default: "enabled",
            meaning: "SSO in the anchor's default SDK profile; it must match the apps' profile",
            source: "\(AirWatchEvidence.profilesMatch)"),
        SettingDeclaration(
            "max_failed_attempts", .integer(min: nil, max: 1000), default: "0",
            meaning: "failed unlock attempts before the SDK wipes; 0 or less = unlimited (the SDK's reading of a "
                + "profile without the key; 4 applies only before any profile is received)",
            source: "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.failedAttempts)"),
        SettingDeclaration(
            "passcode_mode", .choice(["numeric", "alphanumeric"]), default: "numeric",
            meaning: "passcode complexity",
            source: "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.securityPolicies)"),
        SettingDeclaration(
            "allow_simple", .bool, default: "false", meaning: "simple values such as 1234 or 1111 are accepted",
            source: "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.securityPolicies)"),
        SettingDeclaration(
            "min_passcode_length", .integer(min: 0, max: 64), default: "0", meaning: "minimum passcode length",
            source: "\(AirWatchEvidence.payloadDefaults)"),
        SettingDeclaration(
            "min_complex_characters", .integer(min: 0, max: 64), default: "0",
            meaning: "minimum number of complex characters (alphanumeric passcodes only)",
            source: "\(AirWatchEvidence.payloadDefaults)"),
        SettingDeclaration(
            "max_passcode_age", .duration, default: "0",
            meaning: "age after which the next passcode unlock forces a change (e.g. 90d); 0 = no expiry",
            source: "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.passcodeCompliance)"),
        SettingDeclaration(
            "passcode_history", .integer(min: 0, max: 100), default: "0",
            meaning: "previous passcodes that cannot be reused (documented only; no effect on prompts)",
            source: "\(AirWatchEvidence.payloadDefaults)"),
        SettingDeclaration(
            "biometric", .choice(["none", "touch_id", "face_id"]), default: "none",
            meaning: "biometric unlock offered instead of typing the passcode (the prompt is still `passcode`)",
            source: "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.biometric)"),
        SettingDeclaration(
            "offline_access", .bool, default: "true",
            meaning: "apps may be used offline (username/password then unlocks against the cached key)",
            source:
                "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.credentialsUnlock); \(AirWatchEvidence.offline)"
        ),
        SettingDeclaration(
            "managed_token", .choice(["present", "absent"]), default: "absent",
            meaning: "MDM app configuration delivers the one-time managed token that silent login uses; read only "
                + "under the model option silent_login_token: managed_app_config (each app's token works once; after "
                + "a wipe or a user change the user must authenticate)",
            source: "\(seed) (silent login with the managed token); \(AirWatchEvidence.identifyOrder)"),
        SettingDeclaration(
            "compromised_protection", .bool, default: "false",
            meaning: "jailbroken devices are blocked and wiped",
            source: "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.compromised)"),
        SettingDeclaration(
            "clear_passcode_on_check_out", .bool, default: "false",
            meaning: "the Shared Device setting that clears the SDK passcode (and with it the SDK session) when the "
                + "user checks the device in at Hub and when a new user checks out",
            source: "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.checkInCheckOut)"),
    ]

    // MARK: Model options (first reading = the seed's)

    static let modelOptions: [ModelOptionDeclaration] = [
        ModelOptionDeclaration(
            "silent_login_token", conflict: "seed vs E8, E25",
            summary: "where the one-time managed token that silent login uses comes from",
            readings: [
                .init(
                    "enrolment",
                    meaning: "the device's MDM enrolment: on an enrolled device with its anchor app silent login "
                        + "succeeds at each app's first identify (once per app; spent after a wipe or a user change)",
                    source: "\(seed) (The system identifies the user first by silent login. The system registers "
                        + "credentials with the managed token for MDM)"),
                .init(
                    "managed_app_config",
                    meaning: "only managed app configuration delivers it (managed_token: present); otherwise the "
                        + "first launch authenticates to enrol",
                    source: "\(AirWatchEvidence.firstLaunch); \(AirWatchEvidence.identifyOrder)"),
            ]),
        ModelOptionDeclaration(
            "passcode_without_sso", conflict: "C1",
            summary: "passcode with SSO off: how often the app passcode is asked",
            readings: [
                .init(
                    "every_access", meaning: "the app passcode on every access attempt (the seed gives no session)",
                    source: seed),
                .init(
                    "per_app_session", meaning: "a per-app session until timeout or termination",
                    source:
                        "\(AirWatchEvidence.authTable); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.storeContext)"
                ),
            ]),
        ModelOptionDeclaration(
            "username_password_without_sso", conflict: "C1",
            summary: "username/password with SSO off: how often the app credentials are asked",
            readings: [
                .init("every_access", meaning: "the app's login credentials on every access attempt", source: seed),
                .init(
                    "per_app_session", meaning: "a per-app session until timeout or termination",
                    source:
                        "\(AirWatchEvidence.authTable); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.storeContext)"
                ),
            ]),
        ModelOptionDeclaration(
            "cold_launch_requires_auth", conflict: "C2",
            summary: "whether an app launched after termination must authenticate despite a live SSO session",
            readings: [
                .init(
                    "false", meaning: "a live shared session serves every app, launched or not",
                    source: "\(seed); \(AirWatchEvidence.authTable)"),
                .init(
                    "true", meaning: "a terminated app authenticates at its next launch (SDK 5.9.3+)",
                    source:
                        "\(AirWatchEvidence.terminationExpires); \(AirWatchEvidence.firstLaunch); \(AirWatchEvidence.sessionStore)"
                ),
            ]),
        ModelOptionDeclaration(
            "wipe_scope", conflict: "C3", summary: "what reaching max_failed_attempts wipes",
            readings: [
                .init(
                    "sdk_data", meaning: "the SDK data of the store (the cluster's shared store with SSO)",
                    source: "\(AirWatchEvidence.maxAttemptsWipe)"),
                .init(
                    "enterprise_wipe", meaning: "every managed app's SDK data and app data on the device",
                    source: "\(AirWatchEvidence.securityPolicies)"),
            ]),
        ModelOptionDeclaration(
            "timeout_anchor", conflict: "C4", summary: "what the authentication timeout counts from",
            readings: [
                .init(
                    "last_auth", meaning: "the last successful authentication",
                    source: "\(AirWatchEvidence.securityPolicies)"),
                .init(
                    "last_background", meaning: "also re-stamped whenever an app of the store goes to background",
                    source: "\(AirWatchEvidence.sessionValidity); \(AirWatchEvidence.backgroundExtends)"),
            ]),
        ModelOptionDeclaration(
            "sso_status_before_initial_check", conflict: "C5", summary: "what ssoStatus reads before initialCheckDone",
            readings: [
                .init("disabled", meaning: "always disabled", source: seed),
                .init(
                    "last_known", meaning: "the last persisted status (disabled only before the first launch)",
                    source: "\(AirWatchEvidence.ssoStatus)"),
            ]),
        ModelOptionDeclaration(
            "sso_scope", conflict: "C7", summary: "which SSO apps share one session and passcode",
            readings: [
                .init(
                    "cluster", meaning: "apps of the same cluster (signing team, keychain group awsdk)",
                    source: "\(AirWatchEvidence.cluster); \(AirWatchEvidence.keychainGroup)"),
                .init(
                    "all_sso_apps", meaning: "every SSO app through the anchor (legacy Agent flow)",
                    source: "\(AirWatchEvidence.cluster)"),
            ]),
        ModelOptionDeclaration(
            "identify_without_sso", conflict: "C8", summary: "identify fallback when SSO is off",
            readings: [
                .init("app_login", meaning: "the app's own login (the common system for passcode)", source: seed),
                .init(
                    "reuse_cached_credentials",
                    meaning: "cached enrolment username and password identify silently when available",
                    source: "\(AirWatchEvidence.appIdentity); \(AirWatchEvidence.enrolmentCredentials)"),
            ]),
    ]

    // MARK: Per-app keys

    static let appKeys: [SettingDeclaration] = [
        SettingDeclaration(
            "sdk_initialized", .bool, default: "true", meaning: "the app initialises the SDK in its AppDelegate",
            source: "\(seed) (Requirements)"),
        SettingDeclaration(
            "cluster", .identifier, default: "default",
            meaning: "the signing team / keychain group; SSO shares sessions only within a cluster",
            source: "\(AirWatchEvidence.cluster); \(AirWatchEvidence.keychainGroup)"),
        SettingDeclaration(
            "sso", .choice(["inherit", "enabled", "disabled"]), default: "inherit",
            meaning: "the app's own SDK profile SSO setting; inherit = the policy's `sso`",
            source: "\(AirWatchEvidence.profilesMatch)"),
        SettingDeclaration(
            "authentication", .choice(["inherit", "passcode", "username_password", "disabled"]), default: "inherit",
            meaning: "the app's own SDK profile authentication type; inherit = the policy's `authentication`",
            source: "\(AirWatchEvidence.profilesMatch)"),
        SettingDeclaration(
            "clears_data_on_wipe", .bool, default: "true",
            meaning: "the app clears its own data in the SDK wipe callback",
            source: "\(AirWatchEvidence.sharedSessionKB); \(AirWatchEvidence.dataCleanup)"),
        SettingDeclaration(
            "own_login", .choice(["none", "every_open", "until_terminated"]), default: "until_terminated",
            meaning: "for an app with sdk_initialized: false, its own login: none = it opens straight into its "
                + "content; every_open = its login at every open; until_terminated = its login at a launch, that "
                + "session lasting until the app is terminated (no SDK action ends it)",
            source: "\(seed) (Requirements: initialize the SDK); \(AirWatchEvidence.checkInCheckOut)"
                + "not logged out automatically)"),
        SettingDeclaration(
            "clears_data_on_user_change", .bool, default: "false",
            meaning: "the app clears its own data when the SDK reports a new checked-out user",
            source:
                "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.userChangeDetection); \(AirWatchEvidence.checkInCheckOut)"
        ),
    ]

    // MARK: Facts, events, conditions, details

    static let facts: [FactDeclaration] = [
        .bool(
            "passcode_set", default: false,
            meaning: "a passcode (or, for username/password, a credential key) exists in the store serving the app",
            source: "\(AirWatchEvidence.unlockOrder)"),
        .bool(
            "session_live", default: false,
            meaning: "the store's session is live; false with a passcode and a timeout means it timed out",
            source: "\(AirWatchEvidence.unlockOrder)"),
        FactDeclaration(
            "silent_login", .choice(["first_launch", "succeeds", "fails"]), default: "first_launch",
            meaning: "whether silent login identifies the user: first_launch = no app has identified yet, so each "
                + "app's one-time managed token is unused (see the model option silent_login_token); succeeds = "
                + "silent login succeeded before: with SSO the cluster holds session_user's common identity (the "
                + "app counts as registered when its session is also live), without SSO the app is registered; fails = no registration, no common identity and the token absent or "
                + "spent (as after a wipe or a user change)",
            source:
                "\(seed) (Identify: silent login); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.identifyOrder); \(AirWatchEvidence.appIdentity)"
        ),
        .bool(
            "initial_check_done", default: false,
            meaning: "the app finished a launch in its current process (initialCheckDone); false = its next open "
                + "is a cold launch", source: "\(seed) (Query the Current SSO Status); \(AirWatchEvidence.initialCheck)"
        ),
        FactDeclaration(
            "session_user", .account, default: "none",
            meaning: "whose identity the registration and live session carry; none = the acting user",
            source: "\(AirWatchEvidence.sessionStore)"),
        FactDeclaration(
            "checked_out_user", .account, default: "none",
            meaning: "the user checked out in Hub (shared devices); none = no check-out mode",
            source: "\(AirWatchEvidence.userChanged)"),
    ]

    static let events: [EventDeclaration] = [
        EventDeclaration(
            "lock", target: .app, requiresUser: false, accessAttempt: false,
            meaning: "the app calls lockSession(): the session is cleared for every app sharing the store",
            source: "\(AirWatchEvidence.sessionLifetime); \(AirWatchEvidence.lockSession)"),
        EventDeclaration(
            "wrong_passcode", target: .app, requiresUser: false, accessAttempt: true,
            meaning: "a failed unlock attempt (passcode or password); counts against max_failed_attempts",
            source: "\(AirWatchEvidence.failedAttempts); \(AirWatchEvidence.maxAttemptsWipe)"),
        EventDeclaration(
            "check_out", target: .choice(["hub"]), requiresUser: true, accessAttempt: false,
            meaning: "a user checks out the shared device in Hub; apps detect the change at their next access",
            source:
                "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.userChangeDetection); \(AirWatchEvidence.checkInCheckOut)"
        ),
        EventDeclaration(
            "check_in", target: .choice(["hub"]), requiresUser: true, accessAttempt: false,
            meaning: "the user checks the shared device back in at Hub (logs out): no user is checked out; the "
                + "passcode is cleared if clear_passcode_on_check_out; app data and SDK registrations stay until "
                + "another user checks out (limited data separation)",
            source:
                "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.userChanged); \(AirWatchEvidence.checkInCheckOut)"
        ),
        EventDeclaration(
            "logout_current_user", target: .app, requiresUser: false, accessAttempt: false,
            meaning: "the app calls the SDK's logoutCurrentUser: the store's SDK data is wiped (the cluster's "
                + "shared store with SSO) and the app unenrolled; app data stays unless the app clears it on wipe",
            source:
                "\(AirWatchEvidence.maxAttemptsWipe); \(AirWatchEvidence.dataCleanup); \(AirWatchEvidence.logoutCurrentUser)"
        ),
        EventDeclaration(
            "background", target: .app, requiresUser: false, accessAttempt: false,
            meaning: "the app goes to the background (re-stamps the session under timeout_anchor: last_background)",
            source: "\(AirWatchEvidence.sessionValidity); \(AirWatchEvidence.backgroundExtends)"),
    ]

    static let stepConditions: [StepConditionDeclaration] = [
        StepConditionDeclaration(
            "silent_login", .choice(["succeeds", "fails"]), events: ["open"],
            meaning: "forces the silent login outcome of this access (when the app is not registered)",
            source: "\(seed) (Identify)"),
        StepConditionDeclaration(
            "before_initial_check", .bool, events: ["query_sso_status"],
            meaning: "the status is read before (true) or after (false) initialCheckDone in this launch",
            source: "\(seed) (Query the Current SSO Status)"),
    ]

    static let details: [DetailDeclaration] = [
        DetailDeclaration(
            "sso_status", .choice(["enabled", "disabled"]), meaning: "what the app's ssoStatus reads after the step"),
        DetailDeclaration(
            "credential_method", .choice(["username_password", "token", "saml"]),
            meaning: "the kind of the credentials prompt shown in this step"),
        DetailDeclaration(
            "registered_user", .account, meaning: "the identity the app is registered with after the step"),
    ]

    static let requiredEventMeanings: [String: String] = [
        "open": "the app is launched or foregrounded: identify (if not registered), then secure",
        "sign_out": "the SDK has no per-user global sign-out: the app signs out by calling lockSession(), which "
            + "clears the (shared) session; the registered identity, the passcode and every app's data remain",
        "terminate": "the app process ends; all = a device restart, which also ends every SDK session, so the "
            + "first open after it authenticates",
        "query_sso_status": "the app reads DeviceInformationController.ssoStatus",
    ]

    static let examplePolicy = """
        policy: frontline-airwatch
        title: "Recommended: Hub check-in/check-out, passcode + SSO, passcode and app data cleared per worker"
        provider: airwatch-sdk
        settings:
          authentication: passcode
          sso: enabled
          anchor_app: hub
          authentication_timeout: 15m
          max_failed_attempts: 5
          passcode_mode: alphanumeric
          min_passcode_length: 6
          compromised_protection: true
          clear_passcode_on_check_out: true
        apps:
          - id: inventory
            name: Inventory
            clears_data_on_user_change: true
          - id: timesheet
            name: Timesheet
            clears_data_on_user_change: true

        """
}

/// Step-condition and fact indices, in declaration order.
enum AirWatchFact {
    static let passcodeSet = FactID(0)
    static let sessionLive = FactID(1)
    static let silentLogin = FactID(2)
    static let initialCheckDone = FactID(3)
    static let sessionUser = FactID(4)
    static let checkedOutUser = FactID(5)

    static let silentLoginCondition = StepConditionID(0)
    static let beforeInitialCheckCondition = StepConditionID(1)

    static let ssoStatus = DetailID(0)
    static let credentialMethod = DetailID(1)
    static let registeredUser = DetailID(2)

    static let lock = EventID(4)
    static let wrongPasscode = EventID(5)
    static let checkOut = EventID(6)
    static let checkIn = EventID(7)
    static let logoutCurrentUser = EventID(8)
    static let background = EventID(9)

    /// Values of the `silent_login` fact.
    static let silentFirstLaunch = 0
    static let silentSucceeds = 1
    static let silentFails = 2
}
