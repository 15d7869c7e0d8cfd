import SSOPolicyProviderKit

/// The facts a scenario's `given:` and `evaluate --fact` may state, in declaration order (a case's position is its
/// `FactID`).
enum ImprivataFact: Int, DeclaredFact {
    case status
    case custodian
    case sessionOwner
    case dataOwner
    case entraAccount
    case mdmUser
    case passcodeOwner
    case secondFactorDone
    case dialogsAccepted
    case rebooted
    case lendingPeriodPassed
    case deviceLocked
    case inService

    private typealias E = ImprivataEvidence

    var declaration: FactDeclaration {
        switch self {
        case .status:
            FactDeclaration(
                "status", .choice(DeviceStatus.words), default: "checked_in",
                meaning: "the device's custody status: docked and locked, checked out, overdue, in Lost Mode, or "
                    + "unlocked by the emergency PIN", sources: E.checkOutAction + E.overdue + E.emergencyPIN)
        case .custodian:
            FactDeclaration(
                "custodian", .account, default: "none",
                meaning: "the worker the device is checked out to ([Device User])", sources: E.checkOutAction)
        case .sessionOwner:
            FactDeclaration(
                "session_owner", .account, scope: .app, default: "none", meaning: "whose sign-in the app holds",
                sources: E.logoutMethods)
        case .dataOwner:
            FactDeclaration(
                "data_owner", .account, scope: .app, default: "none", meaning: "whose data the app holds",
                sources: E.clearData)
        case .entraAccount:
            FactDeclaration(
                "entra_account", .account, default: "none",
                meaning: "the Microsoft account signed in device-wide (shared device mode)",
                sources: E.microsoftIOS)
        case .mdmUser:
            FactDeclaration(
                "mdm_user", .account, default: "none",
                meaning: "the worker the MDM assigns the device to; none = the staging user",
                sources: E.mdmAssignment)
        case .passcodeOwner:
            FactDeclaration(
                "passcode_owner", .account, default: "none",
                meaning: "whose device passcode is set; none = no passcode",
                sources: E.passcodeAtCheckOut)
        case .secondFactorDone:
            .bool(
                "autofill_second_factor_done", default: false, meaning: "the worker gave AutoFill's second factor",
                sources: E.autofillSecondFactor)
        case .dialogsAccepted:
            .bool(
                "logout_dialogs_accepted", scope: .app, default: false,
                meaning: "at the phone's first-ever check-in (in_service: false): the app's custom-scheme "
                    + "permission dialogs were answered on this device all the same",
                sources: E.interappDialogs)
        case .rebooted:
            .bool(
                "rebooted", default: false,
                meaning: "the device restarted since check-out and nobody has entered its passcode since (a "
                    + "restarted iPhone talks to no network or MDM until then)",
                sources: E.clearPasscode + E.restartUntilUnlocked)
        case .lendingPeriodPassed:
            .bool(
                "lending_period_passed", default: false,
                meaning: "for a checked-out device: the lending period has passed by the first step",
                sources: E.overdue)
        case .deviceLocked:
            .bool(
                "device_locked", default: false,
                meaning: "the device's lock screen asks its device passcode (it restarted since the worker last "
                    + "unlocked it); another worker who picks the device up meets the lock screen anyway",
                sources: E.passcodeAtCheckOut + E.passcodeCleared)
        case .inService:
            .bool(
                "in_service", default: true,
                meaning: "the phone is in service: it has been checked in before, so each app's custom-scheme "
                    + "logout permission dialogs were answered once, as in steady operation (the default); false = "
                    + "the phone's first-ever check-in, where nobody answers them",
                sources: E.interappDialogs, circumstance: "the phone's first-ever check-in")
        }
    }
}

/// MAM's own events, after the four required ones.
enum ImprivataEvent: Int, DeclaredEvent {
    case checkOut
    case checkIn
    case emergencyUnlock
    case microsoftSignIn

    private typealias E = ImprivataEvidence

