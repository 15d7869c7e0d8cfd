import SSOPolicyProviderKit

private typealias MHS = EntraManagedHomeScreen

/// MHS sign-in with the session PIN and its PIN to resume, on Android.
private let pinToResume = [
    "platform": "android", "mhs_sign_in": "true", "mhs_session_pin": "true", "mhs_pin_to_resume": "true",
]
private let signIn = ["platform": "android", "mhs_sign_in": "true"]

private func with(_ base: [String: String], _ more: [String: String]) -> [String: String] {
    base.merging(more) { _, new in new }
}

/// The phase of Managed Home Screen (Android), the last: its sign-in and session PIN, the PIN screen after the
/// screensaver, the wrong PINs that sign a worker out, its automatic sign-out of type Other, and a restart. The
/// automatic sign-out of the apps is `EntraDeviceSignOutRule.mhsInactivitySignOut`.
enum EntraManagedHomeScreenRule: Int, RuleSet {
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

    static let table = RuleTable<EntraManagedHomeScreenRule>(after: EntraDeviceSignOutRule.table)

    /// Managed Home Screen's PIN screen in front of an access (Android).
    static let sessionPINScreen = DecisionList<EntraManagedHomeScreenRule>(
        "Managed Home Screen's PIN screen at an access", [.mhsSessionPINResume, .mhsSessionPINStopsOtherUser])
    /// A session PIN entered at Managed Home Screen's PIN screen (Android).
    static let sessionPINEntry = DecisionList<EntraManagedHomeScreenRule>(
        "a session PIN entered at Managed Home Screen",
        [.mhsSessionPINResume, .mhsPINAttemptsSignOut, .mhsSessionPINStopsOtherUser])
    /// Managed Home Screen's screensaver (Android).
    static let screensaver = DecisionList<EntraManagedHomeScreenRule>(
        "Managed Home Screen's screensaver", [.mhsScreensaverSkippable, .mhsScreensaverLocks])
    /// A restart with the Managed Home Screen sign-in (Android).
    static let restart = DecisionList<EntraManagedHomeScreenRule>(
        "a restart with the Managed Home Screen sign-in", [.mhsRestartSignsOut, .mhsRestartSignInAgain])

