import SSOPolicyProviderKit

/// The airwatch-sdk rule table. The enum's order is the table's order, so `rule.id` is a constant `RuleID` and
/// `apply` never looks a rule up by name.
enum AirWatchRule: Int, CaseIterable, Sendable {
    case identifyRegistered
    case identifyCommonIdentity
    case identifyManagedToken
    case identifyCachedCredentials
    case identifySilentLogin
    case identifyCommonAuth
    case identifyCommonAuthPasscode
    case identifyAppLogin
    case identifyNewIdentitySession
    case ssoRequirementMissing
    case ssoNoAnchorApp
    case ssoAnchorProfile
    case ssoSDKNotInitialized
    case sessionShared
    case sessionNotShared
    case sessionTimeoutExpired
    case secureColdLaunch
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
    case exposurePreviousSession
    case exposureBehindPrompt
    case exposurePreviousData
    case outsideSDKOpen
    case outsideSDKOwnLogin
    case outsideSDKOwnSession
    case outsideSDKOwnSignOut
    case outsideSDKUntouched
    case statusBeforeInitialCheck
    case statusLastKnown
    case statusEffective
    case lockClearsSession
    case signOutLocksSession
    case signOutKeepsIdentity
    case failedAttemptCount
    case failedAttemptsWipe
    case failedAttemptsEnterpriseWipe
    case wipeAppDataKept
    case logoutWipes
    case checkOutNewUser
    case checkOutClearPasscode
    case checkInDevice
    case checkInClearPasscode
    case checkInDataKept
    case userChangeWipe
    case userChangeAppDataKept
    case terminateProcessEnds
    case terminateSessionExpires
    case terminateDeviceRestart
    case backgroundExtendsSession

    var id: RuleID { RuleID(rawValue) }

    static let table: [RuleDeclaration] = allCases.map(\.declaration)

    var declaration: RuleDeclaration {
        let (name, summary, source, conditions, examples) = parts
        return RuleDeclaration(name, summary: summary, source: source, conditions: conditions, examples: examples)
    }
}

private let seed = AirWatchSources.seed

private let passcodeSSO = ["authentication": "passcode", "sso": "enabled"]
private let passcodeOnly = ["authentication": "passcode"]
private let passwordSSO = ["authentication": "username_password", "sso": "enabled"]
private let passwordOnly = ["authentication": "username_password"]
private let passcodeLive = ["passcode_set": "true", "session_live": "true"]
private let registeredToBob = ["silent_login": "succeeds", "session_live": "true", "session_user": "bob"]
private let silentFails = ["silent_login": "fails"]
private let withoutSDK = ["sdk_initialized": "false"]

private func merged(_ a: [String: String], _ b: [String: String]) -> [String: String] {
    a.merging(b) { _, new in new }
}

private func cond(_ holds: String, _ fails: String) -> RuleCondition { RuleCondition(holds, otherwise: fails) }

extension AirWatchRule {
    private typealias Parts = (String, String, String, [RuleCondition], [RuleExample])

    private static let notRegistered = cond("the app is not registered yet", "the app is already registered")
    private static let silentFailed = cond("silent login failed", "silent login succeeded")
    private static let ssoOff = cond("SSO is not effective for the app", "SSO is effective for the app")
    private static let ssoRequested = cond(
        "SSO is enabled in the app's profile", "SSO is disabled in the app's profile")
    private static let passcodeAuth = cond("authentication is passcode", "authentication is not passcode")
    private static let passwordAuth = cond(
        "authentication is username_password", "authentication is not username_password")
    private static let passcodeExists = cond("a passcode exists", "no passcode exists")

