import SSOPolicyProviderKit

/// The airwatch-sdk rule table: one case per rule, in table order (a rule's `RuleID` is its position, so the ids
/// suites, docs and coverage name never move: append new rules at the end). Each rule is one value, defined in the
/// namespace of its phase (`AirWatchRules+Identify.swift`, `+Session`, `+Secure`, `+Exposure`, `+Lifecycle`,
/// `+Wipe`, `+Hub`): id, summary, sources, conditions as `AirWatchPredicate`s, its effect, and the examples the rule
/// tests play; the one exhaustive `switch` in `definition` names it, so the compiler checks that every rule is
/// defined.
enum AirWatchRule: Int, RuleSet {
    case identifyRegistered
    case identifyCommonIdentity
    case identifyManagedToken
    case identifyCachedCredentials
    case identifySilentLogin
    case identifyCommonAuth
    case identifyCommonAuthPasscode
    case identifyAppLogin
    case identifyNewIdentitySession
    case ssoRequirementMissing
    case ssoNoAnchorApp
    case ssoAnchorProfile
    case ssoSDKNotInitialized
    case sessionShared
    case sessionNotShared
    case sessionTimeoutExpired
    case secureColdLaunch
    case secureDisabled
    case securePasscodeCreate
    case securePasscodeLive
    case securePasscodeEveryAccess
    case securePasscodePrompt
    case securePasscodeChange
    case secureUsernamePasswordLive
    case secureUsernamePasswordPrompt
    case secureUsernamePasswordEveryAccess
    case secureUsernamePasswordAppSession
    case secureNoRepeatPrompt
    case exposurePreviousSession
    case exposureBehindPrompt
    case exposurePreviousData
    case outsideSDKOpen
    case outsideSDKOwnLogin
    case outsideSDKOwnSession
    case outsideSDKOwnSignOut
    case outsideSDKUntouched
    case statusBeforeInitialCheck
    case statusLastKnown
    case statusEffective
    case lockClearsSession
    case signOutLocksSession
    case signOutKeepsIdentity
    case failedAttemptCount
    case failedAttemptsWipe
    case failedAttemptsEnterpriseWipe
    case wipeAppDataKept
    case logoutWipes
    case checkOutNewUser
    case checkOutClearPasscode
    case checkInDevice
    case checkInClearPasscode
    case checkInDataKept
    case userChangeWipe
    case userChangeAppDataKept
    case terminateProcessEnds
    case terminateSessionExpires
    case terminateDeviceRestart
    case backgroundExtendsSession
    case identifyCheckedOutUser

    static let table = RuleTable<AirWatchRule>()

    var definition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .identifyRegistered: AirWatchIdentifyRules.identifyRegistered
        case .identifyCommonIdentity: AirWatchIdentifyRules.identifyCommonIdentity
        case .identifyManagedToken: AirWatchIdentifyRules.identifyManagedToken
        case .identifyCachedCredentials: AirWatchIdentifyRules.identifyCachedCredentials
        case .identifySilentLogin: AirWatchIdentifyRules.identifySilentLogin
        case .identifyCommonAuth: AirWatchIdentifyRules.identifyCommonAuth
        case .identifyCommonAuthPasscode: AirWatchIdentifyRules.identifyCommonAuthPasscode
        case .identifyAppLogin: AirWatchIdentifyRules.identifyAppLogin
        case .identifyNewIdentitySession: AirWatchIdentifyRules.identifyNewIdentitySession
        case .ssoRequirementMissing: AirWatchSessionRules.ssoRequirementMissing
        case .ssoNoAnchorApp: AirWatchSessionRules.ssoNoAnchorApp
        case .ssoAnchorProfile: AirWatchSessionRules.ssoAnchorProfile
        case .ssoSDKNotInitialized: AirWatchSessionRules.ssoSDKNotInitialized
        case .sessionShared: AirWatchSessionRules.sessionShared
        case .sessionNotShared: AirWatchSessionRules.sessionNotShared
        case .sessionTimeoutExpired: AirWatchSessionRules.sessionTimeoutExpired
        case .secureColdLaunch: AirWatchSessionRules.secureColdLaunch
        case .secureDisabled: AirWatchSecureRules.secureDisabled
        case .securePasscodeCreate: AirWatchSecureRules.securePasscodeCreate
        case .securePasscodeLive: AirWatchSecureRules.securePasscodeLive
        case .securePasscodeEveryAccess: AirWatchSecureRules.securePasscodeEveryAccess
        case .securePasscodePrompt: AirWatchSecureRules.securePasscodePrompt
        case .securePasscodeChange: AirWatchSecureRules.securePasscodeChange
        case .secureUsernamePasswordLive: AirWatchSecureRules.secureUsernamePasswordLive
        case .secureUsernamePasswordPrompt: AirWatchSecureRules.secureUsernamePasswordPrompt
        case .secureUsernamePasswordEveryAccess: AirWatchSecureRules.secureUsernamePasswordEveryAccess
        case .secureUsernamePasswordAppSession: AirWatchSecureRules.secureUsernamePasswordAppSession
        case .secureNoRepeatPrompt: AirWatchSecureRules.secureNoRepeatPrompt
        case .exposurePreviousSession: AirWatchExposureRules.exposurePreviousSession
        case .exposureBehindPrompt: AirWatchExposureRules.exposureBehindPrompt
        case .exposurePreviousData: AirWatchExposureRules.exposurePreviousData
        case .outsideSDKOpen: AirWatchExposureRules.outsideSDKOpen
        case .outsideSDKOwnLogin: AirWatchExposureRules.outsideSDKOwnLogin
        case .outsideSDKOwnSession: AirWatchExposureRules.outsideSDKOwnSession
        case .outsideSDKOwnSignOut: AirWatchExposureRules.outsideSDKOwnSignOut
        case .outsideSDKUntouched: AirWatchExposureRules.outsideSDKUntouched
        case .statusBeforeInitialCheck: AirWatchLifecycleRules.statusBeforeInitialCheck
        case .statusLastKnown: AirWatchLifecycleRules.statusLastKnown
        case .statusEffective: AirWatchLifecycleRules.statusEffective
        case .lockClearsSession: AirWatchLifecycleRules.lockClearsSession
        case .signOutLocksSession: AirWatchLifecycleRules.signOutLocksSession
        case .signOutKeepsIdentity: AirWatchLifecycleRules.signOutKeepsIdentity
        case .terminateProcessEnds: AirWatchLifecycleRules.terminateProcessEnds
        case .terminateSessionExpires: AirWatchLifecycleRules.terminateSessionExpires
        case .terminateDeviceRestart: AirWatchLifecycleRules.terminateDeviceRestart
        case .backgroundExtendsSession: AirWatchLifecycleRules.backgroundExtendsSession
        case .failedAttemptCount: AirWatchWipeRules.failedAttemptCount
        case .failedAttemptsWipe: AirWatchWipeRules.failedAttemptsWipe
        case .failedAttemptsEnterpriseWipe: AirWatchWipeRules.failedAttemptsEnterpriseWipe
        case .wipeAppDataKept: AirWatchWipeRules.wipeAppDataKept
        case .logoutWipes: AirWatchWipeRules.logoutWipes
        case .checkOutNewUser: AirWatchHubRules.checkOutNewUser
        case .checkOutClearPasscode: AirWatchHubRules.checkOutClearPasscode
        case .checkInDevice: AirWatchHubRules.checkInDevice
        case .checkInClearPasscode: AirWatchHubRules.checkInClearPasscode
        case .checkInDataKept: AirWatchHubRules.checkInDataKept
        case .userChangeWipe: AirWatchHubRules.userChangeWipe
        case .userChangeAppDataKept: AirWatchHubRules.userChangeAppDataKept
        case .identifyCheckedOutUser: AirWatchIdentifyRules.identifyCheckedOutUser
        }
    }
}

