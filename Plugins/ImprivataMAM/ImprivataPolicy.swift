import MicrosoftApps
import SSOPolicyProviderKit

/// An App Logout entry's method (Admin > App Logout), plus the Microsoft sign-out and Epic Rover's built-in logout.
enum LogoutMethod: Int, WordChoice, Sendable, Hashable {
    case none, forceQuit, universalLinkCallback, xCallbackURL, interappCallback, clearAppData, clearAppCache, forceStop
    case clearCacheAndStop, msalSharedDevice, epicRover

    static let words = [
        "none", "force_quit", "universal_link_callback", "x_callback_url", "interapp_callback", "clear_app_data",
        "clear_app_cache", "force_stop", "clear_cache_and_stop", "msal_shared_device", "epic_rover",
    ]

    var word: String { Self.words[rawValue] }

    /// The app answers through a callback URL.
    var isCallback: Bool { self == .universalLinkCallback || self == .xCallbackURL || self == .interappCallback }
    /// A custom-scheme callback, which makes iOS ask the user first.
    var isCustomScheme: Bool { self == .xCallbackURL || self == .interappCallback }
    /// Ends the process or empties the cache only.
    var isProcessOnly: Bool {
        self == .forceQuit || self == .forceStop || self == .clearAppCache || self == .clearCacheAndStop
    }
    var iOSOnly: Bool { self == .forceQuit || isCallback }
    var androidOnly: Bool {
        self == .clearAppData || self == .clearAppCache || self == .forceStop || self == .clearCacheAndStop
    }

    /// Whether the method exists on the device's platform: an iOS method on Android (but Universal Link Callback
    /// where `ulc_platforms` reads it as existing there too) or an Android method on iOS does not.
    func exists(onAndroid android: Bool, ulcOnAndroid: Bool) -> Bool {
        android ? !iOSOnly || (ulcOnAndroid && self == .universalLinkCallback) : !androidOnly
    }

    /// Whether the method exists on the platform the settings name, as `ulc_platforms` reads the documents.
    func exists(under settings: SettingValues) -> Bool {
        exists(
            onAndroid: settings.choice(ImprivataSetting.platform, as: Platform.self) == .android,
            ulcOnAndroid: settings.word(ImprivataModelOption.ulcPlatforms) == "ios_and_voalte_android")
    }
}

/// How an app signs its user in.
enum AppLogin: Int, WordChoice, Sendable, Hashable {
    /// Its own login form (autofilled with Password AutoFill).
    case appCredentials
    /// The Microsoft broker (shared device mode when the device is in it).
    case msalSDM
    /// Its own Microsoft sign-in through MSAL, outside the broker's shared device mode (a multiple-account app).
    case msal
    /// A user certificate that MDM user assignment delivers.
    case mdmCertificate
    /// No login: the app opens into its content.
    case none

    static let words = ["app_credentials", "msal_sdm", "msal", "mdm_certificate", "none"]
}

/// How a worker checks a device out (EAM user policy).
enum CheckOutAuth: Int, WordChoice, Sendable, Hashable {
    case badge, badgePIN, badgePassword, badgeFace, password, facePassword

    static let words = ["badge", "badge_pin", "badge_password", "badge_face", "password", "face_password"]

    var usesBadge: Bool { self == .badge || self == .badgePIN || self == .badgePassword || self == .badgeFace }
    var asksPassword: Bool { self == .badgePassword || self == .password || self == .facePassword }
    var hasSecondFactor: Bool { self != .badge }
}

enum DevicePasscode: Int, WordChoice, Sendable, Hashable {
    case perUser, none, staticShared
    static let words = ["per_user", "none", "static_shared"]
}
enum MDMAssignment: Int, WordChoice, Sendable, Hashable {
    case none, assignAndReset, assignOnly
    static let words = ["none", "assign_and_reset", "assign_only"]
}

/// One app of a compiled policy.
struct ImprivataApp: Sendable, Hashable {
    var logout: LogoutMethod
    var login: AppLogin
    var survivesRelaunch: Bool
    /// The app's own logout (callback, Microsoft sign-out) also wipes its data.
    var clearsDataOnLogout: Bool
    var coldStartSafe: Bool
    var notificationsWhenLocked: Bool
    var webSignIn: Bool
    /// The app clears the previous user's data when another user signs in at its own login.
    var clearsDataOnUserChange = false
    /// The app's own login (`login: app_credentials` only) asks at every open: it keeps no sign-in between opens.
    var asksEveryOpen = false

