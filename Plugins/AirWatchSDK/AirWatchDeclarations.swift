import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence

/// The facts a scenario's `given:` and `evaluate --fact` may state, in declaration order (a case's position is its
/// `FactID`).
enum AirWatchFact: Int, DeclaredFact {
    case passcodeSet
    case sessionLive
    case silentLogin
    case initialCheckDone
    case sessionUser
    case checkedOutUser

    var declaration: FactDeclaration {
        switch self {
        case .passcodeSet:
            FactDeclaration.bool(
                "passcode_set", default: false,
                meaning: "a passcode (or, for username/password, a credential key) exists in the store serving the app",
                sources: [Evidence.unlockOrder])
        case .sessionLive:
            FactDeclaration.bool(
                "session_live", default: false,
                meaning: "the store's session is live; false with a passcode and a timeout means it timed out",
                sources: [Evidence.unlockOrder])
        case .silentLogin:
            FactDeclaration(
                "silent_login", .choice(["first_launch", "succeeds", "fails"]), default: "first_launch",
                meaning: "whether silent login identifies the user: first_launch = no app has identified yet, so each "
                    + "app's one-time managed token is unused (see the model option silent_login_token); succeeds = "
                    + "silent login succeeded before: with SSO the cluster holds session_user's common identity (the "
                    + "app counts as registered when its session is also live), without SSO the app is registered; fails = no registration, no common identity and the token absent or "
                    + "spent (as after a wipe or a user change)",
                sources: [
                    Evidence.seed("(Identify: silent login)"), Evidence.unlockOrder, Evidence.identifyOrder,
                    Evidence.appIdentity,
                ]
            )
        case .initialCheckDone:
            FactDeclaration.bool(
                "initial_check_done", default: false,
                meaning: "the app finished a launch in its current process (initialCheckDone); false = its next open "
                    + "is a cold launch",
                sources: [Evidence.seed("(Query the Current SSO Status)"), Evidence.initialCheck]
            )
        case .sessionUser:
            FactDeclaration(
                "session_user", .account, default: "none",
                meaning: "whose identity the registration and live session carry; none = the acting user",
                sources: [Evidence.sessionStore])
        case .checkedOutUser:
            FactDeclaration(
                "checked_out_user", .account, default: "none",
                meaning: "the user checked out in Hub (shared devices); none = no check-out mode",
                sources: [Evidence.userChanged])
        }
    }
}

extension AirWatchFact {
    /// Values of the `silent_login` fact.
    static let silentFirstLaunch = 0
    static let silentSucceeds = 1
    static let silentFails = 2
}

/// The SDK's own events, in declaration order after the four required ones.
enum AirWatchEvent: Int, DeclaredEvent {
    case lock
    case wrongPasscode
    case checkOut
    case checkIn
    case logoutCurrentUser
    case background

    var declaration: EventDeclaration {
        switch self {
        case .lock:
            EventDeclaration(
                "lock", target: .app, requiresUser: false, accessAttempt: false,
                meaning: "the app calls lockSession(): the session is cleared for every app sharing the store",
                sources: [Evidence.sessionLifetime, Evidence.lockSession])
        case .wrongPasscode:
            EventDeclaration(
                "wrong_passcode", target: .app, requiresUser: false, accessAttempt: true,
                meaning: "a failed unlock attempt (passcode or password); counts against max_failed_attempts",
                sources: [Evidence.failedAttempts, Evidence.maxAttemptsWipe])
        case .checkOut:
            EventDeclaration(
                "check_out", target: .choice(["hub"]), requiresUser: true, accessAttempt: false,
                meaning: "a user checks out the shared device in Hub; apps detect the change at their next access",
                sources: [Evidence.userChanged, Evidence.userChangeDetection, Evidence.checkInCheckOut]
            )
        case .checkIn:
            EventDeclaration(
                "check_in", target: .choice(["hub"]), requiresUser: true, accessAttempt: false,
                meaning: "the user checks the shared device back in at Hub (logs out): no user is checked out; the "
                    + "passcode is cleared if clear_passcode_on_check_out; app data and SDK registrations stay until "
                    + "another user checks out (limited data separation)",
                sources: [Evidence.payloadDefaults, Evidence.userChanged, Evidence.checkInCheckOut]
            )
        case .logoutCurrentUser:
            EventDeclaration(
                "logout_current_user", target: .app, requiresUser: false, accessAttempt: false,
                meaning: "the app calls the SDK's logoutCurrentUser: the store's SDK data is wiped (the cluster's "
                    + "shared store with SSO) and the app unenrolled; app data stays unless the app clears it on wipe",
                sources: [Evidence.maxAttemptsWipe, Evidence.dataCleanup, Evidence.logoutCurrentUser]
            )
        case .background:
            EventDeclaration(
                "background", target: .app, requiresUser: false, accessAttempt: false,
                meaning: "the app goes to the background (re-stamps the session under timeout_anchor: last_background)",
                sources: [Evidence.sessionValidity, Evidence.backgroundExtends])
        }
    }
}

/// What a step may force, in declaration order.
enum AirWatchStepCondition: Int, DeclaredStepCondition {
    case silentLogin
    case beforeInitialCheck

    var declaration: StepConditionDeclaration {
        switch self {
        case .silentLogin:
            StepConditionDeclaration(
                "silent_login", .choice(["succeeds", "fails"]), events: ["open"],
                meaning: "forces the silent login outcome of this access (when the app is not registered)",
                sources: [Evidence.seed("(Identify)")])
        case .beforeInitialCheck:
            StepConditionDeclaration(
                "before_initial_check", .bool, events: ["query_sso_status"],
                meaning: "the status is read before (true) or after (false) initialCheckDone in this launch",
                sources: [Evidence.seed("(Query the Current SSO Status)")])
        }
    }
}

/// What a step's `details` say, in declaration order.
enum AirWatchDetail: Int, DeclaredDetail {
    case ssoStatus
    case credentialMethod
    case registeredUser

    var declaration: DetailDeclaration {
        switch self {
        case .ssoStatus:
            DetailDeclaration(
                "sso_status", .choice(["enabled", "disabled"]), meaning: "what the app's ssoStatus reads after the step"
            )
        case .credentialMethod:
            DetailDeclaration(
                "credential_method", .choice(["username_password", "token", "saml"]),
                meaning: "the kind of the credentials prompt shown in this step")
        case .registeredUser:
            DetailDeclaration(
                "registered_user", .account, meaning: "the identity the app is registered with after the step")
        }
    }
}