    var definition: RuleDefinition<EntraPredicate> {
        switch self {
        case .mhsSignIn:
            RuleDefinition(
                "entra.mhs.sign-in",
                summary:
                    "Android: the worker signs in at Managed Home Screen's sign-in screen, which is the global sign-in "
                    + "of every shared-device-mode app (sign-in type Microsoft Entra ID)",
                sources: [MHS.signIn],
                when: [.when(.mhsSingleSignOn)],
                examples: [
                    RuleExample(settings: signIn, fires: true),
                    RuleExample(settings: with(signIn, ["mhs_sign_in_type": "other"]), fires: false),
                    RuleExample(settings: ["platform": "android"], fires: false),
                ])
        case .mhsSessionPINCreated:
            RuleDefinition(
                "entra.mhs.session-pin-created",
                summary:
                    "Android: after the MHS sign-in the worker creates a session PIN, which lasts until the worker "
                    + "signs out",
                sources: [MHS.sessionPIN],
                when: [.when(.mhsSingleSignOn), .when(.mhsSessionPIN)],
                effect: .prompts(.createPasscode),
                examples: [
                    RuleExample(settings: with(signIn, ["mhs_session_pin": "true"]), fires: true),
                    RuleExample(settings: signIn, fires: false),
                    RuleExample(
                        settings: with(signIn, ["mhs_session_pin": "true", "mhs_sign_in_type": "other"]), fires: false),
                ])
        case .mhsScreensaverSkippable:
            RuleDefinition(
                "entra.mhs.pin-screen-skippable",
                summary: "Android: the screensaver comes, but with the Home and Overview buttons or status-bar "
                    + "notifications shown a worker skips the PIN screen and reaches the signed-in worker's apps",
                sources: [MHS.skippable],
                when: [.when(.mhsPINToResume), .when(.mhsNavigationShown), .when(.accountSignedIn)],
                examples: [
                    RuleExample(
                        settings: with(pinToResume, ["mhs_system_navigation": "shown"]), facts: ["signed_in": "bob"],
                        event: "mhs_screensaver", target: "mhs", fires: true),
                    RuleExample(
                        settings: pinToResume, facts: ["signed_in": "bob"], event: "mhs_screensaver", target: "mhs",
                        fires: false),
                ])
        case .mhsScreensaverLocks:
            RuleDefinition(
                "entra.mhs.screensaver-locks",
                summary: "Android: after MHS's screensaver the signed-in worker's session is behind the session PIN",
                sources: [MHS.pinToResume],
                when: [.when(.mhsPINToResume), .not(.mhsNavigationShown), .when(.accountSignedIn)],
                examples: [
                    RuleExample(
                        settings: pinToResume, facts: ["signed_in": "bob"], event: "mhs_screensaver", target: "mhs",
                        fires: true),
                    RuleExample(settings: pinToResume, event: "mhs_screensaver", target: "mhs", fires: false),
                    RuleExample(
                        settings: with(pinToResume, ["mhs_pin_to_resume": "false"]), facts: ["signed_in": "bob"],
                        event: "mhs_screensaver", target: "mhs", fires: false),
                ])
        case .mhsSessionPINResume:
            RuleDefinition(
                "entra.mhs.session-pin-resume",
                summary:
                    "Android: the signed-in worker enters the session PIN at the PIN screen and resumes the session",
                sources: [MHS.pinToResume, MHS.sessionPIN],
                when: [.when(.sessionPINLocked), .when(.userIsDeviceAccount)],
                effect: .prompts(.passcode),
                examples: [
                    RuleExample(
                        settings: pinToResume, facts: ["signed_in": "alice", "session_pin_locked": "true"], fires: true),
                    RuleExample(
                        settings: pinToResume, facts: ["signed_in": "alice", "session_pin_locked": "true"],
                        event: "session_pin", target: "mhs", fires: true),
                    RuleExample(settings: pinToResume, facts: ["signed_in": "alice"], fires: false),
                ])
        case .mhsPINAttemptsSignOut:
            RuleDefinition(
                "entra.mhs.pin-attempts-sign-out",
                summary:
                    "Android: the last allowed wrong session PIN signs the signed-in worker out of MHS and of every "
                    + "shared-device-mode app (a global sign-out); the next worker can sign in",
                sources: [MHS.pinAttempts, MHS.autoSignOut],
                when: [.when(.sessionPINLocked), .when(.otherUserSignedIn), .when(.pinAttemptsExhausted)],
                effect: RuleEffect(prompts: [.passcode], session: SessionKind.none),
                examples: [
                    RuleExample(
                        settings: with(pinToResume, ["mhs_session_pin_max_attempts": "1"]),
                        facts: ["signed_in": "bob", "session_pin_locked": "true"], event: "session_pin", target: "mhs",
                        fires: true),
                    RuleExample(
                        settings: with(pinToResume, ["mhs_session_pin_max_attempts": "3"]),
                        facts: ["signed_in": "bob", "session_pin_locked": "true"], event: "session_pin", target: "mhs",
                        fires: false),
                    RuleExample(
                        settings: pinToResume, facts: ["signed_in": "bob", "session_pin_locked": "true"],
                        event: "session_pin", target: "mhs", fires: false),
                ])
        case .mhsSessionPINStopsOtherUser:
            RuleDefinition(
                "entra.mhs.session-pin-stops-other-user",
                summary: "Android: another worker meets the PIN screen of the signed-in worker's session and is not "
                    + "served; the wrong PINs count towards the maximum",
                sources: [MHS.pinToResume, MHS.pinAttempts],
                when: [.when(.sessionPINLocked), .when(.otherUserSignedIn)],
                effect: RuleEffect(prompts: [.passcode], session: .denied),
                examples: [
                    RuleExample(
                        settings: pinToResume, facts: ["signed_in": "bob", "session_pin_locked": "true"], fires: true),
                    RuleExample(
                        settings: pinToResume, facts: ["signed_in": "bob", "session_pin_locked": "true"],
                        event: "session_pin", target: "mhs", fires: true),
                    RuleExample(settings: pinToResume, facts: ["signed_in": "bob"], fires: false),
                    RuleExample(
                        settings: with(pinToResume, ["mhs_system_navigation": "shown"]),
                        facts: ["signed_in": "bob", "session_pin_locked": "true"], fires: false),
                ])
        case .mhsInactivitySignOutMHSOnly:
            RuleDefinition(
                "entra.mhs.inactivity-sign-out-mhs-only",
                summary:
                    "Android: with the MHS sign-in type Other, the automatic sign-out ends the MHS session only; the "
                    + "shared-device-mode account stays signed in for the apps",
                sources: [MHS.signInType, MHS.autoSignOut],
                when: [.when(.inactivityPassed), .when(.accountSignedIn), .when(.mhsSignInOther)],
                examples: [
                    RuleExample(
                        settings: with(signIn, ["mhs_sign_in_type": "other", "mhs_auto_sign_out": "true"]),
                        facts: ["signed_in": "bob", "inactivity_passed": "true"], fires: true),
                    RuleExample(
                        settings: with(signIn, ["mhs_auto_sign_out": "true"]),
                        facts: ["signed_in": "bob", "inactivity_passed": "true"], fires: false),
                ])
        case .mhsRestartSignInAgain:
            RuleDefinition(
                "entra.mhs.restart-sign-in-again",
                summary:
                    "Android: after a restart MHS asks for its sign-in again (no PIN screen); the broker keeps the "
                    + "shared-device-mode account (model mhs_reboot_sdm: kept)",
                sources: [MHS.restart, EntraEvidence.deviceSessionLifetime],
                when: [.when(.mhsSingleSignOn), .not(.mhsRestartSignsOut)],
                examples: [
                    RuleExample(
                        settings: signIn, facts: ["signed_in": "bob"], event: "terminate", target: "all", fires: true),
                    RuleExample(
                        settings: ["platform": "android"], facts: ["signed_in": "bob"], event: "terminate",
                        target: "all",
                        fires: false),
                ])
        case .mhsRestartSignsOut:
            RuleDefinition(
                "entra.mhs.restart-signs-out",
                summary: "Android: a restart ends the MHS session and, in the model's signed_out reading, the "
                    + "shared-device-mode account with it (a global sign-out)",
                sources: [MHS.restart],
                when: [.when(.mhsSingleSignOn), .when(.mhsRestartSignsOut), .when(.accountSignedIn)],
                examples: [
                    RuleExample(
                        settings: with(signIn, ["mhs_reboot_sdm": "signed_out"]), facts: ["signed_in": "bob"],
                        event: "terminate", target: "all", fires: true),
                    RuleExample(
                        settings: signIn, facts: ["signed_in": "bob"], event: "terminate", target: "all", fires: false),
                ])
        }
    }
}