    /// Signs in through the Microsoft broker, or is logged out through it.
    var isMicrosoftShared: Bool { login == .msalSDM || logout == .msalSharedDevice }
}

/// A compiled imprivata-mam policy.
public struct ImprivataPolicy: Sendable, Hashable {
    var apps: [ImprivataApp]
    /// The apps' ids, for step conditions that name an app.
    var appIDs: [String] = []
    var android: Bool
    var checkOutAuth: CheckOutAuth
    var devicePasscode: DevicePasscode
    var clearPasscodeOnCheckIn: Bool
    var autofill: Bool
    var mdmAssignment: MDMAssignment
    var microsoftIntegration: Bool
    /// The device is really in Microsoft shared device mode.
    var deviceInSharedMode: Bool
    var fullyManaged: Bool
    var eraseOnCheckIn: Bool
    var checkInRetries: Int
    var lendingPeriod: Int
    var overdueLostMode: Bool
    var emergencyPIN: Bool
    var forceRecovery: Bool
    /// The devices have a cellular connection (ClearPasscode then reaches a restarted iOS device).
    var cellularData = false
    // Model options.
    var dialogsBlockFirstUse: Bool
    var failCheckInOnLogoutError: Bool
    var forceQuitLogsOut: Bool
    var secondFactorAfterCheckOut: Bool

    /// MAM's Microsoft sign-out runs at check-in: the integration is on and the device is in shared mode (on
    /// Android only as an Intune dedicated device).
    var microsoftSignOutRuns: Bool { microsoftIntegration && deviceInSharedMode && !fullyManaged }
}

