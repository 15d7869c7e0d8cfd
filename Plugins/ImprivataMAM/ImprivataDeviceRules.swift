import SSOPolicyProviderKit

private typealias E = ImprivataEvidence
private typealias S = ImprivataSource

/// The other device events: the lending period, the emergency unlock, the Microsoft button at check-out, the user's
/// own sign-out, and an app's process ending (a restart too).
enum ImprivataDeviceRule: Int, RuleSet {
    case overdueLostMode
    case overdueMarked
    case emergencyUnlock
    case emergencyNoPIN
    case microsoftButton
    case sdmGlobalSignOut
    case appSignOut
    case terminateSessionRestored
    case terminateSessionDropped
    case restartBlocksClearPasscode

    static let table = RuleTable<ImprivataDeviceRule>(after: ImprivataCheckInRule.table)

    /// The lending period.
    static let overdue = DecisionList<ImprivataDeviceRule>(
        "time: an unreturned device", [.overdueLostMode, .overdueMarked])

    static let emergency = DecisionList<ImprivataDeviceRule>("emergency unlock", [.emergencyUnlock, .emergencyNoPIN])

    static let signOut = DecisionList<ImprivataDeviceRule>("sign-out from an app", [.sdmGlobalSignOut, .appSignOut])

    static let terminate = DecisionList<ImprivataDeviceRule>(
        "an app's process ends", [.terminateSessionRestored, .terminateSessionDropped])

    var definition: RuleDefinition<ImprivataPredicate> {
        switch self {
        case .overdueLostMode:
            RuleDefinition(
                "imprivata.overdue.lost-mode",
                summary: "after the lending period an unreturned device goes to Lost Mode: apps are blocked",
                sources: E.overdue, when: [.when(.lendingPeriodElapsed), .when(.overdueLostModeOn)],
                examples: [
                    RuleExample(
                        settings: ["overdue_lost_mode": "true"], facts: out(["lending_period_passed": "true"]),
                        fires: true),
                    RuleExample(facts: out(["lending_period_passed": "true"]), fires: false),
                ])
        case .overdueMarked:
            RuleDefinition(
                "imprivata.overdue.marked",
                summary: "after the lending period an unreturned device is only marked Overdue: nothing is signed out",
                sources: E.overdue, when: [.when(.lendingPeriodElapsed)],
                examples: [
                    RuleExample(facts: out(["lending_period_passed": "true"]), fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .emergencyUnlock:
            RuleDefinition(
                "imprivata.emergency.unlock",
                summary: "the emergency PIN unlocks a checked-in device with no identity (logged as Unlocked by PIN)",
                sources: E.emergencyPIN, when: [.when(.emergencyPINConfigured), .when(.deviceCheckedIn)],
                effect: .raises(ImprivataFinding.anonymousEmergencyUnlock.id),
                examples: [
                    RuleExample(
                        settings: ["emergency_unlock_pin": "configured"], event: "emergency_unlock", fires: true),
                    RuleExample(
                        settings: ["emergency_unlock_pin": "configured"], facts: out(), event: "emergency_unlock",
                        fires: false),
                ])
        case .emergencyNoPIN:
            RuleDefinition(
                "imprivata.emergency.no-pin", summary: "without a configured PIN the padlock does not unlock",
                sources: E.emergencyPIN, when: [.not(.emergencyPINConfigured)],
                effect: .session(.denied),
                examples: [
                    RuleExample(event: "emergency_unlock", fires: true),
                    RuleExample(
                        settings: ["emergency_unlock_pin": "configured"], event: "emergency_unlock", fires: false),
                ])
        case .microsoftButton:
            RuleDefinition(
                "imprivata.sdm.check-out-button",
                summary: "the check-out screen's blue button starts the Microsoft sign-in, UPN prefilled",
                sources: E.microsoftIOS + E.microsoftAndroid,
                when: [
                    .when(.platformIOS), .when(.integrationOn), .when(.deviceInSharedMode), .when(.actorIsCustodian),
                    .not(.entraAccountSet),
                ],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .sharedNew),
                examples: [
                    RuleExample(
                        settings: ["microsoft_sdm_integration": "true", "entra_shared_device_mode": "true"],
                        facts: out(), event: "microsoft_sign_in", fires: true),
                    RuleExample(facts: out(), event: "microsoft_sign_in", fires: false),
                ])
        case .sdmGlobalSignOut:
            RuleDefinition(
                "imprivata.sdm.sign-out-global",
                summary: "signing out of a Microsoft app in shared device mode signs every Microsoft app out",
                sources: [S.microsoftIOS["(Requirements, Expected Behavior) (shared device mode)"]],
                when: [.when(.appInMicrosoftSharedMode), .when(.deviceInSharedMode)],
                examples: [
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"],
                        facts: out(["entra_account": "alice"]), event: "sign_out", fires: true),
                    RuleExample(appKeys: ["login": "msal_sdm"], facts: out(), event: "sign_out", fires: false),
                ])
        case .appSignOut:
            RuleDefinition(
                "imprivata.app.sign-out",
                summary: "the user signs out of the app: its own session ends, its data stays",
                sources: [Citation(S.ulc), S.checkInActions["(Logout URI) (the app's own logout)"]],
                when: [.when(.appHasSession)],
                examples: [
                    RuleExample(facts: out(["session_owner": "alice"]), event: "sign_out", fires: true),
                    RuleExample(facts: out(), event: "sign_out", fires: false),
                ])
        case .terminateSessionRestored:
            RuleDefinition(
                "imprivata.terminate.session-restored",
                summary: "an app that restores its sign-in at launch is still signed in after its process ends",
                sources: E.forceQuit, when: [.when(.appHasSession), .when(.sessionSurvivesRelaunch)],
                examples: [
                    RuleExample(facts: out(["session_owner": "alice"]), event: "terminate", fires: true),
                    RuleExample(
                        appKeys: ["session_survives_relaunch": "false"], facts: out(["session_owner": "alice"]),
                        event: "terminate", fires: false),
                ])
        case .terminateSessionDropped:
            RuleDefinition(
                "imprivata.terminate.session-dropped",
                summary: "an app that drops its sign-in when it ends is signed out",
                sources: E.forceQuit + E.rover, when: [.when(.appHasSession)],
                examples: [
                    RuleExample(
                        appKeys: ["session_survives_relaunch": "false"], facts: out(["session_owner": "alice"]),
                        event: "terminate", fires: true),
                    RuleExample(facts: out(), event: "terminate", fires: false),
                ])
        case .restartBlocksClearPasscode:
            RuleDefinition(
                "imprivata.restart.blocks-clear-passcode",
                summary: "a restarted iOS device cannot have its passcode cleared over Wi-Fi at the next check-in, "
                    + "unless its passcode is entered first",
                sources: E.clearPasscode + E.restartUntilUnlocked,
                when: [.when(.platformIOS), .when(.devicePasscodeSet)],
                examples: [
                    RuleExample(
                        facts: out(["passcode_owner": "alice"]), event: "terminate", target: "all", fires: true),
                    RuleExample(facts: out(), event: "terminate", target: "all", fires: false),
                ])
        }
    }
}
