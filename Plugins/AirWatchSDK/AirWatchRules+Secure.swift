import SSOPolicyProviderKit

extension AirWatchRule {
    /// Rules of the secure phase: the passcode and username/password tables.
    var secureDefinition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .secureDisabled:
            return RuleDefinition(
                "airwatch.secure.disabled.no-prompt", summary: "authentication disabled: no prompt in the secure phase",
                source: "\(Self.seed) (Disabled, Secure)",
                when: [.when(.authenticationDisabled)],
                examples: [RuleExample(fires: true), RuleExample(settings: Self.passcodeOnly, fires: false)])
        case .securePasscodeCreate:
            return RuleDefinition(
                "airwatch.secure.passcode.create", summary: "no passcode exists: the user creates one",
                source: "\(Self.seed) (Prompt if passcode does not exist)",
                when: [.when(.passcodeAuthentication), .not(.passcodeExists)],
                examples: [
                    RuleExample(settings: Self.passcodeSSO, fires: true),
                    RuleExample(settings: Self.passcodeSSO, facts: ["passcode_set": "true"], fires: false),
                ])
        case .securePasscodeLive:
            return RuleDefinition(
                "airwatch.secure.passcode.live-session", summary: "a live session unlocks the app without the passcode",
                source:
                    "\(Self.seed) (Passcode, SSO enabled: no prompt if the session instance is live); \(AirWatchEvidence.authTable); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.storeContext)",
                when: [
                    .when(.passcodeAuthentication), .when(.passcodeExists), .when(.sessionLive),
                    .when(.passcodeSessionReusable),
                ],
                examples: [
                    RuleExample(settings: Self.passcodeSSO, facts: Self.passcodeLive, fires: true),
                    RuleExample(settings: Self.passcodeSSO, facts: ["passcode_set": "true"], fires: false),
                ])
        case .securePasscodeEveryAccess:
            return RuleDefinition(
                "airwatch.secure.passcode.every-access", summary: "SSO off: the app passcode is asked on every access",
                source:
                    "\(Self.seed) (Passcode, SSO disabled: prompts users the application passcodes); \(AirWatchEvidence.authTable); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.storeContext)",
                when: [
                    .when(.passcodeAuthentication), .when(.passcodeExists), .not(.ssoEffective),
                    .not(.passcodePerAppSession),
                ],
                examples: [
                    RuleExample(settings: Self.passcodeOnly, facts: Self.passcodeLive, fires: true),
                    RuleExample(
                        settings: Self.merged(Self.passcodeOnly, ["passcode_without_sso": "per_app_session"]),
                        facts: Self.passcodeLive, fires: false),
                ])
        case .securePasscodePrompt:
            return RuleDefinition(
                "airwatch.secure.passcode.prompt", summary: "the session is not live: the user enters the passcode",
                source: "\(Self.seed) (Prompt if passcode exists)",
                when: [.when(.passcodeAuthentication), .when(.passcodeExists), .not(.sessionLive)],
                examples: [
                    RuleExample(settings: Self.passcodeSSO, facts: ["passcode_set": "true"], fires: true),
                    RuleExample(settings: Self.passcodeSSO, facts: Self.passcodeLive, fires: false),
                ])
        case .securePasscodeChange:
            return RuleDefinition(
                "airwatch.secure.passcode.change-expired",
                summary: "an expired passcode must be changed after the unlock",
                source: "\(AirWatchEvidence.passcodeCompliance); \(AirWatchEvidence.payloadDefaults)",
                when: [.when(.passcodeEntered), .when(.passcodeExpired)],
                examples: [
                    RuleExample(
                        settings: Self.merged(Self.passcodeSSO, ["max_passcode_age": "1h"]),
                        facts: ["passcode_set": "true"],
                        fires: true),
                    RuleExample(settings: Self.passcodeSSO, facts: ["passcode_set": "true"], fires: false),
                ])
        case .secureUsernamePasswordLive:
            return RuleDefinition(
                "airwatch.secure.username-password.live-session",
                summary: "a live session unlocks the app without credentials",
                source: "\(Self.seed) (Username and password, SSO enabled: no prompt if the session instance is live)",
                when: [
                    .when(.passwordAuthentication), .when(.credentialKeyExists), .when(.sessionLive),
                    .when(.passwordSessionReusable),
                ],
                examples: [
                    RuleExample(settings: Self.passwordSSO, facts: Self.passcodeLive, fires: true),
                    RuleExample(settings: Self.passwordSSO, facts: ["passcode_set": "true"], fires: false),
                ])
        case .secureUsernamePasswordPrompt:
            return RuleDefinition(
                "airwatch.secure.username-password.prompt",
                summary: "SSO on, no live session: the user enters the username and password",
                source: "\(Self.seed) (Username and password, SSO enabled); \(AirWatchEvidence.unlockOrder)",
                when: [.when(.passwordAuthentication), .when(.ssoEffective), .not(.credentialSessionLive)],
                examples: [
                    RuleExample(settings: Self.passwordSSO, fires: true),
                    RuleExample(settings: Self.passwordSSO, facts: Self.passcodeLive, fires: false),
                ])
        case .secureUsernamePasswordEveryAccess:
            return RuleDefinition(
                "airwatch.secure.username-password.every-access",
                summary: "SSO off: the app's login credentials on every access attempt",
                source:
                    "\(Self.seed) (Username and password, SSO disabled: on every access attempt); \(AirWatchEvidence.authTable); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.storeContext)",
                when: [.when(.passwordAuthentication), .not(.ssoEffective), .not(.passwordPerAppSession)],
                examples: [
                    RuleExample(settings: Self.passwordOnly, facts: Self.passcodeLive, fires: true),
                    RuleExample(settings: Self.passwordSSO, facts: Self.passcodeLive, fires: false),
                ])
        case .secureUsernamePasswordAppSession:
            return RuleDefinition(
                "airwatch.secure.username-password.app-session",
                summary: "SSO off, per-app session: the app's login credentials when its own session is not live",
                source:
                    "\(AirWatchEvidence.authTable); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.storeContext)",
                when: [
                    .when(.passwordAuthentication), .not(.ssoEffective), .when(.passwordPerAppSession),
                    .not(.credentialSessionLive),
                ],
                examples: [
                    RuleExample(
                        settings: Self.merged(Self.passwordOnly, ["username_password_without_sso": "per_app_session"]),
                        fires: true),
                    RuleExample(
                        settings: Self.merged(Self.passwordOnly, ["username_password_without_sso": "per_app_session"]),
                        facts: Self.passcodeLive, fires: false),
                ])
        case .secureNoRepeatPrompt:
            return RuleDefinition(
                "airwatch.secure.no-repeat-prompt",
                summary: "a prompt is not asked twice in one access: identify just captured the username and password",
                source: "\(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.credentialsUnlock)",
                when: [.when(.identifyAskedSamePrompt), .when(.commonAuthenticationIsPassword)],
                examples: [
                    RuleExample(settings: Self.passwordSSO, facts: Self.silentFails, fires: true),
                    RuleExample(
                        settings: Self.merged(Self.passwordSSO, ["common_authentication": "saml"]),
                        facts: Self.silentFails,
                        fires: false),
                ])
        default: preconditionFailure("\(self) is not a secure rule")
        }
    }
}
