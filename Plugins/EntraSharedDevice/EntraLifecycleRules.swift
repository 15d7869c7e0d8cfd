import SSOPolicyProviderKit

private let seed = EntraSources.tutorial

/// The rules of Safari and the app lifecycle. `EntraRule.definition` names each.
enum EntraLifecycleRules {
    static let browserPluginSSO = RuleDefinition<EntraPredicate>(
        "entra.browser.plugin-sso",
        summary: "Safari takes part in the Enterprise SSO plug-in's SSO by default: an Entra web app opens as the "
            + "device's account with no second interactive sign-in (and Safari keeps that web session)",
        sources: [EntraEvidence.safariPluginSSO, EntraEvidence.globalSignIn],
        when: [.when(.onIOS), .when(.brokerSilentSSO), .when(.safariPluginSSO), .when(.accountSignedIn)],
        effect: .session(.sharedReused),
        examples: [
            RuleExample(facts: ["signed_in": "alice"], event: "open_browser", fires: true),
            RuleExample(facts: ["signed_in": "bob"], event: "open_browser", fires: true),
            RuleExample(
                settings: ["safari_sso": "blocked"], facts: ["signed_in": "alice"], event: "open_browser",
                fires: false),
            RuleExample(
                settings: ["sso_extension": "missing"], facts: ["signed_in": "alice"], event: "open_browser",
                fires: false),
            RuleExample(facts: ["safari_session": "alice"], event: "open_browser", fires: false),
        ])

    static let browserWebSSO = RuleDefinition<EntraPredicate>(
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

    static let browserSignIn = RuleDefinition<EntraPredicate>(
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
                settings: ["safari_sso": "blocked"], facts: ["signed_in": "alice"], event: "open_browser", fires: true),
            RuleExample(facts: ["safari_session": "alice"], event: "open_browser", fires: false),
        ])

    static let accountSurvivesTermination = RuleDefinition<EntraPredicate>(
        "entra.lifecycle.account-survives",
        summary: "the device account outlives app termination and restarts (the PRT lasts 90 days, renewed "
            + "on use): nothing signs the user out at the end of a shift (R11)",
        sources: [EntraEvidence.deviceSessionLifetime],
        when: [.when(.accountSignedIn)],
        examples: [
            RuleExample(facts: ["signed_in": "alice"], event: "terminate", fires: true),
            RuleExample(event: "terminate", fires: false),
        ])

    static let mhsInactivitySignOut = RuleDefinition<EntraPredicate>(
        "entra.mhs.inactivity-sign-out",
        summary: "Android: Managed Home Screen signs the idle device's user out of MHS and the shared-device-mode "
            + "apps (a global sign-out) before the next step",
        sources: [EntraEvidence.mhsAutoSignOut, EntraEvidence.mhsFrontline],
        when: [.when(.inactivityPassed), .when(.accountSignedIn), .not(.mhsSignInOther)],
        examples: [
            RuleExample(
                settings: ["platform": "android", "mhs_auto_sign_out": "true"],
                facts: ["signed_in": "bob", "inactivity_passed": "true"], fires: true),
            RuleExample(
                settings: ["platform": "android", "mhs_auto_sign_out": "true"], facts: ["signed_in": "bob"],
                fires: false),
            RuleExample(facts: ["signed_in": "bob", "inactivity_passed": "true"], fires: false),
        ])
}
