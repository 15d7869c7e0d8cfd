import SSOPolicyProviderKit

private typealias E = AppleEvidence

private let own = ["screen": "unlocked", "signed_in": "alice"]
private let ownSignedIn = ["screen": "unlocked", "signed_in": "alice", "app_session": "alice"]
private let other = ["kind": "msal_other_publisher"]
private let ownLoginApp = ["kind": "app_credentials"]

/// Apps inside a partition: Microsoft 365's shared sign-in, other apps' own, Conditional Access, sign-out and
/// the end of an app's process.
enum AppleAppRule: Int, RuleSet {
    case caBlocks
    case microsoftReused
    case microsoftSignIn
    case otherReused
    case otherSignIn
    case ownSession
    case ownLogin
    case noSignIn
    case browserRemains
    case dataNotRoaming
    case microsoftSignOut
    case appSignOut
    case terminateEnds

    static let table = RuleTable<AppleAppRule>(after: AppleHandoverRule.table)

    /// The app inside the partition, after the account's own decision (`AppleAccountRule.app`).
    static let app = DecisionList<AppleAppRule>(
        AppleRules.appListName,
        [.caBlocks, .microsoftReused, .microsoftSignIn, .otherReused, .otherSignIn, .ownSession, .ownLogin, .noSignIn])

