import SSOPolicyProviderKit

/// How an app signs its user in inside a partition.
/// The values of the app key `kind`.
enum AppleAppKind: String, CaseIterable, Sendable, Hashable {
    case microsoft = "microsoft_msal"
    case otherPublisher = "msal_other_publisher"
    case appCredentials = "app_credentials"
    case web
    case noLogin = "no_login"
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
public struct ApplePolicy: Sendable, Hashable {
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
        typealias Setting = AppleSetting
        typealias Model = AppleModelOption
        let settings = configuration.settings
        var failed = false
        for key in [Setting.userSessionTimeout, Setting.temporarySessionTimeout] {
            let value = settings.seconds(key)
            if value > 0 && value < 30 {
                diagnostics.error(
                    "\(key.key): expected 0 or at least 30s (Apple's minimum), found \(Duration.format(value))",
                    at: settings.position(of: key))
                failed = true
            }
        }
        if settings.seconds(Setting.autoLockTime) < 120 {
            diagnostics.error(
                "auto_lock_time: expected at least 2m (Apple's minimum AutoLockTime), found "
                    + Duration.format(settings.seconds(Setting.autoLockTime)),
                at: settings.position(of: Setting.autoLockTime))
            failed = true
        }
        if failed { return nil }
        let version = settings.version(Setting.osVersion)
        let major = version.first ?? 0
        let minor = version.count > 1 ? version[1] : 0
        let storage = settings.integer(Setting.storageGB)
        let unsupported =
            settings.choice(Setting.device, as: AppleDevice.self) == .iphone || major < 13 || (major == 13 && minor < 4)
            || storage < 32 || !settings.bool(Setting.supervised)
        var residents = settings.integer(Setting.residentUsers)
        let quota = settings.integer(Setting.quotaSizeMB)
        if quota > 0 {
            let userSpace = Saturating.product(max(0, storage - (storage >= 64 ? 26 : 18)), 1024)
            residents = max(1, min(residents, userSpace / quota))
        }
        // Written, the grace period rounds down to Apple's steps; left out, the model option reads the OS default.
        let graceSetting =
            settings.isExplicit(Setting.passcodeLockGracePeriod) ? settings[Setting.passcodeLockGracePeriod] : nil
        var grace = 0
        if case .seconds(let seconds)? = graceSetting {
            grace = roundedGrace(seconds)
        } else {
            switch settings.choice(Model.passcodeLockGraceDefault, as: GraceDefault.self) {
            case .none: grace = 0
            case .fiveMinutes: grace = 300
            }
        }
        var onlineAuthGrace: Int? = nil
        if case .integer(let days)? = settings[Setting.onlineAuthGraceDays] {
            onlineAuthGrace = Saturating.product(days, 86_400)
        }
        let apps = configuration.apps.map { app in
            AppleApp(
                kind: app.keys.choice(AppleAppKey.kind, as: AppleAppKind.self),
                unsupportedLicense: app.keys.choice(AppleAppKey.license, as: AppLicense.self) != .device,
                localData: app.keys.choice(AppleAppKey.dataLocation, as: DataLocation.self) == .local,
                survivesRelaunch: app.keys.bool(AppleAppKey.sessionSurvivesRelaunch),
                webSignIn: app.keys.bool(AppleAppKey.webSignIn))
        }
        let temporaryOnly = settings.bool(Setting.temporarySessionOnly)
        return ApplePolicy(
            unsupportedDevice: unsupported,
            federated: settings.choice(Setting.authentication, as: AppleAuthentication.self) == .federatedEntra,
            residentUsers: residents, userTimeout: settings.seconds(Setting.userSessionTimeout),
            guestTimeout: settings.seconds(Setting.temporarySessionTimeout),
            autoLock: settings.seconds(Setting.autoLockTime), grace: grace, graceExplicit: graceSetting != nil,
            guestsAllowed: temporaryOnly
                || settings.choice(Setting.temporarySessions, as: TemporarySessions.self) == .allowed,
            temporaryOnly: temporaryOnly, onlineAuthGrace: onlineAuthGrace,
            onlineEveryLoginWhenUnset: settings.choice(Model.onlineAuthWhenUnset, as: OnlineAuthWhenUnset.self)
                == .everyLogin,
            returnToServiceSupported: major >= 17, sharedDeviceMode: settings.bool(Setting.entraSharedDeviceMode),
            mfa: settings.bool(Setting.conditionalAccessMFA),
            deviceGrant: settings.choice(Setting.conditionalAccessDeviceGrant, as: DeviceGrant.self) != .none,
            deviceFilter: settings.bool(Setting.conditionalAccessDeviceFilter),
            appProtection: settings.bool(Setting.intuneAppProtection),
            caBlocks: settings.choice(Model.unsupportedCA, as: UnsupportedCA.self) == .blocks,
            lockScreenAnyone: settings.choice(Model.lockScreenSignOut, as: LockScreenSignOut.self) == .anyone,
            restartToLoginWindow: settings.choice(Model.restart, as: RestartReading.self) == .loginWindow,
            guestDeletedOnRestart: settings.choice(Model.guestOnRestart, as: GuestOnRestart.self) == .deleted,
            evictFirstSignedIn: settings.choice(Model.evictionOrder, as: EvictionOrder.self) == .firstSignedIn,
            deleteLoggedInLogsOut: settings.choice(Model.deleteLoggedInUser, as: DeleteLoggedInUser.self)
                == .logOutThenDelete,
            inactivityWhileLocked: settings.choice(Model.inactivityCountsWhileLocked, as: ModelBool.self) == .yes,
            tokensRetained: settings.choice(Model.m365TokensAfterSignOut, as: TokensAfterSignOut.self) == .retained,
            ssoPluginPerUser: settings.choice(Model.ssoPlugin, as: SSOPluginReading.self) == .perUser,
            loginSSOToApps: settings.choice(Model.loginSSOToApps, as: ModelBool.self) == .yes,
            awaitUserConfiguration: settings.bool(Setting.awaitUserConfiguration) && major >= 17,
            biometricUnlock: settings.choice(Model.biometricUnlock, as: BiometricUnlock.self) == .available,
            apps: apps)
    }

