import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence
private typealias Examples = AirWatchExamples

/// The session phase: SSO requirements, where the session lives, its timeout and a cold launch.
enum AirWatchSessionRule: Int, RuleSet {
    case ssoRequirementMissing
    case ssoNoAnchorApp
    case ssoAnchorProfile
    case ssoSDKNotInitialized
    case sessionShared
    case sessionNotShared
    case sessionTimeoutExpired
    case secureColdLaunch

    static let table = RuleTable<Self>(after: AirWatchIdentifyRule.table)

    /// Where an SDK app's session and passcode live.
    static let sessionScope = DecisionList<Self>("session scope", [.sessionShared, .sessionNotShared])

    var definition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .ssoRequirementMissing:
            RuleDefinition(
                "airwatch.sso.requirement-missing",
                summary: "SSO is requested but a requirement is missing: the app behaves as SSO disabled",
                sources: [Evidence.seed("(Requirements for Use)"), Evidence.unlockOrder, Evidence.profilesMatch],
                when: [.when(.ssoRequested), .when(.ssoRequirementMissing)],
                effect: .raises(AirWatchFinding.ssoRequirementMissing.id),
                examples: [
                    RuleExample(settings: ["sso": "enabled", "anchor_app": "none"], fires: true),
                    RuleExample(settings: ["sso": "enabled"], fires: false),
                ])
        case .ssoNoAnchorApp:
            RuleDefinition(
                "airwatch.sso.requirement-missing.anchor-app", summary: "SSO needs an anchor app (Hub or Agent)",
                sources: [Evidence.seed("(Requirements: anchor application)")],
                when: [.when(.ssoRequested), .when(.noAnchorApp)],
                examples: [
                    RuleExample(settings: ["sso": "enabled", "anchor_app": "none"], fires: true),
                    RuleExample(settings: ["sso": "enabled", "anchor_app": "agent"], fires: false),
                ])
        case .ssoAnchorProfile:
            RuleDefinition(
                "airwatch.sso.requirement-missing.anchor-profile",
                summary: "SSO needs SSO enabled in the anchor's default SDK profile too",
                sources: [Evidence.profilesMatch],
                when: [.when(.ssoRequested), .when(.anchorProfileSSOOff)],
                examples: [
                    RuleExample(settings: ["sso": "enabled", "anchor_profile_sso": "disabled"], fires: true),
                    RuleExample(settings: ["sso": "enabled"], fires: false),
                ])
        case .ssoSDKNotInitialized:
            RuleDefinition(
                "airwatch.sso.requirement-missing.sdk-not-initialized",
                summary: "SSO needs the SDK initialised in the app",
                sources: [Evidence.seed("(Requirements: initialize the SDK in the AppDelegate)")],
                when: [.when(.ssoRequested), .when(.withoutSDK)],
                examples: [
                    RuleExample(settings: ["sso": "enabled"], appKeys: ["sdk_initialized": "false"], fires: true),
                    RuleExample(settings: ["sso": "enabled"], fires: false),
                ])
        case .sessionShared:
            RuleDefinition(
                "airwatch.session.shared",
                summary: "the session and passcode are shared across SSO apps of the cluster",
                sources: [Evidence.seed("(Session shared)"), Evidence.cluster, Evidence.keychainGroup],
                when: [.when(.ssoEffective)],
                examples: [
                    RuleExample(settings: Examples.passcodeSSO, fires: true),
                    RuleExample(settings: Examples.passcodeOnly, fires: false),
                ])
        case .sessionNotShared:
            RuleDefinition(
                "airwatch.session.not-shared", summary: "the app keeps its own session and passcode",
                sources: [Evidence.seed("(Session not shared)")],
                when: [.not(.ssoEffective)],
                examples: [
                    RuleExample(settings: Examples.passcodeOnly, fires: true),
                    RuleExample(settings: Examples.passcodeSSO, fires: false),
                ])
        case .sessionTimeoutExpired:
            RuleDefinition(
                "airwatch.session.timeout-expired",
                summary: "the session expired: authentication_timeout passed since it was last stamped",
                sources: [Evidence.securityPolicies, Evidence.sessionValidity],
                when: [.when(.storeHoldsSession), .when(.timeoutPassed)],
                examples: [
                    RuleExample(
                        settings: Examples.merged(Examples.passcodeSSO, ["authentication_timeout": "15m"]),
                        facts: ["passcode_set": "true"], fires: true),
                    RuleExample(
                        settings: Examples.merged(Examples.passcodeSSO, ["authentication_timeout": "15m"]),
                        facts: Examples.passcodeLive,
                        fires: false),
                ])
        case .secureColdLaunch:
            RuleDefinition(
                "airwatch.secure.cold-launch",
                summary:
                    "an app launched after termination must authenticate even with a live session (model option C2)",
                sources: [Evidence.terminationExpires, Evidence.authTable, Evidence.sessionStore],
                when: [
                    .when(.coldLaunchRequiresAuth), .not(.unlockedInProcess), .when(.storeSessionLive),
                    .not(.authenticationDisabled),
                ],
                examples: [
                    RuleExample(
                        settings: Examples.merged(Examples.passcodeSSO, ["cold_launch_requires_auth": "true"]),
                        facts: Examples.passcodeLive,
                        fires: true),
                    RuleExample(settings: Examples.passcodeSSO, facts: Examples.passcodeLive, fires: false),
                ])
        }
    }
}
