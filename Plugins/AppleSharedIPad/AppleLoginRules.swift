import SSOPolicyProviderKit

private typealias E = AppleEvidence

private let guest = ["as": "guest"]

/// Signing in at the login window: Guest, the first federated sign-in, the Shared iPad passcode, capacity.
enum AppleLoginRule: Int, RuleSet {
    case guestBlocked
    case guestSignIn
    case offlineDenied
    case capacityFull
    case firstFederated
    case firstApple
    case residentSignIn
    case newToIPad
    case evict
    case loginSSO

    static let table = RuleTable<AppleLoginRule>(after: AppleDeviceRule.table)

    /// At the login window, before the account's own decisions (`AppleAccountRule.login`): Guest and capacity.
    static let gate = DecisionList<AppleLoginRule>(
        AppleRules.loginListName, [.guestBlocked, .guestSignIn, .capacityFull, .offlineDenied])
    /// At the login window, after the account's own decisions: the credentials the sign-in asks.
    static let credentials = DecisionList<AppleLoginRule>(
        AppleRules.loginListName, [.firstFederated, .firstApple, .residentSignIn, .newToIPad])

    var definition: RuleDefinition<ApplePredicate> {
        switch self {
        case .guestBlocked:
            RuleDefinition(
                "apple.login.guest-blocked",
                summary: "with temporary sessions blocked the login window has no Guest button",
                sources: E.guestAllowed, when: [.when(.atLoginWindow), .when(.guestRequested), .not(.guestAllowed)],
                effect: .session(.denied),
                examples: [
                    RuleExample(settings: ["temporary_sessions": "blocked"], conditions: guest, fires: true),
                    RuleExample(conditions: guest, fires: false),
                ])
        case .guestSignIn:
            RuleDefinition(
                "apple.login.guest", summary: "Guest opens a new temporary session without any prompt",
                sources: E.guestAllowed + E.temporaryOnly,
                when: [.when(.atLoginWindow), .when(.guestRequested), .when(.guestAllowed)], effect: .none,
                examples: [
                    RuleExample(conditions: guest, fires: true),
                    RuleExample(fires: false),
                ])
        case .offlineDenied:
            RuleDefinition(
                "apple.login.offline", summary: "a sign-in that needs Apple's identity service fails offline",
                sources: E.onlineAuth + E.firstSignIn,
                when: [.when(.atLoginWindow), .not(.guestRequested), .when(.offline), .when(.onlineAuthNeeded)],
                effect: RuleEffect(session: .denied, findings: [AppleFinding.onlineAuthUnavailable.id]),
                examples: [
                    RuleExample(facts: ["network": "offline"], fires: true),
                    RuleExample(facts: ["network": "offline", "resident": "alice"], fires: false),
                ])
        case .capacityFull:
            RuleDefinition(
                "apple.login.capacity",
                summary: "a new user cannot sign in when the iPad is full and no resident has synced",
                sources: E.residentUsers,
                when: [
                    .when(.atLoginWindow), .not(.guestRequested), .not(.resident), .when(.residentsFull),
                    .not(.syncedResidentExists),
                ], effect: RuleEffect(session: .denied, findings: [AppleFinding.capacity.id]),
                examples: [
                    RuleExample(
                        settings: ["resident_users": "1"],
                        facts: ["resident": "bob", "resident_synced": "false", "network": "offline"], fires: true),
                    RuleExample(
                        settings: ["resident_users": "1"], facts: ["resident": "bob", "network": "offline"],
                        fires: false),
                ])
        case .firstFederated:
            RuleDefinition(
                "apple.login.first-federated",
                summary: "a first Shared iPad sign-in goes to Entra ID, then creates the Shared iPad passcode",
                sources: E.firstSignIn,
                when: [.when(.atLoginWindow), .not(.guestRequested), .when(.federated), .not(.hasPasscode)],
                effect: .prompts(.credentials, .createPasscode),
                examples: [
                    RuleExample(fires: true),
                    RuleExample(facts: ["has_shared_ipad_passcode": "alice"], fires: false),
                ])
        case .firstApple:
            RuleDefinition(
                "apple.login.first-apple",
                summary: "an Apple-authenticated account's first sign-in replaces its temporary password",
                sources: E.appleSignIn,
                when: [.when(.atLoginWindow), .not(.guestRequested), .not(.federated), .not(.hasPasscode)],
                effect: .prompts(.credentials, .changePasscode),
                examples: [
                    RuleExample(settings: ["authentication": "apple"], fires: true),
                    RuleExample(fires: false),
                ])
        case .residentSignIn:
            RuleDefinition(
                "apple.login.resident",
                summary: "a resident signs in with the Shared iPad passcode into their cached partition",
                sources: E.laterSignIn + E.partitionKept,
                when: [.when(.atLoginWindow), .not(.guestRequested), .when(.resident)],
                effect: .prompts(.credentials),
                examples: [
                    RuleExample(facts: ["resident": "alice"], fires: true),
                    RuleExample(fires: false),
                ])
        case .newToIPad:
            RuleDefinition(
                "apple.login.new-to-ipad",
                summary: "a user with a Shared iPad passcode, new to this iPad, signs in with it: no Entra page",
                sources: E.laterSignIn,
                when: [.when(.atLoginWindow), .not(.guestRequested), .when(.hasPasscode), .not(.resident)],
                effect: .prompts(.credentials),
                examples: [
                    RuleExample(facts: ["has_shared_ipad_passcode": "alice"], fires: true),
                    RuleExample(fires: false),
                ])
        case .evict:
            RuleDefinition(
                "apple.login.evict", summary: "a new user on a full iPad evicts a synced resident",
                sources: E.residentUsers, when: [.not(.resident), .when(.residentsFull), .when(.syncedResidentExists)],
                effect: .raises(AppleFinding.evicted.id),
                examples: [
                    RuleExample(settings: ["resident_users": "1"], facts: ["resident": "bob"], fires: true),
                    RuleExample(facts: ["resident": "bob"], fires: false),
                ])
        case .loginSSO:
            RuleDefinition(
                "apple.login.sso-to-apps",
                summary: "the first federated sign-in also signs the Microsoft apps in (model option)",
                sources: E.firstSignIn + E.msalSSO, when: [.when(.federated), .when(.loginSSOToApps)], effect: .none,
                examples: [
                    RuleExample(settings: ["login_sso_to_apps": "true"], fires: true),
                    RuleExample(fires: false),
                ])
        }
    }
}
