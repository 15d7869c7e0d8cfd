import SSOPolicyProviderKit

/// imprivata-mam's rule table: one case per rule, in table order (a rule's id is its position), each defined in the
/// one exhaustive `switch` below. The definitions live with their phase: `Access` (ImprivataAccessRules.swift),
/// `CheckOut`, `CheckIn` and `Device` (the other device events and time).
enum ImprivataRule: Int, RuleSet {
    // Access attempt: the device gate, then the app's own sign-in.
    case accessLockerLocked, accessLostMode, accessEmergencyUnlocked, accessNotCustodian, accessCustodian
    case accessOverdue
    case appNoLogin, sdmAccountReused, sdmPreviousAccount, sdmSignIn, certificatePreviousUser, certificateSilent
    case appSessionReused, appPreviousSession, appSignIn, autofillSecondFactor, autofillFills, dataPreviousUser
    // Check-out.
    case checkOutUnavailable, checkOutForceRecovery, checkOutPasscodeLocked, checkOutBadgeEnrolment
    case checkOutPassword, checkOutPIN, checkOutBadge, checkOutAutofillSecondFactor, checkOutDevicePasscode
    case checkOutMDMAssignment
    // Check-in: each app's logout, then the device.
    case checkInNotCheckedOut
    case logoutErase, logoutMicrosoftSignOut, logoutActionFailed, logoutDialogBlocked, logoutColdStartRace
    case logoutCallback, logoutClearAppData, logoutEpicRover, logoutForceQuitAsLogout, logoutProcessEndsSession
    case logoutProcessOnly, logoutMicrosoftNotSignedOut, logoutNone, logoutNotifications
    case checkInFailsOnLogoutError, checkInAutofillPurged, checkInMicrosoftSignOut, checkInMDMReset
    case checkInMDMIdentityKept, checkInPasscodeNotCleared, checkInPasscodeCleared, checkInLocks
    // Other device events and time.
    case overdueLostMode, overdueMarked, emergencyUnlock, emergencyNoPIN, microsoftButton, sdmGlobalSignOut
    case appSignOut, terminateSessionRestored, terminateSessionDropped, restartBlocksClearPasscode
    // The device's own lock screen, and Android's Microsoft sign-in.
    case lockAnotherWorkersPasscode, lockOwnPasscode, lockSharedPasscode, restartLocksDevice, microsoftNoButtonAndroid
    case restartUnlockReconnects

    static let table = RuleTable<ImprivataRule>()

    var definition: RuleDefinition<ImprivataPredicate> {
        switch self {
        case .accessLockerLocked: Access.accessLockerLocked
        case .accessLostMode: Access.accessLostMode
        case .accessEmergencyUnlocked: Access.accessEmergencyUnlocked
        case .accessNotCustodian: Access.accessNotCustodian
        case .accessCustodian: Access.accessCustodian
        case .accessOverdue: Access.accessOverdue
        case .appNoLogin: Access.appNoLogin
        case .sdmAccountReused: Access.sdmAccountReused
        case .sdmPreviousAccount: Access.sdmPreviousAccount
        case .sdmSignIn: Access.sdmSignIn
        case .certificatePreviousUser: Access.certificatePreviousUser
        case .certificateSilent: Access.certificateSilent
        case .appSessionReused: Access.appSessionReused
        case .appPreviousSession: Access.appPreviousSession
        case .appSignIn: Access.appSignIn
        case .autofillSecondFactor: Access.autofillSecondFactor
        case .autofillFills: Access.autofillFills
        case .dataPreviousUser: Access.dataPreviousUser
        case .checkOutUnavailable: CheckOut.checkOutUnavailable
        case .checkOutForceRecovery: CheckOut.checkOutForceRecovery
        case .checkOutPasscodeLocked: CheckOut.checkOutPasscodeLocked
        case .checkOutBadgeEnrolment: CheckOut.checkOutBadgeEnrolment
        case .checkOutPassword: CheckOut.checkOutPassword
        case .checkOutPIN: CheckOut.checkOutPIN
        case .checkOutBadge: CheckOut.checkOutBadge
        case .checkOutAutofillSecondFactor: CheckOut.checkOutAutofillSecondFactor
        case .checkOutDevicePasscode: CheckOut.checkOutDevicePasscode
        case .checkOutMDMAssignment: CheckOut.checkOutMDMAssignment
        case .checkInNotCheckedOut: CheckIn.checkInNotCheckedOut
        case .logoutErase: CheckIn.logoutErase
        case .logoutMicrosoftSignOut: CheckIn.logoutMicrosoftSignOut
        case .logoutActionFailed: CheckIn.logoutActionFailed
        case .logoutDialogBlocked: CheckIn.logoutDialogBlocked
        case .logoutColdStartRace: CheckIn.logoutColdStartRace
        case .logoutCallback: CheckIn.logoutCallback
        case .logoutClearAppData: CheckIn.logoutClearAppData
        case .logoutEpicRover: CheckIn.logoutEpicRover
        case .logoutForceQuitAsLogout: CheckIn.logoutForceQuitAsLogout
        case .logoutProcessEndsSession: CheckIn.logoutProcessEndsSession
        case .logoutProcessOnly: CheckIn.logoutProcessOnly
        case .logoutMicrosoftNotSignedOut: CheckIn.logoutMicrosoftNotSignedOut
        case .logoutNone: CheckIn.logoutNone
        case .logoutNotifications: CheckIn.logoutNotifications
        case .checkInFailsOnLogoutError: CheckIn.checkInFailsOnLogoutError
        case .checkInAutofillPurged: CheckIn.checkInAutofillPurged
        case .checkInMicrosoftSignOut: CheckIn.checkInMicrosoftSignOut
        case .checkInMDMReset: CheckIn.checkInMDMReset
        case .checkInMDMIdentityKept: CheckIn.checkInMDMIdentityKept
        case .checkInPasscodeNotCleared: CheckIn.checkInPasscodeNotCleared
        case .checkInPasscodeCleared: CheckIn.checkInPasscodeCleared
        case .checkInLocks: CheckIn.checkInLocks
        case .overdueLostMode: Device.overdueLostMode
        case .overdueMarked: Device.overdueMarked
        case .emergencyUnlock: Device.emergencyUnlock
        case .emergencyNoPIN: Device.emergencyNoPIN
        case .microsoftButton: Device.microsoftButton
        case .sdmGlobalSignOut: Device.sdmGlobalSignOut
        case .appSignOut: Device.appSignOut
        case .terminateSessionRestored: Device.terminateSessionRestored
        case .terminateSessionDropped: Device.terminateSessionDropped
        case .restartBlocksClearPasscode: Device.restartBlocksClearPasscode
        case .lockAnotherWorkersPasscode: Access.lockAnotherWorkersPasscode
        case .lockOwnPasscode: Access.lockOwnPasscode
        case .lockSharedPasscode: Access.lockSharedPasscode
        case .restartLocksDevice: Device.restartLocksDevice
        case .microsoftNoButtonAndroid: Device.microsoftNoButtonAndroid
        case .restartUnlockReconnects: Device.restartUnlockReconnects
        }
    }

