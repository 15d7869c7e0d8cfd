import MicrosoftApps
import SSOPolicyProviderKit

/// Everything imprivata-mam declares: the core validates policies and scenarios against it and `providers` prints it.
enum ImprivataDescriptor {
    private typealias E = ImprivataEvidence
    private typealias S = ImprivataSources

    static let descriptor = ProviderDescriptor(
        id: "imprivata-mam", name: "Imprivata Mobile Access Management (formerly GroundControl)",
        summary: "device custody, not an SSO broker: a badge tap at the hub checks a docked iPhone or Android phone "
            + "out to a worker (unlock, device passcode, AutoFill, MDM user, Microsoft sign-in); apps keep their own "
            + "sessions, and docking it again checks it in by running each app's logout action, clearing the "
            + "passcode and locking Locker. Not modelled (no effect on sessions): the ULC failure parameter's name, "
            + "which MDMs offer Lost Mode or the Android passcode flag, and the badge lockout while enrolling; "
            + "Microsoft apps come from the catalogue Entra shares (app key catalog)",
        sources: ImprivataSources.documents, settings: settings, modelOptions: modelOptions, appKeys: appKeys,
        facts: ImprivataFact.declarations, events: ImprivataEvent.declarations,
        stepConditions: ImprivataStepCondition.declarations, details: ImprivataDetail.declarations,
        findings: ImprivataFinding.declarations, rules: ImprivataRules.phases.declarations,
        ruleProblems: ImprivataRules.phases.problems,
        requiredEventMeanings: requiredEventMeanings, examplePolicy: examplePolicy, properties: properties,
        sessionAuthority: "each app (MAM holds custody)", handover: handover,
        producedPrompts: [
            .interactiveSignIn, .credentials, .appCredentials, .createPasscode, .badge, .badgePIN, .devicePasscode,
        ],
        decisionLists: ImprivataRules.decisionLists, factConstraints: factConstraints,
        inapplicableProperties: inapplicableProperties,
        fleet: ImprivataFleetReading.reading)

    /// MAM has no global sign-out: a worker signs out of one app at a time, and the shift change is the check-in,
    /// which `check-in-logs-out-every-app` checks.
    static let inapplicableProperties = [
        InapplicableProperty(
            "global-sign-out-complete",
            because: "MAM has no global sign-out: each app keeps its own sign-in and a sign-out ends one app's; the "
                + "check-in logs apps out (check-in-logs-out-every-app)",
            sources: E.logoutMethods)
    ]

    /// Custody facts that cannot hold together: Check Out Device sets [Device User], Check In Device clears it.
    static let factConstraints = [
        FactConstraint(
            "status", in: ["checked_out", "overdue", "lost_mode"], requires: "custodian",
            in: [FactConstraint.someone],
            meaning: "a device that is out was checked out to a worker (Check Out Device sets [Device User]); "
                + "give custodian a user"),
        FactConstraint(
            "status", in: ["checked_in", "pin_unlocked"], requires: "custodian", in: ["none"],
            meaning: "a checked-in device has no custodian (Check In Device clears [Device User]); give "
                + "custodian=none, or status=checked_out"),
    ]

    /// MAM's shift change: the leaving worker docks the device (check-in), the next one taps a badge (check-out).
    static let handover = HandoverDeclaration(
        summary: "the leaving worker docks the device at the hub (check-in: each app's logout, passcode cleared, "
            + "Locker locked), then the next worker taps a badge to check a device out",
        sources: E.checkInAction + E.checkOutAction,
        actions: [
            .init(.from, "check_in", .word("hub")),
            .init(.to, "check_out", .word("hub")),
        ])

    static let properties: [PropertyDeclaration] = [
        PropertyDeclaration(
            "check-in-logs-out-every-app",
            meaning: "a check-in leaves no app signed in as the worker who docked the device",
            violatedBy: [
                "session-survives-check-in", "logout-method-does-not-clear-session", "logout-callback-failed",
                "ulc-cold-start-race", "interapp-dialog-blocks-logout", "check-in-failed",
            ], sources: E.logoutMethods),
        PropertyDeclaration(
            "custody-matches-user",
            meaning: "whoever uses the device is the worker MAM checked it out to",
            violatedBy: ["device-used-by-non-custodian", "anonymous-emergency-unlock"],
            sources: E.checkOutAction + E.emergencyPIN),
    ]

