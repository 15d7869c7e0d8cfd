import SSOPolicyProviderKit

private let seed = EntraSource.tutorial
private let off: [String: String] = ["shared_device_mode": "false"]

/// The phase of the access rules that came after the lifecycle's (their ids follow it): the iOS broker serving the
/// existing session to a second user, the Authenticator route, the data the acting user sees, Safari's plug-in SSO
/// and the sign-in frequency. Each is tried first (or last) beside a list of an earlier phase: the two-phase lists
/// below (`TwoPhaseDecisionList`) hold both, and the handlers and `EntraDescriptor.decisionLists` use them.
enum EntraAccessRule: Int, RuleSet {
    case iosSignInServedExisting
    case authenticatorBrokerRoute
    case dataPreviousUserVisible
    case browserPluginSSO
    case signInFrequencyReauthenticate
    case signInFrequencyOtherUserStopped

    static let table = RuleTable<EntraAccessRule>(after: EntraLifecycleRule.table)

    /// The sign-in frequency, tried before `EntraSignInRule.deviceSession`.
    static let signInFrequency = DecisionList<EntraAccessRule>(
        "device session in shared mode", [.signInFrequencyReauthenticate, .signInFrequencyOtherUserStopped])
    /// The iOS broker's answer to a second user, tried after `EntraSignInRule.secondUser`.
    static let secondUserServed = DecisionList<EntraAccessRule>(
        "explicit sign-in by a second user", [.iosSignInServedExisting])
    /// Safari's plug-in SSO, tried before `EntraLifecycleRule.browser`.
    static let pluginSSO = DecisionList<EntraAccessRule>(
        "Safari: the plug-in's SSO, web SSO or web sign-in", [.browserPluginSSO])

    /// The device session in shared mode: the sign-in frequency, then the broker's answer.
    static let deviceSession = TwoPhaseDecisionList(signInFrequency, then: EntraSignInRule.deviceSession)
    /// An explicit sign-in by a second user: the broker's and MSAL's refusals, then the iOS broker serving the
    /// existing session.
    static let secondUserSignIn = TwoPhaseDecisionList(EntraSignInRule.secondUser, then: secondUserServed)
    /// Safari: the plug-in's SSO, then web SSO or the web sign-in.
    static let browser = TwoPhaseDecisionList(pluginSSO, then: EntraLifecycleRule.browser)

    var definition: RuleDefinition<EntraPredicate> {
        switch self {
        case .iosSignInServedExisting:
            RuleDefinition(
                "entra.ios.sign-in-existing-session-served",
                summary: "on iOS another user's explicit sign-in while one is signed in is answered with the signed-in "
                    + "user's session: the broker holds one account and MSAL has no client-side guard",
                sources: [
                    Citation(seed, "(\"The account will be available globally for all eligible apps\")"),
                    EntraEvidence.globalSignIn,
                ],
                when: [.when(.sharedForApp), .when(.onIOS), .when(.otherUserSignedIn), .when(.secondUserServed)],
                effect: RuleEffect(session: .sharedReused, findings: [EntraFinding.previousUserSessionActive.id]),
                examples: [
                    RuleExample(facts: ["signed_in": "bob"], event: "sign_in", fires: true),
                    RuleExample(
                        settings: ["ios_second_user_sign_in": "rejected"], facts: ["signed_in": "bob"],
                        event: "sign_in", fires: false),
                    RuleExample(facts: ["signed_in": "alice"], event: "sign_in", fires: false),
                    RuleExample(facts: ["signed_in": "bob"], fires: false),
                ])
        case .authenticatorBrokerRoute:
            RuleDefinition(
                "entra.ios.authenticator-broker-route",
                summary: "on iOS without the SSO extension an interactive sign-in switches to the Authenticator app "
                    + "(MSAL's URL broker route), which keeps the account; there is still no silent SSO, no shared mode "
                    + "and no device-wide sign-out",
                sources: [EntraEvidence.globalSignIn, EntraEvidence.brokerRoute, EntraEvidence.deviceInfo],
                when: [.when(.onIOS), .when(.authenticatorInstalled), .not(.ssoExtensionReady)],
                examples: [
                    RuleExample(settings: ["sso_extension": "missing"], fires: true),
                    RuleExample(settings: ["sso_extension": "missing", "shared_device_mode": "false"], fires: true),
                    RuleExample(settings: ["sso_extension": "missing", "authenticator": "missing"], fires: false),
                    RuleExample(settings: off, fires: false),
                    RuleExample(settings: ["platform": "android", "shared_device_mode": "false"], fires: false),
                ])
        case .dataPreviousUserVisible:
            RuleDefinition(
                "entra.data.previous-user-visible",
                summary:
                    "once the session is settled, data of a user other than the one using the app is what that user "
                    + "sees: data the app did not clear, or the data of the session the broker served (R1, R4)",
                sources: [
                    Citation(seed, "(\"You must clear the data from your application\")"), EntraEvidence.currentAccount,
                ],
                when: [.when(.dataOfAnotherThanActor)],
                effect: .raises(EntraFinding.previousUserDataVisible.id),
                examples: [
                    RuleExample(facts: ["data_owner": "bob", "signed_in": "bob"], fires: true),
                    RuleExample(facts: ["data_owner": "alice", "signed_in": "alice"], fires: false),
                    RuleExample(facts: ["data_owner": "bob"], fires: false),
                ])
        case .browserPluginSSO:
            RuleDefinition(
                "entra.browser.plugin-sso",
                summary:
                    "Safari takes part in the Enterprise SSO plug-in's SSO by default: an Entra web app opens as the "
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
        case .signInFrequencyReauthenticate:
            RuleDefinition(
                "entra.sign-in-frequency.reauthenticate",
                summary:
                    "Conditional Access sign-in frequency: once the interval has passed since the device account's "
                    + "last interactive sign-in, the first app asks that user to sign in again",
                sources: [EntraEvidence.signInFrequency, EntraEvidence.pluginSignInFrequency],
                when: [.when(.sharedForApp), .when(.userIsDeviceAccount), .when(.signInFrequencyPassed)],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .sharedNew),
                examples: [
                    RuleExample(
                        settings: ["sign_in_frequency": "8h"],
                        facts: ["signed_in": "alice", "sign_in_frequency_passed": "true"], fires: true),
                    RuleExample(settings: ["sign_in_frequency": "8h"], facts: ["signed_in": "alice"], fires: false),
                    RuleExample(facts: ["signed_in": "alice", "sign_in_frequency_passed": "true"], fires: false),
                ])
        case .signInFrequencyOtherUserStopped:
            RuleDefinition(
                "entra.sign-in-frequency.other-user-stopped",
                summary: "once the sign-in frequency has passed, the previous worker's device account asks for that "
                    + "worker's sign-in: the next worker cannot give it, so the forgotten session no longer serves them",
                sources: [EntraEvidence.signInFrequency, EntraEvidence.pluginSignInFrequency],
                when: [.when(.sharedForApp), .when(.otherUserSignedIn), .when(.signInFrequencyPassed)],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .denied),
                examples: [
                    RuleExample(
                        settings: ["sign_in_frequency": "8h"],
                        facts: ["signed_in": "bob", "sign_in_frequency_passed": "true"], fires: true),
                    RuleExample(settings: ["sign_in_frequency": "8h"], facts: ["signed_in": "bob"], fires: false),
                ])
        }
    }
}
