import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence
private typealias Examples = AirWatchExamples

/// The lifecycle phase: the SSO status query, lock and sign-out.
enum AirWatchLifecycleRule: Int, RuleSet {
    case statusBeforeInitialCheck
    case statusLastKnown
    case statusEffective
    case lockClearsSession
    case signOutLocksSession
    case signOutKeepsIdentity

    static let table = RuleTable<Self>(after: AirWatchExposureRule.table)

    /// `query_sso_status`: before the initial check, or the effective value.
    static let ssoStatus = DecisionList<Self>("SSO status query", [.statusBeforeInitialCheck, .statusEffective])

    var definition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .statusBeforeInitialCheck:
            RuleDefinition(
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
        case .statusLastKnown:
            RuleDefinition(
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
        case .statusEffective:
            RuleDefinition(
                "airwatch.status.effective",
                summary: "after initialCheckDone, or with SSO off for the app, the SSO status is the effective value",
                sources: [Evidence.seed("(Query the Current SSO Status)"), Evidence.ssoStatus],
                when: [.when(.ssoStatusSettled)],
                examples: [
                    RuleExample(facts: ["initial_check_done": "true"], event: "query_sso_status", fires: true),
                    RuleExample(settings: ["sso": "enabled"], event: "query_sso_status", fires: false),
                ])
        case .lockClearsSession:
            RuleDefinition(
                "airwatch.lock.clears-session",
                summary: "lockSession() clears the session for every app sharing the store; the next access prompts",
                sources: [Evidence.sessionLifetime, Evidence.lockSession],
                when: [.when(.storeHoldsSession)],
                examples: [
                    RuleExample(facts: ["session_live": "true"], event: "lock", fires: true),
                    RuleExample(event: "lock", fires: false),
                ])
        case .signOutLocksSession:
            RuleDefinition(
                "airwatch.sign-out.lock-session",
                summary: "the SDK has no per-user sign-out: signing out is the app calling lockSession()",
                sources: [Evidence.lockSession, Evidence.logoutCurrentUser],
                when: [.not(.withoutSDK)],
                examples: [RuleExample(event: "sign_out", fires: true), RuleExample(event: "open", fires: false)])
        case .signOutKeepsIdentity:
            RuleDefinition(
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
        }
    }
}
