import SSOPolicyProviderKit

private typealias E = ImprivataEvidence
private typealias S = ImprivataSource

/// A checked-out device whose one app holds alice's session (and data).
private func held(_ extra: [String: String] = [:]) -> [String: String] {
    out(extra.merging(["session_owner": "alice", "data_owner": "alice"]) { mine, _ in mine })
}

private func logout(_ method: String, _ more: [String: String] = [:]) -> [String: String] {
    more.merging(["logout_method": method]) { mine, _ in mine }
}

private let android = ["platform": "android"]

/// Check-in at the hub: each app's App Logout action and its documented effect on the app's session and data,
/// then the device (AutoFill purge, Microsoft sign-out, MDM user, ClearPasscode, Locker lock).
enum ImprivataCheckInRule: Int, RuleSet {
    case checkInNotCheckedOut
    case logoutErase
    case logoutMicrosoftSignOut
    case logoutActionFailed
    case logoutDialogBlocked
    case logoutColdStartRace
    case logoutCallback
    case logoutClearAppData
    case logoutEpicRover
    case logoutForceQuitAsLogout
    case logoutProcessEndsSession
    case logoutProcessOnly
    case logoutMicrosoftNotSignedOut
    case logoutNone
    case logoutNotifications
    case checkInFailsOnLogoutError
    case checkInAutofillPurged
    case checkInMicrosoftSignOut
    case checkInMDMReset
    case checkInMDMIdentityKept
    case checkInPasscodeNotCleared
    case checkInPasscodeCleared
    case checkInLocks

    static let table = RuleTable<ImprivataCheckInRule>(after: ImprivataCheckOutRule.table)

    /// One app's App Logout action at check-in.
    static let appLogout = DecisionList<ImprivataCheckInRule>(
        "check-in: one app's logout",
        [
            .logoutErase, .logoutMicrosoftSignOut, .logoutActionFailed, .logoutDialogBlocked, .logoutColdStartRace,
            .logoutCallback, .logoutClearAppData, .logoutEpicRover, .logoutForceQuitAsLogout,
            .logoutProcessEndsSession, .logoutProcessOnly, .logoutMicrosoftNotSignedOut, .logoutNone,
        ])

    /// The device passcode at check-in.
    static let checkInPasscode = DecisionList<ImprivataCheckInRule>(
        "check-in: the device passcode", [.checkInPasscodeNotCleared, .checkInPasscodeCleared])

