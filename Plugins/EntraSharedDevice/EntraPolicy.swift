import MicrosoftApps
import SSOPolicyProviderKit

/// The platform the fleet runs; MSAL's shared-mode behaviour differs between the two (research §1, §3, §6).
public enum EntraPlatform: Sendable, Hashable {
    case ios, android
}

/// A device requirement of shared mode, named so a trace or a finding can say which one is missing.
public enum EntraModeRequirement: Sendable, Hashable {
    case osVersion, authenticator, ssoExtension

    /// The setting a user changes to satisfy the requirement (the position of configuration findings).
    var settingKey: String {
        switch self {
        case .osVersion: return "os_version"
        case .authenticator: return "authenticator"
        case .ssoExtension: return "sso_extension"
        }
    }
}

/// How one app takes part, decided once at compile time so `apply` only switches on it.
public enum EntraAppMode: Sendable, Hashable {
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
public enum EntraOwnLogin: Sendable, Hashable {
    /// No login: the app opens straight into its content, for whoever holds the device.
    case none
    /// Its own login at every open.
    case everyOpen
    /// Its own login at a launch; the session lasts until the app is terminated.
    case untilTerminated
    /// Its own login, restored after termination and a restart, until the user signs out of the app.
    case untilSignOut
}

/// How an app uses MSAL (app key `msal`).
public enum EntraMSAL: Sendable, Hashable {
    case singleAccount, multipleAccount, notMSAL
}

/// One app's compiled keys: its MSAL shape and the duties a shared-device app must perform (research §0.5).
public struct EntraAppPolicy: Sendable, Hashable {
    public var msal: EntraMSAL
    public var brokerEnabled: Bool
    public var checksCurrentAccount: Bool
    public var comparesAccountIDs: Bool
    public var clearsData: Bool
    public var listener: Bool
    public var signoutFromBrowser: Bool
    public var cachesAccessTokens: Bool
    public var mode: EntraAppMode
    /// The Microsoft app this is, if the policy names one by `catalog:`.
    public var catalog: EntraCatalogApp?
    /// Android: an app that is not shared-device aware, listed in Intune's "Clear local data in apps not optimized
    /// for Shared device mode" (`clears_data_on_user_change: true` written for it): Intune clears its local data at
    /// every global sign-out.
    public var intuneClearsLocalData = false
    /// An app that is not shared-device aware: how long its own login lasts.
    public var ownLogin: EntraOwnLogin = .untilSignOut

    /// Broker-enabled MSAL: the app can see the device mode and the global account.
    public var isAware: Bool { msal != .notMSAL && brokerEnabled }
    public var isMultipleAccount: Bool { msal == .multipleAccount }
}

/// The device-wide part of a compiled policy: the platform, the device mode with its reason, and the model's
/// readings. A plain value without references, so a decision's context copies it for nothing.
public struct EntraDevicePolicy: Sendable, Hashable {
    public internal(set) var platform: EntraPlatform
    /// `shared_device_mode: true`: the policy intends shared mode.
    public internal(set) var sharedRequested: Bool
    public internal(set) var osSupported: Bool
    public internal(set) var authenticatorInstalled: Bool
    /// The iOS Enterprise SSO plug-in is configured; always true on Android, which has no such profile.
    public internal(set) var ssoExtensionReady: Bool
    /// The first device requirement that fails, if any (whether or not shared mode was asked for).
    public internal(set) var missingRequirement: EntraModeRequirement?
    /// Shared mode is configured and every device requirement holds.
    public internal(set) var deviceShared: Bool
    /// An interactive sign-in goes through the broker, which then holds the account: Authenticator on Android;
    /// on iOS the SSO extension or, without it, the Authenticator app itself (MSAL's URL broker route, research §3).
    public internal(set) var brokerReachable: Bool
    /// Silent requests reach the broker (Authenticator, plus the SSO extension on iOS: without the extension MSAL
    /// iOS serves silent calls from the app's local cache only, research §3): broker SSO in default mode.
    public internal(set) var brokerSilentSSO: Bool
    /// Model options (spec 5.3), seed reading first.
    public internal(set) var secondUserServed: Bool
    public internal(set) var safariKeptUnlessSignout: Bool
    public internal(set) var notifyOnSignIn: Bool
    public internal(set) var localRefreshTokenFallback: Bool
    public internal(set) var minimumIOSMajor: Int
    /// iOS: Safari takes part in the SSO plug-in's SSO (not in AppBlockList).
    public internal(set) var safariPluginSSO: Bool = true
    /// Conditional Access sign-in frequency in seconds (0 = not configured).
    public internal(set) var signInFrequency: Int = 0
    /// Android: Managed Home Screen's automatic sign-out after `inactivityDelay` seconds idle.
    public internal(set) var mhsAutoSignOut: Bool = false
    public internal(set) var inactivityDelay: Int = 300
    /// Android: Managed Home Screen's sign-in and session PIN (`EntraManagedHomeScreen`).
    public internal(set) var mhs = EntraManagedHomeScreenPolicy()

    public var isIOS: Bool { platform == .ios }
}

/// A compiled `entra-shared-device` policy: the device's settings resolved into flags (the device mode computed once
/// with the reason), and each app's keys.
public struct EntraPolicy: Sendable, Hashable {
    public internal(set) var device: EntraDevicePolicy
    public internal(set) var apps: [EntraAppPolicy]
}

extension EntraPolicy {
    /// Android's documented floor for shared device mode (entra-docs `msal-android-shared-devices.md`).
    static let minimumAndroidMajor = 8

