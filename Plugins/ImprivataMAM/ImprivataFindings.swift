import SSOPolicyProviderKit

/// The imprivata-mam finding catalogue, in catalogue order (a case's position is its `FindingID`). The core's
/// properties and verdicts read the first two by their concern.
enum ImprivataFinding: Int, DeclaredFinding {
    case previousUserSessionActive
    case previousUserDataVisible
    case sessionSurvivesCheckIn
    case logoutMethodDoesNotClearSession
    case logoutCallbackFailed
    case ulcColdStartRace
    case interappDialogBlocksLogout
    case passcodeNotCleared
    case deviceErasedOnRecovery
    case checkOutRefused
    case mdmIdentityNotReset
    case anonymousEmergencyUnlock
    case deviceUsedByNonCustodian
    case deviceOverdue
    case previousUserNotifications
    case checkInFailed
    case noLogoutMethod
    case noAutomaticCheckIn
    case overdueDisabled
    case overdueWithoutLostMode
    case sharedModeNotActive
    case staticDevicePasscode
    case noDevicePasscode
    case passcodeOffWhileCheckedIn
    case browserSessionRemains
    case checkInNotRetried
    case emergencyPINEnabled
    case previousUserDevicePasscode
    case microsoftLogoutWithoutIntegration

    private typealias E = ImprivataEvidence

