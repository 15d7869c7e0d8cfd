import SSOPolicyProviderKit

extension AirWatchRule {
    /// Rules of whose session and data an access lands in, and apps without the SDK.
    var exposureDefinition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .exposurePreviousSession:
            return RuleDefinition(
                "airwatch.exposure.previous-user-session",
                summary: "the session serving the attempt carries another user's identity, and nothing stood between",
                source:
                    "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.userChangeDetection); \(AirWatchEvidence.checkInCheckOut)",
                when: [.when(.sessionOfAnotherUser), .not(.barrierAsked)],
                examples: [RuleExample(facts: Self.registeredToBob, fires: true), RuleExample(fires: false)])
        case .exposureBehindPrompt:
            return RuleDefinition(
                "airwatch.exposure.previous-user-session-behind-prompt",
                summary:
                    "the user lands in another user's session only after entering that identity's passcode or password",
                source: "\(Self.seed) (Prompt if passcode exists); \(AirWatchEvidence.credentialsUnlock)",
                when: [.when(.sessionOfAnotherUser), .when(.barrierAsked)],
                examples: [
                    RuleExample(
                        settings: Self.passcodeSSO,
                        facts: ["silent_login": "succeeds", "passcode_set": "true", "session_user": "bob"],
                        fires: true),
                    RuleExample(settings: Self.passcodeSSO, facts: Self.registeredToBob, fires: false),
                ])
        case .exposurePreviousData:
            return RuleDefinition(
                "airwatch.exposure.previous-user-data", summary: "the app holds another user's data",
                source: "\(AirWatchEvidence.checkInCheckOut)",
                when: [.when(.anotherUsersData)],
                examples: [RuleExample(facts: Self.registeredToBob, fires: true), RuleExample(fires: false)])
        case .outsideSDKOpen:
            return RuleDefinition(
                "airwatch.without-sdk.open",
                summary: "an app that does not initialise the SDK takes no part in SDK SSO or passcode",
                source: "\(Self.seed) (Requirements: initialize the SDK in the AppDelegate)",
                when: [.when(.withoutSDK)],
                examples: [
                    RuleExample(settings: Self.passcodeSSO, appKeys: Self.withoutSDK, fires: true),
                    RuleExample(settings: Self.passcodeSSO, fires: false),
                ])
        case .outsideSDKOwnLogin:
            return RuleDefinition(
                "airwatch.without-sdk.own-login", summary: "an app without the SDK shows its own login (own_login)",
                source: "\(Self.seed) (Requirements: Initialize the SDK in the AppDelegate)",
                when: [.when(.withoutSDK), .when(.ownLoginAsked)],
                examples: [
                    RuleExample(appKeys: Self.withoutSDK, fires: true),
                    RuleExample(appKeys: Self.merged(Self.withoutSDK, ["own_login": "none"]), fires: false),
                ])
        case .outsideSDKOwnSession:
            return RuleDefinition(
                "airwatch.without-sdk.own-session",
                summary:
                    "an app without the SDK serves its own session until it is terminated (own_login: until_terminated)",
                source: "\(AirWatchEvidence.checkInCheckOut)",
                when: [.when(.withoutSDK), .when(.ownSessionServes)],
                examples: [
                    RuleExample(
                        appKeys: Self.withoutSDK, facts: ["session_live": "true", "initial_check_done": "true"],
                        fires: true),
                    RuleExample(appKeys: Self.withoutSDK, fires: false),
                ])
        case .outsideSDKOwnSignOut:
            return RuleDefinition(
                "airwatch.without-sdk.own-sign-out",
                summary: "signing out of an app without the SDK ends its own login session; its data stays",
                source: "\(Self.seed) (Requirements); \(AirWatchEvidence.checkInCheckOut)",
                when: [.when(.withoutSDK), .when(.ownSessionRunning)],
                examples: [
                    RuleExample(
                        appKeys: Self.withoutSDK, facts: ["session_live": "true", "initial_check_done": "true"],
                        event: "sign_out", fires: true),
                    RuleExample(appKeys: Self.withoutSDK, event: "sign_out", fires: false),
                ])
        case .outsideSDKUntouched:
            return RuleDefinition(
                "airwatch.without-sdk.untouched",
                summary: "an SDK action (lock, wipe, logoutCurrentUser, Hub check-in or check-out) cannot reach an app "
                    + "without the SDK: its own session and data stay",
                source: "\(Self.seed) (Requirements); \(AirWatchEvidence.checkInCheckOut)",
                when: [.when(.withoutSDK), .when(.holdsUserSessionOrData)],
                examples: [
                    RuleExample(
                        appKeys: Self.withoutSDK, facts: ["session_user": "bob"], event: "lock", fires: true),
                    RuleExample(appKeys: Self.withoutSDK, event: "lock", fires: false),
                ])
        default: preconditionFailure("\(self) is not a exposure rule")
        }
    }
}
