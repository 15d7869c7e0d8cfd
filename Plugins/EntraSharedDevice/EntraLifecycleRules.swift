import SSOPolicyProviderKit

private let seed = EntraSource.tutorial
private let legacy: [String: String] = ["msal": "none"]

/// The phase of getDeviceInformation, Safari and termination (after default mode's): one case per rule, in id
/// order. Safari's plug-in SSO, added later, is `EntraAccessRule.browserPluginSSO`.
enum EntraLifecycleRule: Int, RuleSet {
    case deviceInfoReported
    case deviceInfoUnavailable
    case browserWebSSO
    case browserSignIn
    case accountSurvivesTermination

    static let table = RuleTable<EntraLifecycleRule>(after: EntraDefaultModeRule.table)

    /// getDeviceInformation.
    static let deviceInformation = DecisionList<EntraLifecycleRule>(
        "getDeviceInformation", [.deviceInfoReported, .deviceInfoUnavailable])
    /// Safari opened by a user (iOS), once the plug-in's SSO (`EntraAccessRule.browserPluginSSO`) has not decided.
    static let browser = DecisionList<EntraLifecycleRule>(
        "Safari: the plug-in's SSO, web SSO or web sign-in", [.browserWebSSO, .browserSignIn])

    var definition: RuleDefinition<EntraPredicate> {
        switch self {
        case .deviceInfoReported:
            RuleDefinition(
                "entra.device-info.reported",
                summary: "getDeviceInformation reports the device mode to a broker-enabled app, fresh on every call",
                sources: [Citation(seed, "(\"Detect shared device mode\")"), EntraEvidence.deviceInfo],
                when: [.when(.appAware)],
                examples: [
                    RuleExample(event: "query_sso_status", fires: true),
                    RuleExample(appKeys: legacy, event: "query_sso_status", fires: false),
                ])
        case .deviceInfoUnavailable:
            RuleDefinition(
                "entra.device-info.unavailable",
                summary: "getDeviceInformation returns no device information and an error to an app that is not "
                    + "broker-enabled (R12)",
                sources: [EntraEvidence.brokerNotAvailable],
                when: [.not(.appAware)],
                examples: [
                    RuleExample(appKeys: legacy, event: "query_sso_status", fires: true),
                    RuleExample(event: "query_sso_status", fires: false),
                ])
        case .browserWebSSO:
            RuleDefinition(
                "entra.browser.web-sso",
                summary: "Safari signs the user in silently with the Entra web session it holds",
                sources: [Citation(seed, "(\"It doesn't clear state on the Safari browser\")")],
                when: [.when(.onIOS), .when(.safariSession)],
                effect: .session(.appReused),
                examples: [
                    RuleExample(facts: ["safari_session": "alice"], event: "open_browser", fires: true),
                    RuleExample(facts: ["safari_session": "bob"], event: "open_browser", fires: true),
                    RuleExample(event: "open_browser", fires: false),
                    RuleExample(facts: ["signed_in": "alice"], event: "open_browser", fires: false),
                ])
        case .browserSignIn:
            RuleDefinition(
                "entra.browser.sign-in",
                summary:
                    "Safari without an Entra web session asks for a web sign-in; this is how a Safari session comes "
                    + "to exist (an app's sign-in, global or not, does not create one)",
                sources: [
                    Citation(seed, "(the SSO plug-in clears state only for applications)"), EntraEvidence.globalSignIn,
                ],
                when: [.when(.onIOS), .not(.safariSession)],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .appNew),
                examples: [
                    RuleExample(event: "open_browser", fires: true),
                    RuleExample(
                        settings: ["safari_sso": "blocked"], facts: ["signed_in": "alice"], event: "open_browser",
                        fires: true),
                    RuleExample(facts: ["safari_session": "alice"], event: "open_browser", fires: false),
                ])
        case .accountSurvivesTermination:
            RuleDefinition(
                "entra.lifecycle.account-survives",
                summary: "the device account outlives app termination and restarts (the PRT lasts 90 days, renewed "
                    + "on use): nothing signs the user out at the end of a shift (R11)",
                sources: [EntraEvidence.deviceSessionLifetime],
                when: [.when(.accountSignedIn)],
                examples: [
                    RuleExample(facts: ["signed_in": "alice"], event: "terminate", fires: true),
                    RuleExample(event: "terminate", fires: false),
                ])
        }
    }
}
