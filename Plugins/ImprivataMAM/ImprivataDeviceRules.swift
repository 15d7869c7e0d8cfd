import SSOPolicyProviderKit

extension ImprivataRule {
    /// The other device events: the lending period, the emergency unlock, the Microsoft button at check-out, the user's
    /// own sign-out, and an app's process ending (a restart too).
    enum Device {
        private typealias E = ImprivataEvidence
        private typealias S = ImprivataSources

        static let overdueLostMode = RuleDefinition<ImprivataPredicate>(
            "imprivata.overdue.lost-mode",
            summary: "after the lending period an unreturned device goes to Lost Mode: apps are blocked",
            sources: E.overdue, when: [.when(.lendingPeriodElapsed), .when(.overdueLostModeOn)],
            examples: [
                RuleExample(
                    settings: ["overdue_lost_mode": "true"], facts: out(["lending_period_passed": "true"]),
                    fires: true),
                RuleExample(facts: out(["lending_period_passed": "true"]), fires: false),
            ])

        static let overdueMarked = RuleDefinition<ImprivataPredicate>(
            "imprivata.overdue.marked",
            summary: "after the lending period an unreturned device is only marked Overdue: nothing is signed out",
            sources: E.overdue, when: [.when(.lendingPeriodElapsed)],
            examples: [
                RuleExample(facts: out(["lending_period_passed": "true"]), fires: true),
                RuleExample(facts: out(), fires: false),
            ])

        static let emergencyUnlock = RuleDefinition<ImprivataPredicate>(
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

        static let emergencyNoPIN = RuleDefinition<ImprivataPredicate>(
            "imprivata.emergency.no-pin", summary: "without a configured PIN the padlock does not unlock",
            sources: E.emergencyPIN, when: [.not(.emergencyPINConfigured)],
            effect: .session(.denied),
            examples: [
                RuleExample(event: "emergency_unlock", fires: true),
                RuleExample(
                    settings: ["emergency_unlock_pin": "configured"], event: "emergency_unlock", fires: false),
            ])

        static let microsoftButton = RuleDefinition<ImprivataPredicate>(
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

        static let microsoftNoButtonAndroid = RuleDefinition<ImprivataPredicate>(
            "imprivata.sdm.android-no-button",
            summary: "on Android the check-out signs nobody in to Microsoft: Teams asks the worker to sign in when "
                + "it is opened",
            sources: [Citation(ImprivataSources.microsoftAndroid, "(Expected Behavior) (Teams prompts when opened)")],
            when: [.not(.platformIOS)],
            examples: [
                RuleExample(
                    settings: [
                        "platform": "android", "microsoft_sdm_integration": "true", "entra_shared_device_mode": "true",
                    ], facts: out(), event: "microsoft_sign_in", fires: true),
                RuleExample(facts: out(), event: "microsoft_sign_in", fires: false),
            ])

        static let sdmGlobalSignOut = RuleDefinition<ImprivataPredicate>(
            "imprivata.sdm.sign-out-global",
            summary: "signing out of a Microsoft app in shared device mode signs every Microsoft app out",
            sources: [Citation(S.microsoftIOS, "(Requirements, Expected Behavior) (shared device mode)")],
            when: [.when(.appInMicrosoftSharedMode), .when(.deviceInSharedMode)],
            examples: [
                RuleExample(
                    settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"],
                    facts: out(["entra_account": "alice"]), event: "sign_out", fires: true),
                RuleExample(appKeys: ["login": "msal_sdm"], facts: out(), event: "sign_out", fires: false),
            ])

        static let appSignOut = RuleDefinition<ImprivataPredicate>(
            "imprivata.app.sign-out",
            summary: "the user signs out of the app: its own session ends, its data stays",
            sources: [Citation(S.ulc), Citation(S.checkInActions, "(Logout URI) (the app's own logout)")],
            when: [.when(.appHasSession)],
            examples: [
                RuleExample(facts: out(["session_owner": "alice"]), event: "sign_out", fires: true),
                RuleExample(facts: out(), event: "sign_out", fires: false),
            ])

        static let terminateSessionRestored = RuleDefinition<ImprivataPredicate>(
            "imprivata.terminate.session-restored",
            summary: "an app that restores its sign-in at launch is still signed in after its process ends",
            sources: E.forceQuit, when: [.when(.appHasSession), .when(.sessionSurvivesRelaunch)],
            examples: [
                RuleExample(facts: out(["session_owner": "alice"]), event: "terminate", fires: true),
                RuleExample(
                    appKeys: ["session_survives_relaunch": "false"], facts: out(["session_owner": "alice"]),
                    event: "terminate", fires: false),
            ])

        static let terminateSessionDropped = RuleDefinition<ImprivataPredicate>(
            "imprivata.terminate.session-dropped",
            summary: "an app that drops its sign-in when it ends is signed out",
            sources: E.forceQuit + E.rover, when: [.when(.appHasSession)],
            examples: [
                RuleExample(
                    appKeys: ["session_survives_relaunch": "false"], facts: out(["session_owner": "alice"]),
                    event: "terminate", fires: true),
                RuleExample(facts: out(), event: "terminate", fires: false),
            ])

        static let restartLocksDevice = RuleDefinition<ImprivataPredicate>(
            "imprivata.restart.locks-device",
            summary: "a restarted device shows its lock screen: the next access asks the device passcode",
            sources: E.passcodeAtCheckOut + E.clearPasscode, when: [.when(.deviceOut), .when(.deviceHasPasscode)],
            examples: [
                RuleExample(
                    facts: out(["passcode_owner": "alice"]), event: "terminate", target: "all", fires: true),
                RuleExample(facts: out(), event: "terminate", target: "all", fires: false),
            ])

        static let restartBlocksClearPasscode = RuleDefinition<ImprivataPredicate>(
            "imprivata.restart.blocks-clear-passcode",
            summary: "a restarted iOS device cannot have its passcode cleared over Wi-Fi at the next check-in, "
                + "unless its passcode is entered first",
            sources: E.clearPasscode + E.restartUntilUnlocked, when: [.when(.platformIOS), .when(.devicePasscodeSet)],
            examples: [
                RuleExample(
                    facts: out(["passcode_owner": "alice"]), event: "terminate", target: "all", fires: true),
                RuleExample(facts: out(), event: "terminate", target: "all", fires: false),
            ])

        static let restartUnlockReconnects = RuleDefinition<ImprivataPredicate>(
            "imprivata.restart.unlock-reconnects",
            summary: "once the device passcode is entered after a restart, the iPhone talks to its MDM again: "
                + "ClearPasscode works at the next check-in",
            sources: E.restartUntilUnlocked + E.clearPasscode,
            when: [.when(.restartedSinceCheckOut)],
            examples: [
                RuleExample(
                    facts: out(["passcode_owner": "alice", "device_locked": "true", "rebooted": "true"]),
                    fires: true),
                RuleExample(facts: out(["passcode_owner": "alice", "device_locked": "true"]), fires: false),
            ])
    }
}
