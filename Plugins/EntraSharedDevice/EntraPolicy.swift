import MicrosoftApps
import SSOPolicyProviderKit

/// The platform the fleet runs; MSAL's shared-mode behaviour differs between the two (research §1, §3, §6).
enum EntraPlatform: String, Sendable, Hashable {
    case ios, android
}

/// A device requirement of shared mode, named so a trace or a finding can say which one is missing.
enum EntraModeRequirement: Sendable, Hashable {
    case osVersion, authenticator, ssoExtension

    /// The setting a user changes to satisfy the requirement (the position of configuration findings).
    var setting: EntraSetting {
        switch self {
        case .osVersion: .osVersion
        case .authenticator: .authenticator
        case .ssoExtension: .ssoExtension
        }
    }
}

/// How one app takes part, decided once at compile time so `apply` only switches on it.
enum EntraAppMode: Sendable, Hashable {
    /// Broker-enabled MSAL on a shared-mode device: global sign-in and sign-out.
    case shared
    /// Broker-enabled MSAL on a device that is not in shared mode: per-app sessions (research §0.4, §7).
    case defaultMode
    /// Not MSAL or broker disabled: the app's own login and session in any device mode (R12, R15).
    case notAware
    /// Android multiple-account app on a shared device: `multiple_account_pca_init_fail_on_shared_device` (§6).
    case initFails
}

/// How long the own login of an app that is not shared-device aware lasts (app key `own_login`).
enum EntraOwnLogin: String, Sendable, Hashable {
    /// No login: the app opens straight into its content, for whoever holds the device.
    case none
    /// Its own login at every open.
    case everyOpen = "every_open"
    /// Its own login at a launch; the session lasts until the app is terminated.
    case untilTerminated = "until_terminated"
    /// Its own login, restored after termination and a restart, until the user signs out of the app.
    case untilSignOut = "until_sign_out"
}

/// How an app uses MSAL (app key `msal`).
enum EntraMSAL: String, Sendable, Hashable {
    case singleAccount = "single_account"
    case multipleAccount = "multiple_account"
    case notMSAL = "none"
}

/// One app's compiled keys: its MSAL shape and the duties a shared-device app must perform (research §0.5).
struct EntraAppPolicy: Sendable, Hashable {
    var msal: EntraMSAL
    var brokerEnabled: Bool
    var checksCurrentAccount: Bool
    var comparesAccountIDs: Bool
    var clearsData: Bool
    var listener: Bool
    var signoutFromBrowser: Bool
    var cachesAccessTokens: Bool
    var mode: EntraAppMode
    /// The Microsoft app this is, if the policy names one by `catalog:`.
    var catalog: EntraCatalogApp?
    /// Android: an app that is not shared-device aware, listed in Intune's "Clear local data in apps not optimized
    /// for Shared device mode" (`clears_data_on_user_change: true` written for it): Intune clears its local data at
    /// every global sign-out.
    var intuneClearsLocalData = false
    /// An app that is not shared-device aware: how long its own login lasts.
    var ownLogin: EntraOwnLogin = .untilSignOut

    /// Broker-enabled MSAL: the app can see the device mode and the global account.
    var isAware: Bool { msal != .notMSAL && brokerEnabled }
    var isMultipleAccount: Bool { msal == .multipleAccount }
}