    // MARK: Settings

    static let settings: [SettingDeclaration] = [
        SettingDeclaration(
            "platform", .choice(["ios", "android"]), default: "ios", meaning: "the devices' OS; logout methods differ",
            sources: E.logoutMethods, matrixDimension: true),
        SettingDeclaration(
            "identity_provider", .choice(["eam", "mam_user_service", "custom"]), default: "eam",
            meaning: "the web service that maps a badge to a user: Imprivata Enterprise Access Management, MAM's "
                + "built-in user service, or a custom one", sources: [Citation(S.eam)]),
        SettingDeclaration(
            "check_out_auth", .choice(CheckOutAuth.words), default: "badge",
            meaning: "how a worker checks a device out (EAM user policy): a badge alone, a badge with a PIN, a "
                + "password or a face check, a password alone on Locker, or face with a password",
            sources: E.checkOutMethods, matrixDimension: true),
        SettingDeclaration(
            "device_passcode", .choice(["per_user", "none", "static_shared"]), default: "per_user",
            meaning: "per_user = the Check Out workflow installs a passcode profile and each worker sets their own, "
                + "cleared at check-in: whoever picks the device up without a check-out, or after a restart, meets "
                + "that worker's lock screen; static_shared = one code everyone knows; none = no lock screen",
            sources: E.passcodeAtCheckOut + E.passcodeDigits),
        SettingDeclaration(
            "clear_passcode_on_check_in", .bool, default: "true",
            meaning: "the Check In workflow sends the MDM's ClearPasscode (required to pair a passcode-locked device)",
            sources: E.checkInMinimum + E.clearPasscode),
        SettingDeclaration(
            "password_autofill", .choice(["disabled", "enabled"]), default: "disabled",
            meaning: "iOS Enterprise Password AutoFill: the worker's EAM-stored app passwords are offered in each "
                + "app's login (iOS and EAM only)", sources: E.autofill),
        SettingDeclaration(
            "mdm_user_assignment", .choice(["none", "assign_and_reset", "assign_only"]), default: "none",
            meaning: "check-out assigns the device to the worker in the MDM (Workspace ONE; user certificates, "
                + "email); assign_and_reset also assigns the staging user back at check-in (iOS only)",
            sources: E.mdmAssignment),
        SettingDeclaration(
            "microsoft_sdm_integration", .bool, default: "false",
            meaning: "MAM's Microsoft integration: the sign-in button at check-out and the automatic sign-out of "
                + "Microsoft shared-device apps at check-in", sources: E.microsoftIOS + E.microsoftAndroid),
        SettingDeclaration(
            "entra_shared_device_mode", .bool, default: "false",
            meaning: "the devices really are in Microsoft shared device mode (registered by an admin, or erased "
                + "and re-provisioned with Intune)",
            sources: [Citation(S.microsoftIOS, "(Requirements, Expected Behavior) (Requirements)")]),
        SettingDeclaration(
            "android_enrollment", .choice(["dedicated_mhs", "fully_managed"]), default: "dedicated_mhs",
            meaning: "Android only: MSAL-controlled sign-out works only on Intune dedicated devices with Managed "
                + "Home Screen",
            sources: [Citation(S.microsoftAndroid, "(Expected Behavior, Limitations) (Limitations)")]),
        SettingDeclaration(
            "erase_on_check_in", .bool, default: "false",
            meaning: "the Check In workflow erases the device: no app session, data, browser cookie or MDM user "
                + "survives, so the staging-user step is unnecessary", sources: E.mdmAssignment),
        SettingDeclaration(
            "check_in_retries", .integer(min: 0, max: 10), default: "3",
            meaning: "On Failure retries of the Check In workflow", sources: E.checkInMinimum + E.retries),
        SettingDeclaration(
            "lending_period", .duration, default: "13h",
            meaning: "time from check-out until an unreturned device is Overdue; 0 = off (the default follows the "
                + "model option lending_period_default)", sources: E.overdue),
        SettingDeclaration(
            "overdue_lost_mode", .bool, default: "false",
            meaning: "an overdue device is put in MDM Lost Mode (apps blocked until it is docked)",
            sources: E.overdue),
        SettingDeclaration(
            "emergency_unlock_pin", .choice(["none", "configured"]), default: "none",
            meaning: "Locker's emergency unlock PIN (AppConfig UnlockPIN): unlocks a checked-in device with no "
                + "identity", sources: E.emergencyPIN),
        SettingDeclaration(
            "cellular_data", .bool, default: "false",
            meaning: "the devices have a cellular connection: ClearPasscode then reaches an iOS device that "
                + "restarted and is still locked (over Wi-Fi it cannot until the passcode is entered)",
            sources: E.clearPasscode + E.restartUntilUnlocked),
        SettingDeclaration(
            "force_recovery", .bool, default: "false",
            meaning: "a device that stays passcode-locked for 5 minutes is erased by force recovery",
            sources: E.forceRecovery),
    ]