// MARK: Ordered decisions: the first rule of a list that fires decides.

extension AirWatchRule {
    /// Identify, no step condition given: how silent login could find the user, in the SDK's order.
    static let silentRoutes = DecisionList<AirWatchRule>(
        "identify: silent login routes",
        [.identifyCommonIdentity, .identifyCheckedOutUser, .identifyManagedToken, .identifyCachedCredentials])

    /// Identify after silent login failed: the common authentication system or the app's own login.
    static let identifyPrompt = DecisionList<AirWatchRule>(
        "identify: after silent login failed", [.identifyCommonAuth, .identifyCommonAuthPasscode, .identifyAppLogin])

    /// Where an SDK app's session and passcode live.
    static let sessionScope = DecisionList<AirWatchRule>("session scope", [.sessionShared, .sessionNotShared])

    /// The secure phase of an app with passcode authentication (the seed's table, option C1).
    static let securePasscode = DecisionList<AirWatchRule>(
        "secure: passcode",
        [.securePasscodeCreate, .securePasscodeLive, .securePasscodeEveryAccess, .securePasscodePrompt])

    /// The secure phase of an app with username/password authentication (the seed's table, option C1).
    static let securePassword = DecisionList<AirWatchRule>(
        "secure: username and password",
        [
            .secureUsernamePasswordLive, .secureUsernamePasswordPrompt, .secureUsernamePasswordEveryAccess,
            .secureUsernamePasswordAppSession,
        ])

    /// Whose session the access lands in: another user's, directly or behind that identity's prompt.
    static let exposure = DecisionList<AirWatchRule>(
        "exposure: another user's session", [.exposurePreviousSession, .exposureBehindPrompt])

    /// An open of an app without the SDK: its own session serves it, or its own login is asked.
    static let withoutSDKOpen = DecisionList<AirWatchRule>(
        "open without the SDK", [.outsideSDKOwnSession, .outsideSDKOwnLogin])

    /// `query_sso_status`: before the initial check, or the effective value.
    static let ssoStatus = DecisionList<AirWatchRule>(
        "SSO status query", [.statusBeforeInitialCheck, .statusEffective])

    /// Every ordered decision, as `providers` lists them.
    static let lists = [
        silentRoutes, identifyPrompt, sessionScope, securePasscode, securePassword, exposure, withoutSDKOpen,
        ssoStatus,
    ]

    static let decisionLists = lists.map(\.declaration)
}

// MARK: Settings and facts the examples share.

enum AirWatchExamples {
    static let passcodeSSO = ["authentication": "passcode", "sso": "enabled"]
    static let passcodeOnly = ["authentication": "passcode"]
    static let passwordSSO = ["authentication": "username_password", "sso": "enabled"]
    static let passwordOnly = ["authentication": "username_password"]
    static let passcodeLive = ["passcode_set": "true", "session_live": "true"]
    static let registeredToBob = ["silent_login": "succeeds", "session_live": "true", "session_user": "bob"]
    static let silentFails = ["silent_login": "fails"]
    static let withoutSDK = ["sdk_initialized": "false"]

    static func merged(_ a: [String: String], _ b: [String: String]) -> [String: String] {
        a.merging(b) { _, new in new }
    }
}
