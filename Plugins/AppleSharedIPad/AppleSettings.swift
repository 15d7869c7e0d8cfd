import SSOPolicyProviderKit

private typealias E = AppleEvidence
private typealias S = AppleSource

/// What a policy's `settings:` may say, in declaration order; `compile` reads each value through its case.
enum AppleSetting: Int, DeclaredSetting {
    static let declaredKeys = DeclaredKeys<Self>()

    case device
    case osVersion
    case storageGB
    case supervised
    case authentication
    case residentUsers
    case quotaSizeMB
    case userSessionTimeout
    case temporarySessions
    case temporarySessionOnly
    case temporarySessionTimeout
    case passcodeLockGracePeriod
    case autoLockTime
    case onlineAuthGraceDays
    case awaitUserConfiguration
    case entraSharedDeviceMode
    case conditionalAccessMFA
    case conditionalAccessDeviceGrant
    case conditionalAccessDeviceFilter
    case intuneAppProtection

    var declaration: SettingDeclaration {
        switch self {
        case .device:
            SettingDeclaration(
                "device", .choice(AppleDevice.allCases.map(\.rawValue)), default: "ipad",
                meaning: "the device; Shared iPad runs on iPad only", sources: E.requirements, deviceFact: true)
        case .osVersion:
            SettingDeclaration(
                "os_version", .version, default: "18.1", meaning: "iPadOS version; 13.4+ for Shared iPad",
                sources: E.requirements)
        case .storageGB:
            SettingDeclaration(
                "storage_gb", .integer(min: 1, max: 4096), default: "64",
                meaning: "storage in GB: at least 32; it splits into per-user quotas", sources: E.requirements,
                deviceFact: true)
        case .supervised:
            SettingDeclaration(
                "supervised", .bool, default: "true", meaning: "the iPad is supervised (required)",
                sources: E.requirements, deviceFact: true)
        case .authentication:
            SettingDeclaration(
                "authentication", .choice(AppleAuthentication.allCases.map(\.rawValue)), default: "federated_entra",
                meaning: "federated_entra: the first Shared iPad sign-in goes to Entra ID, then a Shared iPad passcode "
                    + "is created; apple: Apple-authenticated Managed Apple Accounts with a password",
                sources: E.firstSignIn + [S.federation["federated authentication with Microsoft Entra ID"]],
                matrixDimension: true)
        case .residentUsers:
            SettingDeclaration(
                "resident_users", .integer(min: 1, max: 32), default: "10",
                meaning: "ResidentUsers (Intune Maximum cached users, sharedIPadMaximumUserCount): partitions the iPad "
                    + "keeps; a new user beyond it evicts a synced resident", sources: E.residentUsers)
        case .quotaSizeMB:
            SettingDeclaration(
                "quota_size_mb", .integer(min: 0, max: 4_194_304), default: "0",
                meaning: "QuotaSize per user in MB; 0 = derived from resident_users. When set, the iPad keeps at most "
                    + "the user space (storage less 18 GB on 32 GB, less 26 GB from 64 GB) divided by the quota",
                sources: [S.sharedDeviceConfiguration["QuotaSize"]] + [S.education["User space considerations"]]
            )
        case .userSessionTimeout:
            SettingDeclaration(
                "user_session_timeout", .duration, default: "0",
                meaning: "UserSessionTimeout: inactivity after which a user is signed out (at least 30s; 0 = never)",
                sources: E.userTimeout)
        case .temporarySessions:
            SettingDeclaration(
                "temporary_sessions", .choice(TemporarySessions.allCases.map(\.rawValue)), default: "allowed",
                meaning: "Guest sessions on the login window (Restrictions allowSharedDeviceTemporarySession; Intune "
                    + "Block Shared iPad temporary sessions)", sources: E.guestAllowed, matrixDimension: true)
        case .temporarySessionOnly:
            SettingDeclaration(
                "temporary_session_only", .bool, default: "false",
                meaning: "TemporarySessionOnly: the login window offers only Guest", sources: E.temporaryOnly,
                matrixDimension: true)
        case .temporarySessionTimeout:
            SettingDeclaration(
                "temporary_session_timeout", .duration, default: "0",
                meaning: "TemporarySessionTimeout: inactivity after which a Guest session ends and its data is deleted "
                    + "(at least 30s; 0 = never)", sources: E.temporaryTimeout)
        case .passcodeLockGracePeriod:
            SettingDeclaration(
                "passcode_lock_grace_period", .duration, default: "0",
                meaning: "PasscodeLockGracePeriod: how long after locking a session unlocks without the passcode, "
                    + "rounded down to 0, 1m, 5m, 15m, 1h or 4h; left out (the MDM sends none) it follows "
                    + "model.passcode_lock_grace_default, 0 unless changed: a locked screen asks the passcode",
                sources: E.grace)
        case .autoLockTime:
            SettingDeclaration(
                "auto_lock_time", .duration, default: "2m",
                meaning: "AutoLockTime: inactivity before the screen locks (at least 2m; users cannot change it)",
                sources: E.autoLock)
        case .onlineAuthGraceDays:
            SettingDeclaration(
                "online_auth_grace_days", .integer(min: 0, max: 3650), default: "unset",
                meaning: "OnlineAuthenticationGracePeriod in days: a cached user's sign-in needs Apple's identity "
                    + "service once this has passed (0 = every sign-in); unset (the MDM sends none) follows "
                    + "model.online_auth_when_unset, never_forced unless changed: cached users sign in with the local "
                    + "passcode only", sources: E.onlineAuth)
        case .awaitUserConfiguration:
            SettingDeclaration(
                "await_user_configuration", .bool, default: "false",
                meaning: "AwaitUserConfiguration (iPadOS 17+): after login the iPad stops at a Setup Assistant pane, "
                    + "unusable, until the MDM sends UserConfigured for the user (event user_configured; needs the "
                    + "network)", sources: E.awaitConfiguration)
        case .entraSharedDeviceMode:
            SettingDeclaration(
                "entra_shared_device_mode", .bool, default: "false",
                meaning: "the Microsoft SSO extension's shared device mode is also configured (not supported with "
                    + "Shared iPad)", sources: E.noSDM)
        case .conditionalAccessMFA:
            SettingDeclaration(
                "conditional_access_mfa", .bool, default: "false",
                meaning: "Entra Conditional Access asks a second factor at the Microsoft sign-ins",
                sources: E.conditionalAccess)
        case .conditionalAccessDeviceGrant:
            SettingDeclaration(
                "conditional_access_device_grant",
                .choice(DeviceGrant.allCases.map(\.rawValue)), default: "none",
                meaning: "a device-based Conditional Access grant on the Microsoft apps' resources; every one is "
                    + "unsupported on Shared iPad", sources: E.conditionalAccess, matrixDimension: true)
        case .conditionalAccessDeviceFilter:
            SettingDeclaration(
                "conditional_access_device_filter", .bool, default: "false",
                meaning: "a Conditional Access policy uses filters for devices (unsupported on Shared iPad)",
                sources: E.conditionalAccess)
        case .intuneAppProtection:
            SettingDeclaration(
                "intune_app_protection", .bool, default: "false",
                meaning: "Intune app protection policies target the apps (unsupported on Shared iPad)",
                sources: E.appLimits)
        }
    }
}