    // MARK: Model options (the note's default reading first)

    static let modelOptions: [ModelOptionDeclaration] = [
        ModelOptionDeclaration(
            "force_quit_effect", conflict: "C2", summary: "what iOS Force quit does to an app's sign-in at check-in",
            readings: [
                .init(
                    "process_only",
                    meaning: "it ends the process only: an app that restores its sign-in at launch stays signed in "
                        + "(iOS semantics; the validator force-quits and still expects the callback)",
                    sources: E.forceQuit),
                .init(
                    "logs_out", meaning: "it is a logout method, as the console's list presents it",
                    sources: E.logoutMethods),
            ]),
        ModelOptionDeclaration(
            "unattended_interapp_dialogs", conflict: "C5",
            summary: "what a custom-scheme callback's permission dialogs do at an unattended check-in",
            readings: [
                .init(
                    "block_first_use",
                    meaning: "nobody answers them: the first logout on each device does not run",
                    sources: E.interappDialogs),
                .init(
                    "auto_accepted", meaning: "they are taken as accepted ('extra taps on first use' done beforehand)",
                    sources: E.supportedApps),
            ]),
        ModelOptionDeclaration(
            "ulc_error_handling", conflict: "S1",
            summary: "what a failed logout does to the check-in (undocumented)",
            readings: [
                .init(
                    "continue_check_in",
                    meaning: "the device is locked and Checked In anyway; the app's session survives",
                    sources: E.ulcFailures),
                .init(
                    "fail_check_in", meaning: "the workflow fails after its retries: the device stays checked out",
                    sources: E.retries),
            ]),
        ModelOptionDeclaration(
            "autofill_second_factor", conflict: "C7", summary: "when AutoFill asks its second factor",
            readings: [
                .init(
                    "after_check_out", meaning: "right after check-out, and again at first use if skipped (newer page)",
                    sources: E.autofillSecondFactor),
                .init(
                    "first_use", meaning: "only at the first AutoFill use (older copies)",
                    sources: [Citation(S.autofillConfigure, "(older copies: at first use)")]),
            ]),
        ModelOptionDeclaration(
            "lending_period_default", conflict: "C3", summary: "the lending period when a policy does not set one",
            readings: [
                .init(
                    "13h", meaning: "the longest shift plus one hour (a 12-hour shift: 13 hours; newer page)",
                    sources: E.overdue),
                .init(
                    "36h", meaning: "36 hours (older copy)", sources: [Citation(S.overdue, "(older copy: 36 hours)")]),
            ]),
        ModelOptionDeclaration(
            "ulc_platforms", conflict: "C6", summary: "where Universal Link Callback logout exists",
            readings: [
                .init("ios_only", meaning: "iOS apps only (current page)", sources: E.logoutMethods),
                .init(
                    "ios_and_voalte_android", meaning: "also the Voalte ONE Android app (older copies)",
                    sources: [Citation(S.checkInActions60)]),
            ]),
    ]

