import SSOPolicyProviderKit

extension AirWatchRule {
    /// Rules of the SSO status query, lock, sign-out, termination and backgrounding.
    var lifecycleDefinition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .statusBeforeInitialCheck:
            return RuleDefinition(
                "airwatch.status.before-initial-check",
                summary: "before initialCheckDone the SSO status reads disabled although SSO is effective",
                source: "\(Self.seed) (Query the Current SSO Status)",
                when: [.when(.beforeInitialCheck), .when(.ssoEffective)],
                examples: [
                    RuleExample(settings: ["sso": "enabled"], event: "query_sso_status", fires: true),
                    RuleExample(
                        settings: ["sso": "enabled"], facts: ["initial_check_done": "true"],
                        event: "query_sso_status", fires: false),
                    RuleExample(event: "query_sso_status", fires: false),
                ])
        case .statusLastKnown:
            return RuleDefinition(
                "airwatch.status.last-known",
                summary: "before initialCheckDone the source returns the last persisted status (model option C5)",
                source: "\(AirWatchEvidence.ssoStatus)",
                when: [.when(.beforeInitialCheck), .when(.ssoEffective), .when(.statusLastKnown)],
                examples: [
                    RuleExample(
                        settings: ["sso_status_before_initial_check": "last_known", "sso": "enabled"],
                        event: "query_sso_status", fires: true),
                    RuleExample(settings: ["sso": "enabled"], event: "query_sso_status", fires: false),
                ])
        case .statusEffective:
            return RuleDefinition(
                "airwatch.status.effective",
                summary: "after initialCheckDone, or with SSO off for the app, the SSO status is the effective value",
                source: "\(Self.seed) (Query the Current SSO Status); \(AirWatchEvidence.ssoStatus)",
                when: [.when(.ssoStatusSettled)],
                examples: [
                    RuleExample(facts: ["initial_check_done": "true"], event: "query_sso_status", fires: true),
                    RuleExample(settings: ["sso": "enabled"], event: "query_sso_status", fires: false),
                ])
        case .lockClearsSession:
            return RuleDefinition(
                "airwatch.lock.clears-session",
                summary: "lockSession() clears the session for every app sharing the store; the next access prompts",
                source: "\(AirWatchEvidence.sessionLifetime); \(AirWatchEvidence.lockSession)",
                when: [.when(.storeHoldsSession)],
                examples: [
                    RuleExample(facts: ["session_live": "true"], event: "lock", fires: true),
                    RuleExample(event: "lock", fires: false),
                ])
        case .signOutLocksSession:
            return RuleDefinition(
                "airwatch.sign-out.lock-session",
                summary: "the SDK has no per-user sign-out: signing out is the app calling lockSession()",
                source: "\(AirWatchEvidence.lockSession); \(AirWatchEvidence.logoutCurrentUser)",
                when: [.not(.withoutSDK)],
                examples: [RuleExample(event: "sign_out", fires: true), RuleExample(event: "open", fires: false)])
        case .signOutKeepsIdentity:
            return RuleDefinition(
                "airwatch.sign-out.identity-kept",
                summary: "after the sign-out the registered identity, the passcode and the app data remain",
                source: "\(AirWatchEvidence.lockSession); \(AirWatchEvidence.checkInCheckOut)",
                when: [.when(.storeHoldsIdentity)],
                examples: [
                    RuleExample(
                        facts: ["silent_login": "succeeds", "session_live": "true"], event: "sign_out",
                        fires: true),
                    RuleExample(event: "sign_out", fires: false),
                ])
        case .terminateProcessEnds:
            return RuleDefinition(
                "airwatch.terminate.process-ends",
                summary: "the app process ends; its next open is a launch that runs the initial check again",
                source: "\(AirWatchEvidence.terminationExpires); \(AirWatchEvidence.initialCheck)",
                when: [.when(.processEnds)],
                examples: [RuleExample(event: "terminate", fires: true), RuleExample(event: "open", fires: false)])
        case .terminateSessionExpires:
            return RuleDefinition(
                "airwatch.terminate.session-expires",
                summary: "terminating an app ends its unlock: its next launch authenticates (model option C2)",
                source: "\(AirWatchEvidence.terminationExpires); \(AirWatchEvidence.authTable)",
                when: [.when(.coldLaunchRequiresAuth)],
                examples: [
                    RuleExample(settings: ["cold_launch_requires_auth": "true"], event: "terminate", fires: true),
                    RuleExample(event: "terminate", fires: false),
                ])
        case .terminateDeviceRestart:
            return RuleDefinition(
                "airwatch.terminate.device-restart",
                summary:
                    "a device restart ends every SDK session: the first open after it authenticates, inside the timeout "
                    + "too",
                source: "\(AirWatchEvidence.firstOpenAfterRestart)"
                    + "is switched on)",
                when: [.when(.deviceRestart), .when(.anyStoreHoldsSession)],
                examples: [
                    RuleExample(facts: ["session_live": "true"], event: "terminate", target: "all", fires: true),
                    RuleExample(facts: ["session_live": "true"], event: "terminate", fires: false),
                ])
        case .backgroundExtendsSession:
            return RuleDefinition(
                "airwatch.background.extends-session",
                summary: "backgrounding re-stamps the session without checking it (model option C4)",
                source:
                    "\(AirWatchEvidence.securityPolicies); \(AirWatchEvidence.backgroundExtends); \(AirWatchEvidence.sessionValidity)",
                when: [.when(.timeoutFromBackground), .when(.storeHoldsSession)],
                examples: [
                    RuleExample(
                        settings: ["timeout_anchor": "last_background"], facts: ["session_live": "true"],
                        event: "background", fires: true),
                    RuleExample(facts: ["session_live": "true"], event: "background", fires: false),
                ])
        default: preconditionFailure("\(self) is not a lifecycle rule")
        }
    }
}
