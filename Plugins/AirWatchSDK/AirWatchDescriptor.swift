import SSOPolicyProviderKit

/// Everything airwatch-sdk declares: the core validates policies and scenarios against it and `providers` prints it.
enum AirWatchDescriptor {
    static let seed = "002_b9d7e61b51e742a7.txt"
    static let research = "airwatch-sdk-sso.md"

    static let descriptor = ProviderDescriptor(
        id: "airwatch-sdk", name: "AirWatch / Workspace ONE SDK SSO",
        summary: "SDK-built iOS apps: identify (silent login, then common or app authentication), then secure "
            + "(passcode, username/password or nothing), with a session shared per cluster when SSO is effective",
        sources: [seed, research], settings: settings, modelOptions: modelOptions, appKeys: appKeys, facts: facts,
        events: events, stepConditions: stepConditions, details: details, findings: AirWatchFinding.catalogue,
        rules: AirWatchRule.table, requiredEventMeanings: requiredEventMeanings, examplePolicy: examplePolicy,
        properties: properties, sessionAuthority: "SDK / anchor app", handover: handover,
        producedPrompts: [.credentials, .appCredentials, .passcode, .createPasscode, .changePasscode])

    /// The shift change with Hub: the leaving worker ends their session, the next worker checks out the device.
    static let handover = HandoverDeclaration(
        summary: "the leaving worker locks the SDK session through an SSO app; the next worker checks out the "
            + "device in Hub",
        source: "\(research) E41-E43",
        actions: [
            .init(
                .from, "sign_out",
                .firstApp(
                    matching: [.init("sso", ["inherit", "enabled"]), .init("sdk_initialized", ["true"])],
                    described: "through the first SSO app (sso not disabled, sdk_initialized; else the first app)")),
            .init(.to, "check_out", .word("hub")),
        ])

    /// What `ssopolicy verify` checks beyond the core's properties.
    static let properties: [PropertyDeclaration] = [
        PropertyDeclaration(
            "check-out-separates-data",
            meaning: "a Hub check-out by another user never leaves the previous user's app data on the device",
            violatedBy: ["check-out-data-not-separated"], source: "\(research) R13, E43")
    ]

    // MARK: Settings

    static let settings: [SettingDeclaration] = [
        SettingDeclaration(
            "authentication", .choice(["passcode", "username_password", "disabled"]), default: "disabled",
            meaning: "the secure phase: an SDK passcode, the username and password, or no authentication",
            source: "\(seed); \(research) §1.2 (Disabled when absent)", matrixDimension: true),
        SettingDeclaration(
            "sso", .choice(["enabled", "disabled"]), default: "disabled",
            meaning: "SSO in the apps' SDK profile; effective only with the anchor requirements",
            source: "\(seed); \(research) §1.2 (false when absent)", matrixDimension: true),
        SettingDeclaration(
            "common_authentication", .choice(["username_password", "token", "saml"]), default: "username_password",
            meaning: "the common authentication system used when silent login fails (details.credential_method)",
            source: "\(seed) (username and password, token, and SAML); \(research) E25", matrixDimension: true),
        SettingDeclaration(
            "authentication_timeout", .duration, default: "0",
            meaning: "how long a session stays live after the last authentication; 0 = never expires",
            source: "\(research) §1.2, C6, E10, E14"),
        SettingDeclaration(
            "anchor_app", .choice(["hub", "agent", "none"]), default: "hub",
            meaning: "the anchor (broker) app installed and enrolled on the device; SSO needs one",
            source: "\(seed) (Requirements); \(research) E31"),
        SettingDeclaration(
            "anchor_profile_sso", .choice(["enabled", "disabled"]), default: "enabled",
            meaning: "SSO in the anchor's default SDK profile; it must match the apps' profile",
            source: "\(research) E31 (SDK profile configurations must match)"),
        SettingDeclaration(
            "max_failed_attempts", .integer(min: nil, max: 1000), default: "0",
            meaning: "failed unlock attempts before the SDK wipes; 0 or less = unlimited (the SDK's reading of a "
                + "profile without the key; 4 applies only before any profile is received)",
            source: "\(research) §1.2, E14, E33"),
        SettingDeclaration(
            "passcode_mode", .choice(["numeric", "alphanumeric"]), default: "numeric",
            meaning: "passcode complexity", source: "\(research) §1.2, E10"),
        SettingDeclaration(
            "allow_simple", .bool, default: "false", meaning: "simple values such as 1234 or 1111 are accepted",
            source: "\(research) §1.2, E10"),
        SettingDeclaration(
            "min_passcode_length", .integer(min: 0, max: 64), default: "0", meaning: "minimum passcode length",
            source: "\(research) §1.2"),
        SettingDeclaration(
            "min_complex_characters", .integer(min: 0, max: 64), default: "0",
            meaning: "minimum number of complex characters (alphanumeric passcodes only)", source: "\(research) §1.2"),
        SettingDeclaration(
            "max_passcode_age", .duration, default: "0",
            meaning: "age after which the next passcode unlock forces a change (e.g. 90d); 0 = no expiry",
            source: "\(research) §1.2, E24"),
        SettingDeclaration(
            "passcode_history", .integer(min: 0, max: 100), default: "0",
            meaning: "previous passcodes that cannot be reused (documented only; no effect on prompts)",
            source: "\(research) §1.2"),
        SettingDeclaration(
            "biometric", .choice(["none", "touch_id", "face_id"]), default: "none",
            meaning: "biometric unlock offered instead of typing the passcode (the prompt is still `passcode`)",
            source: "\(research) §1.2, E23"),
        SettingDeclaration(
            "offline_access", .bool, default: "true",
            meaning: "apps may be used offline (username/password then unlocks against the cached key)",
            source: "\(research) §1.2, E21, E46"),
        SettingDeclaration(
            "managed_token", .choice(["present", "absent"]), default: "absent",
            meaning: "MDM app configuration delivers the one-time managed token that silent login uses (each app's "
                + "token works once; after a wipe the user must authenticate)",
            source: "\(seed) (silent login with the managed token); \(research) E25"),
        SettingDeclaration(
            "compromised_protection", .bool, default: "false",
            meaning: "jailbroken devices are blocked and wiped", source: "\(research) §1.2, E47"),
        SettingDeclaration(
            "clear_passcode_on_check_out", .bool, default: "false",
            meaning: "the Shared Device setting that clears the SDK passcode when a new user checks out in Hub",
            source: "\(research) E43"),
    ]

