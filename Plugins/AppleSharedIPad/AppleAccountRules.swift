import SSOPolicyProviderKit

private typealias E = AppleEvidence

private let awaitOn = ["await_user_configuration": "true"]
private let waiting = ["screen": "awaiting_configuration", "signed_in": "alice"]

/// The account around the partition: AwaitUserConfiguration, an administrator's passcode reset, a user disabled in
/// Entra ID (offboarding), and the model option for biometric unlock.
enum AppleAccountRule: Int, RuleSet {
    case awaitingConfiguration
    case userConfigured
    case passcodeReset
    case offboardedRefused
    case offboardedLocal
    case entraDisabled
    case biometricUnlock

    static let table = RuleTable<AppleAccountRule>(after: AppleMDMRule.table)

    /// At the login window, between Guest and capacity (`AppleLoginRule.gate`) and the credentials
    /// (`AppleLoginRule.credentials`): an offboarded user, a passcode reset.
    static let login = DecisionList<AppleAccountRule>(AppleRules.loginListName, [.offboardedRefused, .passcodeReset])
    /// The app inside the partition, before `AppleAppRule.app`: a user disabled in Entra ID.
    static let app = DecisionList<AppleAccountRule>(AppleRules.appListName, [.entraDisabled])

    var definition: RuleDefinition<ApplePredicate> {
        switch self {
        case .awaitingConfiguration:
            RuleDefinition(
                "apple.login.await-configuration",
                summary:
                    "with AwaitUserConfiguration the signed-in session stops at a Setup Assistant pane until the MDM "
                    + "sends UserConfigured", sources: E.awaitConfiguration,
                when: [.when(.awaitingConfiguration)],
                effect: RuleEffect(session: .denied, findings: [AppleFinding.awaitingConfiguration.id]),
                examples: [
                    RuleExample(settings: awaitOn, fires: true),
                    RuleExample(fires: false),
                ])
        case .userConfigured:
            RuleDefinition(
                "apple.mdm.user-configured",
                summary: "UserConfigured on the user's channel lets the waiting session go on to the Home Screen",
                sources: E.awaitConfiguration,
                when: [.when(.awaitingConfiguration), .when(.ownsSession), .not(.offline)], effect: .session(.none),
                examples: [
                    RuleExample(
                        settings: awaitOn, facts: waiting, event: "user_configured", target: "user", fires: true),
                    RuleExample(
                        settings: awaitOn, facts: waiting.merging(["network": "offline"]) { $1 },
                        event: "user_configured",
                        target: "user", fires: false),
                ])
        case .passcodeReset:
            RuleDefinition(
                "apple.login.passcode-reset",
                summary: "after an administrator's passcode reset the user authenticates with the federated password, "
                    + "enters the temporary passcode and creates a new one", sources: E.passcodeReset,
                when: [.when(.atLoginWindow), .not(.guestRequested), .when(.federated), .when(.passcodeWasReset)],
                effect: .prompts(.credentials, .credentials, .createPasscode),
                examples: [
                    RuleExample(facts: ["passcode_reset": "alice", "resident": "alice"], fires: true),
                    RuleExample(facts: ["resident": "alice"], fires: false),
                ])
        case .offboardedRefused:
            RuleDefinition(
                "apple.login.offboarded-refused",
                summary: "a user disabled in Entra ID cannot sign in when the sign-in goes to the identity provider",
                sources: E.offboarding + E.onlineAuth,
                when: [
                    .when(.atLoginWindow), .not(.guestRequested), .when(.federated), .when(.userDisabled),
                    .when(.onlineAuthNeeded),
                ], effect: .session(.denied),
                examples: [
                    RuleExample(facts: ["entra_disabled": "alice"], fires: true),
                    RuleExample(facts: ["entra_disabled": "alice", "resident": "alice"], fires: false),
                ])
        case .offboardedLocal:
            RuleDefinition(
                "apple.login.offboarded-local",
                summary: "a user disabled in Entra ID still opens their cached partition with the local passcode",
                sources: E.offboarding, when: [.when(.userDisabled)],
                effect: .raises(AppleFinding.offboardedLocalSignIn.id),
                examples: [
                    RuleExample(facts: ["entra_disabled": "alice", "resident": "alice"], fires: true),
                    RuleExample(facts: ["resident": "alice"], fires: false),
                ])
        case .entraDisabled:
            RuleDefinition(
                "apple.app.entra-disabled",
                summary: "an Entra app of a user disabled in Entra ID asks the sign-in again, and Entra refuses it",
                sources: E.offboarding + E.msalSSO, when: [.when(.entraApp), .when(.partitionDisabled)],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .denied),
                examples: [
                    RuleExample(
                        facts: ["screen": "unlocked", "signed_in": "alice", "entra_disabled": "alice"], fires: true),
                    RuleExample(facts: ["screen": "unlocked", "signed_in": "alice"], fires: false),
                ])
        case .biometricUnlock:
            RuleDefinition(
                "apple.lock.biometric",
                summary: "with biometric unlock (model option) the owner's locked session opens without the passcode",
                sources: E.biometrics + E.grace,
                when: [
                    .when(.inSession), .when(.ownsSession), .when(.locked), .not(.withinGrace), .when(.biometricUnlock),
                ],
                effect: .none,
                examples: [
                    RuleExample(
                        settings: ["biometric_unlock": "available"], facts: ["screen": "locked", "signed_in": "alice"],
                        fires: true),
                    RuleExample(facts: ["screen": "locked", "signed_in": "alice"], fires: false),
                ])
        }
    }
}
