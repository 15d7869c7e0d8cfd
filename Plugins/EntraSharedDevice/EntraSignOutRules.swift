import SSOPolicyProviderKit

private let seed = EntraSource.tutorial
private let off: [String: String] = ["shared_device_mode": "false"]
private let legacy: [String: String] = ["msal": "none"]
private let android: [String: String] = ["platform": "android"]

/// The phase of sign-out (after sign-in's): one case per rule, in id order.
enum EntraSignOutRule: Int, RuleSet {
    case signOutGlobal
    case signOutBrokerFailed
    case signOutDataCleared
    case signOutDataKept
    case browserKept
    case browserSignedOut
    case signOutNotCovered
    case signOutCachedAccessTokens
    case signOutAppOnly
    case otherAppsStaySignedIn

    static let table = RuleTable<EntraSignOutRule>(after: EntraSignInRule.table)

    /// The broker's part of a shared-mode sign-out.
    static let brokerSignOut = DecisionList<EntraSignOutRule>(
        "broker sign-out in shared mode", [.signOutGlobal, .signOutBrokerFailed])
    /// The signing-out app's own data.
    static let signOutData = DecisionList<EntraSignOutRule>(
        "the signing-out app's data", [.signOutDataCleared, .signOutDataKept])
    /// Safari at a global sign-out (iOS).
    static let browserAtSignOut = DecisionList<EntraSignOutRule>(
        "Safari at a global sign-out", [.browserKept, .browserSignedOut])

    var definition: RuleDefinition<EntraPredicate> {
        switch self {
        case .signOutGlobal:
            RuleDefinition(
                "entra.sign-out.global",
                summary: "sign-out from any eligible app removes the account and its tokens device-wide and notifies "
                    + "running, listening apps",
                sources: [
                    Citation(seed, "(\"Globally sign out a user\")"), Citation(EntraSource.overviewZH),
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
        case .signOutBrokerFailed:
            RuleDefinition(
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
        case .signOutDataCleared:
            RuleDefinition(
                "entra.sign-out.app-data-cleared",
                summary: "the signing-out app clears its own data (MSAL does not)",
                sources: [
                    Citation(seed, "(\"You must clear the data from your application\")"), EntraEvidence.currentAccount,
                ],
                when: [.when(.appHoldsData), .when(.clearsData)],
                examples: [
                    RuleExample(facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: true),
                    RuleExample(
                        appKeys: ["clears_data_on_user_change": "false"],
                        facts: ["signed_in": "alice", "data_owner": "alice"], event: "sign_out", fires: false),
                ])
        case .signOutDataKept:
            RuleDefinition(
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
        case .browserKept:
            RuleDefinition(
                "entra.sign-out.browser-kept",
                summary: "the SSO extension clears apps only: Safari keeps the web session unless the app signs out "
                    + "from the browser (R5)",
                sources: [
                    Citation(seed, "(\"It doesn't clear state on the Safari browser\")"), EntraEvidence.signOutOrdering,
                ],
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
        case .browserSignedOut:
            RuleDefinition(
                "entra.sign-out.browser-signed-out",
                summary: "Safari's web session ends: the app signs out from the browser (Safari flashes briefly)",
                sources: [
                    Citation(seed, "(signoutFromBrowser)"), EntraEvidence.signOutOrdering, EntraEvidence.safariCleared,
                ],
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
        case .signOutNotCovered:
            RuleDefinition(
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
        case .signOutCachedAccessTokens:
            RuleDefinition(
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
        case .signOutAppOnly:
            RuleDefinition(
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
        case .otherAppsStaySignedIn:
            RuleDefinition(
                "entra.sign-out.other-apps-stay-signed-in",
                summary: "a per-app sign-out leaves the user's session in the broker or other apps",
                sources: [EntraEvidence.defaultModeSignOut],
                when: [.not(.sharedForApp), .when(.userStillHeld)],
                effect: .raises(EntraFinding.notCoveredByGlobalSignout.id),
                examples: [
                    RuleExample(settings: off, facts: ["signed_in": "alice"], event: "sign_out", fires: true),
                    RuleExample(settings: off, event: "sign_out", fires: false),
                ])
        }
    }
}
