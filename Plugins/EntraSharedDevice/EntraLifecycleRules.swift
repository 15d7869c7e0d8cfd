import SSOPolicyProviderKit

private let seed = EntraSources.tutorial

extension EntraRule {
    /// The rules of Safari and the app lifecycle; nil for a rule of another phase.
    var lifecycleDefinition: RuleDefinition<EntraPredicate>? {
        switch self {
        case .browserWebSSO:
            return RuleDefinition(
                "entra.browser.web-sso",
                summary: "Safari signs the user in silently with the Entra web session it holds",
                source: "\(EntraSources.tutorial) (\"It doesn't clear state on the Safari browser\")",
                when: [.when(.onIOS), .when(.safariSession)],
                examples: [
                    RuleExample(facts: ["safari_session": "alice"], event: "open_browser", fires: true),
                    RuleExample(facts: ["safari_session": "bob"], event: "open_browser", fires: true),
                    RuleExample(event: "open_browser", fires: false),
                    RuleExample(facts: ["signed_in": "alice"], event: "open_browser", fires: false),
                ])
        case .browserSignIn:
            return RuleDefinition(
                "entra.browser.sign-in",
                summary:
                    "Safari without an Entra web session asks for a web sign-in; this is how a Safari session comes "
                    + "to exist (an app's sign-in, global or not, does not create one)",
                source: "\(seed) (the SSO plug-in clears state only for applications); \(EntraEvidence.globalSignIn)"
                    + "(safariSession), §0.3 (OpenWeb(Safari))",
                when: [.when(.onIOS), .not(.safariSession)],
                examples: [
                    RuleExample(event: "open_browser", fires: true),
                    RuleExample(facts: ["signed_in": "alice"], event: "open_browser", fires: true),
                    RuleExample(facts: ["safari_session": "alice"], event: "open_browser", fires: false),
                ])
        case .accountSurvivesTermination:
            return RuleDefinition(
                "entra.lifecycle.account-survives",
                summary: "the device account outlives app termination and restarts (the PRT lasts 90 days, renewed "
                    + "on use): nothing signs the user out at the end of a shift (R11)",
                source: "\(EntraEvidence.deviceSessionLifetime)",
                when: [.when(.accountSignedIn)],
                examples: [
                    RuleExample(facts: ["signed_in": "alice"], event: "terminate", fires: true),
                    RuleExample(event: "terminate", fires: false),
                ])
        default: return nil
        }
    }
}
