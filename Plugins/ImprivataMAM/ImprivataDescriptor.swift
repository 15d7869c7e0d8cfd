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
            + "which MDMs offer Lost Mode or the Android passcode flag, the built-in list of Microsoft apps, and the "
            + "badge lockout while enrolling",
        sources: ImprivataSources.documents, settings: settings, modelOptions: modelOptions, appKeys: appKeys,
        facts: facts, events: events, stepConditions: stepConditions, details: details,
        findings: ImprivataFinding.catalogue, rules: ImprivataRule.declarations,
        requiredEventMeanings: requiredEventMeanings, examplePolicy: examplePolicy, properties: properties,
        sessionAuthority: "each app (MAM holds custody)", handover: handover,
        producedPrompts: [.interactiveSignIn, .credentials, .appCredentials, .passcode, .createPasscode],
        decisionLists: ImprivataRule.decisionLists)

    /// MAM's shift change: the leaving worker docks the device (check-in), the next one taps a badge (check-out).
    static let handover = HandoverDeclaration(
        summary: "the leaving worker docks the device at the hub (check-in: each app's logout, passcode cleared, "
            + "Locker locked), then the next worker taps a badge to check a device out",
        source: "\(E.checkInAction); \(E.checkOutAction)",
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
            ], source: "\(E.logoutMethods)"),
        PropertyDeclaration(
            "custody-matches-user",
            meaning: "whoever uses the device is the worker MAM checked it out to",
            violatedBy: ["device-used-by-non-custodian", "anonymous-emergency-unlock"],
            source: "\(E.checkOutAction); \(E.emergencyPIN)"),
    ]

    // MARK: Settings

    static let settings: [SettingDeclaration] = [
        SettingDeclaration(
            "platform", .choice(["ios", "android"]), default: "ios", meaning: "the devices' OS; logout methods differ",
            source: "\(E.logoutMethods)", matrixDimension: true),
        SettingDeclaration(
            "identity_provider", .choice(["eam", "mam_user_service", "custom"]), default: "eam",
            meaning: "the web service that maps a badge to a user: Imprivata Enterprise Access Management, MAM's "
                + "built-in user service, or a custom one", source: "\(S.eam)"),
        SettingDeclaration(
            "check_out_auth", .choice(CheckOutAuth.words), default: "badge",
            meaning: "how a worker checks a device out (EAM user policy): a badge alone, a badge with a PIN, a "
                + "password or a face check, a password alone on Locker, or face with a password",
            source: "\(E.checkOutMethods)", matrixDimension: true),
        SettingDeclaration(
            "device_passcode", .choice(["per_user", "none", "static_shared"]), default: "per_user",
            meaning: "per_user = the Check Out workflow installs a passcode profile and each worker sets their own, "
                + "cleared at check-in; static_shared = one code everyone knows",
            source: "\(E.passcodeAtCheckOut); \(E.passcodeDigits)"),
        SettingDeclaration(
            "clear_passcode_on_check_in", .bool, default: "true",
            meaning: "the Check In workflow sends the MDM's ClearPasscode (required to pair a passcode-locked device)",
            source: "\(E.checkInMinimum); \(E.clearPasscode)"),
        SettingDeclaration(
            "password_autofill", .choice(["disabled", "enabled"]), default: "disabled",
            meaning: "iOS Enterprise Password AutoFill: the worker's EAM-stored app passwords are offered in each "
                + "app's login (iOS and EAM only)", source: "\(E.autofill)"),
        SettingDeclaration(
            "mdm_user_assignment", .choice(["none", "assign_and_reset", "assign_only"]), default: "none",
            meaning: "check-out assigns the device to the worker in the MDM (Workspace ONE; user certificates, "
                + "email); assign_and_reset also assigns the staging user back at check-in (iOS only)",
            source: "\(E.mdmAssignment)"),
        SettingDeclaration(
            "microsoft_sdm_integration", .bool, default: "false",
            meaning: "MAM's Microsoft integration: the sign-in button at check-out and the automatic sign-out of "
                + "Microsoft shared-device apps at check-in", source: "\(E.microsoftIOS); \(E.microsoftAndroid)"),
        SettingDeclaration(
            "entra_shared_device_mode", .bool, default: "false",
            meaning: "the devices really are in Microsoft shared device mode (registered by an admin, or erased "
                + "and re-provisioned with Intune)", source: "\(E.microsoftIOS) (Requirements)"),
        SettingDeclaration(
            "android_enrollment", .choice(["dedicated_mhs", "fully_managed"]), default: "dedicated_mhs",
            meaning: "Android only: MSAL-controlled sign-out works only on Intune dedicated devices with Managed "
                + "Home Screen", source: "\(E.microsoftAndroid) (Limitations)"),
        SettingDeclaration(
            "erase_on_check_in", .bool, default: "false", meaning: "the Check In workflow erases the device",
            source: "\(E.mdmAssignment)"),
        SettingDeclaration(
            "check_in_retries", .integer(min: 0, max: 10), default: "3",
            meaning: "On Failure retries of the Check In workflow", source: "\(E.checkInMinimum); \(E.retries)"),
        SettingDeclaration(
            "lending_period", .duration, default: "13h",
            meaning: "time from check-out until an unreturned device is Overdue; 0 = off (the default follows the "
                + "model option lending_period_default)", source: "\(E.overdue)"),
        SettingDeclaration(
            "overdue_lost_mode", .bool, default: "false",
            meaning: "an overdue device is put in MDM Lost Mode (apps blocked until it is docked)",
            source: "\(E.overdue)"),
        SettingDeclaration(
            "emergency_unlock_pin", .choice(["none", "configured"]), default: "none",
            meaning: "Locker's emergency unlock PIN (AppConfig UnlockPIN): unlocks a checked-in device with no "
                + "identity", source: "\(E.emergencyPIN)"),
        SettingDeclaration(
            "force_recovery", .bool, default: "false",
            meaning: "a device that stays passcode-locked for 5 minutes is erased by force recovery",
            source: "\(E.forceRecovery)"),
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
                    source: "\(E.forceQuit)"),
                .init(
                    "logs_out", meaning: "it is a logout method, as the console's list presents it",
                    source: "\(E.logoutMethods)"),
            ]),
        ModelOptionDeclaration(
            "unattended_interapp_dialogs", conflict: "C5",
            summary: "what a custom-scheme callback's permission dialogs do at an unattended check-in",
            readings: [
                .init(
                    "block_first_use",
                    meaning: "nobody answers them: the first logout on each device does not run",
                    source: "\(E.interappDialogs)"),
                .init(
                    "auto_accepted", meaning: "they are taken as accepted ('extra taps on first use' done beforehand)",
                    source: "\(E.supportedApps)"),
            ]),
        ModelOptionDeclaration(
            "ulc_error_handling", conflict: "S1",
            summary: "what a failed logout does to the check-in (undocumented)",
            readings: [
                .init(
                    "continue_check_in",
                    meaning: "the device is locked and Checked In anyway; the app's session survives",
                    source: "\(E.ulcFailures)"),
                .init(
                    "fail_check_in", meaning: "the workflow fails after its retries: the device stays checked out",
                    source: "\(E.retries)"),
            ]),
        ModelOptionDeclaration(
            "autofill_second_factor", conflict: "C7", summary: "when AutoFill asks its second factor",
            readings: [
                .init(
                    "after_check_out", meaning: "right after check-out, and again at first use if skipped (newer page)",
                    source: "\(E.autofillSecondFactor)"),
                .init(
                    "first_use", meaning: "only at the first AutoFill use (older copies)",
                    source: "\(S.autofillConfigure) (older copies: at first use)"),
            ]),
        ModelOptionDeclaration(
            "lending_period_default", conflict: "C3", summary: "the lending period when a policy does not set one",
            readings: [
                .init(
                    "13h", meaning: "the longest shift plus one hour (a 12-hour shift: 13 hours; newer page)",
                    source: "\(E.overdue)"),
                .init(
                    "36h", meaning: "36 hours (older copy)", source: "\(S.overdue) (older copy: 36 hours)"),
            ]),
        ModelOptionDeclaration(
            "ulc_platforms", conflict: "C6", summary: "where Universal Link Callback logout exists",
            readings: [
                .init("ios_only", meaning: "iOS apps only (current page)", source: "\(E.logoutMethods)"),
                .init(
                    "ios_and_voalte_android", meaning: "also the Voalte ONE Android app (older copies)",
                    source: "\(S.checkInActions60)"),
            ]),
    ]

    // MARK: Per-app keys

    static let appKeys: [SettingDeclaration] = [
        SettingDeclaration(
            "logout_method", .choice(LogoutMethod.words), default: "none",
            meaning: "the app's App Logout entry run at check-in: iOS force_quit, universal_link_callback, "
                + "x_callback_url, interapp_callback; Android clear_app_data, clear_app_cache, force_stop, "
                + "clear_cache_and_stop; msal_shared_device (MAM's Microsoft sign-out); epic_rover (built in); "
                + "none = no entry", source: "\(E.logoutMethods); \(E.microsoftIOS); \(E.rover)"),
        SettingDeclaration(
            "login", .choice(AppLogin.words), default: "app_credentials",
            meaning: "how the app signs in: its own login (autofilled with password_autofill), msal_sdm = the "
                + "Microsoft broker, mdm_certificate = the certificate of MDM user assignment, none = no login",
            source: "\(E.autofill); \(E.microsoftIOS); \(E.mdmAssignment)"),
        SettingDeclaration(
            "session_survives_relaunch", .bool, default: "true",
            meaning: "the app restores its sign-in after its process is killed (Epic Rover does not)",
            source: "\(E.forceQuit); \(E.rover)"),
        SettingDeclaration(
            "app_clears_data_on_logout", .choice(["method_default", "true", "false"]), default: "method_default",
            meaning: "the app's own logout (callback, Microsoft sign-out) also wipes its data; method_default = yes "
                + "for callbacks, no for Microsoft apps (a shared-device sign-out leaves app data)",
            source: "\(E.ulcLogout); \(E.microsoftIOS)"),
        SettingDeclaration(
            "ulc_cold_start_safe", .bool, default: "true",
            meaning: "false = the callback races the app's cold start: it reports success and stays signed in",
            source: "\(E.ulcFailures)"),
        SettingDeclaration(
            "notifications_when_locked", .bool, default: "false",
            meaning: "the app can post notifications while the device is checked in", source: "\(E.supportedApps)"),
        SettingDeclaration(
            "web_sign_in", .bool, default: "false",
            meaning: "the app signs in through Safari or a web view (cookies no check-in clears)",
            source: "\(E.logoutMethods)"),
    ]

    // MARK: Facts, events, conditions, details

    static let facts: [FactDeclaration] = [
        FactDeclaration(
            "status", .choice(DeviceStatus.words), default: "checked_in",
            meaning: "the device's custody status: docked and locked, checked out, overdue, in Lost Mode, or "
                + "unlocked by the emergency PIN", source: "\(E.checkOutAction); \(E.overdue); \(E.emergencyPIN)"),
        FactDeclaration(
            "custodian", .account, default: "none", meaning: "the worker the device is checked out to ([Device User])",
            source: "\(E.checkOutAction)"),
        FactDeclaration(
            "session_owner", .account, scope: .app, default: "none", meaning: "whose sign-in the app holds",
            source: "\(E.logoutMethods)"),
        FactDeclaration(
            "data_owner", .account, scope: .app, default: "none", meaning: "whose data the app holds",
            source: "\(E.clearData)"),
        FactDeclaration(
            "entra_account", .account, default: "none",
            meaning: "the Microsoft account signed in device-wide (shared device mode)", source: "\(E.microsoftIOS)"),
        FactDeclaration(
            "mdm_user", .account, default: "none",
            meaning: "the worker the MDM assigns the device to; none = the staging user", source: "\(E.mdmAssignment)"),
        FactDeclaration(
            "passcode_owner", .account, default: "none", meaning: "whose device passcode is set; none = no passcode",
            source: "\(E.passcodeAtCheckOut)"),
        .bool(
            "autofill_second_factor_done", default: false, meaning: "the worker gave AutoFill's second factor",
            source: "\(E.autofillSecondFactor)"),
        .bool(
            "logout_dialogs_accepted", scope: .app, default: false,
            meaning: "the app's custom-scheme permission dialogs were answered on this device",
            source: "\(E.interappDialogs)"),
        .bool(
            "rebooted", default: false, meaning: "the device restarted since check-out", source: "\(E.clearPasscode)"),
        .bool(
            "lending_period_passed", default: false,
            meaning: "for a checked-out device: the lending period has passed by the first step",
            source: "\(E.overdue)"),
    ]

    static let events: [EventDeclaration] = [
        EventDeclaration(
            "check_out", target: .choice(["hub"]), requiresUser: true, accessAttempt: true,
            meaning: "the worker taps a badge at the hub (a Launchpad's smart hub; with a second factor as "
                + "check_out_auth says): a docked device is unlocked, checked out to them and set up",
            source: "\(E.checkOutAction); \(E.beeps); \(E.checkOutMethods)"),
        EventDeclaration(
            "check_in", target: .choice(["hub"]), requiresUser: true, accessAttempt: false,
            meaning: "the worker docks the device at the hub: each app's logout action, AutoFill purge, Microsoft "
                + "sign-out, MDM staging user, ClearPasscode, then Locker locks (there is no automatic check-in)",
            source: "\(E.checkInAction); \(E.checkInMinimum); \(E.logoutMethods)"),
        EventDeclaration(
            "emergency_unlock", target: .choice(["pin"]), requiresUser: false, accessAttempt: false,
            meaning: "someone unplugs a locked device, taps the padlock and enters the emergency PIN",
            source: "\(E.emergencyPIN)"),
        EventDeclaration(
            "microsoft_sign_in", target: .choice(["check_out_screen"]), requiresUser: true, accessAttempt: true,
            meaning: "the worker taps the blue Microsoft button on the check-out screen", source: "\(E.microsoftIOS)"),
    ]

    static let stepConditions: [StepConditionDeclaration] = [
        StepConditionDeclaration(
            "logout", .choice(["ok", "error", "no_response"]), events: ["check_in"],
            meaning: "the apps' logout actions at this check-in: ok, the app answers ulc-error, or it never calls "
                + "back (also an Android clear/stop action that fails)", source: "\(E.ulcFailures)"),
        StepConditionDeclaration(
            "clear_passcode", .choice(["succeeds", "fails"]), events: ["check_in"],
            meaning: "whether the MDM's ClearPasscode reaches the device (fails offline)", source: "\(E.clearPasscode)"),
        StepConditionDeclaration(
            "badge", .choice(["enrolled", "not_enrolled"]), events: ["check_out"],
            meaning: "whether the tapped badge is enrolled in the identity provider", source: "\(E.badgeEnrolment)"),
    ]

    static let details: [DetailDeclaration] = [
        DetailDeclaration("status", .choice(DeviceStatus.words), meaning: "the device's custody status after the step"),
        DetailDeclaration("custodian", .account, meaning: "the worker the device is checked out to after the step"),
        DetailDeclaration(
            "check_out_method", .choice(CheckOutAuth.words), meaning: "how the worker checked the device out"),
        DetailDeclaration("logout_method", .choice(LogoutMethod.words), meaning: "the app's logout method"),
        DetailDeclaration("autofill", .choice(["on", "off"]), meaning: "AutoFill offered the worker's credentials"),
        DetailDeclaration("data_owner", .account, meaning: "whose data the app holds after the step"),
    ]

    static let requiredEventMeanings: [String: String] = [
        "open": "the app is launched or foregrounded: Locker must have released the device (a check-out), then the "
            + "app's own sign-in decides",
        "sign_out": "the user signs out of the app itself (a Microsoft app in shared device mode signs every "
            + "Microsoft app out); MAM is not involved",
        "terminate": "the app's process ends; an app that restores its sign-in at launch keeps it; all = a "
            + "restart, after which an iOS passcode cannot be cleared over Wi-Fi",
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

/// Fact, event, condition and detail indices, in declaration order.
enum ImprivataFact {
    static let status = FactID(0)
    static let custodian = FactID(1)
    static let sessionOwner = FactID(2)
    static let dataOwner = FactID(3)
    static let entraAccount = FactID(4)
    static let mdmUser = FactID(5)
    static let passcodeOwner = FactID(6)
    static let secondFactorDone = FactID(7)
    static let dialogsAccepted = FactID(8)
    static let rebooted = FactID(9)
    static let lendingPeriodPassed = FactID(10)

    static let checkOut = EventID(4)
    static let checkIn = EventID(5)
    static let emergencyUnlock = EventID(6)
    static let microsoftSignIn = EventID(7)

    static let logoutCondition = StepConditionID(0)
    static let clearPasscodeCondition = StepConditionID(1)
    static let badgeCondition = StepConditionID(2)

    static let statusDetail = DetailID(0)
    static let custodianDetail = DetailID(1)
    static let checkOutMethodDetail = DetailID(2)
    static let logoutMethodDetail = DetailID(3)
    static let autofillDetail = DetailID(4)
    static let dataOwnerDetail = DetailID(5)
}
