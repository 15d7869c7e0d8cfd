import SSOPolicyProviderKit

/// Everything apple-shared-ipad declares: the core validates policies and scenarios against it and `providers`
/// prints it.
enum AppleDescriptor {
    private typealias E = AppleEvidence
    private typealias S = AppleSources

    static let descriptor = ProviderDescriptor(
        id: "apple-shared-ipad", name: "Apple Shared iPad (Managed Apple Accounts, federated with Microsoft Entra ID)",
        summary: "the operating system separates workers: each signs in at the iPad's login window into their own "
            + "encrypted partition, and a Guest (temporary) session is deleted when it ends; a leak comes almost "
            + "only from a handover that skips the sign-out (an unlocked session, a locked one inside the passcode "
            + "grace period, or a Guest session, which has no passcode). Microsoft 365 apps need no shared-device "
            + "awareness and sign in once per partition; Entra shared device mode cannot be combined with it, and "
            + "device-based Conditional Access is unsupported. Not modelled: the login window's language panes "
            + "(a step's details hold at most eight entries), default domains and messages",
        sources: AppleSources.documents, settings: settings, modelOptions: modelOptions, appKeys: appKeys,
        facts: AppleFact.declarations, events: AppleEvent.declarations,
        stepConditions: AppleStepCondition.declarations, details: AppleDetail.declarations,
        findings: AppleFinding.declarations, rules: AppleRule.declarations,
        requiredEventMeanings: requiredEventMeanings, examplePolicy: examplePolicy,
        sessionAuthority: "iPadOS login window (one partition per user)", handover: handover,
        producedPrompts: [
            .interactiveSignIn, .credentials, .appCredentials, .createPasscode, .changePasscode,
            .devicePasscode,
        ],
        decisionLists: AppleRule.decisionLists, factConstraints: factConstraints,
        inapplicableProperties: inapplicableProperties, fleet: AppleFleetReading.reading)

    /// Screens that cannot go with who is signed in: a session's screen belongs to someone, the login window and
    /// Setup Assistant to nobody.
    static let factConstraints = [
        FactConstraint(
            "screen", in: ["unlocked", "locked", "awaiting_configuration"], requires: "signed_in",
            in: [FactConstraint.someone],
            meaning: "a session's Home Screen or Lock Screen belongs to whoever signed in; give signed_in a user"),
        FactConstraint(
            "screen", in: ["login_window", "setup_assistant"], requires: "signed_in", in: ["none"],
            meaning: "nobody is signed in at the login window or in Setup Assistant; give signed_in=none"),
    ]

    /// Shared iPad's shift change: the leaving worker signs out of the iPad; the next one signs in at the login
    /// window with their first `open`.
    static let handover = HandoverDeclaration(
        summary: "the leaving worker signs out of the iPad (Lock Screen > Sign Out), and the next worker signs in "
            + "at the login window with their Managed Apple Account and Shared iPad passcode",
        sources: E.signOut + E.laterSignIn,
        actions: [.init(.from, "device_sign_out", .word("device"))])

    static let inapplicableProperties = [
        InapplicableProperty(
            "global-sign-out-complete",
            because: "an app's sign-out on Shared iPad ends that app's sign-in inside the worker's partition, not the "
                + "iPad session; the handover is the iPad's sign-out (device_sign_out), which no-foreign-session "
                + "checks", sources: E.signOut + E.msalSSO)
    ]