/// The device-wide part of a compiled policy: the platform, the device mode with its reason, and the model's
/// readings. A plain value without references, so a decision's context copies it for nothing.
struct EntraDevicePolicy: Sendable, Hashable {
    var platform: EntraPlatform
    /// `shared_device_mode: true`: the policy intends shared mode.
    var sharedRequested: Bool
    var osSupported: Bool
    var authenticatorInstalled: Bool
    /// The iOS Enterprise SSO plug-in is configured; always true on Android, which has no such profile.
    var ssoExtensionReady: Bool
    /// The first device requirement that fails, if any (whether or not shared mode was asked for).
    var missingRequirement: EntraModeRequirement?
    /// Shared mode is configured and every device requirement holds.
    var deviceShared: Bool
    /// An interactive sign-in goes through the broker, which then holds the account: Authenticator on Android;
    /// on iOS the SSO extension or, without it, the Authenticator app itself (MSAL's URL broker route, research §3).
    var brokerReachable: Bool
    /// Silent requests reach the broker (Authenticator, plus the SSO extension on iOS: without the extension MSAL
    /// iOS serves silent calls from the app's local cache only, research §3): broker SSO in default mode.
    var brokerSilentSSO: Bool
    /// Model options (spec 5.3), seed reading first.
    var secondUserServed: Bool
    var safariKeptUnlessSignout: Bool
    var notifyOnSignIn: Bool
    var localRefreshTokenFallback: Bool
    var minimumIOSMajor: Int
    /// iOS: Safari takes part in the SSO plug-in's SSO (not in AppBlockList).
    var safariPluginSSO: Bool = true
    /// Conditional Access sign-in frequency in seconds (0 = not configured).
    var signInFrequency: Int = 0
    /// Android: Managed Home Screen's automatic sign-out after `inactivityDelay` seconds idle.
    var mhsAutoSignOut: Bool = false
    var inactivityDelay: Int = 300
    /// Android: Managed Home Screen's sign-in and session PIN (`EntraManagedHomeScreen`).
    var mhs = EntraManagedHomeScreenPolicy()

    var isIOS: Bool { platform == .ios }
}

/// A compiled `entra-shared-device` policy: the device's settings resolved into flags (the device mode computed once
/// with the reason), and each app's keys.
public struct EntraPolicy: Sendable, Hashable {
    var device: EntraDevicePolicy
    var apps: [EntraAppPolicy]
}

extension EntraPolicy {
    /// Android's documented floor for shared device mode (entra-docs `msal-android-shared-devices.md`).
    static let minimumAndroidMajor = 8