    var definition: RuleDefinition<ImprivataPredicate> {
        switch self {
        case .checkInNotCheckedOut:
            RuleDefinition(
                "imprivata.check-in.not-checked-out", summary: "docking a checked-in device changes nothing",
                sources: E.checkInAction, when: [.when(.deviceCheckedIn)],
                examples: [
                    RuleExample(event: "check_in", fires: true),
                    RuleExample(facts: out(), event: "check_in", fires: false),
                ])
        case .logoutErase:
            RuleDefinition(
                "imprivata.logout.erase",
                summary: "a check-in that erases the device removes every app's session and data",
                sources: [S.workspaceOne["(erased at check-in)"]], when: [.when(.eraseOnCheckIn)],
                examples: [
                    RuleExample(settings: ["erase_on_check_in": "true"], facts: held(), event: "check_in", fires: true),
                    RuleExample(facts: held(), event: "check_in", fires: false),
                ])
        case .logoutMicrosoftSignOut:
            RuleDefinition(
                "imprivata.logout.microsoft-sign-out",
                summary: "MAM signs the Microsoft shared-device apps out with no prompt; their data stays unless the "
                    + "app clears it",
                sources: E.microsoftIOS + [
                    S.microsoftAndroid["(Expected Behavior, Limitations) (inferred: an Entra shared-device sign-out)"]
                ],
                when: [.when(.appInMicrosoftSharedMode), .when(.microsoftSignOutRuns)],
                examples: [
                    RuleExample(
                        settings: ["microsoft_sdm_integration": "true", "entra_shared_device_mode": "true"],
                        appKeys: ["login": "msal_sdm", "logout_method": "msal_shared_device"], facts: held(),
                        event: "check_in", fires: true),
                    RuleExample(
                        appKeys: ["login": "msal_sdm", "logout_method": "msal_shared_device"], facts: held(),
                        event: "check_in", fires: false),
                ])
        case .logoutActionFailed:
            RuleDefinition(
                "imprivata.logout.action-failed",
                summary: "a logout action that fails (ulc-error, no answer, a failed clear) leaves the session",
                sources: E.ulcFailures + E.logoutMethods,
                when: [.when(.logoutActionReportsResult), .when(.logoutReportsError), .when(.appHoldsAUser)],
                effect: .raises(ImprivataFinding.logoutCallbackFailed.id),
                examples: [
                    RuleExample(
                        appKeys: logout("universal_link_callback"), facts: held(), event: "check_in",
                        conditions: ["logout": "error"], fires: true),
                    RuleExample(
                        appKeys: logout("universal_link_callback"), facts: held(), event: "check_in", fires: false),
                ])
        case .logoutDialogBlocked:
            RuleDefinition(
                "imprivata.logout.interapp-dialog-blocked",
                summary: "a custom-scheme logout waits on iOS permission dialogs nobody answers at the phone's "
                    + "first-ever check-in",
                sources: E.interappDialogs,
                when: [
                    .when(.logoutUsesCustomScheme), .when(.dialogsBlockUnattended), .not(.dialogsAccepted),
                    .when(.appHoldsAUser),
                ],
                effect: .raises(ImprivataFinding.interappDialogBlocksLogout.id),
                examples: [
                    RuleExample(
                        appKeys: logout("x_callback_url"), facts: held(["in_service": "false"]), event: "check_in",
                        fires: true),
                    RuleExample(appKeys: logout("x_callback_url"), facts: held(), event: "check_in", fires: false),
                    RuleExample(
                        appKeys: logout("x_callback_url"),
                        facts: held(["in_service": "false", "logout_dialogs_accepted": "true"]), event: "check_in",
                        fires: false),
                ])
        case .logoutColdStartRace:
            RuleDefinition(
                "imprivata.logout.ulc-cold-start-race",
                summary: "an app whose callback races its cold start reports success and stays signed in",
                sources: E.ulcFailures,
                when: [.when(.logoutUsesCallback), .not(.coldStartSafe), .when(.appHoldsAUser)],
                effect: .raises(ImprivataFinding.ulcColdStartRace.id),
                examples: [
                    RuleExample(
                        appKeys: logout("universal_link_callback", ["ulc_cold_start_safe": "false"]), facts: held(),
                        event: "check_in", fires: true),
                    RuleExample(
                        appKeys: logout("universal_link_callback"), facts: held(), event: "check_in", fires: false),
                ])
        case .logoutCallback:
            RuleDefinition(
                "imprivata.logout.callback",
                summary: "the app runs its own logout through the callback: its session ends (and its data, if it "
                    + "clears it)", sources: E.ulcLogout + E.interappDialogs, when: [.when(.logoutUsesCallback)],
                examples: [
                    RuleExample(
                        appKeys: logout("universal_link_callback"), facts: held(), event: "check_in", fires: true),
                    RuleExample(appKeys: logout("force_quit"), facts: held(), event: "check_in", fires: false),
                ])
        case .logoutClearAppData:
            RuleDefinition(
                "imprivata.logout.clear-app-data",
                summary: "Clear app data removes the app's session and data (Android)",
                sources: E.logoutMethods + E.clearData, when: [.when(.logoutClearsAppData)],
                examples: [
                    RuleExample(
                        settings: android, appKeys: logout("clear_app_data"), facts: held(), event: "check_in",
                        fires: true),
                    RuleExample(
                        settings: android, appKeys: logout("force_stop"), facts: held(), event: "check_in",
                        fires: false),
                ])
        case .logoutEpicRover:
            RuleDefinition(
                "imprivata.logout.epic-rover",
                summary: "Epic Rover is always logged out locally at check-in and its data cleared",
                sources: E.rover + E.roverAndroid, when: [.when(.logoutIsEpicRover)],
                examples: [
                    RuleExample(appKeys: logout("epic_rover"), facts: held(), event: "check_in", fires: true),
                    RuleExample(appKeys: logout("force_quit"), facts: held(), event: "check_in", fires: false),
                ])
        case .logoutForceQuitAsLogout:
            RuleDefinition(
                "imprivata.logout.force-quit-logs-out",
                summary: "read as the console lists it, Force quit logs the app out (its data stays)",
                sources: [S.checkInActions["(Supported Logout Methods) (Force quit app)"]],
                when: [.when(.logoutIsForceQuit), .when(.forceQuitReadAsLogout)],
                examples: [
                    RuleExample(
                        settings: ["force_quit_effect": "logs_out"], appKeys: logout("force_quit"),
                        facts: held(), event: "check_in", fires: true),
                    RuleExample(appKeys: logout("force_quit"), facts: held(), event: "check_in", fires: false),
                ])
        case .logoutProcessEndsSession:
            RuleDefinition(
                "imprivata.logout.process-ends-session",
                summary: "ending the process ends the session of an app that drops its sign-in at launch; its data "
                    + "stays", sources: E.forceQuit + E.processOnly,
                when: [.when(.logoutEndsProcessOnly), .not(.sessionSurvivesRelaunch)],
                examples: [
                    RuleExample(
                        appKeys: logout("force_quit", ["session_survives_relaunch": "false"]), facts: held(),
                        event: "check_in", fires: true),
                    RuleExample(appKeys: logout("force_quit"), facts: held(), event: "check_in", fires: false),
                ])
        case .logoutProcessOnly:
            RuleDefinition(
                "imprivata.logout.process-only",
                summary: "force quit, force stop or clearing the cache ends the process; an app that restores its "
                    + "sign-in is still signed in", sources: E.forceQuit + E.processOnly,
                when: [.when(.logoutEndsProcessOnly), .when(.appHoldsAUser)],
                effect: .raises(ImprivataFinding.logoutMethodDoesNotClearSession.id),
                examples: [
                    RuleExample(appKeys: logout("force_quit"), facts: held(), event: "check_in", fires: true),
                    RuleExample(
                        settings: android, appKeys: logout("clear_app_data"), facts: held(), event: "check_in",
                        fires: false),
                ])
        case .logoutMicrosoftNotSignedOut:
            RuleDefinition(
                "imprivata.logout.microsoft-not-signed-out",
                summary: "without MAM's Microsoft sign-out (integration off, or the device not in shared mode) a "
                    + "Microsoft app stays signed in",
                sources: [S.microsoftIOS["(Requirements, Expected Behavior) (Requirements)"]]
                    + E.microsoftAndroid,
                when: [.when(.appInMicrosoftSharedMode), .when(.appHoldsAUser)],
                effect: .raises(ImprivataFinding.sessionSurvivesCheckIn.id),
                examples: [
                    RuleExample(
                        appKeys: ["login": "msal_sdm", "logout_method": "msal_shared_device"], facts: held(),
                        event: "check_in", fires: true),
                    RuleExample(
                        appKeys: ["login": "msal_sdm", "logout_method": "msal_shared_device"], facts: out(),
                        event: "check_in", fires: false),
                ])
        case .logoutNone:
            RuleDefinition(
                "imprivata.logout.none",
                summary: "an app without an App Logout entry is left as it is: its session and data pass on (an app "
                    + "whose login asks at every open holds no session: only its data passes on, to its next login)",
                sources: [
                    S.checkInActions["(Supported Logout Methods) (inferred: logout actions are opt-in per app)"]
                ],
                when: [.not(.logoutConfigured), .when(.appHoldsAUser), .not(.appKeepsNoSignIn)],
                effect: .raises(ImprivataFinding.sessionSurvivesCheckIn.id),
                examples: [
                    RuleExample(facts: held(), event: "check_in", fires: true),
                    RuleExample(appKeys: logout("epic_rover"), facts: held(), event: "check_in", fires: false),
                    RuleExample(
                        appKeys: ["asks_every_open": "true"], facts: out(["data_owner": "alice"]), event: "check_in",
                        fires: false),
                ])
        case .logoutNotifications:
            RuleDefinition(
                "imprivata.logout.notifications-remain",
                summary: "an app that posts notifications while locked may show the previous worker's",
                sources: [S.checkInActions60["(apps supporting logout) (hide Rover at check-in)"]],
                when: [.when(.appPostsNotificationsWhenLocked), .when(.appHoldsAUser)],
                effect: .raises(ImprivataFinding.previousUserNotifications.id),
                examples: [
                    RuleExample(
                        appKeys: ["notifications_when_locked": "true"], facts: held(), event: "check_in", fires: true),
                    RuleExample(facts: held(), event: "check_in", fires: false),
                ])
        case .checkInFailsOnLogoutError:
            RuleDefinition(
                "imprivata.check-in.fails-on-logout-error",
                summary: "read as failing the workflow, a logout error leaves the device checked out",
                sources: E.retries, when: [.when(.aLogoutFailed), .when(.failCheckInOnLogoutError)],
                effect: .raises(ImprivataFinding.checkInFailed.id),
                examples: [
                    RuleExample(
                        settings: ["ulc_error_handling": "fail_check_in"],
                        appKeys: logout("universal_link_callback"), facts: held(), event: "check_in",
                        conditions: ["logout": "error"], fires: true),
                    RuleExample(
                        appKeys: logout("universal_link_callback"), facts: held(), event: "check_in",
                        conditions: ["logout": "error"], fires: false),
                ])
        case .checkInAutofillPurged:
            RuleDefinition(
                "imprivata.check-in.autofill-purged", summary: "check-in removes the AutoFill credentials",
                sources: E.autofillPurge, when: [.when(.autofillEnabled)],
                examples: [
                    RuleExample(
                        settings: ["password_autofill": "enabled"], facts: out(), event: "check_in", fires: true),
                    RuleExample(facts: out(), event: "check_in", fires: false),
                ])
        case .checkInMicrosoftSignOut:
            RuleDefinition(
                "imprivata.check-in.microsoft-sign-out",
                summary: "MAM signs the Microsoft account out of the device (shared device mode)",
                sources: E.microsoftIOS + E.microsoftAndroid,
                when: [.when(.microsoftSignOutRuns), .when(.entraAccountSet)],
                examples: [
                    RuleExample(
                        settings: ["microsoft_sdm_integration": "true", "entra_shared_device_mode": "true"],
                        facts: out(["entra_account": "alice"]), event: "check_in", fires: true),
                    RuleExample(facts: out(["entra_account": "alice"]), event: "check_in", fires: false),
                ])
        case .checkInMDMReset:
            RuleDefinition(
                "imprivata.check-in.mdm-reset", summary: "the Check In workflow assigns the staging user back",
                sources: E.mdmAssignment, when: [.when(.mdmAssignAndReset), .when(.mdmUserSet)],
                examples: [
                    RuleExample(
                        settings: ["mdm_user_assignment": "assign_and_reset"], facts: out(["mdm_user": "alice"]),
                        event: "check_in", fires: true),
                    RuleExample(
                        settings: ["mdm_user_assignment": "assign_only"], facts: out(["mdm_user": "alice"]),
                        event: "check_in", fires: false),
                ])
        case .checkInMDMIdentityKept:
            RuleDefinition(
                "imprivata.check-in.mdm-identity-kept",
                summary: "without the staging-user step the MDM keeps the device assigned to the previous worker",
                sources: E.mdmAssignment, when: [.when(.mdmAssignOnly), .when(.mdmUserSet), .not(.eraseOnCheckIn)],
                effect: .raises(ImprivataFinding.mdmIdentityNotReset.id),
                examples: [
                    RuleExample(
                        settings: ["mdm_user_assignment": "assign_only"], facts: out(["mdm_user": "alice"]),
                        event: "check_in", fires: true),
                    RuleExample(
                        settings: ["mdm_user_assignment": "assign_only", "erase_on_check_in": "true"],
                        facts: out(["mdm_user": "alice"]), event: "check_in", fires: false),
                ])
        case .checkInPasscodeNotCleared:
            RuleDefinition(
                "imprivata.check-in.passcode-not-cleared",
                summary: "ClearPasscode fails (not in the workflow, offline, or an iOS device that restarted): the "
                    + "worker's passcode stays", sources: E.clearPasscode + E.checkInMinimum,
                when: [.when(.devicePasscodeSet), .when(.clearPasscodeFails)],
                effect: .raises(ImprivataFinding.passcodeNotCleared.id),
                examples: [
                    RuleExample(
                        facts: out(["passcode_owner": "alice"]), event: "check_in",
                        conditions: ["clear_passcode": "fails"], fires: true),
                    RuleExample(facts: out(["passcode_owner": "alice"]), event: "check_in", fires: false),
                ])
        case .checkInPasscodeCleared:
            RuleDefinition(
                "imprivata.check-in.passcode-cleared", summary: "the MDM clears the worker's device passcode",
                sources: E.checkInMinimum + E.passcodeCleared, when: [.when(.devicePasscodeSet)],
                examples: [
                    RuleExample(facts: out(["passcode_owner": "alice"]), event: "check_in", fires: true),
                    RuleExample(facts: out(), event: "check_in", fires: false),
                ])
        case .checkInLocks:
            RuleDefinition(
                "imprivata.check-in.locks",
                summary: "Check In Device locks Locker, marks the device Checked In and clears its user",
                sources: E.checkInAction + [S.overdue["(Lost Mode ends at any Launchpad)"]],
                when: [.not(.deviceCheckedIn)],
                examples: [
                    RuleExample(facts: out(), event: "check_in", fires: true),
                    RuleExample(event: "check_in", fires: false),
                ])
        }
    }
}
