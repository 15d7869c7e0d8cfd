import SSOPolicyProviderKit

private let seed = EntraSources.tutorial
private let off: [String: String] = ["shared_device_mode": "false"]
private let legacy: [String: String] = ["msal": "none"]
private let android: [String: String] = ["platform": "android"]

/// The rules of sign-out. `EntraRule.definition` names each.
enum EntraSignOutRules {
    static let signOutGlobal = RuleDefinition<EntraPredicate>(
        "entra.sign-out.global",
        summary: "sign-out from any eligible app removes the account and its tokens device-wide and notifies "
            + "running, listening apps",
        sources: [
            Citation(seed, "(\"Globally sign out a user\")"), Citation(EntraSources.overviewZH),
            EntraEvidence.signOutOrdering, EntraEvidence.accountChangeNotification,
        ],
        when: [.when(.sharedForApp), .when(.accountSignedIn), .not(.brokerSignOutFails)],
        effect: .session(.none),
        examples: [
            RuleExample(facts: ["signed_in": "alice"], event: "sign_out", fires: true),
            RuleExample(
                facts: ["signed_in": "alice"], event: "sign_out", conditions: ["broker": "fails"], fires: false),
            RuleExample(event: "sign_out", fires: false),
        ])

    static let signOutBrokerFailed = RuleDefinition<EntraPredicate>(
        "entra.sign-out.broker-failed",
        summary:
            "MSAL removes local tokens first; if the broker sign-out fails the device stays signed in (R7)",
        sources: [EntraEvidence.signOutOrdering],
        when: [.when(.sharedForApp), .when(.accountSignedIn), .when(.brokerSignOutFails)],
        effect: RuleEffect(session: .sharedReused, findings: [EntraFinding.brokerSignOutFailed.id]),
        examples: [
            RuleExample(
                facts: ["signed_in": "alice"], event: "sign_out", conditions: ["broker": "fails"], fires: true),
            RuleExample(facts: ["signed_in": "alice"], event: "sign_out", fires: false),
        ])

    static let signOutDataCleared = RuleDefinition<EntraPredicate>(
        "entra.sign-out.app-data-cleared",
        summary: "the signing-out app clears its own data (MSAL does not)",
        sources: [Citation(seed, "(\"You must clear the data from your application\")"), EntraEvidence.currentAccount],
        when: [.when(.appHoldsData), .when(.clearsData)],
        examples: [
            RuleExample(facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: true),
            RuleExample(
                appKeys: ["clears_data_on_user_change": "false"],
                facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: false),
        ])

    static let signOutDataKept = RuleDefinition<EntraPredicate>(
        "entra.sign-out.app-data-kept",
        summary: "the signing-out app keeps its data: sign-out removes tokens, not app data (R4)",
        sources: [Citation(seed, "(\"It doesn't, however, clear the data from your application\")")],
        when: [.when(.appHoldsData), .not(.clearsData)],
        examples: [
            RuleExample(
                appKeys: ["clears_data_on_user_change": "false"],
                facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: true),
            RuleExample(facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: false),
        ])

