import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence
private typealias Examples = AirWatchExamples

/// The exposure phase: whose session and data an access lands in, and apps that do not initialise the SDK.
enum AirWatchExposureRule: Int, RuleSet {
    case exposurePreviousSession
    case exposureBehindPrompt
    case exposurePreviousData
    case outsideSDKOpen
    case outsideSDKOwnLogin
    case outsideSDKMicrosoftSignIn
    case outsideSDKOwnSession
    case outsideSDKOwnSignOut
    case outsideSDKUntouched

    static let table = RuleTable<Self>(after: AirWatchSecureRule.table)

    /// Whose session the access lands in: another user's, directly or behind that identity's prompt.
    static let exposure = DecisionList<Self>(
        "exposure: another user's session", [.exposurePreviousSession, .exposureBehindPrompt])

    /// An open of an app without the SDK: its own session serves it, or its own login is asked.
    static let withoutSDKOpen = DecisionList<Self>(
        "open without the SDK", [.outsideSDKOwnSession, .outsideSDKOwnLogin, .outsideSDKMicrosoftSignIn])

    var definition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .exposurePreviousSession:
            RuleDefinition(
                "airwatch.exposure.previous-user-session",
                summary: "the session serving the attempt carries another user's identity, and nothing stood between",
                sources: [Evidence.userChanged, Evidence.userChangeDetection, Evidence.checkInCheckOut],
                when: [.when(.sessionOfAnotherUser), .not(.barrierAsked)],
                effect: .raises(AirWatchFinding.previousUserSessionActive.id),
                examples: [RuleExample(facts: Examples.registeredToBob, fires: true), RuleExample(fires: false)])
        case .exposureBehindPrompt:
            RuleDefinition(
                "airwatch.exposure.previous-user-session-behind-prompt",
                summary:
                    "the user lands in another user's session only after entering that identity's passcode or password",
                sources: [Evidence.seed("(Prompt if passcode exists)"), Evidence.credentialsUnlock],
                when: [.when(.sessionOfAnotherUser), .when(.barrierAsked)],
                effect: .raises(AirWatchFinding.previousUserSessionBehindPrompt.id),
                examples: [
                    RuleExample(
                        settings: Examples.passcodeSSO,
                        facts: ["silent_login": "succeeds", "passcode_set": "true", "session_user": "bob"],
                        fires: true),
                    RuleExample(settings: Examples.passcodeSSO, facts: Examples.registeredToBob, fires: false),
                ])
        case .exposurePreviousData:
            RuleDefinition(
                "airwatch.exposure.previous-user-data", summary: "the app holds another user's data",
                sources: [Evidence.checkInCheckOut],
                when: [.when(.anotherUsersData)],
                effect: .raises(AirWatchFinding.previousUserDataVisible.id),
                examples: [RuleExample(facts: Examples.registeredToBob, fires: true), RuleExample(fires: false)])
        case .outsideSDKOpen:
            RuleDefinition(
                "airwatch.without-sdk.open",
                summary: "an app that does not initialise the SDK takes no part in SDK SSO or passcode",
                sources: [Evidence.seed("(Requirements: initialize the SDK in the AppDelegate)")],
                when: [.when(.withoutSDK)],
                examples: [
                    RuleExample(settings: Examples.passcodeSSO, appKeys: Examples.withoutSDK, fires: true),
                    RuleExample(settings: Examples.passcodeSSO, fires: false),
                ])
        case .outsideSDKOwnLogin:
            RuleDefinition(
                "airwatch.without-sdk.own-login", summary: "an app without the SDK shows its own login (own_login)",
                sources: [Evidence.seed("(Requirements: Initialize the SDK in the AppDelegate)")],
                when: [.when(.withoutSDK), .when(.ownLoginAsked), .not(.ownLoginIsMicrosoft)],
                effect: RuleEffect(prompts: [.appCredentials], session: .appNew),
                examples: [
                    RuleExample(appKeys: Examples.withoutSDK, fires: true),
                    RuleExample(appKeys: Examples.merged(Examples.withoutSDK, ["own_login": "none"]), fires: false),
                    RuleExample(
                        appKeys: Examples.merged(Examples.withoutSDK, ["own_login_prompt": "interactive_sign_in"]),
                        fires: false),
                ])
        case .outsideSDKMicrosoftSignIn:
            RuleDefinition(
                "airwatch.without-sdk.microsoft-sign-in",
                summary: "an app without the SDK that signs in with MSAL (Outlook, Teams) asks its own Microsoft "
                    + "sign-in, a second factor included",
                sources: [
                    Evidence.seed("(Requirements: Initialize the SDK in the AppDelegate)"),
                    AirWatchSource.sharedDevices[
                        "(Check-in Checkout with Hub: Limited data separation) (inferred: Outlook and Teams keep their "
                            + "own Microsoft sign-in)"],
                ],
                when: [.when(.withoutSDK), .when(.ownLoginAsked), .when(.ownLoginIsMicrosoft)],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .appNew),
                examples: [
                    RuleExample(
                        appKeys: Examples.merged(Examples.withoutSDK, ["own_login_prompt": "interactive_sign_in"]),
                        fires: true),
                    RuleExample(appKeys: Examples.withoutSDK, fires: false),
                ])
        case .outsideSDKOwnSession:
            RuleDefinition(
                "airwatch.without-sdk.own-session",
                summary:
                    "an app without the SDK serves its own session until it is terminated (own_login: until_terminated)",
                sources: [Evidence.checkInCheckOut],
                when: [.when(.withoutSDK), .when(.ownSessionServes)],
                effect: .session(.appReused),
                examples: [
                    RuleExample(
                        appKeys: Examples.withoutSDK, facts: ["session_live": "true", "initial_check_done": "true"],
                        fires: true),
                    RuleExample(appKeys: Examples.withoutSDK, fires: false),
                ])
        case .outsideSDKOwnSignOut:
            RuleDefinition(
                "airwatch.without-sdk.own-sign-out",
                summary: "signing out of an app without the SDK ends its own login session; its data stays",
                sources: [Evidence.seed("(Requirements)"), Evidence.checkInCheckOut],
                when: [.when(.withoutSDK), .when(.ownSessionRunning)],
                examples: [
                    RuleExample(
                        appKeys: Examples.withoutSDK, facts: ["session_live": "true", "initial_check_done": "true"],
                        event: "sign_out", fires: true),
                    RuleExample(appKeys: Examples.withoutSDK, event: "sign_out", fires: false),
                ])
        case .outsideSDKUntouched:
            RuleDefinition(
                "airwatch.without-sdk.untouched",
                summary: "an SDK action (lock, wipe, logoutCurrentUser, Hub check-in or check-out) cannot reach an app "
                    + "without the SDK: its own session and data stay",
                sources: [Evidence.seed("(Requirements)"), Evidence.checkInCheckOut],
                when: [.when(.withoutSDK), .when(.holdsUserSessionOrData)],
                effect: .raises(AirWatchFinding.appWithoutSDKUntouched.id),
                examples: [
                    RuleExample(
                        appKeys: Examples.withoutSDK, facts: ["session_user": "bob"], event: "lock", fires: true),
                    RuleExample(appKeys: Examples.withoutSDK, event: "lock", fires: false),
                ])
        }
    }
}