    // One long table is the point: every rule, its words, its source and its examples side by side.
    private var parts: Parts {
        switch self {
        case .identifyRegistered:
            return (
                "airwatch.identify.registered", "an already registered app skips the identify phase",
                "\(AirWatchEvidence.identifyOrder); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.appIdentity)",
                [cond("the app is already registered", "the app is not registered yet")],
                [
                    RuleExample(facts: ["silent_login": "succeeds", "session_live": "true"], fires: true),
                    RuleExample(fires: false),
                ]
            )
        case .identifyCommonIdentity:
            return (
                "airwatch.identify.common-identity",
                "silent login derives the app identity from the cluster's common identity",
                "\(AirWatchEvidence.appIdentity)",
                [
                    Self.notRegistered, cond("SSO is effective", "SSO is not effective"),
                    cond("the cluster holds a common identity", "the cluster holds no common identity"),
                ],
                [
                    RuleExample(settings: passcodeSSO, facts: ["silent_login": "succeeds"], fires: true),
                    RuleExample(settings: passcodeSSO, fires: false),
                ]
            )
        case .identifyManagedToken:
            return (
                "airwatch.identify.managed-token",
                "silent login uses the app's one-time managed token for MDM (by default the enrolment's)",
                "\(seed) (Silent login: registers credentials with the managed token for MDM); \(AirWatchEvidence.firstLaunch); \(AirWatchEvidence.identifyOrder)",
                [
                    Self.notRegistered,
                    cond(
                        "the device has a managed token (silent_login_token enrolment: enrolled with its anchor app; "
                            + "managed_app_config: managed_token is present)",
                        "no managed token is delivered"),
                    cond("the managed token is unused", "the managed token was already used"),
                ],
                [
                    RuleExample(fires: true),
                    RuleExample(settings: ["silent_login_token": "managed_app_config"], fires: false),
                    RuleExample(
                        settings: ["silent_login_token": "managed_app_config", "managed_token": "present"],
                        fires: true),
                    RuleExample(facts: silentFails, fires: false),
                ]
            )
        case .identifyCachedCredentials:
            return (
                "airwatch.identify.cached-credentials",
                "without SSO, cached enrolment credentials identify the user silently (model option C8)",
                "\(AirWatchEvidence.appIdentity); \(AirWatchEvidence.enrolmentCredentials)",
                [
                    Self.notRegistered, Self.ssoOff,
                    cond("identify_without_sso is reuse_cached_credentials", "identify_without_sso is app_login"),
                    cond("enrolment cached a username and password", "token or SAML enrolment caches no password"),
                ],
                [
                    RuleExample(
                        settings: ["identify_without_sso": "reuse_cached_credentials"], facts: silentFails, fires: true),
                    RuleExample(fires: false),
                ]
            )
        case .identifySilentLogin:
            return (
                "airwatch.identify.silent-login", "silent login identifies the user without a prompt",
                "\(seed) (Identify: silent login)",
                [Self.notRegistered, cond("silent login succeeded", "silent login failed")],
                [
                    RuleExample(conditions: ["silent_login": "succeeds"], fires: true),
                    RuleExample(conditions: ["silent_login": "fails"], fires: false),
                ]
            )
        case .identifyCommonAuth:
            return (
                "airwatch.identify.common-auth",
                "silent login failed with SSO on: identify against the common authentication system",
                "\(seed) (Identify, SSO enabled)",
                [Self.silentFailed, cond("SSO is enabled", "SSO is not effective")],
                [
                    RuleExample(settings: passcodeSSO, facts: silentFails, fires: true),
                    RuleExample(settings: passcodeSSO, conditions: ["silent_login": "succeeds"], fires: false),
                ]
            )
        case .identifyCommonAuthPasscode:
            return (
                "airwatch.identify.common-auth-passcode",
                "silent login failed, SSO off, passcode: identify against the common authentication system",
                "\(seed) (Passcode, SSO disabled, Identify)",
                [Self.silentFailed, Self.ssoOff, Self.passcodeAuth],
                [
                    RuleExample(settings: passcodeOnly, facts: silentFails, fires: true),
                    RuleExample(settings: passwordOnly, facts: silentFails, fires: false),
                ]
            )
        case .identifyAppLogin:
            return (
                "airwatch.identify.app-login",
                "silent login failed, SSO off, not passcode: the app's own login",
                "\(seed) (Username and password / Disabled, SSO disabled, Identify)",
                [Self.silentFailed, Self.ssoOff, Self.passcodeAuth.negated],
                [
                    RuleExample(settings: passwordOnly, facts: silentFails, fires: true),
                    RuleExample(settings: passcodeOnly, facts: silentFails, fires: false),
                ]
            )
        case .identifyNewIdentitySession:
            return (
                "airwatch.identify.new-identity-session",
                "the user identified with their own credentials: a live session of another identity does not serve "
                    + "them, a new one starts",
                "\(seed) (Identify: the system identifies credentials. Secure: the session instance); "
                    + "\(AirWatchEvidence.appIdentity); \(AirWatchEvidence.userChangeDetection)",
                [
                    cond("the identify phase just asked for credentials", "the identify phase asked for nothing"),
                    cond(
                        "the live session carries another identity than the one just identified",
                        "the live session carries the identified user"),
                ],
                [
                    RuleExample(
                        settings: passcodeSSO,
                        facts: merged(passcodeLive, ["silent_login": "fails", "session_user": "bob"]),
                        fires: true),
                    RuleExample(settings: passcodeSSO, facts: merged(passcodeLive, silentFails), fires: false),
                ]
            )
        case .ssoRequirementMissing:
            return (
                "airwatch.sso.requirement-missing",
                "SSO is requested but a requirement is missing: the app behaves as SSO disabled",
                "\(seed) (Requirements for Use); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.profilesMatch)",
                [
                    Self.ssoRequested,
                    cond(
                        "a requirement is missing (anchor app, anchor profile SSO or SDK initialisation)",
                        "every SSO requirement is met"),
                ],
                [
                    RuleExample(settings: ["sso": "enabled", "anchor_app": "none"], fires: true),
                    RuleExample(settings: ["sso": "enabled"], fires: false),
                ]
            )
        case .ssoNoAnchorApp:
            return (
                "airwatch.sso.requirement-missing.anchor-app", "SSO needs an anchor app (Hub or Agent)",
                "\(seed) (Requirements: anchor application)",
                [Self.ssoRequested, cond("no anchor app is installed", "an anchor app is installed")],
                [
                    RuleExample(settings: ["sso": "enabled", "anchor_app": "none"], fires: true),
                    RuleExample(settings: ["sso": "enabled", "anchor_app": "agent"], fires: false),
                ]
            )
        case .ssoAnchorProfile:
            return (
                "airwatch.sso.requirement-missing.anchor-profile",
                "SSO needs SSO enabled in the anchor's default SDK profile too",
                "\(AirWatchEvidence.profilesMatch)",
                [
                    Self.ssoRequested,
                    cond(
                        "the anchor's default SDK profile has SSO disabled",
                        "the anchor's default SDK profile has SSO enabled"),
                ],
                [
                    RuleExample(settings: ["sso": "enabled", "anchor_profile_sso": "disabled"], fires: true),
                    RuleExample(settings: ["sso": "enabled"], fires: false),
                ]
            )
        case .ssoSDKNotInitialized:
            return (
                "airwatch.sso.requirement-missing.sdk-not-initialized", "SSO needs the SDK initialised in the app",
                "\(seed) (Requirements: initialize the SDK in the AppDelegate)",
                [
                    Self.ssoRequested,
                    cond("the app does not initialise the SDK", "the app initialises the SDK"),
                ],
                [
                    RuleExample(settings: ["sso": "enabled"], appKeys: ["sdk_initialized": "false"], fires: true),
                    RuleExample(settings: ["sso": "enabled"], fires: false),
                ]
            )
        case .sessionShared:
            return (
                "airwatch.session.shared", "the session and passcode are shared across SSO apps of the cluster",
                "\(seed) (Session shared); \(AirWatchEvidence.cluster); \(AirWatchEvidence.keychainGroup)",
                [cond("SSO is effective for the app", "SSO is not effective for the app")],
                [
                    RuleExample(settings: passcodeSSO, fires: true),
                    RuleExample(settings: passcodeOnly, fires: false),
                ]
            )
        case .sessionNotShared:
            return (
                "airwatch.session.not-shared", "the app keeps its own session and passcode",
                "\(seed) (Session not shared)", [Self.ssoOff],
                [
                    RuleExample(settings: passcodeOnly, fires: true),
                    RuleExample(settings: passcodeSSO, fires: false),
                ]
            )
        case .sessionTimeoutExpired:
            return (
                "airwatch.session.timeout-expired",
                "the session expired: authentication_timeout passed since it was last stamped",
                "\(AirWatchEvidence.securityPolicies); \(AirWatchEvidence.sessionValidity)",
                [
                    cond("the store holds a session", "the store holds no session"),
                    cond("the authentication timeout has passed", "the authentication timeout has not passed"),
                ],
                [
                    RuleExample(
                        settings: merged(passcodeSSO, ["authentication_timeout": "15m"]),
                        facts: ["passcode_set": "true"], fires: true),
                    RuleExample(
                        settings: merged(passcodeSSO, ["authentication_timeout": "15m"]), facts: passcodeLive,
                        fires: false),
                ]
            )
        case .secureColdLaunch:
            return (
                "airwatch.secure.cold-launch",
                "an app launched after termination must authenticate even with a live session (model option C2)",
                "\(AirWatchEvidence.terminationExpires); \(AirWatchEvidence.authTable); \(AirWatchEvidence.sessionStore)",
                [
                    cond("cold_launch_requires_auth is true", "cold_launch_requires_auth is false"),
                    cond("the app was launched cold", "the app was already running"),
                    cond("the store's session is live", "the store's session is not live"),
                ],
                [
                    RuleExample(
                        settings: merged(passcodeSSO, ["cold_launch_requires_auth": "true"]), facts: passcodeLive,
                        fires: true),
                    RuleExample(settings: passcodeSSO, facts: passcodeLive, fires: false),
                ]
            )
        case .secureDisabled:
            return (
                "airwatch.secure.disabled.no-prompt", "authentication disabled: no prompt in the secure phase",
                "\(seed) (Disabled, Secure)", [cond("authentication is disabled", "authentication is enabled")],
                [RuleExample(fires: true), RuleExample(settings: passcodeOnly, fires: false)]
            )
        case .securePasscodeCreate:
            return (
                "airwatch.secure.passcode.create", "no passcode exists: the user creates one",
                "\(seed) (Prompt if passcode does not exist)", [Self.passcodeAuth, Self.passcodeExists.negated],
                [
                    RuleExample(settings: passcodeSSO, fires: true),
                    RuleExample(settings: passcodeSSO, facts: ["passcode_set": "true"], fires: false),
                ]
            )
        case .securePasscodeLive:
            return (
                "airwatch.secure.passcode.live-session", "a live session unlocks the app without the passcode",
                "\(seed) (Passcode, SSO enabled: no prompt if the session instance is live); \(AirWatchEvidence.authTable); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.storeContext)",
                [
                    Self.passcodeAuth, Self.passcodeExists,
                    cond("the session is live", "the session is not live"),
                    cond(
                        "SSO is effective or passcode_without_sso is per_app_session",
                        "SSO is off and the seed asks for the app passcode on every access"),
                ],
                [
                    RuleExample(settings: passcodeSSO, facts: passcodeLive, fires: true),
                    RuleExample(settings: passcodeSSO, facts: ["passcode_set": "true"], fires: false),
                ]
            )
        case .securePasscodeEveryAccess:
            return (
                "airwatch.secure.passcode.every-access", "SSO off: the app passcode is asked on every access",
                "\(seed) (Passcode, SSO disabled: prompts users the application passcodes); \(AirWatchEvidence.authTable); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.storeContext)",
                [
                    Self.passcodeAuth, Self.passcodeExists, Self.ssoOff,
                    cond("passcode_without_sso is every_access", "passcode_without_sso is per_app_session"),
                ],
                [
                    RuleExample(settings: passcodeOnly, facts: passcodeLive, fires: true),
                    RuleExample(
                        settings: merged(passcodeOnly, ["passcode_without_sso": "per_app_session"]),
                        facts: passcodeLive, fires: false),
                ]
            )
        case .securePasscodePrompt:
            return (
                "airwatch.secure.passcode.prompt", "the session is not live: the user enters the passcode",
                "\(seed) (Prompt if passcode exists)",
                [Self.passcodeAuth, Self.passcodeExists, cond("the session is not live", "the session is live")],
                [
                    RuleExample(settings: passcodeSSO, facts: ["passcode_set": "true"], fires: true),
                    RuleExample(settings: passcodeSSO, facts: passcodeLive, fires: false),
                ]
            )
        case .securePasscodeChange:
            return (
                "airwatch.secure.passcode.change-expired", "an expired passcode must be changed after the unlock",
                "\(AirWatchEvidence.passcodeCompliance); \(AirWatchEvidence.payloadDefaults)",
                [
                    cond("the passcode was entered", "the passcode was not entered"),
                    cond("the passcode is older than max_passcode_age", "the passcode is within max_passcode_age"),
                ],
                [
                    RuleExample(
                        settings: merged(passcodeSSO, ["max_passcode_age": "1h"]), facts: ["passcode_set": "true"],
                        fires: true),
                    RuleExample(settings: passcodeSSO, facts: ["passcode_set": "true"], fires: false),
                ]
            )
        case .secureUsernamePasswordLive:
            return (
                "airwatch.secure.username-password.live-session",
                "a live session unlocks the app without credentials",
                "\(seed) (Username and password, SSO enabled: no prompt if the session instance is live)",
                [
                    Self.passwordAuth, cond("a credential key exists", "no credential key exists"),
                    cond("the session is live", "the session is not live"),
                    cond(
                        "SSO is effective or username_password_without_sso is per_app_session",
                        "SSO is off and the seed asks for the login credentials on every access"),
                ],
                [
                    RuleExample(settings: passwordSSO, facts: passcodeLive, fires: true),
                    RuleExample(settings: passwordSSO, facts: ["passcode_set": "true"], fires: false),
                ]
            )
        case .secureUsernamePasswordPrompt:
            return (
                "airwatch.secure.username-password.prompt",
                "SSO on, no live session: the user enters the username and password",
                "\(seed) (Username and password, SSO enabled); \(AirWatchEvidence.unlockOrder)",
                [
                    Self.passwordAuth, cond("SSO is effective", "SSO is not effective"),
                    cond("the session is not live or no credential key exists", "the session is live"),
                ],
                [
                    RuleExample(settings: passwordSSO, fires: true),
                    RuleExample(settings: passwordSSO, facts: passcodeLive, fires: false),
                ]
            )
        case .secureUsernamePasswordEveryAccess:
            return (
                "airwatch.secure.username-password.every-access",
                "SSO off: the app's login credentials on every access attempt",
                "\(seed) (Username and password, SSO disabled: on every access attempt); \(AirWatchEvidence.authTable); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.storeContext)",
                [
                    Self.passwordAuth, Self.ssoOff,
                    cond(
                        "username_password_without_sso is every_access",
                        "username_password_without_sso is "
                            + "per_app_session"),
                ],
                [
                    RuleExample(settings: passwordOnly, facts: passcodeLive, fires: true),
                    RuleExample(settings: passwordSSO, facts: passcodeLive, fires: false),
                ]
            )
        case .secureUsernamePasswordAppSession:
            return (
                "airwatch.secure.username-password.app-session",
                "SSO off, per-app session: the app's login credentials when its own session is not live",
                "\(AirWatchEvidence.authTable); \(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.storeContext)",
                [
                    Self.passwordAuth, Self.ssoOff,
                    cond(
                        "username_password_without_sso is per_app_session",
                        "username_password_without_sso is every_access"),
                    cond("the app's session is not live", "the app's session is live"),
                ],
                [
                    RuleExample(
                        settings: merged(passwordOnly, ["username_password_without_sso": "per_app_session"]),
                        fires: true),
                    RuleExample(
                        settings: merged(passwordOnly, ["username_password_without_sso": "per_app_session"]),
                        facts: passcodeLive, fires: false),
                ]
            )
        case .secureNoRepeatPrompt:
            return (
                "airwatch.secure.no-repeat-prompt",
                "a prompt is not asked twice in one access: identify just captured the username and password",
                "\(AirWatchEvidence.unlockOrder); \(AirWatchEvidence.credentialsUnlock)",
                [
                    cond(
                        "the identify phase just asked for the same credentials",
                        "the identify phase asked for nothing or something else"),
                    cond(
                        "the common authentication is a username and password",
                        "the common authentication is a token or SAML"),
                ],
                [
                    RuleExample(settings: passwordSSO, facts: silentFails, fires: true),
                    RuleExample(
                        settings: merged(passwordSSO, ["common_authentication": "saml"]), facts: silentFails,
                        fires: false),
                ]
            )
        case .exposurePreviousSession:
            return (
                "airwatch.exposure.previous-user-session",
                "the session serving the attempt carries another user's identity, and nothing stood between",
                "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.userChangeDetection); \(AirWatchEvidence.checkInCheckOut)",
                [
                    cond("the session carries another user's identity", "the session carries the acting user"),
                    cond(
                        "no passcode or password of that identity was asked first",
                        "that identity's passcode or password was asked first"),
                ],
                [RuleExample(facts: registeredToBob, fires: true), RuleExample(fires: false)]
            )
        case .exposureBehindPrompt:
            return (
                "airwatch.exposure.previous-user-session-behind-prompt",
                "the user lands in another user's session only after entering that identity's passcode or password",
                "\(seed) (Prompt if passcode exists); \(AirWatchEvidence.credentialsUnlock)",
                [
                    cond("the session carries another user's identity", "the session carries the acting user"),
                    cond(
                        "that identity's passcode or password was asked first",
                        "no passcode or password was asked first"),
                ],
                [
                    RuleExample(
                        settings: passcodeSSO,
                        facts: ["silent_login": "succeeds", "passcode_set": "true", "session_user": "bob"],
                        fires: true),
                    RuleExample(settings: passcodeSSO, facts: registeredToBob, fires: false),
                ]
            )
        case .exposurePreviousData:
            return (
                "airwatch.exposure.previous-user-data", "the app holds another user's data",
                "\(AirWatchEvidence.checkInCheckOut)",
                [cond("the app holds another user's data", "the app holds no other user's data")],
                [RuleExample(facts: registeredToBob, fires: true), RuleExample(fires: false)]
            )
        case .outsideSDKOpen:
            return (
                "airwatch.without-sdk.open",
                "an app that does not initialise the SDK takes no part in SDK SSO or passcode",
                "\(seed) (Requirements: initialize the SDK in the AppDelegate)",
                [cond("the app does not initialise the SDK", "the app initialises the SDK")],
                [
                    RuleExample(settings: passcodeSSO, appKeys: withoutSDK, fires: true),
                    RuleExample(settings: passcodeSSO, fires: false),
                ]
            )
        case .outsideSDKOwnLogin:
            return (
                "airwatch.without-sdk.own-login", "an app without the SDK shows its own login (own_login)",
                "\(seed) (Requirements: Initialize the SDK in the AppDelegate)",
                [
                    cond("the app does not initialise the SDK", "the app initialises the SDK"),
                    cond(
                        "own_login is every_open, or until_terminated without a running own session",
                        "own_login is none, or its own session is running"),
                ],
                [
                    RuleExample(appKeys: withoutSDK, fires: true),
                    RuleExample(appKeys: merged(withoutSDK, ["own_login": "none"]), fires: false),
                ]
            )
        case .outsideSDKOwnSession:
            return (
                "airwatch.without-sdk.own-session",
                "an app without the SDK serves its own session until it is terminated (own_login: until_terminated)",
                "\(AirWatchEvidence.checkInCheckOut)",
                [
                    cond("the app does not initialise the SDK", "the app initialises the SDK"),
                    cond("its own login session is running", "no own login session is running"),
                ],
                [
                    RuleExample(
                        appKeys: withoutSDK, facts: ["session_live": "true", "initial_check_done": "true"],
                        fires: true),
                    RuleExample(appKeys: withoutSDK, fires: false),
                ]
            )
        case .outsideSDKOwnSignOut:
            return (
                "airwatch.without-sdk.own-sign-out",
                "signing out of an app without the SDK ends its own login session; its data stays",
                "\(seed) (Requirements); \(AirWatchEvidence.checkInCheckOut)",
                [
                    cond("the app does not initialise the SDK", "the app initialises the SDK"),
                    cond("its own login session is running", "no own login session is running"),
                ],
                [
                    RuleExample(
                        appKeys: withoutSDK, facts: ["session_live": "true", "initial_check_done": "true"],
                        event: "sign_out", fires: true),
                    RuleExample(appKeys: withoutSDK, event: "sign_out", fires: false),
                ]
            )
        case .outsideSDKUntouched:
            return (
                "airwatch.without-sdk.untouched",
                "an SDK action (lock, wipe, logoutCurrentUser, Hub check-in or check-out) cannot reach an app "
                    + "without the SDK: its own session and data stay",
                "\(seed) (Requirements); \(AirWatchEvidence.checkInCheckOut)",
                [
                    cond("the app does not initialise the SDK", "the app initialises the SDK"),
                    cond("it holds a user's session or data", "it holds no user's session or data"),
                ],
                [
                    RuleExample(
                        appKeys: withoutSDK, facts: ["session_user": "bob"], event: "lock", fires: true),
                    RuleExample(appKeys: withoutSDK, event: "lock", fires: false),
                ]
            )
        case .statusBeforeInitialCheck:
            return (
                "airwatch.status.before-initial-check",
                "before initialCheckDone the SSO status reads disabled although SSO is effective",
                "\(seed) (Query the Current SSO Status)",
                [
                    cond("the app's initial check has not finished", "the app's initial check has finished"),
                    cond(
                        "SSO is effective for the app", "SSO is off for the app (disabled is then the right answer)"),
                ],
                [
                    RuleExample(settings: ["sso": "enabled"], event: "query_sso_status", fires: true),
                    RuleExample(
                        settings: ["sso": "enabled"], facts: ["initial_check_done": "true"],
                        event: "query_sso_status", fires: false),
                    RuleExample(event: "query_sso_status", fires: false),
                ]
            )
        case .statusLastKnown:
            return (
                "airwatch.status.last-known",
                "before initialCheckDone the source returns the last persisted status (model option C5)",
                "\(AirWatchEvidence.ssoStatus)",
                [
                    cond(
                        "the app's initial check has not finished and SSO is effective",
                        "the app's initial check has finished or SSO is off"),
                    cond(
                        "sso_status_before_initial_check is last_known", "sso_status_before_initial_check is disabled"),
                ],
                [
                    RuleExample(
                        settings: ["sso_status_before_initial_check": "last_known", "sso": "enabled"],
                        event: "query_sso_status", fires: true),
                    RuleExample(settings: ["sso": "enabled"], event: "query_sso_status", fires: false),
                ]
            )
        case .statusEffective:
            return (
                "airwatch.status.effective",
                "after initialCheckDone, or with SSO off for the app, the SSO status is the effective value",
                "\(seed) (Query the Current SSO Status); \(AirWatchEvidence.ssoStatus)",
                [
                    cond(
                        "the app's initial check has finished, or SSO is off for the app",
                        "the initial check has not finished and SSO is effective")
                ],
                [
                    RuleExample(facts: ["initial_check_done": "true"], event: "query_sso_status", fires: true),
                    RuleExample(settings: ["sso": "enabled"], event: "query_sso_status", fires: false),
                ]
            )
        case .lockClearsSession:
            return (
                "airwatch.lock.clears-session",
                "lockSession() clears the session for every app sharing the store; the next access prompts",
                "\(AirWatchEvidence.sessionLifetime); \(AirWatchEvidence.lockSession)",
                [cond("the store holds a session", "the store holds no session")],
                [
                    RuleExample(facts: ["session_live": "true"], event: "lock", fires: true),
                    RuleExample(event: "lock", fires: false),
                ]
            )
        case .signOutLocksSession:
            return (
                "airwatch.sign-out.lock-session",
                "the SDK has no per-user sign-out: signing out is the app calling lockSession()",
                "\(AirWatchEvidence.lockSession); \(AirWatchEvidence.logoutCurrentUser)",
                [cond("the app signs out through the SDK", "the app does not sign out")],
                [RuleExample(event: "sign_out", fires: true), RuleExample(event: "open", fires: false)]
            )
        case .signOutKeepsIdentity:
            return (
                "airwatch.sign-out.identity-kept",
                "after the sign-out the registered identity, the passcode and the app data remain",
                "\(AirWatchEvidence.lockSession); \(AirWatchEvidence.checkInCheckOut)",
                [cond("the store still holds a registered identity", "the store holds no identity")],
                [
                    RuleExample(
                        facts: ["silent_login": "succeeds", "session_live": "true"], event: "sign_out",
                        fires: true),
                    RuleExample(event: "sign_out", fires: false),
                ]
            )
        case .failedAttemptCount:
            return (
                "airwatch.failed-attempts.count",
                "a wrong passcode or password counts against max_failed_attempts (shared counter with SSO)",
                "\(AirWatchEvidence.failedAttempts)",
                [cond("a passcode or credentials protect the app", "authentication is disabled")],
                [
                    RuleExample(
                        settings: passcodeSSO, facts: ["passcode_set": "true"], event: "wrong_passcode",
                        fires: true),
                    RuleExample(event: "wrong_passcode", fires: false),
                ]
            )
        case .failedAttemptsWipe:
            return (
                "airwatch.failed-attempts.wipe",
                "reaching max_failed_attempts wipes the SDK data (the shared store when SSO is on)",
                "\(AirWatchEvidence.failedAttempts); \(AirWatchEvidence.maxAttemptsWipe); \(AirWatchEvidence.dataCleanup); \(AirWatchEvidence.securityPolicies)",
                [
                    cond("max_failed_attempts is set", "failed attempts are unlimited"),
                    cond("the maximum is reached", "the maximum is not reached"),
                ],
                [
                    RuleExample(
                        settings: merged(passcodeSSO, ["max_failed_attempts": "1"]), facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: true),
                    RuleExample(
                        settings: merged(passcodeSSO, ["max_failed_attempts": "5"]), facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: false),
                ]
            )
        case .failedAttemptsEnterpriseWipe:
            return (
                "airwatch.failed-attempts.enterprise-wipe",
                "under wipe_scope enterprise_wipe the wipe removes every app's SDK data and app data",
                "\(AirWatchEvidence.securityPolicies); \(AirWatchEvidence.maxAttemptsWipe)",
                [
                    cond("the maximum is reached", "the maximum is not reached"),
                    cond("wipe_scope is enterprise_wipe", "wipe_scope is sdk_data"),
                ],
                [
                    RuleExample(
                        settings: merged(passcodeSSO, ["max_failed_attempts": "1", "wipe_scope": "enterprise_wipe"]),
                        facts: ["passcode_set": "true"], event: "wrong_passcode", fires: true),
                    RuleExample(
                        settings: merged(passcodeSSO, ["max_failed_attempts": "1"]), facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: false),
                ]
            )
        case .wipeAppDataKept:
            return (
                "airwatch.wipe.app-data-kept", "an app that does not clear its data on wipe keeps it",
                "\(AirWatchEvidence.sharedSessionKB); \(AirWatchEvidence.dataCleanup)",
                [
                    cond("the SDK data was wiped", "nothing was wiped"),
                    cond("the app does not clear its data on wipe", "the app clears its data on wipe"),
                ],
                [
                    RuleExample(
                        settings: merged(passcodeSSO, ["max_failed_attempts": "1"]),
                        appKeys: ["clears_data_on_wipe": "false"], facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: true),
                    RuleExample(
                        settings: merged(passcodeSSO, ["max_failed_attempts": "1"]), facts: ["passcode_set": "true"],
                        event: "wrong_passcode", fires: false),
                ]
            )
        case .logoutWipes:
            return (
                "airwatch.logout.wipes",
                "logoutCurrentUser wipes the store's SDK data (the cluster's shared store with SSO) and unenrols the app",
                "\(AirWatchEvidence.maxAttemptsWipe); \(AirWatchEvidence.dataCleanup); \(AirWatchEvidence.logoutCurrentUser)",
                [cond("the app calls logoutCurrentUser", "the app does not log out")],
                [
                    RuleExample(event: "logout_current_user", fires: true),
                    RuleExample(appKeys: withoutSDK, event: "logout_current_user", fires: false),
                ]
            )
        case .checkOutNewUser:
            return (
                "airwatch.check-out.new-user",
                "Hub checks out a new user; each SDK app detects it at its next access",
                "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.userChangeDetection); \(AirWatchEvidence.checkInCheckOut)",
                [cond("a different user than before is checked out", "the same user checked out again")],
                [
                    RuleExample(event: "check_out", fires: true),
                    RuleExample(facts: ["checked_out_user": "alice"], event: "check_out", fires: false),
                ]
            )
        case .checkOutClearPasscode:
            return (
                "airwatch.check-out.clear-passcode", "the shared-device setting clears the passcode at check-out",
                "\(AirWatchEvidence.checkInCheckOut)",
                [
                    cond("clear_passcode_on_check_out is true", "clear_passcode_on_check_out is false"),
                    Self.passcodeExists,
                ],
                [
                    RuleExample(
                        settings: ["clear_passcode_on_check_out": "true"], facts: ["passcode_set": "true"],
                        event: "check_out", fires: true),
                    RuleExample(facts: ["passcode_set": "true"], event: "check_out", fires: false),
                ]
            )
        case .checkInDevice:
            return (
                "airwatch.check-in.device",
                "the user checks the device in at Hub: nobody is checked out until the next check-out",
                "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.checkInCheckOut)",
                [cond("a user checks the device in", "nobody checks the device in")],
                [RuleExample(event: "check_in", fires: true), RuleExample(event: "check_out", fires: false)]
            )
        case .checkInClearPasscode:
            return (
                "airwatch.check-in.clear-passcode",
                "the Shared Device setting clears the SDK passcode and session at check-in",
                "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.checkInCheckOut)",
                [
                    cond("clear_passcode_on_check_out is true", "clear_passcode_on_check_out is false"),
                    cond("a passcode or session exists", "no passcode or session exists"),
                ],
                [
                    RuleExample(
                        settings: ["clear_passcode_on_check_out": "true"], facts: ["passcode_set": "true"],
                        event: "check_in", fires: true),
                    RuleExample(facts: ["passcode_set": "true"], event: "check_in", fires: false),
                ]
            )
        case .checkInDataKept:
            return (
                "airwatch.check-in.app-data-kept",
                "check-in leaves app data and SDK registrations until another user checks out (limited separation)",
                "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.checkInCheckOut)",
                [
                    cond(
                        "an SDK app holds a user's data and does not clear it on user change",
                        "no SDK app keeps a user's data")
                ],
                [
                    RuleExample(facts: registeredToBob, event: "check_in", fires: true),
                    RuleExample(
                        appKeys: ["clears_data_on_user_change": "true"], facts: registeredToBob, event: "check_in",
                        fires: false),
                ]
            )
        case .userChangeWipe:
            return (
                "airwatch.user-change.wipe",
                "the app finds a new checked-out user: the SDK wipes its SDK data and registration",
                "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.userChangeDetection)",
                [
                    cond("Hub has a checked-out user", "no user is checked out in Hub"),
                    cond(
                        "the app's registration (or its cluster's common identity) is another user's",
                        "the app is registered to the checked-out user or not at all"),
                ],
                [
                    RuleExample(facts: merged(registeredToBob, ["checked_out_user": "alice"]), fires: true),
                    RuleExample(facts: registeredToBob, fires: false),
                ]
            )
        case .userChangeAppDataKept:
            return (
                "airwatch.user-change.app-data-kept",
                "on a user change the app's own data remains unless the app clears it",
                "\(AirWatchEvidence.checkInCheckOut)",
                [
                    cond("the SDK wiped the app's SDK data for a new user", "no user change was detected"),
                    cond("the app does not clear its data on user change", "the app clears its data on user change"),
                ],
                [
                    RuleExample(facts: merged(registeredToBob, ["checked_out_user": "alice"]), fires: true),
                    RuleExample(
                        appKeys: ["clears_data_on_user_change": "true"],
                        facts: merged(registeredToBob, ["checked_out_user": "alice"]), fires: false),
                ]
            )
        case .terminateProcessEnds:
            return (
                "airwatch.terminate.process-ends",
                "the app process ends; its next open is a launch that runs the initial check again",
                "\(AirWatchEvidence.terminationExpires); \(AirWatchEvidence.initialCheck)",
                [cond("the app process ends", "the app process keeps running")],
                [RuleExample(event: "terminate", fires: true), RuleExample(event: "open", fires: false)]
            )
        case .terminateSessionExpires:
            return (
                "airwatch.terminate.session-expires",
                "terminating an app ends its unlock: its next launch authenticates (model option C2)",
                "\(AirWatchEvidence.terminationExpires); \(AirWatchEvidence.authTable)",
                [cond("cold_launch_requires_auth is true", "cold_launch_requires_auth is false")],
                [
                    RuleExample(settings: ["cold_launch_requires_auth": "true"], event: "terminate", fires: true),
                    RuleExample(event: "terminate", fires: false),
                ]
            )
        case .terminateDeviceRestart:
            return (
                "airwatch.terminate.device-restart",
                "a device restart ends every SDK session: the first open after it authenticates, inside the timeout "
                    + "too",
                "\(AirWatchEvidence.firstOpenAfterRestart)"
                    + "is switched on)",
                [
                    cond("the whole device restarts (terminate: all)", "one app is terminated"),
                    cond("a store holds a session", "no store holds a session"),
                ],
                [
                    RuleExample(facts: ["session_live": "true"], event: "terminate", target: "all", fires: true),
                    RuleExample(facts: ["session_live": "true"], event: "terminate", fires: false),
                ]
            )
        case .backgroundExtendsSession:
            return (
                "airwatch.background.extends-session",
                "backgrounding re-stamps the session without checking it (model option C4)",
                "\(AirWatchEvidence.securityPolicies); \(AirWatchEvidence.backgroundExtends); \(AirWatchEvidence.sessionValidity)",
                [
                    cond("timeout_anchor is last_background", "timeout_anchor is last_auth"),
                    cond("the store holds a session", "the store holds no session"),
                ],
                [
                    RuleExample(
                        settings: ["timeout_anchor": "last_background"], facts: ["session_live": "true"],
                        event: "background", fires: true),
                    RuleExample(facts: ["session_live": "true"], event: "background", fires: false),
                ]
            )
        }
    }
}

extension RuleCondition {
    /// The same condition with its two readings swapped.
    fileprivate var negated: RuleCondition { RuleCondition(fails, otherwise: holds) }
}