    var definition: RuleDefinition<ApplePredicate> {
        switch self {
        case .caBlocks:
            RuleDefinition(
                "apple.app.ca-unsupported",
                summary: "a device-based Conditional Access grant refuses the Entra sign-in on Shared iPad",
                sources: E.conditionalAccess,
                when: [.when(.entraApp), .when(.deviceGrant), .when(.caBlocks), .not(.appSignedIn)],
                effect: RuleEffect(
                    prompts: [.interactiveSignIn], session: .denied, findings: [AppleFinding.conditionalAccess.id]),
                examples: [
                    RuleExample(
                        settings: ["conditional_access_device_grant": "compliant_device"], facts: own, fires: true),
                    RuleExample(facts: own, fires: false),
                ])
        case .microsoftReused:
            RuleDefinition(
                "apple.app.microsoft-reused",
                summary: "a Microsoft app reuses the partition's Microsoft sign-in silently",
                sources: E.msalSSO + E.partitionKept, when: [.when(.microsoftShared), .when(.appSignedIn)],
                effect: .session(.sharedReused),
                examples: [
                    RuleExample(facts: ownSignedIn, fires: true),
                    RuleExample(facts: own, fires: false),
                ])
        case .microsoftSignIn:
            RuleDefinition(
                "apple.app.microsoft-sign-in",
                summary: "the first Microsoft app in a partition asks the Entra sign-in, shared by the others",
                sources: E.msalSSO + E.isolation, when: [.when(.microsoftShared), .not(.appSignedIn)],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .sharedNew),
                examples: [
                    RuleExample(facts: own, fires: true),
                    RuleExample(facts: ownSignedIn, fires: false),
                ])
        case .otherReused:
            RuleDefinition(
                "apple.app.other-publisher-reused", summary: "another publisher's MSAL app reuses its own sign-in",
                sources: E.msalSSO + E.ssoPlugin,
                when: [.when(.otherPublisher), .not(.microsoftShared), .when(.appSignedIn)],
                effect: .session(.appReused),
                examples: [
                    RuleExample(appKeys: other, facts: ownSignedIn, fires: true),
                    RuleExample(appKeys: other, facts: own, fires: false),
                ])
        case .otherSignIn:
            RuleDefinition(
                "apple.app.other-publisher-sign-in",
                summary: "another publisher's MSAL app asks its own Entra sign-in (no SSO plug-in in the partition)",
                sources: E.msalSSO + E.ssoPlugin,
                when: [.when(.otherPublisher), .not(.microsoftShared), .not(.appSignedIn)],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .appNew),
                examples: [
                    RuleExample(appKeys: other, facts: own, fires: true),
                    RuleExample(settings: ["sso_plugin": "per_user"], appKeys: other, facts: own, fires: false),
                ])
        case .ownSession:
            RuleDefinition(
                "apple.app.own-session", summary: "an app reuses its own sign-in in the partition",
                sources: E.partitionKept,
                when: [.not(.entraApp), .when(.appSignedIn)], effect: .session(.appReused),
                examples: [
                    RuleExample(appKeys: ownLoginApp, facts: ownSignedIn, fires: true),
                    RuleExample(appKeys: ownLoginApp, facts: own, fires: false),
                ])
        case .ownLogin:
            RuleDefinition(
                "apple.app.own-login", summary: "an app with its own login asks it once per partition",
                sources: E.isolation,
                when: [.when(.ownLogin), .not(.appSignedIn)],
                effect: RuleEffect(prompts: [.appCredentials], session: .appNew),
                examples: [
                    RuleExample(appKeys: ownLoginApp, facts: own, fires: true),
                    RuleExample(appKeys: ["kind": "web"], facts: own, fires: false),
                ])
        case .noSignIn:
            RuleDefinition(
                "apple.app.no-sign-in", summary: "an app without a login of its own opens into the partition",
                sources: E.isolation, when: [.not(.entraApp), .not(.ownLogin), .not(.appSignedIn)],
                effect: .session(.appNew),
                examples: [
                    RuleExample(appKeys: ["kind": "web"], facts: own, fires: true),
                    RuleExample(appKeys: ownLoginApp, facts: own, fires: false),
                ])
        case .browserRemains:
            RuleDefinition(
                "apple.guest.browser-session", summary: "a site signed in to in the previous session stays signed in",
                sources: E.guestNoPasscode, when: [.when(.servedOther), .when(.webSignIn), .when(.appSignedIn)],
                effect: .raises(AppleFinding.browserSession.id),
                examples: [
                    RuleExample(
                        appKeys: ["kind": "web", "web_sign_in": "true"],
                        facts: [
                            "screen": "unlocked", "signed_in": "bob", "session_type": "guest", "app_session": "bob",
                        ],
                        fires: true),
                    RuleExample(
                        appKeys: ["kind": "web"],
                        facts: [
                            "screen": "unlocked", "signed_in": "bob", "session_type": "guest", "app_session": "bob",
                        ],
                        fires: false),
                ])
        case .dataNotRoaming:
            RuleDefinition(
                "apple.app.local-data", summary: "in a partition new on this iPad an app's local data starts empty",
                sources: E.dataRoaming, when: [.when(.freshPartition), .when(.localData)],
                effect: .raises(AppleFinding.dataNotRoaming.id),
                examples: [
                    RuleExample(appKeys: ownLoginApp, facts: ["has_shared_ipad_passcode": "alice"], fires: true),
                    RuleExample(
                        appKeys: ["kind": "app_credentials", "data_location": "cloud"],
                        facts: ["has_shared_ipad_passcode": "alice"], fires: false),
                ])
        case .microsoftSignOut:
            RuleDefinition(
                "apple.app.microsoft-sign-out",
                summary:
                    "signing out of a Microsoft app removes the partition's Microsoft sign-in; the iPad session stays",
                sources: E.msalSSO, when: [.when(.microsoftShared), .when(.appSignedIn)], effect: .session(.none),
                examples: [
                    RuleExample(facts: ownSignedIn, event: "sign_out", fires: true),
                    RuleExample(facts: own, event: "sign_out", fires: false),
                ])
        case .appSignOut:
            RuleDefinition(
                "apple.app.sign-out", summary: "signing out of an app ends its sign-in in the partition only",
                sources: E.isolation, when: [.not(.microsoftShared), .when(.appSignedIn)], effect: .session(.none),
                examples: [
                    RuleExample(appKeys: ownLoginApp, facts: ownSignedIn, event: "sign_out", fires: true),
                    RuleExample(appKeys: ownLoginApp, facts: own, event: "sign_out", fires: false),
                ])
        case .terminateEnds:
            RuleDefinition(
                "apple.app.terminate", summary: "an app that does not keep its sign-in loses it when its process ends",
                sources: E.partitionKept, when: [.when(.appSignedIn), .not(.survivesRelaunch)], effect: .session(.none),
                examples: [
                    RuleExample(
                        appKeys: ["kind": "app_credentials", "session_survives_relaunch": "false"], facts: ownSignedIn,
                        event: "terminate", fires: true),
                    RuleExample(appKeys: ownLoginApp, facts: ownSignedIn, event: "terminate", fires: false),
                ])
        }
    }
}