    /// Resolves the validated configuration; cross-key contradictions become positioned errors or warnings.
    static func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> EntraPolicy? {
        let settings = configuration.settings
        let platform = settings.choice(EntraSetting.platform, as: EntraPlatform.self)
        let minimumIOS = settings.word(EntraModelOption.minIOSVersion) == "13" ? 13 : 14
        let floor = platform == .ios ? minimumIOS : minimumAndroidMajor
        let version = settings.version(EntraSetting.osVersion)
        let osSupported = !version.lexicographicallyPrecedes([floor])
        let authenticator = settings.word(EntraSetting.authenticator) == "installed"
        let extensionReady = platform == .android || settings.word(EntraSetting.ssoExtension) == "enabled"
        var missing: EntraModeRequirement?
        if !osSupported {
            missing = .osVersion
        } else if !authenticator {
            missing = .authenticator
        } else if !extensionReady {
            missing = .ssoExtension
        }
        let requested = settings.bool(EntraSetting.sharedDeviceMode)
        let deviceShared = requested && missing == nil
        if platform == .android {
            let iosOnly: [any SettingKey] = [
                EntraSetting.ssoExtension, EntraModelOption.minIOSVersion, EntraModelOption.iosSecondUserSignIn,
                EntraModelOption.safariSignOut, EntraModelOption.localRTFallback, EntraSetting.safariSSO,
            ]
            for key in iosOnly where settings.isExplicit(key) {
                diagnostics.warning(
                    "'\(key.key)' applies only to iOS; it is ignored on Android", at: settings.position(of: key))
            }
        }
        if platform == .ios {
            for key in [EntraSetting.mhsAutoSignOut, .mhsInactiveSignOutDelay] where settings.isExplicit(key) {
                diagnostics.warning(
                    "'\(key.key)' applies only to Android (Managed Home Screen); it is ignored on iOS",
                    at: settings.position(of: key))
            }
        }
        var apps: [EntraAppPolicy] = []
        var valid = true
        // By index: a copy of each app (`for app in configuration.apps`) would retain every reference it holds.
        for index in configuration.apps.indices {
            let keys = configuration.apps[index].keys
            let catalog = EntraCatalogApp(rawValue: keys.word(EntraAppKey.catalog))
            if let catalog {
                for key in [EntraAppKey.msal, .brokerEnabled] where keys.isExplicit(key) {
                    let listed = key == .msal ? keys.word(key) == EntraMSAL.singleAccount.rawValue : keys.bool(key)
                    if !listed {
                        diagnostics.warning(
                            "app '\(configuration.apps[index].id)': '\(key.key)' contradicts 'catalog: \(catalog.rawValue)' (a broker-enabled "
                                + "single-account MSAL app); the key written here wins",
                            at: keys.position(of: key))
                    }
                }
            }
            let msal = keys.choice(EntraAppKey.msal, as: EntraMSAL.self)
            if msal == .notMSAL && keys.isExplicit(EntraAppKey.brokerEnabled) && keys.bool(EntraAppKey.brokerEnabled) {
                diagnostics.error(
                    "app '\(configuration.apps[index].id)': 'broker_enabled: true' needs an MSAL app, but 'msal' is 'none'",
                    at: keys.position(of: EntraAppKey.brokerEnabled))
                valid = false
            }
            if platform == .android && keys.isExplicit(EntraAppKey.signoutFromBrowser) {
                diagnostics.warning(
                    "app '\(configuration.apps[index].id)': 'signout_from_browser' applies only to iOS (Safari); it is ignored on Android",
                    at: keys.position(of: EntraAppKey.signoutFromBrowser))
            }
            // A catalogued Microsoft app clears the previous user's data as the shared catalogue says, unless the
            // policy writes the key itself.
            var clearsData = keys.bool(EntraAppKey.clearsDataOnUserChange)
            if let catalog, !keys.isExplicit(EntraAppKey.clearsDataOnUserChange) {
                clearsData = catalog.clearsDataAtGlobalSignOut(on: platform == .ios ? .ios : .android)
            }
            var policy = EntraAppPolicy(
                msal: msal, brokerEnabled: keys.bool(EntraAppKey.brokerEnabled),
                checksCurrentAccount: keys.bool(EntraAppKey.checksCurrentAccount),
                comparesAccountIDs: keys.bool(EntraAppKey.comparesAccountIDs),
                clearsData: clearsData,
                listener: keys.bool(EntraAppKey.accountChangeListener),
                signoutFromBrowser: keys.bool(EntraAppKey.signoutFromBrowser),
                cachesAccessTokens: keys.bool(EntraAppKey.cachesAccessTokens), mode: .notAware, catalog: catalog)
            policy.ownLogin = keys.choice(EntraAppKey.ownLogin, as: EntraOwnLogin.self)
            if !policy.isAware {
                policy.mode = .notAware
                policy.intuneClearsLocalData =
                    platform == .android && keys.isExplicit(EntraAppKey.clearsDataOnUserChange) && clearsData
            } else if !deviceShared {
                policy.mode = .defaultMode
            } else if platform == .android && policy.isMultipleAccount {
                policy.mode = .initFails
            } else {
                policy.mode = .shared
            }
            apps.append(policy)
        }
        guard valid else { return nil }
        var device = EntraDevicePolicy(
            platform: platform, sharedRequested: requested, osSupported: osSupported,
            authenticatorInstalled: authenticator, ssoExtensionReady: extensionReady, missingRequirement: missing,
            deviceShared: deviceShared, brokerReachable: authenticator,
            brokerSilentSSO: authenticator && extensionReady,
            secondUserServed: settings.word(EntraModelOption.iosSecondUserSignIn) == "served_existing_session",
            safariKeptUnlessSignout: settings.word(EntraModelOption.safariSignOut)
                == "kept_unless_signout_from_browser",
            notifyOnSignIn: settings.word(EntraModelOption.accountChangeNotification) == "sign_in_and_sign_out",
            localRefreshTokenFallback: settings.word(EntraModelOption.localRTFallback) == "used",
            minimumIOSMajor: minimumIOS, safariPluginSSO: settings.word(EntraSetting.safariSSO) != "blocked",
            signInFrequency: settings.seconds(EntraSetting.signInFrequency),
            mhsAutoSignOut: platform == .android && settings.bool(EntraSetting.mhsAutoSignOut),
            inactivityDelay: max(settings.seconds(EntraSetting.mhsInactiveSignOutDelay), 1))
        EntraManagedHomeScreen.compile(settings, into: &device, diagnostics: &diagnostics)
        return EntraPolicy(device: device, apps: apps)
    }
}
