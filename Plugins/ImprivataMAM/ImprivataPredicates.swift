import SSOPolicyProviderKit

/// imprivata-mam's named predicates: each condition a rule can state, worded once.
enum ImprivataPredicate: NamedPredicate {
    // Custody and time.
    case deviceCheckedIn, deviceInLostMode, deviceUnlockedByPIN, deviceOut, deviceOverdue, actorIsCustodian
    case lendingPeriodElapsed, overdueLostModeOn
    // Check-out.
    case passcodeLeftOnDevice, forceRecoveryOn, badgeNotEnrolled, checkOutUsesBadge, checkOutAsksPassword
    case checkOutAsksPIN, checkOutHasSecondFactor, perUserDevicePasscode, assignsMDMUser
    // AutoFill.
    case autofillEnabled, secondFactorAfterCheckOut, secondFactorDone, autofillVaultIsActor
    // Check-in, device level.
    case mdmAssignAndReset, mdmAssignOnly, mdmUserSet, devicePasscodeSet, clearPasscodeFails, eraseOnCheckIn
    case failCheckInOnLogoutError, aLogoutFailed
    // Microsoft and MDM identities.
    case integrationOn, microsoftSignOutRuns, deviceInSharedMode, entraAccountIsActor, entraAccountIsAnother
    case entraAccountSet, mdmUserIsActor, mdmUserIsAnother
    // Device events.
    case emergencyPINConfigured, platformIOS
    // One app.
    case appLoginNone, appSignsInWithMicrosoft, appSignsInWithMDMCertificate, appInMicrosoftSharedMode
    case appSessionIsActor, appSessionIsAnother, appHasSession, appDataIsAnother, appHoldsAUser
    case logoutActionReportsResult, logoutReportsError, logoutUsesCustomScheme, dialogsBlockUnattended
    case dialogsAccepted, logoutUsesCallback, coldStartSafe, logoutClearsAppData, logoutIsEpicRover
    case logoutIsForceQuit, forceQuitReadAsLogout, logoutEndsProcessOnly, sessionSurvivesRelaunch, logoutConfigured
    case appPostsNotificationsWhenLocked

