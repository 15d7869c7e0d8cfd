import SSOPolicyProviderKit

/// The secure-phase authentication type of an app: the values of the policy's `authentication`.
enum AuthenticationType: String, Sendable, Hashable, CaseIterable {
    case passcode
    case usernamePassword = "username_password"
    case disabled
}

/// The values of an app's `authentication`: the policy's, or its own.
enum AppAuthentication: String, CaseIterable {
    case inherit
    case passcode
    case usernamePassword = "username_password"
    case disabled

    func resolved(_ policy: AuthenticationType) -> AuthenticationType {
        switch self {
        case .inherit: policy
        case .passcode: .passcode
        case .usernamePassword: .usernamePassword
        case .disabled: .disabled
        }
    }
}

/// The values of `sso` (the policy's and an app's) and `anchor_profile_sso`.
enum SSOChoice: String, CaseIterable {
    case inherit, enabled, disabled
}

/// The values of `common_authentication`, in the order of the `credential_method` detail's choices.
enum CommonAuthentication: String, CaseIterable {
    case usernamePassword = "username_password"
    case token
    case saml

    /// Index into the `credential_method` detail's choices.
    var method: UInt8 {
        switch self {
        case .usernamePassword: 0
        case .token: 1
        case .saml: 2
        }
    }
}

/// The values of `anchor_app`.
enum AnchorApp: String, CaseIterable {
    case hub, agent, none
}

/// The values of `passcode_mode`.
enum PasscodeMode: String, CaseIterable {
    case numeric, alphanumeric
}

/// The values of `biometric`.
enum Biometric: String, CaseIterable {
    case none
    case touchID = "touch_id"
    case faceID = "face_id"
}

/// The values of `managed_token`.
enum ManagedToken: String, CaseIterable {
    case present, absent
}

/// The readings of `silent_login_token`.
enum SilentLoginToken: String, CaseIterable {
    case enrolment
    case managedAppConfig = "managed_app_config"
}

/// The readings of `passcode_without_sso` and `username_password_without_sso`.
enum WithoutSSOPrompting: String, CaseIterable {
    case everyAccess = "every_access"
    case perAppSession = "per_app_session"
}

/// The readings of `cold_launch_requires_auth`.
enum ColdLaunchReading: String, CaseIterable {
    case sessionServes = "false"
    case authenticates = "true"
}

/// The readings of `wipe_scope`.
enum WipeScope: String, CaseIterable {
    case sdkData = "sdk_data"
    case enterpriseWipe = "enterprise_wipe"
}

/// The readings of `timeout_anchor`.
enum TimeoutAnchor: String, CaseIterable {
    case lastAuth = "last_auth"
    case lastBackground = "last_background"
}

/// The readings of `sso_status_before_initial_check`.
enum StatusBeforeInitialCheck: String, CaseIterable {
    case disabled
    case lastKnown = "last_known"
}

/// The readings of `sso_scope`.
enum SSOScope: String, CaseIterable {
    case cluster
    case allSSOApps = "all_sso_apps"
}

/// The readings of `identify_without_sso`.
enum IdentifyWithoutSSO: String, CaseIterable {
    case appLogin = "app_login"
    case reuseCachedCredentials = "reuse_cached_credentials"
}

/// How an app that does not use the SDK asks for its own login (per-app key `own_login`).
enum OwnLogin: String, Sendable, Hashable, CaseIterable {
    /// No login: the app opens straight into its content.
    case none
    /// Its own login at every open (launch or foreground).
    case everyOpen = "every_open"
    /// Its own login at a launch; that session lasts until the app is terminated.
    case untilTerminated = "until_terminated"
    /// Its own login at a launch; that session lasts until the user signs out of the app (it survives the app's
    /// termination and a restart, as an app that restores its sign-in does).
    case untilSignOut = "until_sign_out"
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
    /// What that own login asks: the app's own form, or the Microsoft sign-in of an app signing in with MSAL.
    var ownLoginPrompt = Prompt.appCredentials

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
        let before = diagnostics.errorCount
        let policyAuth = settings.choice(AirWatchSetting.authentication, as: AuthenticationType.self)
        let policySSO = settings.choice(AirWatchSetting.sso, as: SSOChoice.self) == .enabled
        let anchorMissing = settings.choice(AirWatchSetting.anchorApp, as: AnchorApp.self) == AnchorApp.none
        let anchorProfileOff = settings.choice(AirWatchSetting.anchorProfileSSO, as: SSOChoice.self) == .disabled
        let allInOneGroup = settings.choice(AirWatchModelOption.ssoScope, as: SSOScope.self) == .allSSOApps

