import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence
private typealias Examples = AirWatchExamples

/// The secure phase (the seed's table, options C1 and C2): passcode, username and password, or nothing.
enum AirWatchSecureRule: Int, RuleSet {
    case secureDisabled
    case securePasscodeCreate
    case securePasscodeLive
    case securePasscodeEveryAccess
    case securePasscodePrompt
    case securePasscodeChange
    case secureUsernamePasswordLive
    case secureUsernamePasswordPrompt
    case secureUsernamePasswordEveryAccess
    case secureUsernamePasswordAppSession
    case secureNoRepeatPrompt

    static let table = RuleTable<Self>(after: AirWatchSessionRule.table)

    /// The secure phase of an app with passcode authentication (the seed's table, option C1).
    static let securePasscode = DecisionList<Self>(
        "secure: passcode",
        [.securePasscodeCreate, .securePasscodeLive, .securePasscodeEveryAccess, .securePasscodePrompt])

    /// The secure phase of an app with username/password authentication (the seed's table, option C1).
    static let securePassword = DecisionList<Self>(
        "secure: username and password",
        [
            .secureUsernamePasswordLive, .secureUsernamePasswordPrompt, .secureUsernamePasswordEveryAccess,
            .secureUsernamePasswordAppSession,
        ])

    var definition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .secureDisabled:
            RuleDefinition(
                "airwatch.secure.disabled.no-prompt", summary: "authentication disabled: no prompt in the secure phase",
                sources: [Evidence.seed("(Disabled, Secure)")],
                when: [.when(.authenticationDisabled)],
                examples: [RuleExample(fires: true), RuleExample(settings: Examples.passcodeOnly, fires: false)])
        case .securePasscodeCreate:
            RuleDefinition(
                "airwatch.secure.passcode.create", summary: "no passcode exists: the user creates one",
                sources: [Evidence.seed("(Prompt if passcode does not exist)")],
                when: [.when(.passcodeAuthentication), .not(.passcodeExists)],
                effect: .prompts(.createPasscode),
                examples: [
                    RuleExample(settings: Examples.passcodeSSO, fires: true),
                    RuleExample(settings: Examples.passcodeSSO, facts: ["passcode_set": "true"], fires: false),
                ])
        case .securePasscodeLive:
            RuleDefinition(
                "airwatch.secure.passcode.live-session", summary: "a live session unlocks the app without the passcode",
                sources: [
                    Evidence.seed("(Passcode, SSO enabled: no prompt if the session instance is live)"),
                    Evidence.authTable,
                    Evidence.unlockOrder, Evidence.storeContext,
                ],
                when: [
                    .when(.passcodeAuthentication), .when(.passcodeExists), .when(.sessionLive),
                    .when(.passcodeSessionReusable),
                ],
                examples: [
                    RuleExample(settings: Examples.passcodeSSO, facts: Examples.passcodeLive, fires: true),
                    RuleExample(settings: Examples.passcodeSSO, facts: ["passcode_set": "true"], fires: false),
                ])
        case .securePasscodeEveryAccess:
            RuleDefinition(
                "airwatch.secure.passcode.every-access", summary: "SSO off: the app passcode is asked on every access",
                sources: [
                    Evidence.seed("(Passcode, SSO disabled: prompts users the application passcodes)"),
                    Evidence.authTable,
                    Evidence.unlockOrder, Evidence.storeContext,
                ],
                when: [
                    .when(.passcodeAuthentication), .when(.passcodeExists), .not(.ssoEffective),
                    .not(.passcodePerAppSession),
                ],
                effect: .prompts(.passcode),
                examples: [
                    RuleExample(settings: Examples.passcodeOnly, facts: Examples.passcodeLive, fires: true),
                    RuleExample(
                        settings: Examples.merged(Examples.passcodeOnly, ["passcode_without_sso": "per_app_session"]),
                        facts: Examples.passcodeLive, fires: false),
                ])
        case .securePasscodePrompt:
            RuleDefinition(
                "airwatch.secure.passcode.prompt", summary: "the session is not live: the user enters the passcode",
                sources: [Evidence.seed("(Prompt if passcode exists)")],
                when: [.when(.passcodeAuthentication), .when(.passcodeExists), .not(.sessionLive)],
                effect: .prompts(.passcode),
                examples: [
                    RuleExample(settings: Examples.passcodeSSO, facts: ["passcode_set": "true"], fires: true),
                    RuleExample(settings: Examples.passcodeSSO, facts: Examples.passcodeLive, fires: false),
                ])
        case .securePasscodeChange:
            RuleDefinition(
                "airwatch.secure.passcode.change-expired",
                summary: "an expired passcode must be changed after the unlock",
                sources: [Evidence.passcodeCompliance, Evidence.payloadDefaults],
                when: [.when(.passcodeEntered), .when(.passcodeExpired)],
                effect: .prompts(.changePasscode),
                examples: [
                    RuleExample(
                        settings: Examples.merged(Examples.passcodeSSO, ["max_passcode_age": "1h"]),
                        facts: ["passcode_set": "true"],
                        fires: true),
                    RuleExample(settings: Examples.passcodeSSO, facts: ["passcode_set": "true"], fires: false),
                ])
        case .secureUsernamePasswordLive:
            RuleDefinition(
                "airwatch.secure.username-password.live-session",
                summary: "a live session unlocks the app without credentials",
                sources: [
                    Evidence.seed("(Username and password, SSO enabled: no prompt if the session instance is live)")
                ],
                when: [
                    .when(.passwordAuthentication), .when(.credentialKeyExists), .when(.sessionLive),
                    .when(.passwordSessionReusable),
                ],
                examples: [
                    RuleExample(settings: Examples.passwordSSO, facts: Examples.passcodeLive, fires: true),
                    RuleExample(settings: Examples.passwordSSO, facts: ["passcode_set": "true"], fires: false),
                ])
        case .secureUsernamePasswordPrompt:
            RuleDefinition(
                "airwatch.secure.username-password.prompt",
                summary: "SSO on, no live session: the user enters the username and password",
                sources: [Evidence.seed("(Username and password, SSO enabled)"), Evidence.unlockOrder],
                when: [.when(.passwordAuthentication), .when(.ssoEffective), .not(.credentialSessionLive)],
                effect: .prompts(.credentials),
                examples: [
                    RuleExample(settings: Examples.passwordSSO, fires: true),
                    RuleExample(settings: Examples.passwordSSO, facts: Examples.passcodeLive, fires: false),
                ])
        case .secureUsernamePasswordEveryAccess:
            RuleDefinition(
                "airwatch.secure.username-password.every-access",
                summary: "SSO off: the app's login credentials on every access attempt",
                sources: [
                    Evidence.seed("(Username and password, SSO disabled: on every access attempt)"), Evidence.authTable,
                    Evidence.unlockOrder, Evidence.storeContext,
                ],
                when: [.when(.passwordAuthentication), .not(.ssoEffective), .not(.passwordPerAppSession)],
                effect: .prompts(.appCredentials),
                examples: [
                    RuleExample(settings: Examples.passwordOnly, facts: Examples.passcodeLive, fires: true),
                    RuleExample(settings: Examples.passwordSSO, facts: Examples.passcodeLive, fires: false),
                ])
        case .secureUsernamePasswordAppSession:
            RuleDefinition(
                "airwatch.secure.username-password.app-session",
                summary: "SSO off, per-app session: the app's login credentials when its own session is not live",
                sources: [Evidence.authTable, Evidence.unlockOrder, Evidence.storeContext],
                when: [
                    .when(.passwordAuthentication), .not(.ssoEffective), .when(.passwordPerAppSession),
                    .not(.credentialSessionLive),
                ],
                effect: .prompts(.appCredentials),
                examples: [
                    RuleExample(
                        settings: Examples.merged(
                            Examples.passwordOnly, ["username_password_without_sso": "per_app_session"]),
                        fires: true),
                    RuleExample(
                        settings: Examples.merged(
                            Examples.passwordOnly, ["username_password_without_sso": "per_app_session"]),
                        facts: Examples.passcodeLive, fires: false),
                ])
        case .secureNoRepeatPrompt:
            RuleDefinition(
                "airwatch.secure.no-repeat-prompt",
                summary: "a prompt is not asked twice in one access: identify just captured the username and password",
                sources: [Evidence.unlockOrder, Evidence.credentialsUnlock],
                when: [.when(.identifyAskedSamePrompt), .when(.commonAuthenticationIsPassword)],
                examples: [
                    RuleExample(settings: Examples.passwordSSO, facts: Examples.silentFails, fires: true),
                    RuleExample(
                        settings: Examples.merged(Examples.passwordSSO, ["common_authentication": "saml"]),
                        facts: Examples.silentFails,
                        fires: false),
                ])
        }
    }
}
