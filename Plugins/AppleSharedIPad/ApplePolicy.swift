import SSOPolicyProviderKit

/// How an app signs its user in inside a partition.
enum AppleAppKind: Int, Sendable, Hashable {
    case microsoft, otherPublisher, appCredentials, web, noLogin

    static let words = ["microsoft_msal", "msal_other_publisher", "app_credentials", "web", "no_login"]
}

/// One app of a Shared iPad policy, compiled.
struct AppleApp: Sendable, Hashable {
    var kind: AppleAppKind
    var unsupportedLicense: Bool
    var localData: Bool
    var survivesRelaunch: Bool
    var webSignIn: Bool
}

/// A Shared iPad policy compiled into the shape decisions need. Times are seconds.
public struct ApplePolicy: Sendable {
    var unsupportedDevice: Bool
    var federated: Bool
    /// How many partitions the iPad keeps (resident_users, capped by the quota).
    var residentUsers: Int
    var userTimeout: Int
    var guestTimeout: Int
    var autoLock: Int
    var grace: Int
    var graceExplicit: Bool
    var guestsAllowed: Bool
    var temporaryOnly: Bool
    /// OnlineAuthenticationGracePeriod in seconds; nil when unset.
    var onlineAuthGrace: Int?
    var onlineEveryLoginWhenUnset: Bool
    var returnToServiceSupported: Bool
    var sharedDeviceMode: Bool
    var mfa: Bool
    var deviceGrant: Bool
    var deviceFilter: Bool
    var appProtection: Bool
    var caBlocks: Bool
    var lockScreenAnyone: Bool
    var restartToLoginWindow: Bool
    var guestDeletedOnRestart: Bool
    var evictFirstSignedIn: Bool
    var deleteLoggedInLogsOut: Bool
    var inactivityWhileLocked: Bool
    var tokensRetained: Bool
    var ssoPluginPerUser: Bool
    var loginSSOToApps: Bool
    /// AwaitUserConfiguration (iPadOS 17+): after login the iPad waits for MDM's UserConfigured.
    var awaitUserConfiguration = false
    /// Model option `biometric_unlock: available`.
    var biometricUnlock = false
    var apps: [AppleApp]

    /// The grace periods Apple accepts; other values round down.
    static let graceSteps = [0, 60, 300, 900, 3600, 14400]

    static func roundedGrace(_ seconds: Int) -> Int { graceSteps.last { $0 <= seconds } ?? 0 }

