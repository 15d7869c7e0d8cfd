import SSOPolicyProviderKit

extension AirWatchRule {
    /// Rules of failed attempts, wipes and logoutCurrentUser.
    var wipeDefinition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .failedAttemptCount:
            return RuleDefinition(
                "airwatch.failed-attempts.count",
                summary: "a wrong passcode or password counts against max_failed_attempts (shared counter with SSO)",
                source: "\(AirWatchEvidence.failedAttempts)",
                when: [.not(.authenticationDisabled)],
                examples: [
                    RuleExample(
                        settings: Self.passcodeSSO, facts: ["passcode_set": "true"], event: "wrong_passcode",
                        fires: true),
                    RuleExample(event: "wrong_passcode", fires: false),
                ])
        case .failedAttemptsWipe:
            return RuleDefinition(
                "airwatch.failed-attempts.wipe",
                summary: "reaching max_failed_attempts wipes the SDK data (the shared store when SSO is on)",
                source:
                    "\(AirWatchEvidence.failedAttempts); \(AirWatchEvidence.maxAttemptsWipe); \(AirWatchEvidence.dataCleanup); \(AirWatchEvidence.securityPolicies)",
                when: [.when(.maxFailedAttemptsSet), .when(.maxFailedAttemptsReached)],
                examples: [
                    RuleExample(
                        settings: Self.merged(Self.passcodeSSO, ["max_failed_attempts": "1"]),
                        facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: true),
                    RuleExample(
                        settings: Self.merged(Self.passcodeSSO, ["max_failed_attempts": "5"]),
                        facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: false),
                ])
        case .failedAttemptsEnterpriseWipe:
            return RuleDefinition(
                "airwatch.failed-attempts.enterprise-wipe",
                summary: "under wipe_scope enterprise_wipe the wipe removes every app's SDK data and app data",
                source: "\(AirWatchEvidence.securityPolicies); \(AirWatchEvidence.maxAttemptsWipe)",
                when: [.when(.maxFailedAttemptsReached), .when(.enterpriseWipe)],
                examples: [
                    RuleExample(
                        settings: Self.merged(
                            Self.passcodeSSO, ["max_failed_attempts": "1", "wipe_scope": "enterprise_wipe"]),
                        facts: ["passcode_set": "true"], event: "wrong_passcode", fires: true),
                    RuleExample(
                        settings: Self.merged(Self.passcodeSSO, ["max_failed_attempts": "1"]),
                        facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: false),
                ])
        case .wipeAppDataKept:
            return RuleDefinition(
                "airwatch.wipe.app-data-kept", summary: "an app that does not clear its data on wipe keeps it",
                source: "\(AirWatchEvidence.sharedSessionKB); \(AirWatchEvidence.dataCleanup)",
                when: [.when(.sdkDataWiped), .not(.wipeReachesEveryApp), .not(.clearsDataOnWipe)],
                examples: [
                    RuleExample(
                        settings: Self.merged(Self.passcodeSSO, ["max_failed_attempts": "1"]),
                        appKeys: ["clears_data_on_wipe": "false"], facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: true),
                    RuleExample(
                        settings: Self.merged(Self.passcodeSSO, ["max_failed_attempts": "1"]),
                        facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: false),
                ])
        case .logoutWipes:
            return RuleDefinition(
                "airwatch.logout.wipes",
                summary:
                    "logoutCurrentUser wipes the store's SDK data (the cluster's shared store with SSO) and unenrols the app",
                source:
                    "\(AirWatchEvidence.maxAttemptsWipe); \(AirWatchEvidence.dataCleanup); \(AirWatchEvidence.logoutCurrentUser)",
                when: [.not(.withoutSDK)],
                examples: [
                    RuleExample(event: "logout_current_user", fires: true),
                    RuleExample(appKeys: Self.withoutSDK, event: "logout_current_user", fires: false),
                ])
        default: preconditionFailure("\(self) is not a wipe rule")
        }
    }
}