    var declaration: FindingDeclaration {
        switch self {
        case .previousUserSessionActive:
            return FindingDeclaration(
                "previous-user-session-active", .critical, concern: .foreignSession,
                message: "{user} is working in {session_user}'s session in {app}",
                meaning: "the app kept its own sign-in through check-in (MAM does not sign apps in or out itself; "
                    + "only the app's logout action does), so the next worker opens it as the previous one",
                sources: E.logoutMethods + E.ulcLogout)
        case .previousUserDataVisible:
            return FindingDeclaration(
                "previous-user-data-visible", .high, concern: .previousUserData,
                message: "{app} still holds {previous_user}'s data when {user} opens it",
                meaning: "the app's data of the previous worker survived check-in: only Clear app data (Android), "
                    + "Epic Rover's return and an app whose own logout wipes its data remove it",
                sources: E.clearData + E.rover + E.microsoftAndroid)
        case .sessionSurvivesCheckIn:
            return FindingDeclaration(
                "session-survives-check-in", .high, concern: .incompleteSignOut,
                message: "{app} keeps {previous_user}'s session through the check-in: it has no working logout",
                meaning: "the app has no App Logout entry (or its Microsoft sign-out does not run), so check-in "
                    + "does nothing to it (inferred: logout actions are opt-in per app)",
                sources: E.logoutMethods)
        case .logoutMethodDoesNotClearSession:
            return FindingDeclaration(
                "logout-method-does-not-clear-session", .high,
                message: "{app}'s logout method ends only its process: {previous_user}'s session survives",
                meaning: "force quit (iOS), force stop, clear cache, or clear cache and stop (Android) end the "
                    + "process or empty the cache; an app that restores its sign-in at launch is still signed in "
                    + "(inferred from OS semantics; the validator force-quits and still expects the callback)",
                sources: E.forceQuit + E.processOnly)
        case .logoutCallbackFailed:
            return FindingDeclaration(
                "logout-callback-failed", .high,
                message: "{app}'s logout action failed at check-in: {previous_user}'s session survives",
                meaning: "the app answered ulc-error, never called back, its domain was not associated, or an "
                    + "Android clear/stop action failed",
                sources: E.ulcFailures)
        case .ulcColdStartRace:
            return FindingDeclaration(
                "ulc-cold-start-race", .medium,
                message: "{app} reports a successful logout but stays signed in as {previous_user} (cold-start race)",
                meaning: "the validator's common bug: on a cold start the app answers success before its startup "
                    + "restores the sign-in (ulc_cold_start_safe: false)",
                sources: E.ulcFailures)
        case .interappDialogBlocksLogout:
            return FindingDeclaration(
                "interapp-dialog-blocks-logout", .medium,
                message: "{app}'s custom-scheme logout waits for a permission dialog nobody answers at the phone's "
                    + "first-ever check-in",
                meaning: "x-callback-url and inter-app callbacks make iOS ask whether one app may open the other; "
                    + "at an unattended check-in the first logout per device does not run (model option)",
                sources: E.interappDialogs)
        case .passcodeNotCleared:
            return FindingDeclaration(
                "passcode-not-cleared", .high,
                message: "the device passcode of {previous_user} was not cleared at check-in",
                meaning: "the MDM ClearPasscode failed (offline, an iOS device still locked since a restart and "
                    + "without cellular, or not in the workflow): the Launchpad cannot pair, and the next check-out is refused until a force "
                    + "recovery erases the device",
                sources: E.clearPasscode + E.forceRecovery)
        case .deviceErasedOnRecovery:
            return FindingDeclaration(
                "device-erased-on-recovery", .info, message: "the Launchpad erased the passcode-locked device",
                meaning: "force recovery erases and updates a device it could not pair with for 5 minutes",
                sources: E.forceRecovery)
        case .checkOutRefused:
            return FindingDeclaration(
                "check-out-refused", .info, message: "no device is handed out to {user}",
                meaning: "the device is not available (already checked out, or passcode-locked): the badge reader "
                    + "beeps 3 or 4 times", sources: E.beeps)
        case .mdmIdentityNotReset:
            return FindingDeclaration(
                "mdm-identity-not-reset", .critical,
                message: "the MDM still assigns the device to {previous_user} after check-in",
                meaning: "check-out assigned the device to the worker in the MDM (user-scoped certificates, email) "
                    + "and check-in does not assign it back to the staging user",
                sources: E.mdmAssignment)
        case .anonymousEmergencyUnlock:
            return FindingDeclaration(
                "anonymous-emergency-unlock", .high, message: "the device was unlocked by PIN; nobody is its custodian",
                meaning: "the emergency unlock PIN opens Locker with no identity; MAM logs 'Unlocked by PIN' but "
                    + "not who", sources: E.emergencyPIN)
        case .deviceUsedByNonCustodian:
            return FindingDeclaration(
                "device-used-by-non-custodian", .high, message: "{user} uses a device checked out to {previous_user}",
                meaning: "the device passed hand to hand without a check-in and check-out: MAM still records the "
                    + "previous worker", sources: E.checkOutAction + E.overdue)
        case .deviceOverdue:
            return FindingDeclaration(
                "device-overdue", .medium, message: "the device is overdue; its sessions are still signed in",
                meaning: "the lending period has passed; MAM only marks the device (and emails); nothing is "
                    + "signed out", sources: E.overdue)
        case .previousUserNotifications:
            return FindingDeclaration(
                "previous-user-notifications", .low,
                message: "{app} may still show {previous_user}'s notifications while the device is docked",
                meaning: "Imprivata advises hiding Epic Rover at check-in to suppress its notifications",
                sources: E.supportedApps)
        case .checkInFailed:
            return FindingDeclaration(
                "check-in-failed", .high, message: "the check-in failed; the device stays checked out",
                meaning: "under the model option ulc_error_handling: fail_check_in, a failed logout fails the "
                    + "workflow after its retries", sources: E.retries)
        case .noLogoutMethod:
            return FindingDeclaration(
                "no-logout-method", .high, message: "{app} has no logout method",
                meaning: "an app without an App Logout entry keeps its session and data through check-in (inferred)",
                sources: E.logoutMethods)
        case .noAutomaticCheckIn:
            return FindingDeclaration(
                "no-automatic-check-in", .medium,
                message: "a device that is not returned keeps every session: there is no automatic check-in",
                meaning: "check-in happens only at a Launchpad; an unreturned device only becomes Overdue "
                    + "(no document describes an automatic or remote check-in)", sources: E.overdue)
        case .overdueDisabled:
            return FindingDeclaration(
                "overdue-disabled", .high, message: "overdue devices are off (lending_period: 0)",
                meaning: "nobody is told about a device that is never returned", sources: E.overdue)
        case .overdueWithoutLostMode:
            return FindingDeclaration(
                "overdue-without-lost-mode", .medium, message: "overdue devices are not put in Lost Mode",
                meaning: "Imprivata's best practice turns on Lost Mode for overdue devices", sources: E.overdue)
        case .sharedModeNotActive:
            return FindingDeclaration(
                "shared-mode-not-active", .high,
                message: "the Microsoft integration is on but the device is not in shared device mode",
                meaning: "MAM's Microsoft sign-out needs a device in Microsoft shared device mode (on Android an "
                    + "Intune dedicated device with Managed Home Screen)",
                sources: E.microsoftIOS + E.microsoftAndroid)
        case .staticDevicePasscode:
            return FindingDeclaration(
                "static-device-passcode", .medium, message: "every worker uses the same device passcode",
                meaning: "MAM's model is one passcode per worker per check-out, cleared at check-in",
                sources: E.passcodeAtCheckOut)
        case .noDevicePasscode:
            return FindingDeclaration(
                "no-device-passcode", .medium, message: "checked-out devices have no passcode",
                meaning: "Imprivata recommends 4-digit device passcodes, set per worker at check-out",
                sources: E.passcodeDigits)
        case .passcodeOffWhileCheckedIn:
            return FindingDeclaration(
                "passcode-off-while-checked-in", .info,
                message: "a checked-in device has no passcode (Data Protection off) until the next check-out",
                meaning: "ClearPasscode leaves the device without a passcode until a new one is set",
                sources: E.passcodeCleared)
        case .browserSessionRemains:
            return FindingDeclaration(
                "browser-session-remains", .medium, message: "{app}'s web sign-in cookies survive check-in",
                meaning: "no document says check-in clears Safari or WebKit cookies (model default: not cleared)",
                sources: E.logoutMethods)
        case .checkInNotRetried:
            return FindingDeclaration(
                "check-in-not-retried", .low, message: "a failed check-in is not retried",
                meaning: "Imprivata recommends retrying a failed check-in workflow 3 times",
                sources: E.checkInMinimum + E.retries)
        case .emergencyPINEnabled:
            return FindingDeclaration(
                "emergency-pin-enabled", .info, message: "an emergency unlock PIN is configured",
                meaning: "useful when the Launchpad is down, but it opens the device with no identity",
                sources: E.emergencyPIN)
        case .previousUserDevicePasscode:
            return FindingDeclaration(
                "previous-user-device-passcode", .low,
                message: "{user} meets {previous_user}'s device passcode and cannot unlock the device",
                meaning: "each worker sets their own device passcode at check-out and only check-in clears it: a "
                    + "device passed on without a check-in and check-out (or restarted) shows the lock screen of "
                    + "the worker who set it, so the next worker cannot work on it (nor reach that worker's session)",
                sources: E.passcodeAtCheckOut + E.clearPasscode)
        case .microsoftLogoutWithoutIntegration:
            return FindingDeclaration(
                "microsoft-logout-without-integration", .high,
                message: "{app}'s logout method msal_shared_device never runs: the Microsoft integration is off",
                meaning: "MAM signs Microsoft apps out at check-in only through its Microsoft integration "
                    + "(microsoft_sdm_integration); without it the app has no logout at check-in",
                sources: E.microsoftIOS + E.microsoftAndroid)
        }
    }
}
