import SSOPolicyProviderKit

/// The Entra rule table: one case per rule, in table order (a rule's id is its position, so never reorder or
/// remove a case; add new ones at the end). The definitions live by phase: `EntraModeRules` (device mode, apps
/// that are not shared-device aware, getDeviceInformation), `EntraCurrentAccountRules`, `EntraSignInRules`,
/// `EntraDefaultModeRules`, `EntraSignOutRules` and `EntraLifecycleRules` (Safari, termination).
enum EntraRule: Int, RuleSet {
    case modeShared
    case modeRequirementMissing
    case appNotAware
    case appOwnSignIn
    case appLocalSessionReused
    case androidMultipleAccountInitFails
    case iosMultipleAccountUnsupported
    case currentAccountChanged
    case currentAccountNotChecked
    case onlyNilCheck
    case dataCleared
    case dataNotCleared
    case signInGlobal
    case signInSilentReuse
    case previousUserServed
    case iosSecondUserRejected
    case androidSecondUserRefused
    case localRefreshTokenFallback
    case notificationOnSignIn
    case signOutGlobal
    case signOutBrokerFailed
    case signOutDataCleared
    case signOutDataKept
    case browserKept
    case browserSignedOut
    case signOutNotCovered
    case signOutCachedAccessTokens
    case signOutAppOnly
    case otherAppsStaySignedIn
    case defaultAppSessionReused
    case defaultBrokerSSO
    case defaultSignIn
    case deviceInfoReported
    case deviceInfoUnavailable
    case browserWebSSO
    case browserSignIn
    case accountSurvivesTermination
    case iosSignInServedExisting
    case authenticatorBrokerRoute
    case dataPreviousUserVisible
    case browserPluginSSO
    case signInFrequencyReauthenticate
    case signInFrequencyOtherUserStopped
    case mhsInactivitySignOut
    case intuneClearsLocalData
    case mhsSignIn
    case mhsSessionPINCreated
    case mhsScreensaverSkippable
    case mhsScreensaverLocks
    case mhsSessionPINResume
    case mhsPINAttemptsSignOut
    case mhsSessionPINStopsOtherUser
    case mhsInactivitySignOutMHSOnly
    case mhsRestartSignInAgain
    case mhsRestartSignsOut

    static let table = RuleTable<EntraRule>()

    /// Every rule's definition, from the phase that states it: one exhaustive `switch`, so the compiler checks that
    /// every rule is defined.
    var definition: RuleDefinition<EntraPredicate> {
        switch self {
        case .modeShared: EntraModeRules.modeShared
        case .modeRequirementMissing: EntraModeRules.modeRequirementMissing
        case .appNotAware: EntraModeRules.appNotAware
        case .appOwnSignIn: EntraModeRules.appOwnSignIn
        case .appLocalSessionReused: EntraModeRules.appLocalSessionReused
        case .androidMultipleAccountInitFails: EntraModeRules.androidMultipleAccountInitFails
        case .iosMultipleAccountUnsupported: EntraModeRules.iosMultipleAccountUnsupported
        case .currentAccountChanged: EntraCurrentAccountRules.currentAccountChanged
        case .currentAccountNotChecked: EntraCurrentAccountRules.currentAccountNotChecked
        case .onlyNilCheck: EntraCurrentAccountRules.onlyNilCheck
        case .dataCleared: EntraCurrentAccountRules.dataCleared
        case .dataNotCleared: EntraCurrentAccountRules.dataNotCleared
        case .signInGlobal: EntraSignInRules.signInGlobal
        case .signInSilentReuse: EntraSignInRules.signInSilentReuse
        case .previousUserServed: EntraSignInRules.previousUserServed
        case .iosSecondUserRejected: EntraSignInRules.iosSecondUserRejected
        case .androidSecondUserRefused: EntraSignInRules.androidSecondUserRefused
        case .localRefreshTokenFallback: EntraSignInRules.localRefreshTokenFallback
        case .notificationOnSignIn: EntraSignInRules.notificationOnSignIn
        case .signOutGlobal: EntraSignOutRules.signOutGlobal
        case .signOutBrokerFailed: EntraSignOutRules.signOutBrokerFailed
        case .signOutDataCleared: EntraSignOutRules.signOutDataCleared
        case .signOutDataKept: EntraSignOutRules.signOutDataKept
        case .browserKept: EntraSignOutRules.browserKept
        case .browserSignedOut: EntraSignOutRules.browserSignedOut
        case .signOutNotCovered: EntraSignOutRules.signOutNotCovered
        case .signOutCachedAccessTokens: EntraSignOutRules.signOutCachedAccessTokens
        case .signOutAppOnly: EntraSignOutRules.signOutAppOnly
        case .otherAppsStaySignedIn: EntraSignOutRules.otherAppsStaySignedIn
        case .defaultAppSessionReused: EntraDefaultModeRules.defaultAppSessionReused
        case .defaultBrokerSSO: EntraDefaultModeRules.defaultBrokerSSO
        case .defaultSignIn: EntraDefaultModeRules.defaultSignIn
        case .deviceInfoReported: EntraModeRules.deviceInfoReported
        case .deviceInfoUnavailable: EntraModeRules.deviceInfoUnavailable
        case .browserWebSSO: EntraLifecycleRules.browserWebSSO
        case .browserSignIn: EntraLifecycleRules.browserSignIn
        case .accountSurvivesTermination: EntraLifecycleRules.accountSurvivesTermination
        case .iosSignInServedExisting: EntraSignInRules.iosSignInServedExisting
        case .authenticatorBrokerRoute: EntraDefaultModeRules.authenticatorBrokerRoute
        case .dataPreviousUserVisible: EntraCurrentAccountRules.dataPreviousUserVisible
        case .browserPluginSSO: EntraLifecycleRules.browserPluginSSO
        case .signInFrequencyReauthenticate: EntraSignInRules.signInFrequencyReauthenticate
        case .signInFrequencyOtherUserStopped: EntraSignInRules.signInFrequencyOtherUserStopped
        case .mhsInactivitySignOut: EntraLifecycleRules.mhsInactivitySignOut
        case .intuneClearsLocalData: EntraSignOutRules.intuneClearsLocalData
        case .mhsSignIn: EntraManagedHomeScreenRules.mhsSignIn
        case .mhsSessionPINCreated: EntraManagedHomeScreenRules.mhsSessionPINCreated
        case .mhsScreensaverSkippable: EntraManagedHomeScreenRules.mhsScreensaverSkippable
        case .mhsScreensaverLocks: EntraManagedHomeScreenRules.mhsScreensaverLocks
        case .mhsSessionPINResume: EntraManagedHomeScreenRules.mhsSessionPINResume
        case .mhsPINAttemptsSignOut: EntraManagedHomeScreenRules.mhsPINAttemptsSignOut
        case .mhsSessionPINStopsOtherUser: EntraManagedHomeScreenRules.mhsSessionPINStopsOtherUser
        case .mhsInactivitySignOutMHSOnly: EntraManagedHomeScreenRules.mhsInactivitySignOutMHSOnly
        case .mhsRestartSignInAgain: EntraManagedHomeScreenRules.mhsRestartSignInAgain
        case .mhsRestartSignsOut: EntraManagedHomeScreenRules.mhsRestartSignsOut
        }
    }