    // MARK: Per-app keys

    static let appKeys: [SettingDeclaration] = [
        SettingDeclaration(
            "catalog", .choice(MicrosoftAppCatalogue.ids), default: "none",
            meaning: MicrosoftAppCatalogue.keyMeaning
                + ". It makes login default to msal_sdm, and app_clears_data_on_logout's method_default follow "
                + "the catalogue, so the app gets the same data verdict as under entra-shared-device",
            sources: [MicrosoftAppCatalogue.listSource] + MicrosoftAppCatalogue.dataClearingSources(on: .android)
                + E.microsoftIOS),
        SettingDeclaration(
            "logout_method", .choice(LogoutMethod.words), default: "none",
            meaning: "the app's App Logout entry run at check-in: iOS force_quit, universal_link_callback, "
                + "x_callback_url, interapp_callback; Android clear_app_data, clear_app_cache, force_stop, "
                + "clear_cache_and_stop; msal_shared_device (MAM's Microsoft sign-out); epic_rover (built in); "
                + "none = no entry", sources: E.logoutMethods + E.microsoftIOS + E.rover),
        SettingDeclaration(
            "login", .choice(AppLogin.words), default: "app_credentials",
            meaning: "how the app signs in: its own login (autofilled with password_autofill), msal_sdm = the "
                + "Microsoft broker, mdm_certificate = the certificate of MDM user assignment, none = no login",
            sources: E.autofill + E.microsoftIOS + E.mdmAssignment),
        SettingDeclaration(
            "session_survives_relaunch", .bool, default: "true",
            meaning: "the app restores its sign-in after its process is killed (Epic Rover does not)",
            sources: E.forceQuit + E.rover),
        SettingDeclaration(
            "app_clears_data_on_logout", .choice(["method_default", "true", "false"]), default: "method_default",
            meaning: "the app's own logout (callback, Microsoft sign-out) also wipes its data; method_default = yes "
                + "for callbacks and for a catalogued Microsoft app (it clears the previous user's data), no for "
                + "another msal_sdm app (a shared-device sign-out leaves the data of an app that does not clear it)",
            sources: E.ulcLogout + E.microsoftIOS + MicrosoftAppCatalogue.dataClearingSources(on: .android)),
        SettingDeclaration(
            "clears_data_on_user_change", .bool, default: "false",
            meaning: "an app with its own login (login: app_credentials) clears the previous user's data at its own "
                + "sign-out and when another user signs in to it", sources: E.clearData),
        SettingDeclaration(
            "ulc_cold_start_safe", .bool, default: "true",
            meaning: "false = the callback races the app's cold start: it reports success and stays signed in",
            sources: E.ulcFailures),
        SettingDeclaration(
            "notifications_when_locked", .bool, default: "false",
            meaning: "the app can post notifications while the device is checked in", sources: E.supportedApps),
        SettingDeclaration(
            "web_sign_in", .bool, default: "false",
            meaning: "the app signs in through Safari or a web view (cookies no check-in clears)",
            sources: E.logoutMethods),
    ]

    // MARK: Required events, example

    static let requiredEventMeanings: [String: String] = [
        "open": "the app is launched or foregrounded: Locker must have released the device (a check-out), then the "
            + "app's own sign-in decides",
        "sign_out": "the user signs out of the app itself (a Microsoft app in shared device mode signs every "
            + "Microsoft app out); MAM is not involved",
        "terminate": "the app's process ends; an app that restores its sign-in at launch keeps it; all = a "
            + "restart, after which an iOS passcode cannot be cleared over Wi-Fi until someone enters it",
        "query_sso_status": "MAM has no SSO status; the step reports the device's custody status",
    ]

    static let examplePolicy = """
        policy: hospital-imprivata
        title: "Recommended: badge check-out, per-worker passcode, every app with a working logout"
        provider: imprivata-mam
        settings:
          platform: ios
          check_out_auth: badge
          password_autofill: enabled
          overdue_lost_mode: true
        apps:
          - id: timesheet
            logout_method: universal_link_callback
          - id: rover
            logout_method: epic_rover

        """
}