    static let browserKept = RuleDefinition<EntraPredicate>(
        "entra.sign-out.browser-kept",
        summary: "the SSO extension clears apps only: Safari keeps the web session unless the app signs out "
            + "from the browser (R5)",
        sources: [Citation(seed, "(\"It doesn't clear state on the Safari browser\")"), EntraEvidence.signOutOrdering],
        when: [
            .when(.onIOS), .when(.safariSession), .not(.signsOutFromBrowser), .when(.safariKeptUnlessSignout),
        ],
        effect: .raises(EntraFinding.browserSessionRemains.id),
        examples: [
            RuleExample(
                appKeys: ["signout_from_browser": "false"],
                facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out",
                fires: true),
            RuleExample(
                facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out", fires: false),
            RuleExample(
                appKeys: ["signout_from_browser": "false"], facts: ["signed_in": "alice"], event: "sign_out",
                fires: false),
            RuleExample(
                settings: ["safari_sign_out": "cleared"], appKeys: ["signout_from_browser": "false"],
                facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out", fires: false),
        ])

    static let browserSignedOut = RuleDefinition<EntraPredicate>(
        "entra.sign-out.browser-signed-out",
        summary: "Safari's web session ends: the app signs out from the browser (Safari flashes briefly)",
        sources: [Citation(seed, "(signoutFromBrowser)"), EntraEvidence.signOutOrdering, EntraEvidence.safariCleared],
        when: [.when(.onIOS), .when(.safariSession), .when(.safariSignedOut)],
        examples: [
            RuleExample(
                facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out", fires: true),
            RuleExample(
                appKeys: ["signout_from_browser": "false"],
                facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out",
                fires: false),
            RuleExample(
                settings: android, facts: ["signed_in": "alice", "safari_session": "alice"], event: "sign_out",
                fires: false),
        ])

    static let signOutNotCovered = RuleDefinition<EntraPredicate>(
        "entra.sign-out.not-covered",
        summary: "after a global sign-out an app still holds the user's session or data: an app that is not "
            + "shared-device aware, or one that never clears its data",
        sources: [Citation(seed), EntraEvidence.globalSignIn, EntraEvidence.signOutOrdering],
        when: [.when(.signedOutGlobally), .when(.userKeptByAnApp)],
        effect: .raises(EntraFinding.notCoveredByGlobalSignout.id),
        examples: [
            RuleExample(
                appKeys: ["clears_data_on_user_change": "false"],
                facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: true),
            RuleExample(facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: false),
        ])

    static let signOutCachedAccessTokens = RuleDefinition<EntraPredicate>(
        "entra.sign-out.cached-access-tokens",
        summary:
            "access tokens an app cached itself stay valid after the global sign-out until they expire (R10)",
        sources: [EntraEvidence.tokensOutliveSignOut, EntraEvidence.deviceSessionLifetime],
        when: [.when(.signedOutGlobally), .when(.userTokensCached)],
        effect: .raises(EntraFinding.accessTokenOutlivesSignOut.id),
        examples: [
            RuleExample(
                appKeys: ["caches_access_tokens": "true"],
                facts: ["signed_in": "alice", "data_owner": "alice"],
                event: "sign_out", fires: true),
            RuleExample(facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: false),
        ])

    static let signOutAppOnly = RuleDefinition<EntraPredicate>(
        "entra.sign-out.app-only",
        summary: "outside shared mode sign-out is per app: this app's tokens go, other apps stay signed in",
        sources: [EntraEvidence.defaultModeSignOut],
        when: [.not(.sharedForApp)],
        effect: .session(.none),
        examples: [
            RuleExample(settings: off, event: "sign_out", fires: true),
            RuleExample(appKeys: legacy, event: "sign_out", fires: true),
            RuleExample(event: "sign_out", fires: false),
        ])

    static let otherAppsStaySignedIn = RuleDefinition<EntraPredicate>(
        "entra.sign-out.other-apps-stay-signed-in",
        summary: "a per-app sign-out leaves the user's session in the broker or other apps",
        sources: [EntraEvidence.defaultModeSignOut],
        when: [.not(.sharedForApp), .when(.userStillHeld)],
        effect: .raises(EntraFinding.notCoveredByGlobalSignout.id),
        examples: [
            RuleExample(settings: off, facts: ["signed_in": "alice"], event: "sign_out", fires: true),
            RuleExample(settings: off, event: "sign_out", fires: false),
        ])

    static let intuneClearsLocalData = RuleDefinition<EntraPredicate>(
        "entra.sign-out.intune-clears-local-data",
        summary: "Android dedicated device: at a global sign-out Intune clears the local data (and with it the "
            + "sign-in) of each app listed as not optimized for shared device mode",
        sources: [EntraEvidence.intuneClearsLocalData],
        when: [.not(.onIOS), .when(.deviceShared), .when(.intuneClearsLocalData), .when(.appHoldsAUser)],
        examples: [
            // Managed Home Screen's automatic sign-out is a global sign-out before the listed app's next foreground.
            RuleExample(
                settings: android.merging(["mhs_auto_sign_out": "true"]) { mine, _ in mine },
                appKeys: ["msal": "none", "clears_data_on_user_change": "true"],
                facts: ["signed_in": "bob", "data_owner": "bob", "inactivity_passed": "true"], fires: true),
            RuleExample(
                settings: android.merging(["mhs_auto_sign_out": "true"]) { mine, _ in mine }, appKeys: legacy,
                facts: ["signed_in": "bob", "data_owner": "bob", "inactivity_passed": "true"], fires: false),
        ])
}
