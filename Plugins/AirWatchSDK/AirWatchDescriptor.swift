import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence

/// Everything airwatch-sdk declares: the core validates policies and scenarios against it and `providers` prints it.
enum AirWatchDescriptor {
    static let descriptor = ProviderDescriptor(
        id: "airwatch-sdk", name: "AirWatch / Workspace ONE SDK SSO",
        summary: "SDK-built iOS apps: identify (silent login, then common or app authentication), then secure "
            + "(passcode, username/password or nothing), with a session shared per cluster when SSO is effective",
        sources: AirWatchSource.documents, settings: AirWatchSetting.declarations,
        modelOptions: AirWatchModelOption.declarations, appKeys: AirWatchAppKey.declarations,
        facts: AirWatchFact.declarations, events: AirWatchEvent.declarations,
        stepConditions: AirWatchStepCondition.declarations, details: AirWatchDetail.declarations,
        findings: AirWatchFinding.declarations,
        rules: AirWatchRules.phases.declarations, ruleProblems: AirWatchRules.phases.problems,
        requiredEventMeanings: requiredEventMeanings, examplePolicy: examplePolicy,
        properties: properties, sessionAuthority: "SDK / anchor app", handover: handover,
        producedPrompts: [
            .credentials, .appCredentials, .interactiveSignIn, .passcode, .createPasscode, .changePasscode,
        ],
        decisionLists: AirWatchRules.decisionLists, fleet: AirWatchFleetReading.reading)

    /// Workspace ONE's own shift change on a shared device: check-in in Hub by the leaving worker, check-out by the
    /// next, who authenticates in Hub (Hub's multi-user mode); what it clears depends on the Shared Device settings.
    static let handover = HandoverDeclaration(
        summary: "the leaving worker checks the device in with Hub, then the next worker checks it out with Hub, "
            + "authenticating there with their credentials",
        sources: [Evidence.checkInCheckOut, Evidence.checkOutAuthenticates, Evidence.userChanged],
        actions: [
            .init(.from, AirWatchEvent.checkIn.declaration.name, .word("hub")),
            .init(.to, AirWatchEvent.checkOut.declaration.name, .word("hub")),
        ])

    /// What `ssopolicy verify` checks beyond the core's properties.
    static let properties: [PropertyDeclaration] = [
        PropertyDeclaration(
            "check-out-separates-data",
            meaning: "a Hub check-out by another user never leaves the previous user's app data on the device",
            violatedBy: [AirWatchFinding.checkOutDataNotSeparated, .appWithoutSDKUntouched],
            sources: [Evidence.checkInCheckOut])
    ]

    static let requiredEventMeanings: [String: String] = [
        "open": "the app is launched or foregrounded: identify (if not registered), then secure",
        "sign_out": "the SDK has no per-user global sign-out: the app signs out by calling lockSession(), which "
            + "clears the (shared) session; the registered identity, the passcode and every app's data remain",
        "terminate": "the app process ends; all = a device restart, which also ends every SDK session, so the "
            + "first open after it authenticates",
        "query_sso_status": "the app reads DeviceInformationController.ssoStatus",
    ]

    static let examplePolicy = """
        policy: frontline-airwatch
        title: "Recommended: Hub check-in/check-out, passcode + SSO, passcode and app data cleared per worker"
        provider: airwatch-sdk
        settings:
          authentication: passcode
          sso: enabled
          anchor_app: hub
          authentication_timeout: 15m
          max_failed_attempts: 5
          passcode_mode: alphanumeric
          min_passcode_length: 6
          compromised_protection: true
          clear_passcode_on_check_out: true
        apps:
          - id: inventory
            name: Inventory
            clears_data_on_user_change: true
          - id: timesheet
            name: Timesheet
            clears_data_on_user_change: true

        """
}
