import SSOPolicyProviderKit

/// Every condition an airwatch-sdk rule can state, named and worded once; `holds(in:)` (next file) is the code
/// that decides it. A rule's `.not(p)` swaps the words, so a trace's sentence is always the code's reading.
enum AirWatchPredicate: UInt8, PredicateBits {
    typealias Context = AirWatchContext

    // Identify
    case registered
    case ssoEffective
    case commonIdentity
    case managedTokenDelivered
    case managedTokenUsed
    case reuseCachedCredentials
    case commonAuthenticationIsPassword
    case silentLoginSucceeded
    case passcodeAuthentication
    case identifyPrompted
    case sessionOfAnotherIdentity
    // SSO requirements
    case ssoRequested
    case ssoRequirementMissing
    case noAnchorApp
    case anchorProfileSSOOff
    case withoutSDK
    // Session and secure
    case storeHoldsSession
    case timeoutPassed
    case coldLaunchRequiresAuth
    case unlockedInProcess
    case storeSessionLive
    case authenticationDisabled
    case sessionLive
    case passcodeExists
    case passcodeSessionReusable
    case passcodePerAppSession
    case passcodeEntered
    case passcodeExpired
    case passwordAuthentication
    case credentialKeyExists
    case credentialSessionLive
    case passwordSessionReusable
    case passwordPerAppSession
    case identifyAskedSamePrompt
    // Exposure and apps without the SDK
    case sessionOfAnotherUser
    case barrierAsked
    case anotherUsersData
    case ownLoginAsked
    case ownSessionServes
    case ownSessionRunning
    case holdsUserSessionOrData
    // SSO status
    case beforeInitialCheck
    case statusLastKnown
    case ssoStatusSettled
    // Sign-out, failed attempts, wipes
    case storeHoldsIdentity
    case maxFailedAttemptsSet
    case maxFailedAttemptsReached
    case enterpriseWipe
    case sdkDataWiped
    case wipeReachesEveryApp
    case clearsDataOnWipe
    // Hub check-in, check-out, user change
    case checkOutChangesUser
    case clearPasscodeOnCheckOut
    case anyPasscodeExists
    case anyPasscodeOrSession
    case checkingIn
    case holdsUserData
    case clearsDataOnUserChange
    case hubCheckedOutUser
    case registeredToAnotherUser
    case userChangeWiped
    // Termination and backgrounding (`timeoutFromBackground` reads only the policy: its bit must stay below 64,
    // see `fixedHolds`)
    case timeoutFromBackground
    case processEnds
    case deviceRestart
    case anyStoreHoldsSession

