import SSOPolicyProviderKit

/// imprivata-mam's predicates: each condition a rule can state, with its words and its computation, defined once.
enum ImprivataPredicate: Int, PredicateSet {
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
    case appLoginNone, appSignsInWithMicrosoft, appAsksItsOwnMicrosoftSignIn, appSignsInWithMDMCertificate
    case appInMicrosoftSharedMode
    case appSessionIsActor, appSessionIsAnother, appHasSession, appDataIsAnother, appHoldsAUser, appAsksEveryOpen
    case appKeepsNoSignIn
    case ownSignInClearsData
    case logoutActionReportsResult, logoutReportsError, logoutUsesCustomScheme, dialogsBlockUnattended
    case dialogsAccepted, logoutUsesCallback, coldStartSafe, logoutClearsAppData, logoutIsEpicRover
    case logoutIsForceQuit, forceQuitReadAsLogout, logoutEndsProcessOnly, sessionSurvivesRelaunch, logoutConfigured
    case appPostsNotificationsWhenLocked
    // The device's own lock screen.
    case lockScreenUp, lockScreenUpForActor, passcodeIsAnothers, passcodeIsActors, staticSharedPasscode
    case deviceHasPasscode, restartedSinceCheckOut

    var definition: Predicate<ImprivataState, ImprivataContext> {
        switch self {
        case .deviceCheckedIn:
            Predicate("the device is checked in (Locker owns the screen)", otherwise: "the device is out") { state, _ in
                try state.status.value == .checkedIn
            }
        case .deviceInLostMode:
            Predicate("the device is in Lost Mode", otherwise: "no Lost Mode") { state, _ in
                try state.status.value == .lostMode
            }
        case .deviceUnlockedByPIN:
            Predicate("the device was unlocked by the emergency PIN", otherwise: "no emergency unlock") { state, _ in
                try state.status.value == .pinUnlocked
            }
        case .deviceOut:
            Predicate("the device is checked out", otherwise: "the device is not checked out") { state, _ in
                try state.status.value.isOut
            }
        case .deviceOverdue:
            Predicate("the device is overdue", otherwise: "the device is not overdue") { state, _ in
                try state.status.value == .overdue
            }
        case .actorIsCustodian:
            Predicate("the user holds the check-out", otherwise: "the device is checked out to someone else") {
                state, context in
                try state.custodian.value != nil && state.custodian.value == context.user
            }
        case .lendingPeriodElapsed:
            Predicate("the lending period has passed", otherwise: "the lending period has not passed") {
                state, context in
                try state.status.value == .checkedOut && context.policy.lendingPeriod > 0
                    && state.checkOutTime.value.hasPassed(context.policy.lendingPeriod, at: context.time)
            }
        case .overdueLostModeOn:
            Predicate("overdue devices go to Lost Mode", otherwise: "overdue devices are only marked") { _, context in
                context.policy.overdueLostMode
            }
        case .passcodeLeftOnDevice:
            Predicate(
                "a worker's device passcode is still set", otherwise: "no device passcode is left on the device"
            ) { state, _ in try state.passcodeOwner.value != nil }
        case .forceRecoveryOn:
            Predicate("force recovery is on", otherwise: "force recovery is off") { _, context in
                context.policy.forceRecovery
            }
        case .badgeNotEnrolled:
            Predicate("the badge is not enrolled", otherwise: "the badge is enrolled") { _, context in
                context.conditions.badgeNotEnrolled
            }
        case .checkOutUsesBadge:
            Predicate("check-out starts with a badge tap", otherwise: "check-out uses no badge") { _, context in
                context.policy.checkOutAuth.usesBadge
            }
        case .checkOutAsksPassword:
            Predicate("check-out asks the password", otherwise: "check-out asks no password") { _, context in
                context.policy.checkOutAuth.asksPassword
            }
        case .checkOutAsksPIN:
            Predicate("check-out asks a PIN", otherwise: "check-out asks no PIN") { _, context in
                context.policy.checkOutAuth == .badgePIN
            }
        case .checkOutHasSecondFactor:
            Predicate("check-out asks a second factor", otherwise: "check-out is a badge tap alone") { _, context in
                context.policy.checkOutAuth.hasSecondFactor
            }
        case .perUserDevicePasscode:
            Predicate("each worker sets a device passcode at check-out", otherwise: "no per-worker device passcode") {
                _, context in
                context.policy.devicePasscode == .perUser
            }
        case .assignsMDMUser:
            Predicate("check-out assigns the device to the user in the MDM", otherwise: "no MDM assignment") {
                _, context in
                context.policy.mdmAssignment != .none
            }
        case .autofillEnabled:
            Predicate("Password AutoFill is on", otherwise: "Password AutoFill is off") { _, context in
                context.policy.autofill
            }
        case .secondFactorAfterCheckOut:
            Predicate(
                "AutoFill asks its second factor right after check-out",
                otherwise: "AutoFill asks its second factor at first use"
            ) { _, context in context.policy.secondFactorAfterCheckOut }
        case .secondFactorDone:
            Predicate("the AutoFill second factor was given", otherwise: "no AutoFill second factor yet") { state, _ in
                try state.secondFactorDone.value
            }
        case .autofillVaultIsActor:
            Predicate("AutoFill holds the user's credentials", otherwise: "AutoFill holds no credentials") {
                state, context in
                try state.autofillUser.value != nil && state.autofillUser.value == context.user
            }
        case .mdmAssignAndReset:
            Predicate("check-in assigns the staging user back", otherwise: "check-in does not reset the MDM user") {
                _, context in
                context.policy.mdmAssignment == .assignAndReset
            }
        case .mdmAssignOnly:
            Predicate("the MDM assignment is never reset", otherwise: "no unreset MDM assignment") { _, context in
                context.policy.mdmAssignment == .assignOnly
            }
        case .mdmUserSet:
            Predicate("the MDM assigns the device to a worker", otherwise: "the MDM user is the staging user") {
                state, _ in
                try state.mdmUser.value != nil
            }
        case .devicePasscodeSet:
            Predicate("a device passcode is set", otherwise: "no device passcode") { state, _ in
                try state.passcodeOwner.value != nil
            }
        case .clearPasscodeFails:
            Predicate(
                "ClearPasscode cannot clear it (not in the workflow, offline, or a restarted iOS device still locked since, with neither cellular data nor its provisioning Launchpad)",
                otherwise: "ClearPasscode clears it"
            ) { state, context in
                let conditions = context.conditions
                let restartBlocks =
                    try !context.policy.android && state.rebooted.value && !conditions.clearPasscodeSucceeds
                    && !context.policy.cellularData && !conditions.atProvisioningLaunchpad
                return !context.policy.clearPasscodeOnCheckIn || conditions.clearPasscodeFails || restartBlocks
            }
        case .eraseOnCheckIn:
            Predicate("check-in erases the device", otherwise: "check-in does not erase") { _, context in
                context.policy.eraseOnCheckIn
            }
        case .failCheckInOnLogoutError:
            Predicate("a logout error fails the check-in", otherwise: "the check-in continues after a logout error") {
                _, context in
                context.policy.failCheckInOnLogoutError
            }
        case .aLogoutFailed:
            Predicate("an app's logout failed", otherwise: "every logout ran") { _, context in context.aLogoutFailed }
        case .integrationOn:
            Predicate("the Microsoft integration is on", otherwise: "the Microsoft integration is off") { _, context in
                context.policy.microsoftIntegration
            }
        case .microsoftSignOutRuns:
            Predicate(
                "MAM's Microsoft sign-out runs (integration on, device in shared mode)",
                otherwise: "MAM's Microsoft sign-out does not run"
            ) { _, context in context.policy.microsoftSignOutRuns }
        case .deviceInSharedMode:
            Predicate("the device is in Microsoft shared device mode", otherwise: "no shared device mode") {
                _, context in
                context.policy.deviceInSharedMode
            }
        case .entraAccountIsActor:
            Predicate("the Microsoft account is the user's", otherwise: "the Microsoft account is not the user's") {
                state, context in
                try state.entraAccount.value != nil && state.entraAccount.value == context.user
            }
        case .entraAccountIsAnother:
            Predicate("the Microsoft account is another user's", otherwise: "no other user's Microsoft account") {
                state, context in
                try state.entraAccount.value != nil && state.entraAccount.value != context.user
            }
        case .entraAccountSet:
            Predicate("a Microsoft account is signed in", otherwise: "no Microsoft account is signed in") { state, _ in
                try state.entraAccount.value != nil
            }
        case .mdmUserIsActor:
            Predicate("the MDM assigns the device to the user", otherwise: "the MDM user is not the user") {
                state, context in
                try state.mdmUser.value != nil && state.mdmUser.value == context.user
            }
        case .mdmUserIsAnother:
            Predicate("the MDM assigns the device to another user", otherwise: "no other MDM user") { state, context in
                try state.mdmUser.value != nil && state.mdmUser.value != context.user
            }
        case .emergencyPINConfigured:
            Predicate("an emergency unlock PIN is configured", otherwise: "no emergency unlock PIN") { _, context in
                context.policy.emergencyPIN
            }
        case .platformIOS:
            Predicate("the device runs iOS", otherwise: "the device runs Android") { _, context in
                !context.policy.android
            }
        case .appLoginNone:
            Predicate("the app has no login", otherwise: "the app has a login") { _, context in
                context.app.login == .none
            }
        case .appSignsInWithMicrosoft:
            Predicate("the app signs in through the Microsoft broker", otherwise: "the app has its own login") {
                _, context in
                context.app.login == .msalSDM
            }
        case .appAsksItsOwnMicrosoftSignIn:
            Predicate(
                "the app asks its own Microsoft sign-in (login: msal, or msal_sdm on a device not in shared device mode)",
                otherwise: "the app does not sign in with Microsoft on its own"
            ) { _, context in
                context.app.login == .msal || (context.app.login == .msalSDM && !context.policy.deviceInSharedMode)
            }
        case .appSignsInWithMDMCertificate:
            Predicate(
                "the app signs in with the MDM user's certificate", otherwise: "the app uses no MDM certificate"
            ) { _, context in context.app.login == .mdmCertificate }
        case .appInMicrosoftSharedMode:
            Predicate("the app is a Microsoft shared-device app", otherwise: "the app is not a Microsoft app") {
                _, context in
                context.app.isMicrosoftShared
            }
        case .appSessionIsActor:
            Predicate("the app's session is the user's", otherwise: "the app's session is not the user's") {
                state, context in
                try state.apps[context.appIndex].session.value != nil
                    && state.apps[context.appIndex].session.value == context.user
            }
        case .appSessionIsAnother:
            Predicate("the app's session is another user's", otherwise: "no other user's session in the app") {
                state, context in
                try state.apps[context.appIndex].session.value != nil
                    && state.apps[context.appIndex].session.value != context.user
            }
        case .appHasSession:
            Predicate("the app holds a session", otherwise: "the app holds no session") { state, context in
                try state.apps[context.appIndex].session.value != nil
            }
        case .appAsksEveryOpen:
            Predicate(
                "the app's own login asks at every open", otherwise: "the app keeps its sign-in between opens"
            ) { _, context in context.app.asksEveryOpen }
        case .appKeepsNoSignIn:
            Predicate(
                "the app keeps no sign-in between opens and holds none",
                otherwise: "the app keeps its sign-in between opens, or holds one"
            ) { state, context in
                try context.app.asksEveryOpen && state.apps[context.appIndex].session.value == nil
            }
        case .appDataIsAnother:
            Predicate("the app holds another user's data", otherwise: "the app holds no other user's data") {
                state, context in
                try state.apps[context.appIndex].data.value != nil
                    && state.apps[context.appIndex].data.value != context.user
            }
        case .ownSignInClearsData:
            Predicate(
                "the app asks its own login now and clears another user's data when a new user signs in to it",
                otherwise: "the app keeps another user's data at its own login, or asks none now"
            ) { state, context in
                try context.app.clearsDataOnUserChange
                    && (context.app.login == .appCredentials || context.app.login == .msal)
                    && state.apps[context.appIndex].session.value == nil
            }
        case .appHoldsAUser:
            Predicate("the app holds a worker's session or data", otherwise: "the app holds nobody's") {
                state, context in
                try state.apps[context.appIndex].session.value != nil || state.apps[context.appIndex].data.value != nil
            }
        case .logoutActionReportsResult:
            Predicate(
                "the app's logout action runs on the device", otherwise: "the app has no device logout action"
            ) { _, context in
                context.app.logout.isCallback || context.app.logout.androidOnly
            }
        case .logoutReportsError:
            Predicate("the logout action failed", otherwise: "the logout action succeeded") { _, context in
                context.conditions.logoutFails
                    || (context.appIndex >= 0 && context.conditions.logoutFailingApp == context.appIndex)
            }
        case .logoutUsesCustomScheme:
            Predicate("the logout is a custom-scheme callback", otherwise: "the logout is no custom scheme") {
                _, context in
                context.app.logout.isCustomScheme
            }
        case .dialogsBlockUnattended:
            Predicate(
                "unanswered permission dialogs block the first logout",
                otherwise: "permission dialogs are taken as accepted"
            ) { _, context in context.policy.dialogsBlockFirstUse }
        case .dialogsAccepted:
            Predicate(
                "its permission dialogs were answered before (the phone is in service)",
                otherwise: "its dialogs were never answered (the phone's first-ever check-in)"
            ) { state, context in
                try state.apps[context.appIndex].dialogsAccepted.value
            }
        case .logoutUsesCallback:
            Predicate("the app logs out through a callback", otherwise: "the app has no logout callback") {
                _, context in
                context.app.logout.isCallback
            }
        case .coldStartSafe:
            Predicate("the callback is safe on a cold start", otherwise: "the callback races the cold start") {
                _, context in
                context.app.coldStartSafe
            }
        case .logoutClearsAppData:
            Predicate("the logout method is Clear app data", otherwise: "the logout is not Clear app data") {
                _, context in
                context.app.logout == .clearAppData
            }
        case .logoutIsEpicRover:
            Predicate("the app is Epic Rover", otherwise: "the app is not Epic Rover") { _, context in
                context.app.logout == .epicRover
            }
        case .logoutIsForceQuit:
            Predicate("the logout method is Force quit", otherwise: "the logout is not Force quit") { _, context in
                context.app.logout == .forceQuit
            }
        case .forceQuitReadAsLogout:
            Predicate("Force quit is read as a logout", otherwise: "Force quit ends the process only") { _, context in
                context.policy.forceQuitLogsOut
            }
        case .logoutEndsProcessOnly:
            Predicate(
                "the logout method ends only the process or its cache", otherwise: "the logout is not process-only"
            ) { _, context in context.app.logout.isProcessOnly }
        case .sessionSurvivesRelaunch:
            Predicate(
                "the app restores its sign-in after a relaunch", otherwise: "the app drops its sign-in when it ends"
            ) { _, context in context.app.survivesRelaunch }
        case .logoutConfigured:
            Predicate("the app has a logout method", otherwise: "the app has no logout method") { _, context in
                context.app.logout != .none
            }
        case .appPostsNotificationsWhenLocked:
            Predicate(
                "the app can post notifications while locked",
                otherwise: "the app posts no notifications when locked"
            ) { _, context in context.app.notificationsWhenLocked }
        case .lockScreenUp:
            Predicate("the device's lock screen is up (it restarted)", otherwise: "the device is unlocked") {
                state, _ in
                try state.deviceLocked.value
            }
        case .lockScreenUpForActor:
            Predicate(
                "the user meets the device's lock screen (it restarted, or they are not its custodian)",
                otherwise: "the device is unlocked in its custodian's hands"
            ) { state, context in
                try state.custodian.value == nil || state.custodian.value != context.user || state.deviceLocked.value
            }
        case .passcodeIsAnothers:
            Predicate("the device passcode is another worker's", otherwise: "no other worker's device passcode") {
                state, context in
                try state.passcodeOwner.value != nil && state.passcodeOwner.value != context.user
            }
        case .passcodeIsActors:
            Predicate("the device passcode is the user's own", otherwise: "the device passcode is not the user's") {
                state, context in
                try state.passcodeOwner.value != nil && state.passcodeOwner.value == context.user
            }
        case .staticSharedPasscode:
            Predicate("every worker knows the one shared device passcode", otherwise: "no shared device passcode") {
                _, context in
                context.policy.devicePasscode == .staticShared
            }
        case .deviceHasPasscode:
            Predicate("the device has a passcode", otherwise: "the device has no passcode") { state, context in
                try state.passcodeOwner.value != nil || context.policy.devicePasscode == .staticShared
            }
        case .restartedSinceCheckOut:
            Predicate(
                "the device restarted and nobody has entered its passcode since",
                otherwise: "the device has not restarted since check-out (or its passcode was entered since)"
            ) { state, _ in try state.rebooted.value }
        }
    }
}
