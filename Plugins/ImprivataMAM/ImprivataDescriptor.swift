import MicrosoftApps
import SSOPolicyProviderKit

/// Everything imprivata-mam declares: the core validates policies and scenarios against it and `providers` prints it.
enum ImprivataDescriptor {
    private typealias E = ImprivataEvidence
    private typealias S = ImprivataSource

    static let descriptor = ProviderDescriptor(
        id: "imprivata-mam", name: "Imprivata Mobile Access Management (formerly GroundControl)",
        summary: "device custody, not an SSO broker: a badge tap at the hub checks a docked iPhone or Android phone "
            + "out to a worker (unlock, device passcode, AutoFill, MDM user, Microsoft sign-in); apps keep their own "
            + "sessions, and docking it again checks it in by running each app's logout action, clearing the "
            + "passcode and locking Locker. Not modelled (no effect on sessions): the ULC failure parameter's name, "
            + "which MDMs offer Lost Mode or the Android passcode flag, and the badge lockout while enrolling; "
            + "Microsoft apps come from the catalogue Entra shares (app key catalog)",
        sources: ImprivataSource.allDocuments, settings: ImprivataSetting.declarations,
        modelOptions: ImprivataModelOption.declarations, appKeys: ImprivataAppKey.declarations,
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
                ImprivataFinding.sessionSurvivesCheckIn, .logoutMethodDoesNotClearSession, .logoutCallbackFailed,
                .ulcColdStartRace, .interappDialogBlocksLogout, .checkInFailed,
            ], sources: E.logoutMethods),
        PropertyDeclaration(
            "custody-matches-user",
            meaning: "whoever uses the device is the worker MAM checked it out to",
            violatedBy: [ImprivataFinding.deviceUsedByNonCustodian, .anonymousEmergencyUnlock],
            sources: E.checkOutAction + E.emergencyPIN),
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
