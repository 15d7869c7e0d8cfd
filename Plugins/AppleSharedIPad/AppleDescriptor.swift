import SSOPolicyProviderKit

/// Everything apple-shared-ipad declares: the core validates policies and scenarios against it and `providers`
/// prints it.
enum AppleDescriptor {
    private typealias E = AppleEvidence

    static let descriptor = ProviderDescriptor(
        id: "apple-shared-ipad", name: "Apple Shared iPad (Managed Apple Accounts, federated with Microsoft Entra ID)",
        summary: "the operating system separates workers: each signs in at the iPad's login window into their own "
            + "encrypted partition, and a Guest (temporary) session is deleted when it ends; a leak comes almost "
            + "only from a handover that skips the sign-out (an unlocked session, a locked one inside the passcode "
            + "grace period, or a Guest session, which has no passcode). Microsoft 365 apps need no shared-device "
            + "awareness and sign in once per partition; Entra shared device mode cannot be combined with it, and "
            + "device-based Conditional Access is unsupported. Not modelled: the login window's language panes "
            + "(a step's details hold at most eight entries), default domains and messages",
        sources: AppleSource.documents, settings: AppleSetting.declarations,
        modelOptions: AppleModelOption.declarations, appKeys: AppleAppKey.declarations,
        facts: AppleFact.declarations, events: AppleEvent.declarations,
        stepConditions: AppleStepCondition.declarations, details: AppleDetail.declarations,
        findings: AppleFinding.declarations, rules: AppleRules.phases.declarations,
        ruleProblems: AppleRules.phases.problems,
        requiredEventMeanings: requiredEventMeanings, examplePolicy: examplePolicy,
        sessionAuthority: "iPadOS login window (one partition per user)", handover: handover,
        producedPrompts: [
            .interactiveSignIn, .credentials, .appCredentials, .createPasscode, .changePasscode,
            .devicePasscode,
        ],
        decisionLists: AppleRules.decisionLists, factConstraints: factConstraints,
        inapplicableProperties: inapplicableProperties, fleet: AppleFleetReading.reading)

    /// Screens that cannot go with who is signed in: a session's screen belongs to someone, the login window and
    /// Setup Assistant to nobody.
    static let factConstraints = [
        FactConstraint(
            "screen", in: ["unlocked", "locked", "awaiting_configuration"], requires: "signed_in",
            in: [FactConstraint.someone],
            meaning: "a session's Home Screen or Lock Screen belongs to whoever signed in; give signed_in a user"),
        FactConstraint(
            "screen", in: ["login_window", "setup_assistant"], requires: "signed_in", in: ["none"],
            meaning: "nobody is signed in at the login window or in Setup Assistant; give signed_in=none"),
    ]

    /// Shared iPad's shift change: the leaving worker signs out of the iPad; the next one signs in at the login
    /// window with their first `open`.
    static let handover = HandoverDeclaration(
        summary: "the leaving worker signs out of the iPad (Lock Screen > Sign Out), and the next worker signs in "
            + "at the login window with their Managed Apple Account and Shared iPad passcode",
        sources: E.signOut + E.laterSignIn,
        actions: [.init(.from, "device_sign_out", .word("device"))])

    static let inapplicableProperties = [
        InapplicableProperty(
            "global-sign-out-complete",
            because: "an app's sign-out on Shared iPad ends that app's sign-in inside the worker's partition, not the "
                + "iPad session; the handover is the iPad's sign-out (device_sign_out), which no-foreign-session "
                + "checks", sources: E.signOut + E.msalSSO)
    ]

    static let requiredEventMeanings: [String: String] = [
        "open": "the app is opened: at the login window the user signs in (or taps Guest with as: guest), a locked "
            + "session unlocks, someone else's session in the way follows the handover rules; then the app's "
            + "sign-in inside the partition decides",
        "sign_out": "the user signs out of the app inside their partition (a Microsoft app removes the partition's "
            + "Microsoft sign-in); the iPad session continues",
        "terminate": "the app's process ends; all = a restart, which ends the sessions (model.restart)",
        "query_sso_status": "the step reports what the iPad shows and whose session is open",
    ]

    static let examplePolicy = """
        policy: ward-shared-ipad
        title: "Recommended: Shared iPad on a nursing cart"
        provider: apple-shared-ipad
        settings:
          os_version: "17.5"
          resident_users: 8
          user_session_timeout: 15m
          temporary_sessions: blocked
          passcode_lock_grace_period: 0
          online_auth_grace_days: 7
        apps:
          - id: teams
          - id: outlook
          - id: charting
            kind: app_credentials
            data_location: cloud

        """
}