    // The ordered decisions: in each, the first rule that fires decides.

    /// An app that is not shared-device aware at the foreground.
    static let notAwareSession = DecisionList<EntraRule>(
        "app that is not shared-device aware: own login or own session", [.appOwnSignIn, .appLocalSessionReused])
    /// Data of another user, once the app knows the account (getCurrentAccount or its own sign-in).
    static let foreignData = DecisionList<EntraRule>(
        "data of another user: cleared or kept", [.dataCleared, .dataNotCleared])
    /// The broker's answer when a shared-mode app settles its session.
    static let deviceSession = DecisionList<EntraRule>(
        "device session in shared mode",
        [
            .signInFrequencyReauthenticate, .signInFrequencyOtherUserStopped, .signInGlobal, .signInSilentReuse,
            .previousUserServed,
        ])
    /// An explicit sign-in while another user's account is held.
    static let secondUser = DecisionList<EntraRule>(
        "explicit sign-in by a second user",
        [.androidSecondUserRefused, .iosSecondUserRejected, .iosSignInServedExisting])
    /// A default-mode app at the foreground.
    static let defaultSession = DecisionList<EntraRule>(
        "default mode: app session, broker SSO or sign-in",
        [.defaultAppSessionReused, .defaultBrokerSSO, .defaultSignIn])
    /// The broker's part of a shared-mode sign-out.
    static let brokerSignOut = DecisionList<EntraRule>(
        "broker sign-out in shared mode", [.signOutGlobal, .signOutBrokerFailed])
    /// The signing-out app's own data.
    static let signOutData = DecisionList<EntraRule>(
        "the signing-out app's data", [.signOutDataCleared, .signOutDataKept])
    /// Safari at a global sign-out (iOS).
    static let browserAtSignOut = DecisionList<EntraRule>(
        "Safari at a global sign-out", [.browserKept, .browserSignedOut])
    /// getDeviceInformation.
    static let deviceInformation = DecisionList<EntraRule>(
        "getDeviceInformation", [.deviceInfoReported, .deviceInfoUnavailable])
    /// Safari opened by a user (iOS).
    static let browser = DecisionList<EntraRule>(
        "Safari: the plug-in's SSO, web SSO or web sign-in", [.browserPluginSSO, .browserWebSSO, .browserSignIn])

    /// Managed Home Screen's PIN screen in front of an access (Android).
    static let sessionPINScreen = DecisionList<EntraRule>(
        "Managed Home Screen's PIN screen at an access", [.mhsSessionPINResume, .mhsSessionPINStopsOtherUser])
    /// A session PIN entered at Managed Home Screen's PIN screen (Android).
    static let sessionPINEntry = DecisionList<EntraRule>(
        "a session PIN entered at Managed Home Screen",
        [.mhsSessionPINResume, .mhsPINAttemptsSignOut, .mhsSessionPINStopsOtherUser])
    /// Managed Home Screen's screensaver (Android).
    static let screensaver = DecisionList<EntraRule>(
        "Managed Home Screen's screensaver", [.mhsScreensaverSkippable, .mhsScreensaverLocks])
    /// A restart with the Managed Home Screen sign-in (Android).
    static let restart = DecisionList<EntraRule>(
        "a restart with the Managed Home Screen sign-in", [.mhsRestartSignsOut, .mhsRestartSignInAgain])

    /// Every ordered decision, as `providers` lists them.
    static let decisionLists = [
        notAwareSession, foreignData, deviceSession, secondUser, defaultSession, brokerSignOut, signOutData,
        browserAtSignOut, deviceInformation, browser, sessionPINScreen, sessionPINEntry, screensaver, restart,
    ].map(\.declaration)
}