    static let settings: [SettingDeclaration] = [
        SettingDeclaration(
            "device", .choice(["ipad", "iphone"]), default: "ipad",
            meaning: "the device; Shared iPad runs on iPad only", sources: E.requirements, deviceFact: true),
        SettingDeclaration(
            "os_version", .version, default: "18.1", meaning: "iPadOS version; 13.4+ for Shared iPad",
            sources: E.requirements),
        SettingDeclaration(
            "storage_gb", .integer(min: 1, max: 4096), default: "64",
            meaning: "storage in GB: at least 32; it splits into per-user quotas", sources: E.requirements,
            deviceFact: true),
        SettingDeclaration(
            "supervised", .bool, default: "true", meaning: "the iPad is supervised (required)",
            sources: E.requirements, deviceFact: true),
        SettingDeclaration(
            "authentication", .choice(["federated_entra", "apple"]), default: "federated_entra",
            meaning: "federated_entra: the first Shared iPad sign-in goes to Entra ID, then a Shared iPad passcode "
                + "is created; apple: Apple-authenticated Managed Apple Accounts with a password",
            sources: E.firstSignIn + S.cite(S.federation, "federated authentication with Microsoft Entra ID"),
            matrixDimension: true),
        SettingDeclaration(
            "resident_users", .integer(min: 1, max: 32), default: "10",
            meaning: "ResidentUsers (Intune Maximum cached users, sharedIPadMaximumUserCount): partitions the iPad "
                + "keeps; a new user beyond it evicts a synced resident", sources: E.residentUsers),
        SettingDeclaration(
            "quota_size_mb", .integer(min: 0, max: 4_194_304), default: "0",
            meaning: "QuotaSize per user in MB; 0 = derived from resident_users. When set, the iPad keeps at most "
                + "the user space (storage less 18 GB on 32 GB, less 26 GB from 64 GB) divided by the quota",
            sources: S.cite(S.sharedDeviceConfiguration, "QuotaSize") + S.cite(S.education, "User space considerations")
        ),
        SettingDeclaration(
            "user_session_timeout", .duration, default: "0",
            meaning: "UserSessionTimeout: inactivity after which a user is signed out (at least 30s; 0 = never)",
            sources: E.userTimeout),
        SettingDeclaration(
            "temporary_sessions", .choice(["allowed", "blocked"]), default: "allowed",
            meaning: "Guest sessions on the login window (Restrictions allowSharedDeviceTemporarySession; Intune "
                + "Block Shared iPad temporary sessions)", sources: E.guestAllowed, matrixDimension: true),
        SettingDeclaration(
            "temporary_session_only", .bool, default: "false",
            meaning: "TemporarySessionOnly: the login window offers only Guest", sources: E.temporaryOnly,
            matrixDimension: true),
        SettingDeclaration(
            "temporary_session_timeout", .duration, default: "0",
            meaning: "TemporarySessionTimeout: inactivity after which a Guest session ends and its data is deleted "
                + "(at least 30s; 0 = never)", sources: E.temporaryTimeout),
        SettingDeclaration(
            "passcode_lock_grace_period", .duration, default: "0",
            meaning: "PasscodeLockGracePeriod: how long after locking a session unlocks without the passcode, "
                + "rounded down to 0, 1m, 5m, 15m, 1h or 4h; left out (the MDM sends none) it follows "
                + "model.passcode_lock_grace_default, 0 unless changed: a locked screen asks the passcode",
            sources: E.grace),
        SettingDeclaration(
            "auto_lock_time", .duration, default: "2m",
            meaning: "AutoLockTime: inactivity before the screen locks (at least 2m; users cannot change it)",
            sources: E.autoLock),
        SettingDeclaration(
            "online_auth_grace_days", .integer(min: 0, max: 3650), default: "unset",
            meaning: "OnlineAuthenticationGracePeriod in days: a cached user's sign-in needs Apple's identity "
                + "service once this has passed (0 = every sign-in); unset (the MDM sends none) follows "
                + "model.online_auth_when_unset, never_forced unless changed: cached users sign in with the local "
                + "passcode only", sources: E.onlineAuth),
        SettingDeclaration(
            "await_user_configuration", .bool, default: "false",
            meaning: "AwaitUserConfiguration (iPadOS 17+): after login the iPad stops at a Setup Assistant pane, "
                + "unusable, until the MDM sends UserConfigured for the user (event user_configured; needs the "
                + "network)", sources: E.awaitConfiguration),
        SettingDeclaration(
            "entra_shared_device_mode", .bool, default: "false",
            meaning: "the Microsoft SSO extension's shared device mode is also configured (not supported with "
                + "Shared iPad)", sources: E.noSDM),
        SettingDeclaration(
            "conditional_access_mfa", .bool, default: "false",
            meaning: "Entra Conditional Access asks a second factor at the Microsoft sign-ins",
            sources: E.conditionalAccess),
        SettingDeclaration(
            "conditional_access_device_grant",
            .choice([
                "none", "compliant_device", "approved_client_app", "app_protection_policy",
                "per_device_terms_of_use",
            ]), default: "none",
            meaning: "a device-based Conditional Access grant on the Microsoft apps' resources; every one is "
                + "unsupported on Shared iPad", sources: E.conditionalAccess, matrixDimension: true),
        SettingDeclaration(
            "conditional_access_device_filter", .bool, default: "false",
            meaning: "a Conditional Access policy uses filters for devices (unsupported on Shared iPad)",
            sources: E.conditionalAccess),
        SettingDeclaration(
            "intune_app_protection", .bool, default: "false",
            meaning: "Intune app protection policies target the apps (unsupported on Shared iPad)",
            sources: E.appLimits),
    ]