extension ImprivataPolicy {
    static func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> ImprivataPolicy? {
        let settings = configuration.settings
        typealias Setting = ImprivataSetting
        typealias AppKey = ImprivataAppKey
        let android = settings.choice(Setting.platform, as: Platform.self) == .android
        func model(_ option: ImprivataModelOption) -> String { settings.word(option) }
        var lending = settings.seconds(Setting.lendingPeriod)
        if !settings.isExplicit(Setting.lendingPeriod) && model(.lendingPeriodDefault) == "36h" { lending = 36 * 3600 }
        var policy = ImprivataPolicy(
            apps: [], android: android,
            checkOutAuth: settings.choice(Setting.checkOutAuth, as: CheckOutAuth.self),
            devicePasscode: settings.choice(Setting.devicePasscode, as: DevicePasscode.self),
            clearPasscodeOnCheckIn: settings.bool(Setting.clearPasscodeOnCheckIn),
            autofill: settings.choice(Setting.passwordAutofill, as: PasswordAutofill.self) == .enabled,
            mdmAssignment: settings.choice(Setting.mdmUserAssignment, as: MDMAssignment.self),
            microsoftIntegration: settings.bool(Setting.microsoftSDMIntegration),
            deviceInSharedMode: settings.bool(Setting.entraSharedDeviceMode),
            fullyManaged: android
                && settings.choice(Setting.androidEnrollment, as: AndroidEnrollment.self) == .fullyManaged,
            eraseOnCheckIn: settings.bool(Setting.eraseOnCheckIn),
            checkInRetries: settings.integer(Setting.checkInRetries), lendingPeriod: lending,
            overdueLostMode: settings.bool(Setting.overdueLostMode),
            emergencyPIN: settings.choice(Setting.emergencyUnlockPIN, as: EmergencyUnlockPIN.self) == .configured,
            forceRecovery: settings.bool(Setting.forceRecovery),
            dialogsBlockFirstUse: model(.unattendedInterappDialogs) == "block_first_use",
            failCheckInOnLogoutError: model(.ulcErrorHandling) == "fail_check_in",
            forceQuitLogsOut: model(.forceQuitEffect) == "logs_out",
            secondFactorAfterCheckOut: model(.autofillSecondFactor) == "after_check_out")
        policy.appIDs = configuration.apps.map(\.id)
        policy.cellularData = settings.bool(Setting.cellularData)
        if policy.autofill {
            if android {
                diagnostics.error(
                    "password_autofill: Enterprise Password AutoFill exists only on iOS (platform: android)",
                    at: settings.position(of: Setting.passwordAutofill))
            } else if settings.choice(Setting.identityProvider, as: IdentityProvider.self) != .eam {
                diagnostics.error(
                    "password_autofill: needs identity_provider: eam (AutoFill serves credentials stored in "
                        + "Imprivata Enterprise Access Management), found '\(settings.word(Setting.identityProvider))'",
                    at: settings.position(of: Setting.passwordAutofill))
            }
        }
        if android && policy.mdmAssignment != .none {
            diagnostics.error(
                "mdm_user_assignment: assigning the device to the user at check-out does not exist for Android",
                at: settings.position(of: Setting.mdmUserAssignment))
        }
        if !android && settings.isExplicit(Setting.androidEnrollment) {
            diagnostics.error(
                "android_enrollment: applies only to platform: android",
                at: settings.position(of: Setting.androidEnrollment)
            )
        }
        let ulcOnAndroid = model(.ulcPlatforms) == "ios_and_voalte_android"
        // By index: a copy of each app (`for app in configuration.apps`) would retain every reference it holds.
        for index in configuration.apps.indices {
            let keys = configuration.apps[index].keys
            let method = keys.choice(AppKey.logoutMethod, as: LogoutMethod.self)
            if android && !method.exists(onAndroid: true, ulcOnAndroid: ulcOnAndroid) {
                diagnostics.error(
                    "logout_method: '\(method.word)' is an iOS logout method; on Android use clear_app_data, "
                        + "clear_app_cache, force_stop or clear_cache_and_stop",
                    at: keys.position(of: AppKey.logoutMethod))
            } else if !android && !method.exists(onAndroid: false, ulcOnAndroid: ulcOnAndroid) {
                diagnostics.error(
                    "logout_method: '\(method.word)' is an Android logout method; on iOS use "
                        + "universal_link_callback, x_callback_url, interapp_callback or force_quit",
                    at: keys.position(of: AppKey.logoutMethod))
            }
            // A catalogued Microsoft app signs in through the broker unless the policy says otherwise.
            let catalog = MicrosoftApp(rawValue: keys.word(AppKey.catalog))
            let login: AppLogin =
                catalog != nil && !keys.isExplicit(AppKey.login)
                ? .msalSDM : keys.choice(AppKey.login, as: AppLogin.self)
            if login == .mdmCertificate && policy.mdmAssignment == .none {
                diagnostics.error(
                    "login: 'mdm_certificate' needs mdm_user_assignment (the certificate comes with the user "
                        + "assignment at check-out)", at: keys.position(of: AppKey.login))
            }
            let clears: Bool
            switch keys.choice(AppKey.appClearsDataOnLogout, as: ClearsDataOnLogout.self) {
            case .yes: clears = true
            case .no: clears = false
            case .methodDefault:
                // The shared catalogue decides for a Microsoft app, as it does under entra-shared-device.
                if let catalog {
                    clears = catalog.clearsDataAtGlobalSignOut(on: android ? .android : .ios)
                } else {
                    clears = !(method == .msalSharedDevice || login == .msalSDM)
                }
            }
            policy.apps.append(
                ImprivataApp(
                    logout: method, login: login,
                    survivesRelaunch: method == .epicRover ? false : keys.bool(AppKey.sessionSurvivesRelaunch),
                    clearsDataOnLogout: clears, coldStartSafe: keys.bool(AppKey.ulcColdStartSafe),
                    notificationsWhenLocked: keys.bool(AppKey.notificationsWhenLocked),
                    webSignIn: keys.bool(AppKey.webSignIn),
                    clearsDataOnUserChange: keys.bool(AppKey.clearsDataOnUserChange),
                    // Only an app's own login asks at every open: for any other login the key changes nothing,
                    // so the policy is the same value (advise plays it once).
                    asksEveryOpen: login == .appCredentials && keys.bool(AppKey.asksEveryOpen)))
        }
        if diagnostics.hasErrors { return nil }
        return policy
    }

