import SSOPolicyProviderKit

private let seed = EntraSource.tutorial
private let off: [String: String] = ["shared_device_mode": "false"]
private let android: [String: String] = ["platform": "android"]

/// The phase of sign-in in shared mode (after getCurrentAccount's): one case per rule, in id order. The sign-in
/// frequency and the iOS broker's served session, added later, are `EntraAccessRule`'s.
enum EntraSignInRule: Int, RuleSet {
    case signInGlobal
    case signInSilentReuse
    case previousUserServed
    case iosSecondUserRejected
    case androidSecondUserRefused
    case localRefreshTokenFallback
    case notificationOnSignIn

    static let table = RuleTable<EntraSignInRule>(after: EntraCurrentAccountRule.table)

    /// The broker's answer when a shared-mode app settles its session, once the sign-in frequency
    /// (`EntraAccessRule.signInFrequency`) has not decided.
    static let deviceSession = DecisionList<EntraSignInRule>(
        "device session in shared mode", [.signInGlobal, .signInSilentReuse, .previousUserServed])
    /// An explicit sign-in while another user's account is held; then `EntraAccessRule.secondUserServed`.
    static let secondUser = DecisionList<EntraSignInRule>(
        "explicit sign-in by a second user", [.androidSecondUserRefused, .iosSecondUserRejected])

    var definition: RuleDefinition<EntraPredicate> {
        switch self {
        case .signInGlobal:
            RuleDefinition(
                "entra.sign-in.global",
                summary:
                    "the first interactive sign-in in any eligible app signs the account in for every eligible app",
                sources: [
                    Citation(seed, "(\"The account will be available globally for all eligible apps\")"),
                    EntraEvidence.globalSignIn,
                ],
                when: [.when(.sharedForApp), .not(.accountSignedIn)],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .sharedNew),
                examples: [
                    RuleExample(fires: true), RuleExample(facts: ["signed_in": "alice"], fires: false),
                    RuleExample(settings: off, fires: false),
                ])
        case .signInSilentReuse:
            RuleDefinition(
                "entra.sign-in.silent-reuse",
                summary: "an eligible app gets the device-wide account silently from the broker",
                sources: [
                    Citation(seed), Citation(EntraSource.overviewZH, "(sign in once, SSO in every supported app)"),
                    EntraEvidence.globalSignIn,
                ],
                when: [.when(.sharedForApp), .when(.userIsDeviceAccount)],
                effect: .session(.sharedReused),
                examples: [
                    RuleExample(facts: ["signed_in": "alice"], fires: true), RuleExample(fires: false),
                    RuleExample(facts: ["signed_in": "bob"], fires: false),
                ])
        case .previousUserServed:
            RuleDefinition(
                "entra.sign-in.previous-user-served",
                summary:
                    "a next user who opens an eligible app while the previous user is still signed in works in the "
                    + "previous user's session, on iOS and Android: getCurrentAccount returns the broker's one account "
                    + "and the app reuses it silently",
                sources: [
                    Citation(seed, "(the account is available to all eligible apps)"), EntraEvidence.currentAccount,
                    EntraEvidence.androidSingleAccount,
                ],
                when: [.when(.sharedForApp), .when(.otherUserSignedIn)],
                effect: RuleEffect(session: .sharedReused, findings: [EntraFinding.previousUserSessionActive.id]),
                examples: [
                    RuleExample(facts: ["signed_in": "bob"], fires: true),
                    RuleExample(settings: android, facts: ["signed_in": "bob"], fires: true),
                    RuleExample(
                        settings: ["ios_second_user_sign_in": "rejected"], facts: ["signed_in": "bob"], fires: true),
                    RuleExample(facts: ["signed_in": "alice"], fires: false),
                    RuleExample(facts: ["signed_in": "bob"], event: "sign_in", fires: false),
                ])
        case .iosSecondUserRejected:
            RuleDefinition(
                "entra.ios.second-user-rejected",
                summary:
                    "with the 'rejected' reading, the iOS broker refuses another user's explicit sign-in while one "
                    + "is signed in",
                sources: [EntraEvidence.androidSingleAccount],
                when: [.when(.sharedForApp), .when(.onIOS), .when(.otherUserSignedIn), .not(.secondUserServed)],
                effect: RuleEffect(session: .denied, findings: [EntraFinding.secondUserSignInRefused.id]),
                examples: [
                    RuleExample(
                        settings: ["ios_second_user_sign_in": "rejected"], facts: ["signed_in": "bob"],
                        event: "sign_in", fires: true),
                    RuleExample(facts: ["signed_in": "bob"], event: "sign_in", fires: false),
                    RuleExample(
                        settings: ["ios_second_user_sign_in": "rejected"], facts: ["signed_in": "bob"], fires: false),
                ])
        case .androidSecondUserRefused:
            RuleDefinition(
                "entra.android.second-user-refused",
                summary: "on Android an explicit sign-in is refused while the app already holds another user's account "
                    + "(\"An account is already signed in.\"); opening the app is not a sign-in",
                sources: [EntraEvidence.androidSingleAccount],
                when: [.when(.sharedForApp), .not(.onIOS), .when(.otherAccountHeld)],
                effect: RuleEffect(session: .denied, findings: [EntraFinding.secondUserSignInRefused.id]),
                examples: [
                    RuleExample(settings: android, facts: ["signed_in": "bob"], event: "sign_in", fires: true),
                    RuleExample(
                        settings: android, appKeys: ["checks_current_account": "false"], facts: ["data_owner": "bob"],
                        event: "sign_in", fires: true),
                    RuleExample(settings: android, facts: ["signed_in": "bob"], fires: false),
                    RuleExample(facts: ["signed_in": "bob"], event: "sign_in", fires: false),
                    RuleExample(settings: android, facts: ["signed_in": "alice"], event: "sign_in", fires: false),
                ])
        case .localRefreshTokenFallback:
            RuleDefinition(
                "entra.silent.local-rt-fallback",
                summary: "an iOS app that skips getCurrentAccount may get tokens for the previous user from its local "
                    + "refresh token after a global sign-out (R6, hypothesis)",
                sources: [EntraEvidence.localRefreshToken],
                when: [
                    .when(.onIOS), .when(.localRefreshTokenUsed), .not(.callsCurrentAccount), .not(.explicitSignIn),
                    .when(.staleLocalToken),
                ],
                effect: RuleEffect(session: .appReused, findings: [EntraFinding.localRefreshTokenFallback.id]),
                examples: [
                    RuleExample(
                        settings: ["local_rt_fallback": "used"], appKeys: ["checks_current_account": "false"],
                        facts: ["data_owner": "alice"], fires: true),
                    RuleExample(
                        appKeys: ["checks_current_account": "false"], facts: ["data_owner": "alice"], fires: false),
                    RuleExample(
                        settings: ["local_rt_fallback": "used"], facts: ["data_owner": "alice"], fires: false),
                ])
        case .notificationOnSignIn:
            RuleDefinition(
                "entra.notification.on-sign-in",
                summary: "with the 'sign_in_and_sign_out' reading the broker also notifies running apps of a sign-in",
                sources: [
                    Citation(seed, "(broadcast documented for global sign-out only)"),
                    EntraEvidence.accountChangeNotification,
                ],
                when: [.when(.notifyOnSignIn)],
                examples: [
                    RuleExample(settings: ["account_change_notification": "sign_in_and_sign_out"], fires: true),
                    RuleExample(fires: false),
                ])
        }
    }
}
