import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence
private typealias Examples = AirWatchExamples

/// The termination phase: an app's process ends, the device restarts, an app goes to the background.
enum AirWatchTerminationRule: Int, RuleSet {
    case terminateProcessEnds
    case terminateSessionExpires
    case terminateDeviceRestart
    case backgroundExtendsSession

    static let table = RuleTable<Self>(after: AirWatchHubRule.table)

    var definition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .terminateProcessEnds:
            RuleDefinition(
                "airwatch.terminate.process-ends",
                summary: "the app process ends; its next open is a launch that runs the initial check again",
                sources: [Evidence.terminationExpires, Evidence.initialCheck],
                when: [.when(.processEnds)],
                examples: [RuleExample(event: "terminate", fires: true), RuleExample(event: "open", fires: false)])
        case .terminateSessionExpires:
            RuleDefinition(
                "airwatch.terminate.session-expires",
                summary: "terminating an app ends its unlock: its next launch authenticates (model option C2)",
                sources: [Evidence.terminationExpires, Evidence.authTable],
                when: [.when(.coldLaunchRequiresAuth)],
                examples: [
                    RuleExample(settings: ["cold_launch_requires_auth": "true"], event: "terminate", fires: true),
                    RuleExample(event: "terminate", fires: false),
                ])
        case .terminateDeviceRestart:
            RuleDefinition(
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
        case .backgroundExtendsSession:
            RuleDefinition(
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
    }
}
