import SSOPolicyProviderKit

/// imprivata-mam's rule table: one case per rule, in table order (a rule's id is its position). The definitions
/// live with their phase: access (`ImprivataAccessRules`), check-out (`ImprivataCheckOutRules`), check-in
/// (`ImprivataCheckInRules`) and the other device events (`ImprivataDeviceRules`).
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

    static let table = RuleTable<ImprivataRule>()

    var definition: RuleDefinition<ImprivataPredicate> {
        if let definition = Self.accessDefinition(self) ?? Self.checkOutDefinition(self)
            ?? Self.checkInDefinition(self) ?? Self.deviceDefinition(self)
        {
            return definition
        }
        preconditionFailure("rule \(self) has no definition")
    }

    // MARK: Decision lists

    /// Whether an access attempt gets past Locker, and as whom.
    static let deviceGate = DecisionList<ImprivataRule>(
        "access attempt: the device",
        [.accessLockerLocked, .accessLostMode, .accessEmergencyUnlocked, .accessNotCustodian, .accessCustodian])

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

    /// What the worker is asked at the hub.
    static let checkOutPrompt = DecisionList<ImprivataRule>(
        "check-out: what the worker is asked",
        [.checkOutBadgeEnrolment, .checkOutPassword, .checkOutPIN, .checkOutBadge])

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

    /// Every ordered decision: `providers` lists them, and the generated trace-off path has code for each.
    static let lists = [
        deviceGate, appSession, checkOutGate, checkOutPrompt, appLogout, checkInPasscode, overdue, emergency, signOut,
        terminate,
    ]

    static let decisionLists = lists.map(\.declaration)

    // MARK: Example facts

    /// Facts of a device checked out to the acting user (alice), plus `extra`.
    static func out(_ extra: [String: String] = [:]) -> [String: String] {
        extra.merging(["status": "checked_out", "custodian": "alice"]) { mine, _ in mine }
    }
}