    static func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> ApplePolicy? {
        let settings = configuration.settings
        func word(_ key: String) -> String { settings.word(key) }
        var failed = false
        for key in ["user_session_timeout", "temporary_session_timeout"] {
            let value = settings.seconds(key)
            if value > 0 && value < 30 {
                diagnostics.error(
                    "\(key): expected 0 or at least 30s (Apple's minimum), found \(Duration.format(value))",
                    at: settings.position(of: key))
                failed = true
            }
        }
        if settings.seconds("auto_lock_time") < 120 {
            diagnostics.error(
                "auto_lock_time: expected at least 2m (Apple's minimum AutoLockTime), found "
                    + Duration.format(settings.seconds("auto_lock_time")), at: settings.position(of: "auto_lock_time"))
            failed = true
        }
        if failed { return nil }
        let version = settings.version("os_version")
        let major = version.first ?? 0
        let minor = version.count > 1 ? version[1] : 0
        let storage = settings.integer("storage_gb")
        let unsupported =
            word("device") == "iphone" || major < 13 || (major == 13 && minor < 4) || storage < 32
            || !settings.bool("supervised")
        var residents = settings.integer("resident_users")
        let quota = settings.integer("quota_size_mb")
        if quota > 0 {
            let userSpace = Saturating.product(max(0, storage - (storage >= 64 ? 26 : 18)), 1024)
            residents = max(1, min(residents, userSpace / quota))
        }
        // Written, the grace period rounds down to Apple's steps; left out, the model option reads the OS default.
        let graceSetting =
            settings.isExplicit("passcode_lock_grace_period") ? settings["passcode_lock_grace_period"] : nil
        var grace = 0
        if case .seconds(let seconds)? = graceSetting {
            grace = roundedGrace(seconds)
        } else {
            grace = word("passcode_lock_grace_default") == "5m" ? 300 : 0
        }
        var onlineAuthGrace: Int? = nil
        if case .integer(let days)? = settings["online_auth_grace_days"] {
            onlineAuthGrace = Saturating.product(days, 86_400)
        }
        let apps = configuration.apps.map { app in
            AppleApp(
                kind: AppleAppKind(rawValue: AppleAppKind.words.firstIndex(of: app.keys.word("kind")) ?? 0)
                    ?? .microsoft,
                unsupportedLicense: app.keys.word("license") != "device",
                localData: app.keys.word("data_location") == "local",
                survivesRelaunch: app.keys.bool("session_survives_relaunch"),
                webSignIn: app.keys.bool("web_sign_in"))
        }
        let temporaryOnly = settings.bool("temporary_session_only")
        return ApplePolicy(
            unsupportedDevice: unsupported, federated: word("authentication") == "federated_entra",
            residentUsers: residents, userTimeout: settings.seconds("user_session_timeout"),
            guestTimeout: settings.seconds("temporary_session_timeout"),
            autoLock: settings.seconds("auto_lock_time"), grace: grace, graceExplicit: graceSetting != nil,
            guestsAllowed: temporaryOnly || word("temporary_sessions") == "allowed", temporaryOnly: temporaryOnly,
            onlineAuthGrace: onlineAuthGrace,
            onlineEveryLoginWhenUnset: word("online_auth_when_unset") == "every_login",
            returnToServiceSupported: major >= 17, sharedDeviceMode: settings.bool("entra_shared_device_mode"),
            mfa: settings.bool("conditional_access_mfa"),
            deviceGrant: word("conditional_access_device_grant") != "none",
            deviceFilter: settings.bool("conditional_access_device_filter"),
            appProtection: settings.bool("intune_app_protection"), caBlocks: word("unsupported_ca") == "blocks",
            lockScreenAnyone: word("lock_screen_sign_out") == "anyone",
            restartToLoginWindow: word("restart") == "login_window",
            guestDeletedOnRestart: word("guest_on_restart") == "deleted",
            evictFirstSignedIn: word("eviction_order") == "first_signed_in",
            deleteLoggedInLogsOut: word("delete_logged_in_user") == "log_out_then_delete",
            inactivityWhileLocked: word("inactivity_counts_while_locked") == "true",
            tokensRetained: word("m365_tokens_after_sign_out") == "retained",
            ssoPluginPerUser: word("sso_plugin") == "per_user", loginSSOToApps: word("login_sso_to_apps") == "true",
            awaitUserConfiguration: settings.bool("await_user_configuration") && major >= 17,
            biometricUnlock: word("biometric_unlock") == "available", apps: apps)
    }

    /// Findings about the configuration itself (rules M1, M2, M9, M31, M32 and M35 of the model).
    func configurationFindings() -> [PolicyFinding] {
        var findings: [PolicyFinding] = []
        func add(_ finding: AppleFinding, _ key: String? = nil, app: Int? = nil) {
            findings.append(PolicyFinding(finding.id, app: app.map(AppID.init), settingKey: key))
        }
        if unsupportedDevice { add(.unsupportedDevice, "device") }
        if sharedDeviceMode { add(.sdmNotSupported, "entra_shared_device_mode") }
        if temporaryOnly {
            add(.noUserAuthentication, "temporary_session_only")
        } else {
            if userTimeout == 0 { add(.neverExpires, "user_session_timeout") }
            if guestsAllowed { add(.guestAllowed, "temporary_sessions") }
        }
        if guestsAllowed && guestTimeout == 0 {
            add(.neverExpires, "temporary_session_timeout")
        }
        if !temporaryOnly && grace >= 300 { add(.longGrace, "passcode_lock_grace_period") }
        if !temporaryOnly && onlineAuthGrace == nil && !onlineEveryLoginWhenUnset {
            add(.onlineAuthNeverRequired, "online_auth_grace_days")
        }
        if deviceGrant || deviceFilter {
            add(
                .conditionalAccess, deviceGrant ? "conditional_access_device_grant" : "conditional_access_device_filter"
            )
        }
        if appProtection { add(.appProtection, "intune_app_protection") }
        for (index, app) in apps.enumerated() where app.unsupportedLicense { add(.appAssignment, app: index) }
        return findings
    }
}