    var words: RuleCondition {
        switch self {
        case .deviceCheckedIn:
            return RuleCondition("the device is checked in (Locker owns the screen)", otherwise: "the device is out")
        case .deviceInLostMode: return RuleCondition("the device is in Lost Mode", otherwise: "no Lost Mode")
        case .deviceUnlockedByPIN:
            return RuleCondition("the device was unlocked by the emergency PIN", otherwise: "no emergency unlock")
        case .deviceOut:
            return RuleCondition("the device is checked out", otherwise: "the device is not checked out")
        case .deviceOverdue:
            return RuleCondition("the device is overdue", otherwise: "the device is not overdue")
        case .actorIsCustodian:
            return RuleCondition("the user holds the check-out", otherwise: "the device is checked out to someone else")
        case .lendingPeriodElapsed:
            return RuleCondition("the lending period has passed", otherwise: "the lending period has not passed")
        case .overdueLostModeOn:
            return RuleCondition("overdue devices go to Lost Mode", otherwise: "overdue devices are only marked")
        case .passcodeLeftOnDevice:
            return RuleCondition(
                "a worker's device passcode is still set", otherwise: "no device passcode is left on the device")
        case .forceRecoveryOn:
            return RuleCondition("force recovery is on", otherwise: "force recovery is off")
        case .badgeNotEnrolled:
            return RuleCondition("the badge is not enrolled", otherwise: "the badge is enrolled")
        case .checkOutUsesBadge:
            return RuleCondition("check-out starts with a badge tap", otherwise: "check-out uses no badge")
        case .checkOutAsksPassword:
            return RuleCondition("check-out asks the password", otherwise: "check-out asks no password")
        case .checkOutAsksPIN: return RuleCondition("check-out asks a PIN", otherwise: "check-out asks no PIN")
        case .checkOutHasSecondFactor:
            return RuleCondition("check-out asks a second factor", otherwise: "check-out is a badge tap alone")
        case .perUserDevicePasscode:
            return RuleCondition(
                "each worker sets a device passcode at check-out", otherwise: "no per-worker device passcode")
        case .assignsMDMUser:
            return RuleCondition("check-out assigns the device to the user in the MDM", otherwise: "no MDM assignment")
        case .autofillEnabled:
            return RuleCondition("Password AutoFill is on", otherwise: "Password AutoFill is off")
        case .secondFactorAfterCheckOut:
            return RuleCondition(
                "AutoFill asks its second factor right after check-out",
                otherwise: "AutoFill asks its second factor at first use")
        case .secondFactorDone:
            return RuleCondition("the AutoFill second factor was given", otherwise: "no AutoFill second factor yet")
        case .autofillVaultIsActor:
            return RuleCondition("AutoFill holds the user's credentials", otherwise: "AutoFill holds no credentials")
        case .mdmAssignAndReset:
            return RuleCondition(
                "check-in assigns the staging user back", otherwise: "check-in does not reset the MDM user")
        case .mdmAssignOnly:
            return RuleCondition("the MDM assignment is never reset", otherwise: "no unreset MDM assignment")
        case .mdmUserSet:
            return RuleCondition(
                "the MDM assigns the device to a worker", otherwise: "the MDM user is the staging user")
        case .devicePasscodeSet: return RuleCondition("a device passcode is set", otherwise: "no device passcode")
        case .clearPasscodeFails:
            return RuleCondition("ClearPasscode cannot clear it", otherwise: "ClearPasscode clears it")
        case .eraseOnCheckIn: return RuleCondition("check-in erases the device", otherwise: "check-in does not erase")
        case .failCheckInOnLogoutError:
            return RuleCondition(
                "a logout error fails the check-in", otherwise: "the check-in continues after a logout error")
        case .aLogoutFailed: return RuleCondition("an app's logout failed", otherwise: "every logout ran")
        case .integrationOn:
            return RuleCondition("the Microsoft integration is on", otherwise: "the Microsoft integration is off")
        case .microsoftSignOutRuns:
            return RuleCondition(
                "MAM's Microsoft sign-out runs (integration on, device in shared mode)",
                otherwise: "MAM's Microsoft sign-out does not run")
        case .deviceInSharedMode:
            return RuleCondition("the device is in Microsoft shared device mode", otherwise: "no shared device mode")
        case .entraAccountIsActor:
            return RuleCondition(
                "the Microsoft account is the user's", otherwise: "the Microsoft account is not the user's")
        case .entraAccountIsAnother:
            return RuleCondition(
                "the Microsoft account is another user's", otherwise: "no other user's Microsoft account")
        case .entraAccountSet:
            return RuleCondition("a Microsoft account is signed in", otherwise: "no Microsoft account is signed in")
        case .mdmUserIsActor:
            return RuleCondition("the MDM assigns the device to the user", otherwise: "the MDM user is not the user")
        case .mdmUserIsAnother:
            return RuleCondition("the MDM assigns the device to another user", otherwise: "no other MDM user")
        case .emergencyPINConfigured:
            return RuleCondition("an emergency unlock PIN is configured", otherwise: "no emergency unlock PIN")
        case .platformIOS: return RuleCondition("the device runs iOS", otherwise: "the device runs Android")
        case .appLoginNone: return RuleCondition("the app has no login", otherwise: "the app has a login")
        case .appSignsInWithMicrosoft:
            return RuleCondition(
                "the app signs in through the Microsoft broker", otherwise: "the app has its own login")
        case .appSignsInWithMDMCertificate:
            return RuleCondition(
                "the app signs in with the MDM user's certificate", otherwise: "the app uses no MDM certificate")
        case .appInMicrosoftSharedMode:
            return RuleCondition(
                "the app is a Microsoft shared-device app", otherwise: "the app is not a Microsoft app")
        case .appSessionIsActor:
            return RuleCondition("the app's session is the user's", otherwise: "the app's session is not the user's")
        case .appSessionIsAnother:
            return RuleCondition("the app's session is another user's", otherwise: "no other user's session in the app")
        case .appHasSession:
            return RuleCondition("the app holds a session", otherwise: "the app holds no session")
        case .appDataIsAnother:
            return RuleCondition("the app holds another user's data", otherwise: "the app holds no other user's data")
        case .appHoldsAUser:
            return RuleCondition("the app holds a worker's session or data", otherwise: "the app holds nobody's")
        case .logoutActionReportsResult:
            return RuleCondition(
                "the app's logout action runs on the device", otherwise: "the app has no device logout action")
        case .logoutReportsError:
            return RuleCondition("the logout action failed", otherwise: "the logout action succeeded")
        case .logoutUsesCustomScheme:
            return RuleCondition("the logout is a custom-scheme callback", otherwise: "the logout is no custom scheme")
        case .dialogsBlockUnattended:
            return RuleCondition(
                "unanswered permission dialogs block the first logout",
                otherwise: "permission dialogs are taken as accepted")
        case .dialogsAccepted:
            return RuleCondition(
                "its permission dialogs were answered before", otherwise: "its dialogs were never answered")
        case .logoutUsesCallback:
            return RuleCondition("the app logs out through a callback", otherwise: "the app has no logout callback")
        case .coldStartSafe:
            return RuleCondition("the callback is safe on a cold start", otherwise: "the callback races the cold start")
        case .logoutClearsAppData:
            return RuleCondition("the logout method is Clear app data", otherwise: "the logout is not Clear app data")
        case .logoutIsEpicRover:
            return RuleCondition("the app is Epic Rover", otherwise: "the app is not Epic Rover")
        case .logoutIsForceQuit:
            return RuleCondition("the logout method is Force quit", otherwise: "the logout is not Force quit")
        case .forceQuitReadAsLogout:
            return RuleCondition("Force quit is read as a logout", otherwise: "Force quit ends the process only")
        case .logoutEndsProcessOnly:
            return RuleCondition(
                "the logout method ends only the process or its cache", otherwise: "the logout is not process-only")
        case .sessionSurvivesRelaunch:
            return RuleCondition(
                "the app restores its sign-in after a relaunch", otherwise: "the app drops its sign-in when it ends")
        case .logoutConfigured:
            return RuleCondition("the app has a logout method", otherwise: "the app has no logout method")
        case .appPostsNotificationsWhenLocked:
            return RuleCondition(
                "the app can post notifications while locked", otherwise: "the app posts no notifications when locked")
        }
    }

