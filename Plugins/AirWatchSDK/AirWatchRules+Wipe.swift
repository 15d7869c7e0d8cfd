import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence
private typealias Examples = AirWatchExamples

/// The wipe phase: failed attempts, the wipes they trigger and `logoutCurrentUser`.
enum AirWatchWipeRule: Int, RuleSet {
    case failedAttemptCount
    case failedAttemptsWipe
    case failedAttemptsEnterpriseWipe
    case wipeAppDataKept
    case logoutWipes

    static let table = RuleTable<Self>(after: AirWatchLifecycleRule.table)

    var definition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .failedAttemptCount:
            RuleDefinition(
                "airwatch.failed-attempts.count",
                summary: "a wrong passcode or password counts against max_failed_attempts (shared counter with SSO)",
                sources: [Evidence.failedAttempts],
                when: [.not(.authenticationDisabled)],
                effect: .session(.denied),
                examples: [
                    RuleExample(
                        settings: Examples.passcodeSSO, facts: ["passcode_set": "true"], event: "wrong_passcode",
                        fires: true),
                    RuleExample(event: "wrong_passcode", fires: false),
                ])
        case .failedAttemptsWipe:
            RuleDefinition(
                "airwatch.failed-attempts.wipe",
                summary: "reaching max_failed_attempts wipes the SDK data (the shared store when SSO is on)",
                sources: [
                    Evidence.failedAttempts, Evidence.maxAttemptsWipe, Evidence.dataCleanup, Evidence.enterpriseWipe,
                ],
                when: [.when(.maxFailedAttemptsSet), .when(.maxFailedAttemptsReached)],
                effect: .raises(AirWatchFinding.failedAttemptsWipe.id, AirWatchFinding.wipeScopeUncertain.id),
                examples: [
                    RuleExample(
                        settings: Examples.merged(Examples.passcodeSSO, ["max_failed_attempts": "1"]),
                        facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: true),
                    RuleExample(
                        settings: Examples.merged(Examples.passcodeSSO, ["max_failed_attempts": "5"]),
                        facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: false),
                ])
        case .failedAttemptsEnterpriseWipe:
            RuleDefinition(
                "airwatch.failed-attempts.enterprise-wipe",
                summary: "under wipe_scope enterprise_wipe the wipe removes every app's SDK data and app data",
                sources: [Evidence.enterpriseWipe, Evidence.maxAttemptsWipe],
                when: [.when(.maxFailedAttemptsReached), .when(.enterpriseWipe)],
                examples: [
                    RuleExample(
                        settings: Examples.merged(
                            Examples.passcodeSSO, ["max_failed_attempts": "1", "wipe_scope": "enterprise_wipe"]),
                        facts: ["passcode_set": "true"], event: "wrong_passcode", fires: true),
                    RuleExample(
                        settings: Examples.merged(Examples.passcodeSSO, ["max_failed_attempts": "1"]),
                        facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: false),
                ])
        case .wipeAppDataKept:
            RuleDefinition(
                "airwatch.wipe.app-data-kept", summary: "an app that does not clear its data on wipe keeps it",
                sources: [Evidence.sharedSession, Evidence.dataCleanup],
                when: [.when(.sdkDataWiped), .not(.wipeReachesEveryApp), .not(.clearsDataOnWipe)],
                examples: [
                    RuleExample(
                        settings: Examples.merged(Examples.passcodeSSO, ["max_failed_attempts": "1"]),
                        appKeys: ["clears_data_on_wipe": "false"], facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: true),
                    RuleExample(
                        settings: Examples.merged(Examples.passcodeSSO, ["max_failed_attempts": "1"]),
                        facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: false),
                ])
        case .logoutWipes:
            RuleDefinition(
                "airwatch.logout.wipes",
                summary:
                    "logoutCurrentUser wipes the store's SDK data (the cluster's shared store with SSO) and unenrols the app",
                sources: [Evidence.maxAttemptsWipe, Evidence.dataCleanup, Evidence.logoutCurrentUser],
                when: [.not(.withoutSDK)],
                effect: .raises(AirWatchFinding.logoutWipe.id),
                examples: [
                    RuleExample(event: "logout_current_user", fires: true),
                    RuleExample(appKeys: Examples.withoutSDK, event: "logout_current_user", fires: false),
                ])
        }
    }
}