    static let modelOptions: [ModelOptionDeclaration] = [
        option(
            "passcode_lock_grace_default", "U1", "the grace period when the MDM never sends one",
            [
                ("0", "no grace: a locked session asks its passcode", E.grace),
                ("5m", "five minutes", E.grace),
            ]),
        option(
            "online_auth_when_unset", "U2", "online authentication when OnlineAuthenticationGracePeriod is unset",
            [
                ("never_forced", "cached users sign in with the local passcode", E.onlineAuth),
                ("every_login", "every sign-in needs Apple's identity service", E.onlineAuth),
            ]),
        option(
            "lock_screen_sign_out", "U3", "whether anyone may tap Sign Out on another user's Lock Screen",
            [
                ("anyone", "the next worker signs the previous one out without their passcode", E.signOut),
                ("owner_only", "only the owner; others wait for the timeout or an MDM log-out", E.signOut),
            ]),
        option(
            "restart", "U4", "what a restart leaves on screen",
            [
                ("login_window", "every session ends; the login window", E.restart),
                ("owner_lock_screen", "the user's session stays, behind its Lock Screen", E.restart),
            ]),
        option(
            "guest_on_restart", "U5", "what a restart does to a Guest session",
            [
                ("deleted", "the Guest session ends and its data is deleted", E.guestDeleted + E.restart),
                ("kept", "the Guest session stays (with model.restart: owner_lock_screen)", E.restart),
            ]),
        option(
            "eviction_order", "U6", "which synced resident a new user evicts",
            [
                ("first_signed_in", "the user who signed in first", E.residentUsers),
                ("least_recently_used", "the user who signed in least recently", E.residentUsers),
            ]),
        option(
            "delete_logged_in_user", "U7", "DeleteUser naming the signed-in user",
            [
                ("error", "the command fails; nothing changes", E.delete),
                ("log_out_then_delete", "the user is logged out, then deleted", E.delete),
            ]),
        option(
            "inactivity_counts_while_locked", "U8", "whether the session timeouts run while the screen is locked",
            [("true", "they do", E.userTimeout), ("false", "they stop while locked", E.userTimeout)]),
        option(
            "m365_tokens_after_sign_out", "I1", "Microsoft sign-ins in a partition after the iPad sign-out",
            [
                ("retained", "kept in the cached partition for the user's return", E.partitionKept + E.msalSSO),
                ("cleared", "gone: the next sign-in asks again", E.msalSSO),
            ]),
        option(
            "sso_plugin", "U9", "the Microsoft Enterprise SSO plug-in per partition",
            [
                ("absent", "apps of other publishers sign in on their own", E.ssoPlugin),
                ("per_user", "it shares the Microsoft sign-in across publishers in a partition", E.ssoPlugin),
            ]),
        option(
            "login_sso_to_apps", "U10", "whether the login window's Entra sign-in signs the apps in",
            [
                ("false", "it does not: the first Microsoft app asks", E.firstSignIn + E.msalSSO),
                ("true", "it does, right after a first federated sign-in", E.firstSignIn),
            ]),
        option(
            "unsupported_ca", "I2", "what an unsupported device-based Conditional Access grant does",
            [
                ("blocks", "the Microsoft sign-in is refused", E.conditionalAccess),
                ("not_evaluated", "the grant is not evaluated: a finding only", E.conditionalAccess),
            ]),
        option(
            "biometric_unlock", "U11", "whether a locked Shared iPad session unlocks with Touch ID or Face ID",
            [
                ("unavailable", "no: Settings has no Touch ID & Passcode section on Shared iPad", E.biometrics),
                ("available", "yes: the owner's unlock past the grace period asks no passcode", E.biometrics),
            ]),
    ]

