import SSOPolicyProviderKit

/// The secure-phase authentication type of an app.
enum AuthenticationType: UInt8, Sendable, Hashable {
    case passcode, usernamePassword, disabled

    init(_ word: String) {
        switch word {
        case "passcode": self = .passcode
        case "username_password": self = .usernamePassword
        default: self = .disabled
        }
    }
}

/// How an app that does not use the SDK asks for its own login (per-app key `own_login`).
enum OwnLogin: UInt8, Sendable, Hashable {
    /// No login: the app opens straight into its content.
    case none
    /// Its own login at every open (launch or foreground).
    case everyOpen
    /// Its own login at a launch; that session lasts until the app is terminated.
    case untilTerminated
    /// Its own login at a launch; that session lasts until the user signs out of the app (it survives the app's
    /// termination and a restart, as an app that restores its sign-in does).
    case untilSignOut

    init(_ word: String) {
        switch word {
        case "none": self = .none
        case "every_open": self = .everyOpen
        case "until_sign_out": self = .untilSignOut
        default: self = .untilTerminated
        }
    }
}

/// One app of a compiled policy: everything `apply` needs, resolved once.
struct AirWatchApp: Sendable, Hashable {
    var authentication: AuthenticationType
    /// SSO asked for in the app's profile (policy `sso` or the app's override).
    var ssoRequested: Bool
    var noAnchorApp: Bool
    var anchorProfileOff: Bool
    var sdkNotInitialized: Bool
    /// Requested and every requirement met.
    var effectiveSSO: Bool
    /// Index into `AirWatchState.stores`: the app's own store, or its cluster's shared store.
    var store: Int
    var clearsDataOnWipe: Bool
    var clearsDataOnUserChange: Bool
    /// The app initialises the SDK; without it the app takes no part in SDK SSO, passcode, wipe or check-out.
    var usesSDK = true
    /// The own login of an app without the SDK.
    var ownLogin = OwnLogin.untilTerminated

    var requirementMissing: Bool { ssoRequested && !effectiveSSO }
}

/// A compiled airwatch-sdk policy: settings resolved into enums and integers, per-app effective SSO and stores.
public struct AirWatchPolicy: Sendable, Hashable {
    var apps: [AirWatchApp]
    /// Stores: one per app (used when SSO is not effective), then one per SSO sharing group.
    var storeCount: Int
    var sharedStoreCount: Int
    var settings: AirWatchSettings
    /// Findings about the configuration itself, worked out once at compile time.
    var findings: [PolicyFinding]
}

/// The settings the rules read, resolved into plain values with no references: the decision context carries a
/// copy, and a context that stays small is cheap to hand to every rule.
struct AirWatchSettings: Sendable, Hashable {
    /// Seconds; 0 = never expires.
    var timeout: Int
    /// 0 = unlimited.
    var maxFailedAttempts: Int
    /// Seconds; 0 = no expiry.
    var maxPasscodeAge: Int
    /// Index into the `credential_method` detail's choices.
    var commonMethod: UInt8
    var managedToken: Bool
    var clearPasscodeOnCheckOut: Bool
    /// An anchor app (Hub or Agent) is installed and enrolled.
    var anchorPresent: Bool

    // Model options (true = the non-seed reading).
    var passcodePerAppSession: Bool
    var passwordPerAppSession: Bool
    var coldLaunchRequiresAuth: Bool
    var enterpriseWipe: Bool
    var timeoutFromBackground: Bool
    var statusLastKnown: Bool
    var reuseCachedCredentials: Bool
    /// `silent_login_token`: false = the seed's reading (the enrolment provides the managed token), true = the
    /// research reading (only managed app configuration does: `managed_token: present`).
    var tokenFromAppConfig: Bool

    var commonIsPassword: Bool { commonMethod == 0 }

    /// Whether each app has an unused one-time managed token for silent login before it first identifies: the
    /// seed's reading, an enrolled device with its anchor app; the research reading, managed app configuration.
    var tokenAvailable: Bool { tokenFromAppConfig ? managedToken : anchorPresent }
}