    /// Findings about the configuration itself (rules M1, M2, M9, M31, M32 and M35 of the model).
    func configurationFindings() -> [PolicyFinding] {
        var findings: [PolicyFinding] = []
        func add(_ finding: AppleFinding, _ setting: AppleSetting? = nil, app: Int? = nil) {
            findings.append(PolicyFinding(finding.id, app: app.map(AppID.init), settingKey: setting?.key))
        }
        if unsupportedDevice { add(.unsupportedDevice, .device) }
        if sharedDeviceMode { add(.sdmNotSupported, .entraSharedDeviceMode) }
        if temporaryOnly {
            add(.noUserAuthentication, .temporarySessionOnly)
        } else {
            if userTimeout == 0 { add(.neverExpires, .userSessionTimeout) }
            if guestsAllowed { add(.guestAllowed, .temporarySessions) }
        }
        if guestsAllowed && guestTimeout == 0 {
            add(.neverExpires, .temporarySessionTimeout)
        }
        if !temporaryOnly && grace >= 300 { add(.longGrace, .passcodeLockGracePeriod) }
        if !temporaryOnly && onlineAuthGrace == nil && !onlineEveryLoginWhenUnset {
            add(.onlineAuthNeverRequired, .onlineAuthGraceDays)
        }
        if deviceGrant || deviceFilter {
            add(
                .conditionalAccess, deviceGrant ? .conditionalAccessDeviceGrant : .conditionalAccessDeviceFilter
            )
        }
        if appProtection { add(.appProtection, .intuneAppProtection) }
        for (index, app) in apps.enumerated() where app.unsupportedLicense { add(.appAssignment, app: index) }
        return findings
    }
}
