import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence
private typealias Examples = AirWatchExamples

/// The identify phase: silent login and its routes, else common authentication or the app's own login. The first
/// phase; a new rule of it is one case and one definition here.
enum AirWatchIdentifyRule: Int, RuleSet {
    case identifyRegistered
    case identifyCommonIdentity
    case identifyManagedToken
    case identifyCachedCredentials
    case identifySilentLogin
    case identifyCommonAuth
    case identifyCommonAuthPasscode
    case identifyAppLogin
    case identifyNewIdentitySession

    static let table = RuleTable<Self>()

    /// Identify after silent login failed: the common authentication system or the app's own login.
    static let identifyPrompt = DecisionList<Self>(
        "identify: after silent login failed", [.identifyCommonAuth, .identifyCommonAuthPasscode, .identifyAppLogin])

    /// The silent routes tried after the common identity and Hub's checked-out user (`AirWatchRules.silentRoutes`).
    static let laterSilentRoutes = DecisionList<Self>(
        "identify: silent login routes", [.identifyManagedToken, .identifyCachedCredentials])

    var definition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .identifyRegistered:
            RuleDefinition(
                "airwatch.identify.registered", summary: "an already registered app skips the identify phase",
                sources: [Evidence.identifyOrder, Evidence.unlockOrder, Evidence.appIdentity],
                when: [.when(.registered)],
                examples: [
                    RuleExample(facts: ["silent_login": "succeeds", "session_live": "true"], fires: true),
                    RuleExample(fires: false),
                ])
        case .identifyCommonIdentity:
            RuleDefinition(
                "airwatch.identify.common-identity",
                summary: "silent login derives the app identity from the cluster's common identity",
                sources: [Evidence.appIdentity],
                when: [.not(.registered), .when(.ssoEffective), .when(.commonIdentity)],
                examples: [
                    RuleExample(settings: Examples.passcodeSSO, facts: ["silent_login": "succeeds"], fires: true),
                    RuleExample(settings: Examples.passcodeSSO, fires: false),
                ])
        case .identifyManagedToken:
            RuleDefinition(
                "airwatch.identify.managed-token",
                summary: "silent login uses the app's one-time managed token for MDM (by default the enrolment's)",
                sources: [
                    Evidence.seed("(Silent login: registers credentials with the managed token for MDM)"),
                    Evidence.firstLaunch,
                    Evidence.identifyOrder,
                ],
                when: [.not(.registered), .when(.managedTokenDelivered), .not(.managedTokenUsed)],
                examples: [
                    RuleExample(fires: true),
                    RuleExample(settings: ["silent_login_token": "managed_app_config"], fires: false),
                    RuleExample(
                        settings: ["silent_login_token": "managed_app_config", "managed_token": "present"],
                        fires: true),
                    RuleExample(facts: Examples.silentFails, fires: false),
                ])
        case .identifyCachedCredentials:
            RuleDefinition(
                "airwatch.identify.cached-credentials",
                summary: "without SSO, cached enrolment credentials identify the user silently (model option C8)",
                sources: [Evidence.appIdentity, Evidence.enrolmentCredentials],
                when: [
                    .not(.registered), .not(.ssoEffective), .when(.reuseCachedCredentials),
                    .when(.commonAuthenticationIsPassword),
                ],
                examples: [
                    RuleExample(
                        settings: ["identify_without_sso": "reuse_cached_credentials"], facts: Examples.silentFails,
                        fires: true),
                    RuleExample(fires: false),
                ])
        case .identifySilentLogin:
            RuleDefinition(
                "airwatch.identify.silent-login", summary: "silent login identifies the user without a prompt",
                sources: [Evidence.seed("(Identify: silent login)")],
                when: [.not(.registered), .when(.silentLoginSucceeded)],
                examples: [
                    RuleExample(conditions: ["silent_login": "succeeds"], fires: true),
                    RuleExample(conditions: ["silent_login": "fails"], fires: false),
                ])
        case .identifyCommonAuth:
            RuleDefinition(
                "airwatch.identify.common-auth",
                summary: "silent login failed with SSO on: identify against the common authentication system",
                sources: [Evidence.seed("(Identify, SSO enabled)")],
                when: [.not(.silentLoginSucceeded), .when(.ssoEffective)],
                effect: .prompts(.credentials),
                examples: [
                    RuleExample(settings: Examples.passcodeSSO, facts: Examples.silentFails, fires: true),
                    RuleExample(settings: Examples.passcodeSSO, conditions: ["silent_login": "succeeds"], fires: false),
                ])
        case .identifyCommonAuthPasscode:
            RuleDefinition(
                "airwatch.identify.common-auth-passcode",
                summary: "silent login failed, SSO off, passcode: identify against the common authentication system",
                sources: [Evidence.seed("(Passcode, SSO disabled, Identify)")],
                when: [.not(.silentLoginSucceeded), .not(.ssoEffective), .when(.passcodeAuthentication)],
                effect: .prompts(.credentials),
                examples: [
                    RuleExample(settings: Examples.passcodeOnly, facts: Examples.silentFails, fires: true),
                    RuleExample(settings: Examples.passwordOnly, facts: Examples.silentFails, fires: false),
                ])
        case .identifyAppLogin:
            RuleDefinition(
                "airwatch.identify.app-login",
                summary: "silent login failed, SSO off, not passcode: the app's own login",
                sources: [Evidence.seed("(Username and password / Disabled, SSO disabled, Identify)")],
                when: [.not(.silentLoginSucceeded), .not(.ssoEffective), .not(.passcodeAuthentication)],
                effect: .prompts(.appCredentials),
                examples: [
                    RuleExample(settings: Examples.passwordOnly, facts: Examples.silentFails, fires: true),
                    RuleExample(settings: Examples.passcodeOnly, facts: Examples.silentFails, fires: false),
                ])
        case .identifyNewIdentitySession:
            RuleDefinition(
                "airwatch.identify.new-identity-session",
                summary:
                    "the user identified with their own credentials: a live session of another identity does not serve "
                    + "them, a new one starts",
                sources: [
                    Evidence.seed("(Identify: the system identifies credentials. Secure: the session instance)"),
                    Evidence.appIdentity, Evidence.userChangeDetection,
                ],
                when: [.when(.identifyPrompted), .when(.sessionOfAnotherIdentity)],
                examples: [
                    RuleExample(
                        settings: Examples.passcodeSSO,
                        facts: Examples.merged(
                            Examples.passcodeLive, ["silent_login": "fails", "session_user": "bob"]),
                        fires: true),
                    RuleExample(
                        settings: Examples.passcodeSSO,
                        facts: Examples.merged(Examples.passcodeLive, Examples.silentFails),
                        fires: false),
                ])
        }
    }
}