    /// Resolves the validated configuration; cross-key contradictions become positioned errors or warnings.
    static func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> EntraPolicy? {
        let settings = configuration.settings
        let platform: EntraPlatform = settings.word("platform") == "android" ? .android : .ios
        let minimumIOS = settings.word("min_ios_version") == "13" ? 13 : 14
        let floor = platform == .ios ? minimumIOS : minimumAndroidMajor
        let version = settings.version("os_version")
        let osSupported = !version.lexicographicallyPrecedes([floor])
        let authenticator = settings.word("authenticator") == "installed"
        let extensionReady = platform == .android || settings.word("sso_extension") == "enabled"
        var missing: EntraModeRequirement?
        if !osSupported {
            missing = .osVersion
        } else if !authenticator {
            missing = .authenticator
        } else if !extensionReady {
            missing = .ssoExtension
        }
        let requested = settings.bool("shared_device_mode")
        let deviceShared = requested && missing == nil
        if platform == .android {
            for key in [
                "sso_extension", "min_ios_version", "ios_second_user_sign_in", "safari_sign_out",
                "local_rt_fallback", "safari_sso",
            ] where settings.isExplicit(key) {
                diagnostics.warning(
                    "'\(key)' applies only to iOS; it is ignored on Android", at: settings.position(of: key))
            }
        }
        if platform == .ios {
            for key in ["mhs_auto_sign_out", "mhs_inactive_sign_out_delay"] where settings.isExplicit(key) {
                diagnostics.warning(
                    "'\(key)' applies only to Android (Managed Home Screen); it is ignored on iOS",
                    at: settings.position(of: key))
            }
        }
        var apps: [EntraAppPolicy] = []
        var valid = true
        for app in configuration.apps {
            let keys = app.keys
            let catalog = EntraCatalogApp(rawValue: keys.word("catalog"))
            if let catalog {
                for key in ["msal", "broker_enabled"] where keys.isExplicit(key) {
                    let listed = key == "msal" ? keys.word(key) == "single_account" : keys.bool(key)
                    if !listed {
                        diagnostics.warning(
                            "app '\(app.id)': '\(key)' contradicts 'catalog: \(catalog.rawValue)' (a broker-enabled "
                                + "single-account MSAL app); the key written here wins",
                            at: keys.position(of: key))
                    }
                }
            }
            let msal: EntraMSAL
            switch keys.word("msal") {
            case "none": msal = .notMSAL
            case "multiple_account": msal = .multipleAccount
            default: msal = .singleAccount
            }
            if msal == .notMSAL && keys.isExplicit("broker_enabled") && keys.bool("broker_enabled") {
                diagnostics.error(
                    "app '\(app.id)': 'broker_enabled: true' needs an MSAL app, but 'msal' is 'none'",
                    at: keys.position(of: "broker_enabled"))
                valid = false
            }
            if platform == .android && keys.isExplicit("signout_from_browser") {
                diagnostics.warning(
                    "app '\(app.id)': 'signout_from_browser' applies only to iOS (Safari); it is ignored on Android",
                    at: keys.position(of: "signout_from_browser"))
            }
            // A catalogued Microsoft app clears the previous user's data as the shared catalogue says, unless the
            // policy writes the key itself.
            var clearsData = keys.bool("clears_data_on_user_change")
            if let catalog, !keys.isExplicit("clears_data_on_user_change") {
                clearsData = catalog.clearsDataAtGlobalSignOut(on: platform == .ios ? .ios : .android)
            }
            var policy = EntraAppPolicy(
                msal: msal, brokerEnabled: keys.bool("broker_enabled"),
                checksCurrentAccount: keys.bool("checks_current_account"),
                comparesAccountIDs: keys.bool("compares_account_ids"),
                clearsData: clearsData,
                listener: keys.bool("account_change_listener"),
                signoutFromBrowser: keys.bool("signout_from_browser"),
                cachesAccessTokens: keys.bool("caches_access_tokens"), mode: .notAware, catalog: catalog)
            switch keys.word("own_login") {
            case "none": policy.ownLogin = .none
            case "every_open": policy.ownLogin = .everyOpen
            case "until_terminated": policy.ownLogin = .untilTerminated
            default: policy.ownLogin = .untilSignOut
            }
            if !policy.isAware {
                policy.mode = .notAware
                policy.intuneClearsLocalData =
                    platform == .android && keys.isExplicit("clears_data_on_user_change") && clearsData
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
            secondUserServed: settings.word("ios_second_user_sign_in") == "served_existing_session",
            safariKeptUnlessSignout: settings.word("safari_sign_out") == "kept_unless_signout_from_browser",
            notifyOnSignIn: settings.word("account_change_notification") == "sign_in_and_sign_out",
            localRefreshTokenFallback: settings.word("local_rt_fallback") == "used", minimumIOSMajor: minimumIOS,
            safariPluginSSO: settings.word("safari_sso") != "blocked",
            signInFrequency: settings.seconds("sign_in_frequency"),
            mhsAutoSignOut: platform == .android && settings.bool("mhs_auto_sign_out"),
            inactivityDelay: max(settings.seconds("mhs_inactive_sign_out_delay"), 1))
        EntraManagedHomeScreen.compile(settings, into: &device, diagnostics: &diagnostics)
        return EntraPolicy(device: device, apps: apps)
    }
}
