import SSOPolicyProviderKit

extension AirWatchRule {
    /// Rules of SSO requirements, where the session lives, its timeout and a cold launch.
    var sessionDefinition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .ssoRequirementMissing:
            return RuleDefinition(
                "airwatch.sso.requirement-missing",
                summary: "SSO is requested but a requirement is missing: the app behaves as SSO disabled",
                source:
                    "\(Self.seed) (Requirements for Use); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.profilesMatch)",
                when: [.when(.ssoRequested), .when(.ssoRequirementMissing)],
                examples: [
                    RuleExample(settings: ["sso": "enabled", "anchor_app": "none"], fires: true),
                    RuleExample(settings: ["sso": "enabled"], fires: false),
                ])
        case .ssoNoAnchorApp:
            return RuleDefinition(
                "airwatch.sso.requirement-missing.anchor-app", summary: "SSO needs an anchor app (Hub or Agent)",
                source: "\(Self.seed) (Requirements: anchor application)",
                when: [.when(.ssoRequested), .when(.noAnchorApp)],
                examples: [
                    RuleExample(settings: ["sso": "enabled", "anchor_app": "none"], fires: true),
                    RuleExample(settings: ["sso": "enabled", "anchor_app": "agent"], fires: false),
                ])
        case .ssoAnchorProfile:
            return RuleDefinition(
                "airwatch.sso.requirement-missing.anchor-profile",
                summary: "SSO needs SSO enabled in the anchor's default SDK profile too",
                source: "\(AirWatchEvidence.profilesMatch)",
                when: [.when(.ssoRequested), .when(.anchorProfileSSOOff)],
                examples: [
                    RuleExample(settings: ["sso": "enabled", "anchor_profile_sso": "disabled"], fires: true),
                    RuleExample(settings: ["sso": "enabled"], fires: false),
                ])
        case .ssoSDKNotInitialized:
            return RuleDefinition(
                "airwatch.sso.requirement-missing.sdk-not-initialized",
                summary: "SSO needs the SDK initialised in the app",
                source: "\(Self.seed) (Requirements: initialize the SDK in the AppDelegate)",
                when: [.when(.ssoRequested), .when(.withoutSDK)],
                examples: [
                    RuleExample(settings: ["sso": "enabled"], appKeys: ["sdk_initialized": "false"], fires: true),
                    RuleExample(settings: ["sso": "enabled"], fires: false),
                ])
        case .sessionShared:
            return RuleDefinition(
                "airwatch.session.shared",
                summary: "the session and passcode are shared across SSO apps of the cluster",
                source: "\(Self.seed) (Session shared); \(AirWatchEvidence.cluster); \(AirWatchEvidence.keychainGroup)",
                when: [.when(.ssoEffective)],
                examples: [
                    RuleExample(settings: Self.passcodeSSO, fires: true),
                    RuleExample(settings: Self.passcodeOnly, fires: false),
                ])
        case .sessionNotShared:
            return RuleDefinition(
                "airwatch.session.not-shared", summary: "the app keeps its own session and passcode",
                source: "\(Self.seed) (Session not shared)",
                when: [.not(.ssoEffective)],
                examples: [
                    RuleExample(settings: Self.passcodeOnly, fires: true),
                    RuleExample(settings: Self.passcodeSSO, fires: false),
                ])
        case .sessionTimeoutExpired:
            return RuleDefinition(
                "airwatch.session.timeout-expired",
                summary: "the session expired: authentication_timeout passed since it was last stamped",
                source: "\(AirWatchEvidence.securityPolicies); \(AirWatchEvidence.sessionValidity)",
                when: [.when(.storeHoldsSession), .when(.timeoutPassed)],
                examples: [
                    RuleExample(
                        settings: Self.merged(Self.passcodeSSO, ["authentication_timeout": "15m"]),
                        facts: ["passcode_set": "true"], fires: true),
                    RuleExample(
                        settings: Self.merged(Self.passcodeSSO, ["authentication_timeout": "15m"]),
                        facts: Self.passcodeLive,
                        fires: false),
                ])
        case .secureColdLaunch:
            return RuleDefinition(
                "airwatch.secure.cold-launch",
                summary:
                    "an app launched after termination must authenticate even with a live session (model option C2)",
                source:
                    "\(AirWatchEvidence.terminationExpires); \(AirWatchEvidence.authTable); \(AirWatchEvidence.sessionStore)",
                when: [
                    .when(.coldLaunchRequiresAuth), .not(.unlockedInProcess), .when(.storeSessionLive),
                    .not(.authenticationDisabled),
                ],
                examples: [
                    RuleExample(
                        settings: Self.merged(Self.passcodeSSO, ["cold_launch_requires_auth": "true"]),
                        facts: Self.passcodeLive,
                        fires: true),
                    RuleExample(settings: Self.passcodeSSO, facts: Self.passcodeLive, fires: false),
                ])
        default: preconditionFailure("\(self) is not a session rule")
        }
    }
}