extension AirWatchPolicy {
    /// Resolves a validated configuration; cross-key problems go to `diagnostics` at the key's position.
    static func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> AirWatchPolicy? {
        let settings = configuration.settings
        let before = diagnostics.errors.count
        let policyAuth = settings.word("authentication")
        let policySSO = settings.word("sso") == "enabled"
        let anchorMissing = settings.word("anchor_app") == "none"
        let anchorProfileOff = settings.word("anchor_profile_sso") == "disabled"
        let allInOneGroup = settings.word("sso_scope") == "all_sso_apps"

        var apps: [AirWatchApp] = []
        var groups: [String: Int] = [:]
        var groupAuth: [Int: (AuthenticationType, Int)] = [:]
        let appCount = configuration.apps.count
        for (index, app) in configuration.apps.enumerated() {
            let keys = app.keys
            let authWord = keys.word("authentication")
            let authentication = AuthenticationType(authWord == "inherit" ? policyAuth : authWord)
            let ssoWord = keys.word("sso")
            let requested = ssoWord == "inherit" ? policySSO : ssoWord == "enabled"
            let notInitialized = !keys.bool("sdk_initialized")
            let ownLogin = OwnLogin(keys.word("own_login"))
            if !notInitialized && keys.isExplicit("own_login") {
                diagnostics.error(
                    "own_login applies only to an app with sdk_initialized: false (an SDK app logs in through the SDK)",
                    at: keys.position(of: "own_login"))
            }
            let effective = requested && !anchorMissing && !anchorProfileOff && !notInitialized
            var store = index
            if effective {
                let group = allInOneGroup ? "" : keys.word("cluster")
                let shared = groups[group] ?? groups.count
                groups[group] = shared
                store = appCount + shared
                if let (otherAuth, otherApp) = groupAuth[shared], otherAuth != authentication {
                    diagnostics.error(
                        "app '\(app.id)' shares an SSO session with '\(configuration.apps[otherApp].id)' but uses "
                            + "a different authentication type; SDK profiles of SSO apps must match",
                        at: keys.isExplicit("authentication") ? keys.position(of: "authentication") : app.position)
                } else {
                    groupAuth[shared] = (authentication, index)
                }
            }
            apps.append(
                AirWatchApp(
                    authentication: authentication, ssoRequested: requested, noAnchorApp: requested && anchorMissing,
                    anchorProfileOff: requested && anchorProfileOff, sdkNotInitialized: requested && notInitialized,
                    effectiveSSO: effective, store: store, clearsDataOnWipe: keys.bool("clears_data_on_wipe"),
                    clearsDataOnUserChange: keys.bool("clears_data_on_user_change"), usesSDK: !notInitialized,
                    ownLogin: ownLogin))
        }

        let usesPasscode = apps.contains { $0.authentication == .passcode }
        let numeric = settings.word("passcode_mode") == "numeric"
        let complex = settings.integer("min_complex_characters")
        let length = settings.integer("min_passcode_length")
        if complex > 0 && numeric {
            diagnostics.error(
                "min_complex_characters applies only to passcode_mode: alphanumeric",
                at: settings.position(of: "min_complex_characters"))
        }
        if length > 0 && complex > length {
            diagnostics.error(
                "min_complex_characters (\(complex)) exceeds min_passcode_length (\(length))",
                at: settings.position(of: "min_complex_characters"))
        }
        if settings.word("biometric") != "none" && !usesPasscode {
            diagnostics.error(
                "biometric unlock needs an app with authentication: passcode", at: settings.position(of: "biometric"))
        }
        guard diagnostics.errors.count == before else { return nil }

        let methods = ["username_password", "token", "saml"]
        let resolved = AirWatchSettings(
            timeout: settings.seconds("authentication_timeout"),
            maxFailedAttempts: max(0, settings.integer("max_failed_attempts")),
            maxPasscodeAge: settings.seconds("max_passcode_age"),
            commonMethod: UInt8(methods.firstIndex(of: settings.word("common_authentication")) ?? 0),
            managedToken: settings.word("managed_token") == "present",
            clearPasscodeOnCheckOut: settings.bool("clear_passcode_on_check_out"), anchorPresent: !anchorMissing,
            passcodePerAppSession: settings.word("passcode_without_sso") == "per_app_session",
            passwordPerAppSession: settings.word("username_password_without_sso") == "per_app_session",
            coldLaunchRequiresAuth: settings.word("cold_launch_requires_auth") == "true",
            enterpriseWipe: settings.word("wipe_scope") == "enterprise_wipe",
            timeoutFromBackground: settings.word("timeout_anchor") == "last_background",
            statusLastKnown: settings.word("sso_status_before_initial_check") == "last_known",
            reuseCachedCredentials: settings.word("identify_without_sso") == "reuse_cached_credentials",
            tokenFromAppConfig: settings.word("silent_login_token") == "managed_app_config")
        return AirWatchPolicy(
            apps: apps, storeCount: appCount + groups.count, sharedStoreCount: groups.count, settings: resolved,
            findings: configurationFindings(configuration, apps: apps))
    }