    /// The code each predicate names. Always inlined: the generated trace-off path names each predicate as a
    /// constant, so this `switch` folds to that predicate's own expression there; it must not call itself.
    @inline(__always)
    func holds(in context: ImprivataContext) -> Bool {
        let policy = context.policy
        let state = context.state
        let user = context.user
        switch self {
        case .deviceCheckedIn: return state.status == .checkedIn
        case .deviceInLostMode: return state.status == .lostMode
        case .deviceUnlockedByPIN: return state.status == .pinUnlocked
        case .deviceOut: return state.status.isOut
        case .deviceOverdue: return state.status == .overdue
        case .actorIsCustodian: return state.custodian != nil && state.custodian == user
        case .lendingPeriodElapsed:
            return state.status == .checkedOut && policy.lendingPeriod > 0
                && state.checkOutTime > ImprivataState.givenElapsed
                && context.time - state.checkOutTime >= policy.lendingPeriod
        case .overdueLostModeOn: return policy.overdueLostMode
        case .passcodeLeftOnDevice, .devicePasscodeSet: return state.passcodeOwner != nil
        case .forceRecoveryOn: return policy.forceRecovery
        case .badgeNotEnrolled: return context.conditions.badgeNotEnrolled
        case .checkOutUsesBadge: return policy.checkOutAuth.usesBadge
        case .checkOutAsksPassword: return policy.checkOutAuth.asksPassword
        case .checkOutAsksPIN: return policy.checkOutAuth == .badgePIN
        case .checkOutHasSecondFactor: return policy.checkOutAuth.hasSecondFactor
        case .perUserDevicePasscode: return policy.devicePasscode == .perUser
        case .assignsMDMUser: return policy.mdmAssignment != .none
        case .autofillEnabled: return policy.autofill
        case .secondFactorAfterCheckOut: return policy.secondFactorAfterCheckOut
        case .secondFactorDone: return state.secondFactorDone
        case .autofillVaultIsActor: return state.autofillUser != nil && state.autofillUser == user
        case .mdmAssignAndReset: return policy.mdmAssignment == .assignAndReset
        case .mdmAssignOnly: return policy.mdmAssignment == .assignOnly
        case .mdmUserSet: return state.mdmUser != nil
        case .clearPasscodeFails:
            return !policy.clearPasscodeOnCheckIn || context.conditions.clearPasscodeFails
                || (!policy.android && state.rebooted)
        case .eraseOnCheckIn: return policy.eraseOnCheckIn
        case .failCheckInOnLogoutError: return policy.failCheckInOnLogoutError
        case .aLogoutFailed: return context.aLogoutFailed
        case .integrationOn: return policy.microsoftIntegration
        case .microsoftSignOutRuns: return policy.microsoftSignOutRuns
        case .deviceInSharedMode: return policy.deviceInSharedMode
        case .entraAccountIsActor: return state.entraAccount != nil && state.entraAccount == user
        case .entraAccountIsAnother: return state.entraAccount != nil && state.entraAccount != user
        case .entraAccountSet: return state.entraAccount != nil
        case .mdmUserIsActor: return state.mdmUser != nil && state.mdmUser == user
        case .mdmUserIsAnother: return state.mdmUser != nil && state.mdmUser != user
        case .emergencyPINConfigured: return policy.emergencyPIN
        case .platformIOS: return !policy.android
        case .appLoginNone: return context.app.login == .none
        case .appSignsInWithMicrosoft: return context.app.login == .msalSDM
        case .appSignsInWithMDMCertificate: return context.app.login == .mdmCertificate
        case .appInMicrosoftSharedMode: return context.app.isMicrosoftShared
        case .appSessionIsActor: return context.appState.session != nil && context.appState.session == user
        case .appSessionIsAnother: return context.appState.session != nil && context.appState.session != user
        case .appHasSession: return context.appState.session != nil
        case .appDataIsAnother: return context.appState.data != nil && context.appState.data != user
        case .appHoldsAUser: return context.appState.session != nil || context.appState.data != nil
        case .logoutActionReportsResult: return context.app.logout.isCallback || context.app.logout.androidOnly
        case .logoutReportsError: return context.conditions.logoutFails
        case .logoutUsesCustomScheme: return context.app.logout.isCustomScheme
        case .dialogsBlockUnattended: return policy.dialogsBlockFirstUse
        case .dialogsAccepted: return context.appState.dialogsAccepted
        case .logoutUsesCallback: return context.app.logout.isCallback
        case .coldStartSafe: return context.app.coldStartSafe
        case .logoutClearsAppData: return context.app.logout == .clearAppData
        case .logoutIsEpicRover: return context.app.logout == .epicRover
        case .logoutIsForceQuit: return context.app.logout == .forceQuit
        case .forceQuitReadAsLogout: return policy.forceQuitLogsOut
        case .logoutEndsProcessOnly: return context.app.logout.isProcessOnly
        case .sessionSurvivesRelaunch: return context.app.survivesRelaunch
        case .logoutConfigured: return context.app.logout != .none
        case .appPostsNotificationsWhenLocked: return context.app.notificationsWhenLocked
        }
    }
}