    /// The note's configuration-level findings (§3.6), in catalogue order per app.
    func configurationFindings() -> [PolicyFinding] {
        var findings: [PolicyFinding] = []
        for (index, app) in apps.enumerated() {
            let id = AppID(index)
            let coveredByMicrosoft = app.isMicrosoftShared && microsoftSignOutRuns
            // An app that asks its login at every open and clears the last user's data at the next sign-in leaves
            // nothing a logout would end.
            let keepsNothing = app.asksEveryOpen && app.clearsDataOnUserChange
            if app.logout == .none && !coveredByMicrosoft && !keepsNothing {
                findings.append(
                    PolicyFinding(
                        ImprivataFinding.noLogoutMethod.id, app: id, settingKey: ImprivataAppKey.logoutMethod.key))
            }
            if app.logout.isProcessOnly && app.survivesRelaunch && !(app.logout == .forceQuit && forceQuitLogsOut) {
                findings.append(
                    PolicyFinding(
                        ImprivataFinding.logoutMethodDoesNotClearSession.id, app: id,
                        settingKey: ImprivataAppKey.logoutMethod.key))
            }
            if app.logout.isCallback && !app.coldStartSafe {
                findings.append(PolicyFinding(ImprivataFinding.ulcColdStartRace.id, app: id))
            }
            if app.logout.isCustomScheme && dialogsBlockFirstUse {
                findings.append(PolicyFinding(ImprivataFinding.interappDialogBlocksLogout.id, app: id))
            }
            // An erase at check-in leaves no browser session.
            if app.webSignIn && app.login != .none && app.login != .mdmCertificate && !eraseOnCheckIn {
                findings.append(PolicyFinding(ImprivataFinding.browserSessionRemains.id, app: id))
            }
            if app.logout == .msalSharedDevice && !microsoftIntegration {
                findings.append(
                    PolicyFinding(
                        ImprivataFinding.microsoftLogoutWithoutIntegration.id, app: id,
                        settingKey: ImprivataAppKey.logoutMethod.key))
            }
        }
        findings.append(PolicyFinding(ImprivataFinding.noAutomaticCheckIn.id))
        if lendingPeriod == 0 {
            findings.append(
                PolicyFinding(ImprivataFinding.overdueDisabled.id, settingKey: ImprivataSetting.lendingPeriod.key))
        } else if !overdueLostMode {
            findings.append(
                PolicyFinding(
                    ImprivataFinding.overdueWithoutLostMode.id, settingKey: ImprivataSetting.overdueLostMode.key))
        }
        // The staging-user step is unnecessary when check-in erases the device.
        if mdmAssignment == .assignOnly && !eraseOnCheckIn {
            findings.append(
                PolicyFinding(
                    ImprivataFinding.mdmIdentityNotReset.id, settingKey: ImprivataSetting.mdmUserAssignment.key))
        }
        if microsoftIntegration && !(deviceInSharedMode && !fullyManaged) {
            findings.append(
                PolicyFinding(
                    ImprivataFinding.sharedModeNotActive.id, settingKey: ImprivataSetting.entraSharedDeviceMode.key))
        }
        switch devicePasscode {
        case .staticShared:
            findings.append(
                PolicyFinding(ImprivataFinding.staticDevicePasscode.id, settingKey: ImprivataSetting.devicePasscode.key)
            )
        case .none:
            findings.append(
                PolicyFinding(ImprivataFinding.noDevicePasscode.id, settingKey: ImprivataSetting.devicePasscode.key))
        case .perUser:
            if clearPasscodeOnCheckIn { findings.append(PolicyFinding(ImprivataFinding.passcodeOffWhileCheckedIn.id)) }
        }
        if checkInRetries == 0 {
            findings.append(
                PolicyFinding(ImprivataFinding.checkInNotRetried.id, settingKey: ImprivataSetting.checkInRetries.key))
        }
        if emergencyPIN {
            findings.append(
                PolicyFinding(
                    ImprivataFinding.emergencyPINEnabled.id, settingKey: ImprivataSetting.emergencyUnlockPIN.key))
        }
        return findings
    }
}