    var words: RuleCondition {
        switch self {
        case .registered: return w("the app is already registered", "the app is not registered yet")
        case .ssoEffective: return w("SSO is effective for the app", "SSO is not effective for the app")
        case .commonIdentity:
            return w("the cluster holds a common identity", "the cluster holds no common identity")
        case .managedTokenDelivered:
            return w(
                "the device has a managed token (silent_login_token enrolment: enrolled with its anchor app; "
                    + "managed_app_config: managed_token is present)",
                "no managed token is delivered")
        case .managedTokenUsed: return w("the managed token was already used", "the managed token is unused")
        case .reuseCachedCredentials:
            return w("identify_without_sso is reuse_cached_credentials", "identify_without_sso is app_login")
        case .commonAuthenticationIsPassword:
            return w(
                "the common authentication is a username and password (enrolment cached them)",
                "the common authentication is a token or SAML (no password is cached)")
        case .silentLoginSucceeded: return w("silent login succeeded", "silent login failed")
        case .passcodeAuthentication: return w("authentication is passcode", "authentication is not passcode")
        case .identifyPrompted:
            return w("the identify phase just asked for credentials", "the identify phase asked for nothing")
        case .sessionOfAnotherIdentity:
            return w(
                "the store's session carries another identity than the one just identified",
                "the store's session, if any, carries the identified user")
        case .ssoRequested: return w("SSO is enabled in the app's profile", "SSO is disabled in the app's profile")
        case .ssoRequirementMissing:
            return w(
                "a requirement is missing (anchor app, anchor profile SSO or SDK initialisation)",
                "every SSO requirement is met")
        case .noAnchorApp: return w("no anchor app is installed", "an anchor app is installed")
        case .anchorProfileSSOOff:
            return w(
                "the anchor's default SDK profile has SSO disabled", "the anchor's default SDK profile has SSO enabled")
        case .withoutSDK: return w("the app does not initialise the SDK", "the app initialises the SDK")
        case .storeHoldsSession: return w("the store holds a session", "the store holds no session")
        case .timeoutPassed:
            return w("the authentication timeout has passed", "the authentication timeout has not passed")
        case .coldLaunchRequiresAuth:
            return w("cold_launch_requires_auth is true", "cold_launch_requires_auth is false")
        case .unlockedInProcess:
            return w("the app already unlocked in this process", "the app was launched cold (no unlock since)")
        case .storeSessionLive: return w("the store's session is live", "the store's session is not live")
        case .authenticationDisabled: return w("authentication is disabled", "authentication is enabled")
        case .sessionLive:
            return w(
                "the session is live",
                "the session is not live (none, expired, or a cold launch under cold_launch_requires_auth)")
        case .passcodeExists: return w("a passcode exists", "no passcode exists")
        case .passcodeSessionReusable:
            return w(
                "SSO is effective or passcode_without_sso is per_app_session",
                "SSO is off and the seed asks for the app passcode on every access")
        case .passcodePerAppSession:
            return w("passcode_without_sso is per_app_session", "passcode_without_sso is every_access")
        case .passcodeEntered: return w("the passcode was entered", "the passcode was not entered")
        case .passcodeExpired:
            return w("the passcode is older than max_passcode_age", "the passcode is within max_passcode_age")
        case .passwordAuthentication:
            return w("authentication is username_password", "authentication is not username_password")
        case .credentialKeyExists: return w("a credential key exists", "no credential key exists")
        case .credentialSessionLive:
            return w(
                "a credential key exists and the session is live", "the session is not live or no credential key exists"
            )
        case .passwordSessionReusable:
            return w(
                "SSO is effective or username_password_without_sso is per_app_session",
                "SSO is off and the seed asks for the login credentials on every access")
        case .passwordPerAppSession:
            return w(
                "username_password_without_sso is per_app_session", "username_password_without_sso is every_access")
        case .identifyAskedSamePrompt:
            return w(
                "the identify phase just asked for the same credentials",
                "the identify phase asked for nothing or something else")
        case .sessionOfAnotherUser:
            return w("the session carries another user's identity", "the session carries the acting user or nobody")
        case .barrierAsked:
            return w(
                "that identity's passcode or password was asked first", "no passcode or password was asked first")
        case .anotherUsersData: return w("the app holds another user's data", "the app holds no other user's data")
        case .ownLoginAsked:
            return w(
                "the app asks its own login (own_login every_open, until_terminated without a running own session, "
                    + "or a password it just refused)",
                "own_login is none, or its own session is running")
        case .ownSessionServes:
            return w(
                "its own login session is running and lasts until termination (own_login: until_terminated)",
                "no own login session serves the open")
        case .ownSessionRunning:
            return w("its own login session is running", "no own login session is running")
        case .holdsUserSessionOrData:
            return w("it holds a user's session or data", "it holds no user's session or data")
        case .beforeInitialCheck:
            return w("the app's initial check has not finished", "the app's initial check has finished")
        case .statusLastKnown:
            return w(
                "sso_status_before_initial_check is last_known", "sso_status_before_initial_check is disabled")
        case .ssoStatusSettled:
            return w(
                "the app's initial check has finished, or SSO is off for the app",
                "the initial check has not finished and SSO is effective")
        case .storeHoldsIdentity:
            return w("the store still holds a registered identity", "the store holds no identity")
        case .maxFailedAttemptsSet: return w("max_failed_attempts is set", "failed attempts are unlimited")
        case .maxFailedAttemptsReached: return w("the maximum is reached", "the maximum is not reached")
        case .enterpriseWipe: return w("wipe_scope is enterprise_wipe", "wipe_scope is sdk_data")
        case .sdkDataWiped: return w("the SDK data was wiped", "nothing was wiped")
        case .wipeReachesEveryApp:
            return w("the wipe removes every app's data (enterprise wipe)", "the wipe removes the SDK data only")
        case .clearsDataOnWipe: return w("the app clears its data on wipe", "the app does not clear its data on wipe")
        case .checkOutChangesUser:
            return w("a different user than before is checked out", "the same user checked out again")
        case .clearPasscodeOnCheckOut:
            return w("clear_passcode_on_check_out is true", "clear_passcode_on_check_out is false")
        case .anyPasscodeExists: return w("a passcode exists on the device", "no passcode exists on the device")
        case .anyPasscodeOrSession: return w("a passcode or session exists", "no passcode or session exists")
        case .checkingIn: return w("a user checks the device in", "nobody checks the device in")
        case .holdsUserData: return w("the app holds a user's data", "the app holds no user's data")
        case .clearsDataOnUserChange:
            return w("the app clears its data on user change", "the app does not clear its data on user change")
        case .hubCheckedOutUser: return w("Hub has a checked-out user", "no user is checked out in Hub")
        case .registeredToAnotherUser:
            return w(
                "the app's registration (or its cluster's common identity) is another user's",
                "the app is registered to the checked-out user or not at all")
        case .userChangeWiped:
            return w("the SDK wiped the app's SDK data for a new user", "no user change was detected")
        case .processEnds: return w("the app process ends", "the app process keeps running")
        case .deviceRestart: return w("the whole device restarts (terminate: all)", "one app is terminated")
        case .anyStoreHoldsSession: return w("a store holds a session", "no store holds a session")
        case .timeoutFromBackground: return w("timeout_anchor is last_background", "timeout_anchor is last_auth")
        }
    }
}

private func w(_ holds: String, _ fails: String) -> RuleCondition { RuleCondition(holds, otherwise: fails) }