/// What each app of a policy may say, in declaration order.
enum AppleAppKey: Int, DeclaredAppKey {
    static let declaredKeys = DeclaredKeys<Self>()

    case kind
    case license
    case dataLocation
    case sessionSurvivesRelaunch
    case webSignIn

    var declaration: SettingDeclaration {
        switch self {
        case .kind:
            SettingDeclaration(
                "kind", .choice(AppleAppKind.allCases.map(\.rawValue)),
                default: "microsoft_msal",
                meaning: "microsoft_msal: a Microsoft 365 app (one Entra sign-in per partition for all of them); "
                    + "msal_other_publisher: MSAL from another developer; app_credentials: its own login; web: Safari "
                    + "or a web clip; no_login", sources: E.msalSSO + E.isolation)
        case .license:
            SettingDeclaration(
                "license", .choice(AppLicense.allCases.map(\.rawValue)), default: "device",
                meaning:
                    "how Intune assigns it: device-licensed Required (supported), user-licensed or Available (not)",
                sources: E.appLimits)
        case .dataLocation:
            SettingDeclaration(
                "data_location", .choice(DataLocation.allCases.map(\.rawValue)), default: "local",
                meaning: "where the app keeps the user's data: local data does not follow the user to another iPad",
                sources: E.dataRoaming)
        case .sessionSurvivesRelaunch:
            SettingDeclaration(
                "session_survives_relaunch", .bool, default: "true",
                meaning: "the app keeps its sign-in when its process ends", sources: E.partitionKept)
        case .webSignIn:
            SettingDeclaration(
                "web_sign_in", .bool, default: "false",
                meaning: "(web) the user signs in to a site in Safari; the sign-in lasts as long as the session",
                sources: E.guestNoPasscode)
        }
    }
}

/// The values of `device`.
enum AppleDevice: String, CaseIterable {
    case ipad, iphone
}

/// The values of `authentication`.
enum AppleAuthentication: String, CaseIterable {
    case federatedEntra = "federated_entra"
    case apple
}

/// The values of `temporary_sessions`.
enum TemporarySessions: String, CaseIterable {
    case allowed, blocked
}

/// The values of `conditional_access_device_grant`.
enum DeviceGrant: String, CaseIterable {
    case none
    case compliantDevice = "compliant_device"
    case approvedClientApp = "approved_client_app"
    case appProtectionPolicy = "app_protection_policy"
    case perDeviceTermsOfUse = "per_device_terms_of_use"
}

/// The values of the app key `license`.
enum AppLicense: String, CaseIterable {
    case device, user, available
}

/// The values of the app key `data_location`.
enum DataLocation: String, CaseIterable {
    case local, cloud
}