    // MARK: Model options (first reading = the seed's)

    static let modelOptions: [ModelOptionDeclaration] = [
        ModelOptionDeclaration(
            "passcode_without_sso", conflict: "C1",
            summary: "passcode with SSO off: how often the app passcode is asked",
            readings: [
                .init(
                    "every_access", meaning: "the app passcode on every access attempt (the seed gives no session)",
                    source: seed),
                .init(
                    "per_app_session", meaning: "a per-app session until timeout or termination",
                    source: "\(research) E2, E16-E17"),
            ]),
        ModelOptionDeclaration(
            "username_password_without_sso", conflict: "C1",
            summary: "username/password with SSO off: how often the app credentials are asked",
            readings: [
                .init("every_access", meaning: "the app's login credentials on every access attempt", source: seed),
                .init(
                    "per_app_session", meaning: "a per-app session until timeout or termination",
                    source: "\(research) E2, E16-E17"),
            ]),
        ModelOptionDeclaration(
            "cold_launch_requires_auth", conflict: "C2",
            summary: "whether an app launched after termination must authenticate despite a live SSO session",
            readings: [
                .init(
                    "false", meaning: "a live shared session serves every app, launched or not",
                    source: "\(seed); \(research) E2"),
                .init(
                    "true", meaning: "a terminated app authenticates at its next launch (SDK 5.9.3+)",
                    source: "\(research) E7 (KB 115001664968), E8, E13"),
            ]),
        ModelOptionDeclaration(
            "wipe_scope", conflict: "C3", summary: "what reaching max_failed_attempts wipes",
            readings: [
                .init(
                    "sdk_data", meaning: "the SDK data of the store (the cluster's shared store with SSO)",
                    source: "SPEC.md 5.1; \(research) E34"),
                .init(
                    "enterprise_wipe", meaning: "every managed app's SDK data and app data on the device",
                    source: "\(research) E10"),
            ]),
        ModelOptionDeclaration(
            "timeout_anchor", conflict: "C4", summary: "what the authentication timeout counts from",
            readings: [
                .init(
                    "last_auth", meaning: "the last successful authentication",
                    source: "\(research) E10 (UEM Security Policies)"),
                .init(
                    "last_background", meaning: "also re-stamped whenever an app of the store goes to background",
                    source: "\(research) E11-E12"),
            ]),
        ModelOptionDeclaration(
            "sso_status_before_initial_check", conflict: "C5", summary: "what ssoStatus reads before initialCheckDone",
            readings: [
                .init("disabled", meaning: "always disabled", source: seed),
                .init(
                    "last_known", meaning: "the last persisted status (disabled only before the first launch)",
                    source: "\(research) E38"),
            ]),
        ModelOptionDeclaration(
            "sso_scope", conflict: "C7", summary: "which SSO apps share one session and passcode",
            readings: [
                .init(
                    "cluster", meaning: "apps of the same cluster (signing team, keychain group awsdk)",
                    source: "\(research) E29-E30"),
                .init(
                    "all_sso_apps", meaning: "every SSO app through the anchor (legacy Agent flow)",
                    source: "\(research) C7"),
            ]),
        ModelOptionDeclaration(
            "identify_without_sso", conflict: "C8", summary: "identify fallback when SSO is off",
            readings: [
                .init("app_login", meaning: "the app's own login (the common system for passcode)", source: seed),
                .init(
                    "reuse_cached_credentials",
                    meaning: "cached enrolment username and password identify silently when available",
                    source: "\(research) E26, E28"),
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
            source: "\(research) E29-E30"),
        SettingDeclaration(
            "sso", .choice(["inherit", "enabled", "disabled"]), default: "inherit",
            meaning: "the app's own SDK profile SSO setting; inherit = the policy's `sso`", source: "\(research) E31"),
        SettingDeclaration(
            "authentication", .choice(["inherit", "passcode", "username_password", "disabled"]), default: "inherit",
            meaning: "the app's own SDK profile authentication type; inherit = the policy's `authentication`",
            source: "\(research) E31"),
        SettingDeclaration(
            "clears_data_on_wipe", .bool, default: "true",
            meaning: "the app clears its own data in the SDK wipe callback", source: "\(research) E3, E35"),
        SettingDeclaration(
            "clears_data_on_user_change", .bool, default: "false",
            meaning: "the app clears its own data when the SDK reports a new checked-out user",
            source: "\(research) R13, E41-E43"),
    ]

    // MARK: Facts, events, conditions, details

    static let facts: [FactDeclaration] = [
        .bool(
            "passcode_set", default: false,
            meaning: "a passcode (or, for username/password, a credential key) exists in the store serving the app",
            source: "\(research) §1.6 (P)"),
        .bool(
            "session_live", default: false,
            meaning: "the store's session is live; false with a passcode and a timeout means it timed out",
            source: "\(research) §1.6 (L)"),
        FactDeclaration(
            "silent_login", .choice(["succeeds", "fails"]), default: "fails",
            meaning: "whether silent login identifies the user: succeeds = a silent route exists (with SSO the "
                + "cluster's common identity; the app counts as registered when its session is also live); fails = "
                + "no registration and no common identity (a managed token, if the policy has one, still applies)",
            source: "\(research) §1.6 (Silent), E25-E26"),
        .bool(
            "initial_check_done", default: false,
            meaning: "the app finished a launch in its current process (initialCheckDone); false = its next open "
                + "is a cold launch", source: "\(seed) (Query the Current SSO Status); \(research) E37"),
        FactDeclaration(
            "session_user", .account, default: "none",
            meaning: "whose identity the registration and live session carry; none = the acting user",
            source: "\(research) §1.1 (common_identity)"),
        FactDeclaration(
            "checked_out_user", .account, default: "none",
            meaning: "the user checked out in Hub (shared devices); none = no check-out mode",
            source: "\(research) §1.1 (checked_out_user), E41"),
    ]

    static let events: [EventDeclaration] = [
        EventDeclaration(
            "lock", target: .app, requiresUser: false, accessAttempt: false,
            meaning: "the app calls lockSession(): the session is cleared for every app sharing the store",
            source: "\(research) E5, E36"),
        EventDeclaration(
            "wrong_passcode", target: .app, requiresUser: false, accessAttempt: true,
            meaning: "a failed unlock attempt (passcode or password); counts against max_failed_attempts",
            source: "\(research) E33-E34"),
        EventDeclaration(
            "check_out", target: .choice(["hub"]), requiresUser: true, accessAttempt: false,
            meaning: "a user checks out the shared device in Hub; apps detect the change at their next access",
            source: "\(research) E41-E43"),
        EventDeclaration(
            "background", target: .app, requiresUser: false, accessAttempt: false,
            meaning: "the app goes to the background (re-stamps the session under timeout_anchor: last_background)",
            source: "\(research) E11-E12"),
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
        "terminate": "the app process ends (all = device restart); its next open is a launch",
        "query_sso_status": "the app reads DeviceInformationController.ssoStatus",
    ]

    static let examplePolicy = """
        policy: warehouse-airwatch
        title: Warehouse handhelds, passcode + SSO, 15-minute timeout
        provider: airwatch-sdk
        settings:
          authentication: passcode
          sso: enabled
          authentication_timeout: 15m
          max_failed_attempts: 5
        apps:
          - id: inventory
            name: Inventory
          - id: timesheet
            name: Timesheet

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
    static let background = EventID(7)
}