    private static func option(
        _ key: String, _ conflict: String, _ summary: String, _ readings: [(String, String, [Citation])]
    ) -> ModelOptionDeclaration {
        ModelOptionDeclaration(
            key, conflict: conflict, summary: summary,
            readings: readings.map { .init($0.0, meaning: $0.1, sources: $0.2) })
    }

    static let appKeys: [SettingDeclaration] = [
        SettingDeclaration(
            "kind", .choice(["microsoft_msal", "msal_other_publisher", "app_credentials", "web", "no_login"]),
            default: "microsoft_msal",
            meaning: "microsoft_msal: a Microsoft 365 app (one Entra sign-in per partition for all of them); "
                + "msal_other_publisher: MSAL from another developer; app_credentials: its own login; web: Safari "
                + "or a web clip; no_login", sources: E.msalSSO + E.isolation),
        SettingDeclaration(
            "license", .choice(["device", "user", "available"]), default: "device",
            meaning: "how Intune assigns it: device-licensed Required (supported), user-licensed or Available (not)",
            sources: E.appLimits),
        SettingDeclaration(
            "data_location", .choice(["local", "cloud"]), default: "local",
            meaning: "where the app keeps the user's data: local data does not follow the user to another iPad",
            sources: E.dataRoaming),
        SettingDeclaration(
            "session_survives_relaunch", .bool, default: "true",
            meaning: "the app keeps its sign-in when its process ends", sources: E.partitionKept),
        SettingDeclaration(
            "web_sign_in", .bool, default: "false",
            meaning: "(web) the user signs in to a site in Safari; the sign-in lasts as long as the session",
            sources: E.guestNoPasscode),
    ]

    static let requiredEventMeanings: [String: String] = [
        "open": "the app is opened: at the login window the user signs in (or taps Guest with as: guest), a locked "
            + "session unlocks, someone else's session in the way follows the handover rules; then the app's "
            + "sign-in inside the partition decides",
        "sign_out": "the user signs out of the app inside their partition (a Microsoft app removes the partition's "
            + "Microsoft sign-in); the iPad session continues",
        "terminate": "the app's process ends; all = a restart, which ends the sessions (model.restart)",
        "query_sso_status": "the step reports what the iPad shows and whose session is open",
    ]

    static let examplePolicy = """
        policy: ward-shared-ipad
        title: "Recommended: Shared iPad on a nursing cart"
        provider: apple-shared-ipad
        settings:
          os_version: "17.5"
          resident_users: 8
          user_session_timeout: 15m
          temporary_sessions: blocked
          passcode_lock_grace_period: 0
          online_auth_grace_days: 7
        apps:
          - id: teams
          - id: outlook
          - id: charting
            kind: app_credentials
            data_location: cloud

        """
}