    // MARK: Decision lists

    /// Whether an access attempt gets past Locker, and as whom.
    static let deviceGate = DecisionList<ImprivataRule>(
        "access attempt: the device",
        [.accessLockerLocked, .accessLostMode, .accessEmergencyUnlocked, .accessNotCustodian, .accessCustodian])

    /// The device's own lock screen, between Locker's gate and the app.
    static let deviceLock = DecisionList<ImprivataRule>(
        "access attempt: the device's lock screen",
        [.lockAnotherWorkersPasscode, .lockOwnPasscode, .lockSharedPasscode])

    /// The app's own sign-in: MAM holds no session of its own, so each app decides.
    static let appSession = DecisionList<ImprivataRule>(
        "access attempt: the app's sign-in",
        [
            .appNoLogin, .sdmAccountReused, .sdmPreviousAccount, .sdmSignIn, .certificatePreviousUser,
            .certificateSilent, .appSessionReused, .appPreviousSession, .appSignIn,
        ])

    /// Whether a device is handed out at all.
    static let checkOutGate = DecisionList<ImprivataRule>(
        "check-out: is a device handed out", [.checkOutUnavailable, .checkOutForceRecovery, .checkOutPasscodeLocked])

    /// What the worker is asked at the hub after the badge tap (or instead of it).
    static let checkOutPrompt = DecisionList<ImprivataRule>(
        "check-out: what the worker is asked", [.checkOutBadgeEnrolment, .checkOutPassword, .checkOutPIN])

    /// One app's App Logout action at check-in.
    static let appLogout = DecisionList<ImprivataRule>(
        "check-in: one app's logout",
        [
            .logoutErase, .logoutMicrosoftSignOut, .logoutActionFailed, .logoutDialogBlocked, .logoutColdStartRace,
            .logoutCallback, .logoutClearAppData, .logoutEpicRover, .logoutForceQuitAsLogout,
            .logoutProcessEndsSession, .logoutProcessOnly, .logoutMicrosoftNotSignedOut, .logoutNone,
        ])

    /// The device passcode at check-in.
    static let checkInPasscode = DecisionList<ImprivataRule>(
        "check-in: the device passcode", [.checkInPasscodeNotCleared, .checkInPasscodeCleared])

    /// The lending period.
    static let overdue = DecisionList<ImprivataRule>("time: an unreturned device", [.overdueLostMode, .overdueMarked])

    static let emergency = DecisionList<ImprivataRule>("emergency unlock", [.emergencyUnlock, .emergencyNoPIN])

    static let signOut = DecisionList<ImprivataRule>("sign-out from an app", [.sdmGlobalSignOut, .appSignOut])

    static let terminate = DecisionList<ImprivataRule>(
        "an app's process ends", [.terminateSessionRestored, .terminateSessionDropped])

    /// Every ordered decision, as `providers` lists them.
    static let decisionLists = [
        deviceGate, deviceLock, appSession, checkOutGate, checkOutPrompt, appLogout, checkInPasscode, overdue,
        emergency, signOut,
        terminate,
    ].map(\.declaration)

    // MARK: Example facts

    /// Facts of a device checked out to the acting user (alice), plus `extra`.
    static func out(_ extra: [String: String] = [:]) -> [String: String] {
        extra.merging(["status": "checked_out", "custodian": "alice"]) { mine, _ in mine }
    }
}