        var apps: [AirWatchApp] = []
        var groups: [String: Int] = [:]
        var groupAuth: [Int: (AuthenticationType, Int)] = [:]
        let appCount = configuration.apps.count
        // By index: a copy of each app (`for app in configuration.apps`) would retain every reference it holds.
        for index in configuration.apps.indices {
            let keys = configuration.apps[index].keys
            let authentication = keys.choice(AirWatchAppKey.authentication, as: AppAuthentication.self)
                .resolved(policyAuth)
            let requested =
                switch keys.choice(AirWatchAppKey.sso, as: SSOChoice.self) {
                case .inherit: policySSO
                case .enabled: true
                case .disabled: false
                }
            let notInitialized = !keys.bool(AirWatchAppKey.sdkInitialized)
            let ownLogin = keys.choice(AirWatchAppKey.ownLogin, as: OwnLogin.self)
            for key in [AirWatchAppKey.ownLogin, .ownLoginPrompt] where !notInitialized && keys.isExplicit(key) {
                diagnostics.error(
                    "\(key.key) applies only to an app with sdk_initialized: false (an SDK app logs in through the "
                        + "SDK)", at: keys.position(of: key))
            }
            let microsoftSignIn = keys.word(AirWatchAppKey.ownLoginPrompt) == "interactive_sign_in"
            let effective = requested && !anchorMissing && !anchorProfileOff && !notInitialized
            var store = index
            if effective {
                let group = allInOneGroup ? "" : keys.word(AirWatchAppKey.cluster)
                let shared = groups[group] ?? groups.count
                groups[group] = shared
                store = appCount + shared
                if let (otherAuth, otherApp) = groupAuth[shared], otherAuth != authentication {
                    diagnostics.error(
                        "app '\(configuration.apps[index].id)' shares an SSO session with '\(configuration.apps[otherApp].id)' but uses "
                            + "a different authentication type; SDK profiles of SSO apps must match",
                        at: keys.isExplicit(AirWatchAppKey.authentication)
                            ? keys.position(of: AirWatchAppKey.authentication) : configuration.apps[index].position)
                } else {
                    groupAuth[shared] = (authentication, index)
                }
            }
            apps.append(
                AirWatchApp(
                    authentication: authentication, ssoRequested: requested, noAnchorApp: requested && anchorMissing,
                    anchorProfileOff: requested && anchorProfileOff, sdkNotInitialized: requested && notInitialized,
                    effectiveSSO: effective, store: store, clearsDataOnWipe: keys.bool(AirWatchAppKey.clearsDataOnWipe),
                    clearsDataOnUserChange: keys.bool(AirWatchAppKey.clearsDataOnUserChange), usesSDK: !notInitialized,
                    ownLogin: ownLogin, ownLoginPrompt: microsoftSignIn ? .interactiveSignIn : .appCredentials))
        }

        let usesPasscode = apps.contains { $0.authentication == .passcode }
        let numeric = settings.choice(AirWatchSetting.passcodeMode, as: PasscodeMode.self) == .numeric
        let complex = settings.integer(AirWatchSetting.minComplexCharacters)
        let length = settings.integer(AirWatchSetting.minPasscodeLength)
        if complex > 0 && numeric {
            diagnostics.error(
                "min_complex_characters applies only to passcode_mode: alphanumeric",
                at: settings.position(of: AirWatchSetting.minComplexCharacters))
        }
        if length > 0 && complex > length {
            diagnostics.error(
                "min_complex_characters (\(complex)) exceeds min_passcode_length (\(length))",
                at: settings.position(of: AirWatchSetting.minComplexCharacters))
        }
        if settings.choice(AirWatchSetting.biometric, as: Biometric.self) != Biometric.none && !usesPasscode {
            diagnostics.error(
                "biometric unlock needs an app with authentication: passcode",
                at: settings.position(of: AirWatchSetting.biometric))
        }
        guard diagnostics.errorCount == before else { return nil }

