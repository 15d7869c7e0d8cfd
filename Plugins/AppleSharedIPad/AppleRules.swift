import SSOPolicyProviderKit

/// apple-shared-ipad's rule table: one case per rule, each defined in the one exhaustive `switch` below by its
/// phase's namespace (a rule's `RuleID` is its position, so append new rules at the end).
enum AppleRule: Int, RuleSet {
    case unsupportedDevice, erased
    case userTimeout, guestTimeout, autoLock
    case guestBlocked, guestSignIn, offlineDenied, capacityFull, firstFederated, firstApple, residentSignIn, newToIPad
    case evict, loginSSO
    case ownUnlock, guestServed, unlockedServed, graceServed, lockScreenSignOut, waitForOwner
    case caBlocks, microsoftReused, microsoftSignIn, otherReused, otherSignIn, ownSession, ownLogin, noSignIn
    case browserRemains, dataNotRoaming, microsoftSignOut, appSignOut, terminateEnds
    case lock, signOut, signOutOther, tokensCleared, logOut
    case deleteBlocked, deleteUser, deleteSignedIn, eraseLosesData, returnToService, restart, restartGuest
    case awaitingConfiguration, userConfigured, passcodeReset, offboardedRefused, offboardedLocal, entraDisabled
    case biometricUnlock

    static let table = RuleTable<AppleRule>()

    /// At the login window: the first of these that fires decides how the person signs in.
    static let login = DecisionList<AppleRule>(
        "sign-in at the login window",
        [
            .guestBlocked, .guestSignIn, .capacityFull, .offlineDenied, .offboardedRefused, .passcodeReset,
            .firstFederated, .firstApple, .residentSignIn, .newToIPad,
        ])
    /// Someone else's session is open when a person picks the iPad up.
    static let inTheWay = DecisionList<AppleRule>(
        "another person's session in the way",
        [
            .guestServed, .unlockedServed, .graceServed, .lockScreenSignOut,
            .waitForOwner,
        ])
    /// The app inside the partition.
    static let app = DecisionList<AppleRule>(
        "the app inside the partition",
        [
            .entraDisabled, .caBlocks, .microsoftReused, .microsoftSignIn, .otherReused, .otherSignIn, .ownSession,
            .ownLogin, .noSignIn,
        ])

    static let decisionLists = [login.declaration, inTheWay.declaration, app.declaration]

    var definition: RuleDefinition<ApplePredicate> {
        switch self {
        case .unsupportedDevice: AppleDeviceRules.unsupportedDevice
        case .erased: AppleDeviceRules.erased
        case .userTimeout: AppleDeviceRules.userTimeout
        case .guestTimeout: AppleDeviceRules.guestTimeout
        case .autoLock: AppleDeviceRules.autoLock
        case .guestBlocked: AppleLoginRules.guestBlocked
        case .guestSignIn: AppleLoginRules.guestSignIn
        case .offlineDenied: AppleLoginRules.offlineDenied
        case .capacityFull: AppleLoginRules.capacityFull
        case .firstFederated: AppleLoginRules.firstFederated
        case .firstApple: AppleLoginRules.firstApple
        case .residentSignIn: AppleLoginRules.residentSignIn
        case .newToIPad: AppleLoginRules.newToIPad
        case .evict: AppleLoginRules.evict
        case .loginSSO: AppleLoginRules.loginSSO
        case .ownUnlock: AppleHandoverRules.ownUnlock
        case .guestServed: AppleHandoverRules.guestServed
        case .unlockedServed: AppleHandoverRules.unlockedServed
        case .graceServed: AppleHandoverRules.graceServed
        case .lockScreenSignOut: AppleHandoverRules.lockScreenSignOut
        case .waitForOwner: AppleHandoverRules.waitForOwner
        case .caBlocks: AppleAppRules.caBlocks
        case .microsoftReused: AppleAppRules.microsoftReused
        case .microsoftSignIn: AppleAppRules.microsoftSignIn
        case .otherReused: AppleAppRules.otherReused
        case .otherSignIn: AppleAppRules.otherSignIn
        case .ownSession: AppleAppRules.ownSession
        case .ownLogin: AppleAppRules.ownLogin
        case .noSignIn: AppleAppRules.noSignIn
        case .browserRemains: AppleAppRules.browserRemains
        case .dataNotRoaming: AppleAppRules.dataNotRoaming
        case .microsoftSignOut: AppleAppRules.microsoftSignOut
        case .appSignOut: AppleAppRules.appSignOut
        case .terminateEnds: AppleAppRules.terminateEnds
        case .lock: AppleHandoverRules.lock
        case .signOut: AppleHandoverRules.signOut
        case .signOutOther: AppleHandoverRules.signOutOther
        case .tokensCleared: AppleHandoverRules.tokensCleared
        case .logOut: AppleDeviceRules.logOut
        case .deleteBlocked: AppleDeviceRules.deleteBlocked
        case .deleteUser: AppleDeviceRules.deleteUser
        case .deleteSignedIn: AppleDeviceRules.deleteSignedIn
        case .eraseLosesData: AppleDeviceRules.eraseLosesData
        case .returnToService: AppleDeviceRules.returnToService
        case .restart: AppleDeviceRules.restart
        case .restartGuest: AppleDeviceRules.restartGuest
        case .awaitingConfiguration: AppleAccountRules.awaitingConfiguration
        case .userConfigured: AppleAccountRules.userConfigured
        case .passcodeReset: AppleAccountRules.passcodeReset
        case .offboardedRefused: AppleAccountRules.offboardedRefused
        case .offboardedLocal: AppleAccountRules.offboardedLocal
        case .entraDisabled: AppleAccountRules.entraDisabled
        case .biometricUnlock: AppleAccountRules.biometricUnlock
        }
    }
}
