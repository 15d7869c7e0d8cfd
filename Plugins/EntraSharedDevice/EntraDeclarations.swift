import SSOPolicyProviderKit

private let seed = EntraSource.tutorial

/// The facts a scenario's `given:` and `evaluate --fact` may state; a case's position is its `FactID`.
enum EntraFact: Int, DeclaredFact {
    case signedIn
    case dataOwner
    case safariSession
    case signInFrequencyPassed
    case inactivityPassed
    case sessionPINLocked

    var declaration: FactDeclaration {
        switch self {
        case .signedIn:
            FactDeclaration(
                "signed_in", .account, default: "none",
                meaning: "the account the broker holds device-wide (in default mode: the broker's last account)",
                sources: [Citation(seed), EntraEvidence.globalSignIn])
        case .dataOwner:
            FactDeclaration(
                "data_owner", .account, scope: .app, default: "none",
                meaning: "whose data the app holds; the app's MSAL previous account and local tokens start as this "
                    + "user",
                sources: [Citation(seed, "(app data is the app's job)"), EntraEvidence.currentAccount])
        case .safariSession:
            FactDeclaration(
                "safari_session", .account, default: "none",
                meaning: "iOS: whose Entra web session Safari holds; it exists only after that user signed in to a "
                    + "web app in Safari (open_browser), never through an app's sign-in",
                sources: [
                    Citation(seed, "(the SSO plug-in does not clear Safari)"), EntraEvidence.globalSignIn,
                    EntraEvidence.signOutOrdering,
                ])
        case .signInFrequencyPassed:
            .bool(
                "sign_in_frequency_passed", default: false,
                meaning: "with sign_in_frequency set: the interval has passed since the device account's last "
                    + "interactive sign-in by the first step",
                sources: [EntraEvidence.signInFrequency, EntraEvidence.pluginSignInFrequency])
        case .inactivityPassed:
            .bool(
                "inactivity_passed", default: false,
                meaning: "Android with mhs_auto_sign_out: the device has been idle for mhs_inactive_sign_out_delay by "
                    + "the first step",
                sources: [EntraEvidence.mhsAutoSignOut])
        case .sessionPINLocked:
            .bool(
                "session_pin_locked", default: false,
                meaning: "Android with mhs_pin_to_resume: Managed Home Screen's screensaver has come since the "
                    + "signed-in worker's last step, so its session PIN screen stands in front of the device",
                sources: [EntraManagedHomeScreen.pinToResume], appliesWhen: [.init("platform", ["android"])])
        }
    }
}

/// The provider's own events, after the four required ones.
enum EntraEvent: Int, DeclaredEvent {
    case openBrowser
    case signIn
    case mhsScreensaver
    case sessionPIN

    var declaration: EventDeclaration {
        switch self {
        case .openBrowser:
            EventDeclaration(
                "open_browser", target: .choice(["safari"]), requiresUser: true, accessAttempt: true,
                meaning: "iOS: the user opens an Entra-protected web app in Safari: with the SSO plug-in (safari_sso: "
                    + "plug_in) and an account signed in on the device, SSO as that account; otherwise web SSO as "
                    + "whoever's web session Safari still holds, otherwise the user signs in to the web app, which is "
                    + "the only way a Safari session comes to exist (not applicable on Android)",
                sources: [
                    Citation(seed, "(\"It doesn't clear state on the Safari browser\")"),
                    EntraEvidence.safariPluginSSO,
                ])
        case .signIn:
            EventDeclaration(
                "sign_in", target: .app, requiresUser: true, accessAttempt: true,
                meaning: "the user explicitly signs in from the app's sign-in screen (MSAL signIn / interactive "
                    + "acquireToken): global sign-in when no account is signed in; while another user's account "
                    + "is, Android refuses it (\"An account is already signed in.\") and the iOS broker follows the "
                    + "ios_second_user_sign_in reading",
                sources: [
                    Citation(seed, "(\"Globally sign in a user\")"), EntraEvidence.currentAccount,
                    EntraEvidence.globalSignIn,
                ])
        case .mhsScreensaver:
            EventDeclaration(
                "mhs_screensaver", target: .choice(["mhs"]), requiresUser: false, accessAttempt: false,
                meaning: "Android: Managed Home Screen's screensaver comes (the device idled for its time, or the "
                    + "lock screen appeared) and stays past the minimum inactive time; with mhs_pin_to_resume the "
                    + "session PIN screen follows it (not applicable on iOS)",
                sources: [EntraManagedHomeScreen.pinToResume])
        case .sessionPIN:
            EventDeclaration(
                "session_pin", target: .choice(["mhs"]), requiresUser: true, accessAttempt: true,
                meaning: "Android: the user enters a session PIN at Managed Home Screen's PIN screen: the signed-in "
                    + "worker's own PIN resumes the session; anyone else's is wrong, and the "
                    + "mhs_session_pin_max_attempts-th wrong one signs the signed-in worker out (not applicable on "
                    + "iOS)",
                sources: [EntraManagedHomeScreen.pinToResume, EntraManagedHomeScreen.pinAttempts])
        }
    }
}

/// What a step may state beside the event: whether the broker's sign-out request fails.
enum EntraStepCondition: Int, DeclaredStepCondition {
    case broker

    var declaration: StepConditionDeclaration {
        switch self {
        case .broker:
            StepConditionDeclaration(
                "broker", .choice(["succeeds", "fails"]), events: ["sign_out"],
                meaning: "the broker's device-wide sign-out request fails (network or extension error) after MSAL "
                    + "removed the app's local tokens",
                sources: [EntraEvidence.signOutOrdering])
        }
    }
}

/// What a step's `details` say, with the indices of their choice values.
enum EntraDetail: Int, DeclaredDetail {
    case deviceMode
    case currentAccount
    case previousAccount
    case dataAction
    case signOutScope

    var declaration: DetailDeclaration {
        switch self {
        case .deviceMode:
            DetailDeclaration(
                "device_mode", .choice(["shared", "default", "unavailable"]),
                meaning: "what getDeviceInformation reports to the app (unavailable: the app is not broker-enabled)")
        case .currentAccount:
            DetailDeclaration(
                "current_account", .account,
                meaning: "the current account getCurrentAccount returns to the app after the step")
        case .previousAccount:
            DetailDeclaration(
                "previous_account", .account,
                meaning: "MSAL's per-app previous account reported at this foreground (a change is reported once)")
        case .dataAction:
            DetailDeclaration(
                "data_action", .choice(["cleared", "kept", "none"]),
                meaning: "what the app did with the previous user's data: cleared it, kept it, or had none")
        case .signOutScope:
            DetailDeclaration(
                "sign_out_scope", .choice(["global", "app"]),
                meaning: "whether the sign-out reached the whole device or only this app")
        }
    }

    /// `device_mode` values.
    static let shared = 0
    static let defaultMode = 1
    static let unavailable = 2
    /// `data_action` values.
    static let cleared = 0
    static let kept = 1
    static let none = 2
    /// `sign_out_scope` values.
    static let global = 0
    static let app = 1
}
