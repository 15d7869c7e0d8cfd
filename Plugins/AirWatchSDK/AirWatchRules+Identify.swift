import SSOPolicyProviderKit

extension AirWatchRule {
    /// Rules of the identify phase: silent login and its routes, else common authentication or the app's own login.
    var identifyDefinition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .identifyRegistered:
            return RuleDefinition(
                "airwatch.identify.registered", summary: "an already registered app skips the identify phase",
                source:
                    "\(AirWatchEvidence.identifyOrder); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.appIdentity)",
                when: [.when(.registered)],
                examples: [
                    RuleExample(facts: ["silent_login": "succeeds", "session_live": "true"], fires: true),
                    RuleExample(fires: false),
                ])
        case .identifyCommonIdentity:
            return RuleDefinition(
                "airwatch.identify.common-identity",
                summary: "silent login derives the app identity from the cluster's common identity",
                source: "\(AirWatchEvidence.appIdentity)",
                when: [.not(.registered), .when(.ssoEffective), .when(.commonIdentity)],
                examples: [
                    RuleExample(settings: Self.passcodeSSO, facts: ["silent_login": "succeeds"], fires: true),
                    RuleExample(settings: Self.passcodeSSO, fires: false),
                ])
        case .identifyManagedToken:
            return RuleDefinition(
                "airwatch.identify.managed-token",
                summary: "silent login uses the app's one-time managed token for MDM (by default the enrolment's)",
                source:
                    "\(Self.seed) (Silent login: registers credentials with the managed token for MDM); \(AirWatchEvidence.firstLaunch); \(AirWatchEvidence.identifyOrder)",
                when: [.not(.registered), .when(.managedTokenDelivered), .not(.managedTokenUsed)],
                examples: [
                    RuleExample(fires: true),
                    RuleExample(settings: ["silent_login_token": "managed_app_config"], fires: false),
                    RuleExample(
                        settings: ["silent_login_token": "managed_app_config", "managed_token": "present"],
                        fires: true),
                    RuleExample(facts: Self.silentFails, fires: false),
                ])
        case .identifyCachedCredentials:
            return RuleDefinition(
                "airwatch.identify.cached-credentials",
                summary: "without SSO, cached enrolment credentials identify the user silently (model option C8)",
                source: "\(AirWatchEvidence.appIdentity); \(AirWatchEvidence.enrolmentCredentials)",
                when: [
                    .not(.registered), .not(.ssoEffective), .when(.reuseCachedCredentials),
                    .when(.commonAuthenticationIsPassword),
                ],
                examples: [
                    RuleExample(
                        settings: ["identify_without_sso": "reuse_cached_credentials"], facts: Self.silentFails,
                        fires: true),
                    RuleExample(fires: false),
                ])
        case .identifySilentLogin:
            return RuleDefinition(
                "airwatch.identify.silent-login", summary: "silent login identifies the user without a prompt",
                source: "\(Self.seed) (Identify: silent login)",
                when: [.not(.registered), .when(.silentLoginSucceeded)],
                examples: [
                    RuleExample(conditions: ["silent_login": "succeeds"], fires: true),
                    RuleExample(conditions: ["silent_login": "fails"], fires: false),
                ])
        case .identifyCommonAuth:
            return RuleDefinition(
                "airwatch.identify.common-auth",
                summary: "silent login failed with SSO on: identify against the common authentication system",
                source: "\(Self.seed) (Identify, SSO enabled)",
                when: [.not(.silentLoginSucceeded), .when(.ssoEffective)],
                examples: [
                    RuleExample(settings: Self.passcodeSSO, facts: Self.silentFails, fires: true),
                    RuleExample(settings: Self.passcodeSSO, conditions: ["silent_login": "succeeds"], fires: false),
                ])
        case .identifyCommonAuthPasscode:
            return RuleDefinition(
                "airwatch.identify.common-auth-passcode",
                summary: "silent login failed, SSO off, passcode: identify against the common authentication system",
                source: "\(Self.seed) (Passcode, SSO disabled, Identify)",
                when: [.not(.silentLoginSucceeded), .not(.ssoEffective), .when(.passcodeAuthentication)],
                examples: [
                    RuleExample(settings: Self.passcodeOnly, facts: Self.silentFails, fires: true),
                    RuleExample(settings: Self.passwordOnly, facts: Self.silentFails, fires: false),
                ])
        case .identifyAppLogin:
            return RuleDefinition(
                "airwatch.identify.app-login",
                summary: "silent login failed, SSO off, not passcode: the app's own login",
                source: "\(Self.seed) (Username and password / Disabled, SSO disabled, Identify)",
                when: [.not(.silentLoginSucceeded), .not(.ssoEffective), .not(.passcodeAuthentication)],
                examples: [
                    RuleExample(settings: Self.passwordOnly, facts: Self.silentFails, fires: true),
                    RuleExample(settings: Self.passcodeOnly, facts: Self.silentFails, fires: false),
                ])
        case .identifyNewIdentitySession:
            return RuleDefinition(
                "airwatch.identify.new-identity-session",
                summary:
                    "the user identified with their own credentials: a live session of another identity does not serve "
                    + "them, a new one starts",
                source: "\(Self.seed) (Identify: the system identifies credentials. Secure: the session instance); "
                    + "\(AirWatchEvidence.appIdentity); \(AirWatchEvidence.userChangeDetection)",
                when: [.when(.identifyPrompted), .when(.sessionOfAnotherIdentity)],
                examples: [
                    RuleExample(
                        settings: Self.passcodeSSO,
                        facts: Self.merged(Self.passcodeLive, ["silent_login": "fails", "session_user": "bob"]),
                        fires: true),
                    RuleExample(
                        settings: Self.passcodeSSO, facts: Self.merged(Self.passcodeLive, Self.silentFails),
                        fires: false),
                ])
        default: preconditionFailure("\(self) is not a identify rule")
        }
    }
}
