import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence
private typealias Examples = AirWatchExamples

/// The rules of the SSO status query, lock, sign-out, termination and backgrounding.
enum AirWatchLifecycleRules {
    static let statusBeforeInitialCheck = RuleDefinition<AirWatchPredicate>(
        "airwatch.status.before-initial-check",
        summary: "before initialCheckDone the SSO status reads disabled although SSO is effective",
        sources: [Evidence.seed("(Query the Current SSO Status)")],
        when: [.when(.beforeInitialCheck), .when(.ssoEffective)],
        effect: .raises(AirWatchFinding.ssoStatusBeforeInitialCheck.id),
        examples: [
            RuleExample(settings: ["sso": "enabled"], event: "query_sso_status", fires: true),
            RuleExample(
                settings: ["sso": "enabled"], facts: ["initial_check_done": "true"],
                event: "query_sso_status", fires: false),
            RuleExample(event: "query_sso_status", fires: false),
        ])
    static let statusLastKnown = RuleDefinition<AirWatchPredicate>(
        "airwatch.status.last-known",
        summary: "before initialCheckDone the source returns the last persisted status (model option C5)",
        sources: [Evidence.ssoStatus],
        when: [.when(.beforeInitialCheck), .when(.ssoEffective), .when(.statusLastKnown)],
        examples: [
            RuleExample(
                settings: ["sso_status_before_initial_check": "last_known", "sso": "enabled"],
                event: "query_sso_status", fires: true),
            RuleExample(settings: ["sso": "enabled"], event: "query_sso_status", fires: false),
        ])
    static let statusEffective = RuleDefinition<AirWatchPredicate>(
        "airwatch.status.effective",
        summary: "after initialCheckDone, or with SSO off for the app, the SSO status is the effective value",
        sources: [Evidence.seed("(Query the Current SSO Status)"), Evidence.ssoStatus],
        when: [.when(.ssoStatusSettled)],
        examples: [
            RuleExample(facts: ["initial_check_done": "true"], event: "query_sso_status", fires: true),
            RuleExample(settings: ["sso": "enabled"], event: "query_sso_status", fires: false),
        ])
    static let lockClearsSession = RuleDefinition<AirWatchPredicate>(
        "airwatch.lock.clears-session",
        summary: "lockSession() clears the session for every app sharing the store; the next access prompts",
        sources: [Evidence.sessionLifetime, Evidence.lockSession],
        when: [.when(.storeHoldsSession)],
        examples: [
            RuleExample(facts: ["session_live": "true"], event: "lock", fires: true),
            RuleExample(event: "lock", fires: false),
        ])
    static let signOutLocksSession = RuleDefinition<AirWatchPredicate>(
        "airwatch.sign-out.lock-session",
        summary: "the SDK has no per-user sign-out: signing out is the app calling lockSession()",
        sources: [Evidence.lockSession, Evidence.logoutCurrentUser],
        when: [.not(.withoutSDK)],
        examples: [RuleExample(event: "sign_out", fires: true), RuleExample(event: "open", fires: false)])
    static let signOutKeepsIdentity = RuleDefinition<AirWatchPredicate>(
        "airwatch.sign-out.identity-kept",
        summary: "after the sign-out the registered identity, the passcode and the app data remain",
        sources: [Evidence.lockSession, Evidence.checkInCheckOut],
        when: [.when(.storeHoldsIdentity)],
        effect: .raises(AirWatchFinding.signOutKeepsIdentity.id),
        examples: [
            RuleExample(
                facts: ["silent_login": "succeeds", "session_live": "true"], event: "sign_out",
                fires: true),
            RuleExample(event: "sign_out", fires: false),
        ])
    static let terminateProcessEnds = RuleDefinition<AirWatchPredicate>(
        "airwatch.terminate.process-ends",
        summary: "the app process ends; its next open is a launch that runs the initial check again",
        sources: [Evidence.terminationExpires, Evidence.initialCheck],
        when: [.when(.processEnds)],
        examples: [RuleExample(event: "terminate", fires: true), RuleExample(event: "open", fires: false)])
    static let terminateSessionExpires = RuleDefinition<AirWatchPredicate>(
        "airwatch.terminate.session-expires",
        summary: "terminating an app ends its unlock: its next launch authenticates (model option C2)",
        sources: [Evidence.terminationExpires, Evidence.authTable],
        when: [.when(.coldLaunchRequiresAuth)],
        examples: [
            RuleExample(settings: ["cold_launch_requires_auth": "true"], event: "terminate", fires: true),
            RuleExample(event: "terminate", fires: false),
        ])
    static let terminateDeviceRestart = RuleDefinition<AirWatchPredicate>(
        "airwatch.terminate.device-restart",
        summary:
            "a device restart ends every SDK session: the first open after it authenticates, inside the timeout "
            + "too",
        sources: [Evidence.firstOpenAfterRestart],
        when: [.when(.deviceRestart), .when(.anyStoreHoldsSession)],
        examples: [
            RuleExample(facts: ["session_live": "true"], event: "terminate", target: "all", fires: true),
            RuleExample(facts: ["session_live": "true"], event: "terminate", fires: false),
        ])
    static let backgroundExtendsSession = RuleDefinition<AirWatchPredicate>(
        "airwatch.background.extends-session",
        summary: "backgrounding re-stamps the session without checking it (model option C4)",
        sources: [Evidence.securityPolicies, Evidence.backgroundExtends, Evidence.sessionValidity],
        when: [.when(.timeoutFromBackground), .when(.storeHoldsSession)],
        examples: [
            RuleExample(
                settings: ["timeout_anchor": "last_background"], facts: ["session_live": "true"],
                event: "background", fires: true),
            RuleExample(facts: ["session_live": "true"], event: "background", fires: false),
        ])
}