    var declaration: EventDeclaration {
        switch self {
        case .checkOut:
            EventDeclaration(
                "check_out", target: .choice(["hub", "launchpad"]), requiresUser: true, accessAttempt: true,
                meaning: "the worker taps a badge at the Launchpad's badge reader (hub and launchpad name the same "
                    + "dock; with a second factor as check_out_auth says): a docked device is unlocked, checked out "
                    + "to them and set up",
                sources: E.checkOutAction + E.beeps + E.checkOutMethods)
        case .checkIn:
            EventDeclaration(
                "check_in", target: .choice(["hub", "launchpad"]), requiresUser: false, accessAttempt: false,
                meaning: "the device is docked at a Launchpad (hub and launchpad name the same dock): each app's "
                    + "logout action, AutoFill purge, Microsoft sign-out, MDM staging user, ClearPasscode, then "
                    + "Locker locks. Docking identifies nobody: a user is optional, and the custody says whose "
                    + "device it was (there is no automatic check-in)",
                sources: E.checkInAction + E.checkInMinimum + E.logoutMethods)
        case .emergencyUnlock:
            EventDeclaration(
                "emergency_unlock", target: .choice(["pin"]), requiresUser: false, accessAttempt: false,
                meaning: "someone unplugs a locked device, taps the padlock and enters the emergency PIN",
                sources: E.emergencyPIN)
        case .microsoftSignIn:
            EventDeclaration(
                "microsoft_sign_in", target: .choice(["check_out_screen"]), requiresUser: true, accessAttempt: true,
                meaning: "the worker taps the blue Microsoft button on the check-out screen",
                sources: E.microsoftIOS)
        }
    }
}

/// What a step may state about how an event went.
enum ImprivataStepCondition: Int, DeclaredStepCondition {
    case logout
    case clearPasscode
    case badge
    case logoutFails
    case dockedAt

    private typealias E = ImprivataEvidence

    var declaration: StepConditionDeclaration {
        switch self {
        case .logout:
            StepConditionDeclaration(
                "logout", .choice(["ok", "error", "no_response"]), events: ["check_in"],
                meaning: "every app's logout action at this check-in: ok, the app answers ulc-error, or it never "
                    + "calls back (also an Android clear/stop action that fails); logout_fails names one app",
                sources: E.ulcFailures)
        case .clearPasscode:
            StepConditionDeclaration(
                "clear_passcode", .choice(["succeeds", "fails"]), events: ["check_in"],
                meaning: "whether the MDM's ClearPasscode reaches the device: fails offline; succeeds states it "
                    + "reached the device; unstated, a restarted iOS device is cleared only with cellular_data or "
                    + "at the Launchpad it was provisioned on (docked_at)", sources: E.clearPasscode)
        case .badge:
            StepConditionDeclaration(
                "badge", .choice(["enrolled", "not_enrolled"]), events: ["check_out"],
                meaning: "whether the tapped badge is enrolled in the identity provider", sources: E.badgeEnrolment)
        case .logoutFails:
            StepConditionDeclaration(
                "logout_fails", .app, events: ["check_in"],
                meaning: "this app's logout action fails at this check-in (ulc-error, no answer, a failed Android "
                    + "action); the other apps' logouts run", sources: E.ulcFailures + E.logoutMethods)
        case .dockedAt:
            StepConditionDeclaration(
                "docked_at", .choice(["provisioning_launchpad", "another_launchpad"]), events: ["check_in"],
                meaning: "where the device is docked: the Launchpad it was provisioned on (its tethered Mac clears "
                    + "the passcode of a restarted iOS device) or another one", sources: E.clearPasscode)
        }
    }
}

/// What a step's `details` say.
enum ImprivataDetail: Int, DeclaredDetail {
    case status
    case custodian
    case checkOutMethod
    case logoutMethod
    case autofill
    case dataOwner

    var declaration: DetailDeclaration {
        switch self {
        case .status:
            DetailDeclaration(
                "status", .choice(DeviceStatus.words), meaning: "the device's custody status after the step")
        case .custodian:
            DetailDeclaration("custodian", .account, meaning: "the worker the device is checked out to after the step")
        case .checkOutMethod:
            DetailDeclaration(
                "check_out_method", .choice(CheckOutAuth.words), meaning: "how the worker checked the device out")
        case .logoutMethod:
            DetailDeclaration("logout_method", .choice(LogoutMethod.words), meaning: "the app's logout method")
        case .autofill:
            DetailDeclaration("autofill", .choice(["on", "off"]), meaning: "AutoFill offered the worker's credentials")
        case .dataOwner:
            DetailDeclaration("data_owner", .account, meaning: "whose data the app holds after the step")
        }
    }
}