    /// R1-R5, R9-R11, R14-R17 of the research note: what the configuration alone says.
    private static func configurationFindings(
        _ configuration: PolicyConfiguration, apps: [AirWatchApp]
    ) -> [PolicyFinding] {
        let settings = configuration.settings
        var findings: [PolicyFinding] = []
        func add(_ finding: AirWatchFinding, app: Int? = nil, key: String? = nil) {
            findings.append(PolicyFinding(finding.id, app: app.map(AppID.init), settingKey: key))
        }
        let policyAuth = AuthenticationType(settings.word("authentication"))
        let sdkApps = apps.filter(\.usesSDK)
        let authenticated = sdkApps.contains { $0.authentication != .disabled }
        let usesPasscode = sdkApps.contains { $0.authentication == .passcode }
        let usesPassword = sdkApps.contains { $0.authentication == .usernamePassword }
        if policyAuth == .disabled && sdkApps.contains(where: { $0.authentication == .disabled }) {
            add(.noUserAuthentication, key: "authentication")
        }
        for (index, app) in apps.enumerated()
        where app.usesSDK && app.authentication == .disabled && policyAuth != .disabled {
            add(.noUserAuthentication, app: index)
        }
        for (index, app) in apps.enumerated() where !app.usesSDK {
            add(.appWithoutSDK, app: index)
        }
        let timeout = settings.seconds("authentication_timeout")
        if authenticated && timeout == 0 { add(.sessionNeverExpires, key: "authentication_timeout") }
        if authenticated && timeout > 0 { add(.timeoutNotEnforcedInUse, key: "authentication_timeout") }
        if authenticated && settings.integer("max_failed_attempts") <= 0 {
            add(.unlimitedFailedAttempts, key: "max_failed_attempts")
        }
        if usesPasscode && settings.word("passcode_mode") == "numeric" && settings.bool("allow_simple")
            && settings.integer("min_passcode_length") < 6
        {
            add(.weakPasscode, key: "allow_simple")
        }
        if usesPassword && settings.bool("offline_access") { add(.offlineStalePassword, key: "offline_access") }
        if usesPassword && settings.word("common_authentication") != "username_password" {
            add(.passwordPromptDespiteSAML, key: "common_authentication")
        }
        if usesPasscode && settings.word("biometric") != "none" { add(.biometricPasscodeFallback, key: "biometric") }
        if !settings.bool("compromised_protection") { add(.jailbreakNotBlocked, key: "compromised_protection") }
        if authenticated && timeout > 0 && settings.word("timeout_anchor") == "last_background" {
            add(.backgroundExtendsSession, key: "timeout_anchor")
        }
        for (index, app) in apps.enumerated() where app.requirementMissing {
            let key = app.noAnchorApp ? "anchor_app" : app.anchorProfileOff ? "anchor_profile_sso" : nil
            add(.ssoRequirementMissing, app: index, key: key)
        }
        var sharedStores: [Int] = []
        for (index, app) in apps.enumerated() where app.effectiveSSO && !sharedStores.contains(app.store) {
            sharedStores.append(app.store)
            if sharedStores.count == 2 { add(.ssoClusterSplit, app: index) }
        }
        add(.keychainSurvivesUninstall)
        // The shift change is Hub's check-in and check-out (the provider's handover): the leaving worker's own step.
        add(.noAutomaticCheckIn)
        return findings
    }
}