        let resolved = AirWatchSettings(
            timeout: settings.seconds(AirWatchSetting.authenticationTimeout),
            maxFailedAttempts: max(0, settings.integer(AirWatchSetting.maxFailedAttempts)),
            maxPasscodeAge: settings.seconds(AirWatchSetting.maxPasscodeAge),
            commonMethod: settings.choice(AirWatchSetting.commonAuthentication, as: CommonAuthentication.self).method,
            managedToken: settings.choice(AirWatchSetting.managedToken, as: ManagedToken.self) == .present,
            clearPasscodeOnCheckOut: settings.bool(AirWatchSetting.clearPasscodeOnCheckOut),
            anchorPresent: !anchorMissing,
            passcodePerAppSession: settings.choice(AirWatchModelOption.passcodeWithoutSSO, as: WithoutSSOPrompting.self)
                == .perAppSession,
            passwordPerAppSession: settings.choice(
                AirWatchModelOption.usernamePasswordWithoutSSO, as: WithoutSSOPrompting.self) == .perAppSession,
            coldLaunchRequiresAuth: settings.choice(
                AirWatchModelOption.coldLaunchRequiresAuth, as: ColdLaunchReading.self)
                == .authenticates,
            enterpriseWipe: settings.choice(AirWatchModelOption.wipeScope, as: WipeScope.self) == .enterpriseWipe,
            timeoutFromBackground: settings.choice(AirWatchModelOption.timeoutAnchor, as: TimeoutAnchor.self)
                == .lastBackground,
            statusLastKnown: settings.choice(
                AirWatchModelOption.ssoStatusBeforeInitialCheck, as: StatusBeforeInitialCheck.self) == .lastKnown,
            reuseCachedCredentials: settings.choice(AirWatchModelOption.identifyWithoutSSO, as: IdentifyWithoutSSO.self)
                == .reuseCachedCredentials,
            tokenFromAppConfig: settings.choice(AirWatchModelOption.silentLoginToken, as: SilentLoginToken.self)
                == .managedAppConfig)
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
        func add(_ finding: AirWatchFinding, app: Int? = nil, key: AirWatchSetting? = nil) {
            findings.append(PolicyFinding(finding.id, app: app.map(AppID.init), settingKey: key?.key))
        }
        let policyAuth = settings.choice(AirWatchSetting.authentication, as: AuthenticationType.self)
        let sdkApps = apps.filter(\.usesSDK)
        let authenticated = sdkApps.contains { $0.authentication != .disabled }
        let usesPasscode = sdkApps.contains { $0.authentication == .passcode }
        let usesPassword = sdkApps.contains { $0.authentication == .usernamePassword }
        if policyAuth == .disabled && sdkApps.contains(where: { $0.authentication == .disabled }) {
            add(.noUserAuthentication, key: .authentication)
        }
        for (index, app) in apps.enumerated()
        where app.usesSDK && app.authentication == .disabled && policyAuth != .disabled {
            add(.noUserAuthentication, app: index)
        }
        for (index, app) in apps.enumerated() where !app.usesSDK {
            add(.appWithoutSDK, app: index)
        }
        let timeout = settings.seconds(AirWatchSetting.authenticationTimeout)
        if authenticated && timeout == 0 { add(.sessionNeverExpires, key: .authenticationTimeout) }
        if authenticated && timeout > 0 { add(.timeoutNotEnforcedInUse, key: .authenticationTimeout) }
        if authenticated && settings.integer(AirWatchSetting.maxFailedAttempts) <= 0 {
            add(.unlimitedFailedAttempts, key: .maxFailedAttempts)
        }
        if usesPasscode && settings.choice(AirWatchSetting.passcodeMode, as: PasscodeMode.self) == .numeric
            && settings.bool(AirWatchSetting.allowSimple) && settings.integer(AirWatchSetting.minPasscodeLength) < 6
        {
            add(.weakPasscode, key: .allowSimple)
        }
        if usesPassword && settings.bool(AirWatchSetting.offlineAccess) {
            add(.offlineStalePassword, key: .offlineAccess)
        }
        if usesPassword
            && settings.choice(AirWatchSetting.commonAuthentication, as: CommonAuthentication.self) != .usernamePassword
        {
            add(.passwordPromptDespiteSAML, key: .commonAuthentication)
        }
        if usesPasscode && settings.choice(AirWatchSetting.biometric, as: Biometric.self) != Biometric.none {
            add(.biometricPasscodeFallback, key: .biometric)
        }
        if !settings.bool(AirWatchSetting.compromisedProtection) {
            add(.jailbreakNotBlocked, key: .compromisedProtection)
        }
        if authenticated && timeout > 0
            && settings.choice(AirWatchModelOption.timeoutAnchor, as: TimeoutAnchor.self) == .lastBackground
        {
            findings.append(
                PolicyFinding(
                    AirWatchFinding.backgroundExtendsSession.id, settingKey: AirWatchModelOption.timeoutAnchor.key))
        }
        for (index, app) in apps.enumerated() where app.requirementMissing {
            let key: AirWatchSetting? = app.noAnchorApp ? .anchorApp : app.anchorProfileOff ? .anchorProfileSSO : nil
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
