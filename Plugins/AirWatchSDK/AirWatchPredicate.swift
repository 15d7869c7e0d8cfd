import SSOPolicyProviderKit

/// Every condition an airwatch-sdk rule can state, declared once: its words for when it holds and when it fails, and
/// its computation over `AirWatchContext`. A rule's `.not(p)` swaps the words, so a trace's sentence is always the
/// code's reading. A computation reads the context only and never allocates (it runs on every attempt).
enum AirWatchPredicate: Int, PredicateSet {
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
    // Termination and backgrounding
    case timeoutFromBackground
    case processEnds
    case deviceRestart
    case anyStoreHoldsSession

    @inline(__always) var definition: Predicate<Void, AirWatchContext> {
        switch self {
        // Identify
        case .registered:
            Predicate("the app is already registered", otherwise: "the app is not registered yet") {
                $0.appState.registered
            }
        case .ssoEffective:
            Predicate("SSO is effective for the app", otherwise: "SSO is not effective for the app") {
                $0.entry.effectiveSSO
            }
        case .commonIdentity:
            Predicate("the cluster holds a common identity", otherwise: "the cluster holds no common identity") {
                $0.store.identity != nil
            }
        case .managedTokenDelivered:
            Predicate(
                """
                the device has a managed token (silent_login_token enrolment: enrolled with its anchor app; \
                managed_app_config: managed_token is present)
                """,
                otherwise: "no managed token is delivered"
            ) { $0.settings.tokenAvailable }
        case .managedTokenUsed:
            Predicate("the managed token was already used", otherwise: "the managed token is unused") {
                $0.appState.tokenConsumed
            }
        case .reuseCachedCredentials:
            Predicate(
                "identify_without_sso is reuse_cached_credentials", otherwise: "identify_without_sso is app_login"
            ) { $0.settings.reuseCachedCredentials }
        case .commonAuthenticationIsPassword:
            Predicate(
                "the common authentication is a username and password (enrolment cached them)",
                otherwise: "the common authentication is a token or SAML (no password is cached)"
            ) { $0.settings.commonIsPassword }
        case .silentLoginSucceeded:
            Predicate("silent login succeeded", otherwise: "silent login failed") { $0.silent }
        case .passcodeAuthentication:
            Predicate("authentication is passcode", otherwise: "authentication is not passcode") {
                $0.entry.authentication == .passcode
            }
        case .identifyPrompted:
            Predicate(
                "the identify phase just asked for credentials", otherwise: "the identify phase asked for nothing"
            ) { $0.identifyPrompt != nil }
        case .sessionOfAnotherIdentity:
            Predicate(
                "the store's session carries another identity than the one just identified",
                otherwise: "the store's session, if any, carries the identified user"
            ) { context in
                let store = context.store
                return store.sessionUser != nil && store.sessionUser != store.identity
            }
        // SSO requirements
        case .ssoRequested:
            Predicate("SSO is enabled in the app's profile", otherwise: "SSO is disabled in the app's profile") {
                $0.entry.ssoRequested
            }
        case .ssoRequirementMissing:
            Predicate(
                "a requirement is missing (anchor app, anchor profile SSO or SDK initialisation)",
                otherwise: "every SSO requirement is met"
            ) { $0.entry.requirementMissing }
        case .noAnchorApp:
            Predicate("no anchor app is installed", otherwise: "an anchor app is installed") {
                !$0.settings.anchorPresent
            }
        case .anchorProfileSSOOff:
            Predicate(
                "the anchor's default SDK profile has SSO disabled",
                otherwise: "the anchor's default SDK profile has SSO enabled"
            ) { $0.entry.anchorProfileOff }
        case .withoutSDK:
            Predicate("the app does not initialise the SDK", otherwise: "the app initialises the SDK") {
                !$0.entry.usesSDK
            }
        // Session and secure
        case .storeHoldsSession:
            Predicate("the store holds a session", otherwise: "the store holds no session") { $0.store.hasSession }
        case .timeoutPassed:
            Predicate("the authentication timeout has passed", otherwise: "the authentication timeout has not passed") {
                context in
                context.settings.timeout > 0
                    && context.store.stamp.hasPassed(context.settings.timeout, at: context.time)
            }
        case .coldLaunchRequiresAuth:
            Predicate("cold_launch_requires_auth is true", otherwise: "cold_launch_requires_auth is false") {
                $0.settings.coldLaunchRequiresAuth
            }
        case .unlockedInProcess:
            Predicate(
                "the app already unlocked in this process", otherwise: "the app was launched cold (no unlock since)"
            ) { $0.appState.unlockedInProcess }
        case .storeSessionLive:
            Predicate("the store's session is live", otherwise: "the store's session is not live") {
                $0.storeSessionLive
            }
        case .authenticationDisabled:
            Predicate("authentication is disabled", otherwise: "authentication is enabled") {
                $0.entry.authentication == .disabled
            }
        case .sessionLive:
            Predicate(
                "the session is live",
                otherwise: "the session is not live (none, expired, or a cold launch under cold_launch_requires_auth)"
            ) { $0.sessionLive }
        case .passcodeExists:
            Predicate("a passcode exists", otherwise: "no passcode exists") { $0.store.passcodeSet }
        case .passcodeSessionReusable:
            Predicate(
                "SSO is effective or passcode_without_sso is per_app_session",
                otherwise: "SSO is off and the seed asks for the app passcode on every access"
            ) { context in context.entry.effectiveSSO || context.settings.passcodePerAppSession }
        case .passcodePerAppSession:
            Predicate("passcode_without_sso is per_app_session", otherwise: "passcode_without_sso is every_access") {
                $0.settings.passcodePerAppSession
            }
        case .passcodeEntered:
            Predicate("the passcode was entered", otherwise: "the passcode was not entered") {
                $0.securePrompt == .passcode
            }
        case .passcodeExpired:
            Predicate(
                "the passcode is older than max_passcode_age", otherwise: "the passcode is within max_passcode_age"
            ) { context in
                return context.settings.maxPasscodeAge > 0
                    && context.store.passcodeCreated.hasPassed(context.settings.maxPasscodeAge, at: context.time)
            }
        case .passwordAuthentication:
            Predicate("authentication is username_password", otherwise: "authentication is not username_password") {
                $0.entry.authentication == .usernamePassword
            }
        case .credentialKeyExists:
            Predicate("a credential key exists", otherwise: "no credential key exists") { $0.store.passcodeSet }
        case .credentialSessionLive:
            Predicate(
                "a credential key exists and the session is live",
                otherwise: "the session is not live or no credential key exists"
            ) { context in context.store.passcodeSet && context.sessionLive }
        case .passwordSessionReusable:
            Predicate(
                "SSO is effective or username_password_without_sso is per_app_session",
                otherwise: "SSO is off and the seed asks for the login credentials on every access"
            ) { context in context.entry.effectiveSSO || context.settings.passwordPerAppSession }
        case .passwordPerAppSession:
            Predicate(
                "username_password_without_sso is per_app_session",
                otherwise: "username_password_without_sso is every_access"
            ) { $0.settings.passwordPerAppSession }
        case .identifyAskedSamePrompt:
            Predicate(
                "the identify phase just asked for the same credentials",
                otherwise: "the identify phase asked for nothing or something else"
            ) { context in context.identifyPrompt != nil && context.identifyPrompt == context.securePrompt }
        // Exposure and apps without the SDK
        case .sessionOfAnotherUser:
            Predicate(
                "the session carries another user's identity",
                otherwise: "the session carries the acting user or nobody"
            ) { context in
                let owner = context.servingSessionUser
                return owner != nil && owner != context.user
            }
        case .barrierAsked:
            Predicate(
                "that identity's passcode or password was asked first",
                otherwise: "no passcode or password was asked first"
            ) { context in
                context.securePrompts.contains { $0 == .passcode || $0 == .credentials || $0 == .appCredentials }
            }
        case .anotherUsersData:
            Predicate("the app holds another user's data", otherwise: "the app holds no other user's data") { context in
                context.appState.dataUsers & ~(context.user.map(AirWatchState.bit) ?? 0) != 0
            }
        case .ownLoginAsked:
            Predicate(
                """
                the app asks its own login (own_login every_open, until_terminated without a running own session, \
                or a password it just refused)
                """,
                otherwise: "own_login is none, or its own session is running"
            ) { context in
                return context.event == AirWatchEvent.wrongPasscode.id
                    || (context.entry.ownLogin != .none && !context.ownSessionServes)
            }
        case .ownSessionServes:
            Predicate(
                """
                its own login session is running and lasts until termination or sign-out (own_login: \
                until_terminated or until_sign_out)
                """,
                otherwise: "no own login session serves the open"
            ) { $0.ownSessionServes }
        case .ownSessionRunning:
            Predicate("its own login session is running", otherwise: "no own login session is running") {
                $0.appState.ownSessionUser != nil
            }
        case .holdsUserSessionOrData:
            Predicate("it holds a user's session or data", otherwise: "it holds no user's session or data") {
                $0.heldUsers != 0
            }
        // SSO status
        case .beforeInitialCheck:
            Predicate("the app's initial check has not finished", otherwise: "the app's initial check has finished") {
                $0.beforeInitialCheck
            }
        case .statusLastKnown:
            Predicate(
                "sso_status_before_initial_check is last_known",
                otherwise: "sso_status_before_initial_check is disabled"
            ) { $0.settings.statusLastKnown }
        case .ssoStatusSettled:
            Predicate(
                "the app's initial check has finished, or SSO is off for the app",
                otherwise: "the initial check has not finished and SSO is effective"
            ) { context in !context.beforeInitialCheck || !context.entry.effectiveSSO }
        // Sign-out, failed attempts, wipes
        case .storeHoldsIdentity:
            Predicate("the store still holds a registered identity", otherwise: "the store holds no identity") {
                $0.store.identity != nil
            }
        case .maxFailedAttemptsSet:
            Predicate("max_failed_attempts is set", otherwise: "failed attempts are unlimited") {
                $0.settings.maxFailedAttempts > 0
            }
        case .maxFailedAttemptsReached:
            Predicate("the maximum is reached", otherwise: "the maximum is not reached") { context in
                return context.settings.maxFailedAttempts > 0
                    && context.store.failedAttempts >= context.settings.maxFailedAttempts
            }
        case .enterpriseWipe:
            Predicate("wipe_scope is enterprise_wipe", otherwise: "wipe_scope is sdk_data") {
                $0.settings.enterpriseWipe
            }
        case .sdkDataWiped:
            Predicate("the SDK data was wiped", otherwise: "nothing was wiped") { context in
                context.wipe == .sdkData || context.wipe == .everyApp
            }
        case .wipeReachesEveryApp:
            Predicate(
                "the wipe removes every app's data (enterprise wipe)", otherwise: "the wipe removes the SDK data only"
            ) { $0.wipe == .everyApp }
        case .clearsDataOnWipe:
            Predicate("the app clears its data on wipe", otherwise: "the app does not clear its data on wipe") {
                $0.entry.clearsDataOnWipe
            }
        // Hub check-in, check-out, user change
        case .checkOutChangesUser:
            Predicate("a different user than before is checked out", otherwise: "the same user checked out again") {
                context in context.state.checkedOutUser != context.user
            }
        case .clearPasscodeOnCheckOut:
            Predicate("clear_passcode_on_check_out is true", otherwise: "clear_passcode_on_check_out is false") {
                $0.settings.clearPasscodeOnCheckOut
            }
        case .anyPasscodeExists:
            Predicate("a passcode exists on the device", otherwise: "no passcode exists on the device") {
                $0.state.stores.contains { $0.passcodeSet }
            }
        case .anyPasscodeOrSession:
            Predicate("a passcode or session exists", otherwise: "no passcode or session exists") {
                $0.state.stores.contains { $0.passcodeSet || $0.hasSession }
            }
        case .checkingIn:
            Predicate("a user checks the device in", otherwise: "nobody checks the device in") {
                $0.event == AirWatchEvent.checkIn.id
            }
        case .holdsUserData:
            Predicate("the app holds a user's data", otherwise: "the app holds no user's data") {
                $0.appState.dataUsers != 0
            }
        case .clearsDataOnUserChange:
            Predicate(
                "the app clears its data on user change", otherwise: "the app does not clear its data on user change"
            ) { $0.entry.clearsDataOnUserChange }
        case .hubCheckedOutUser:
            Predicate("Hub has a checked-out user", otherwise: "no user is checked out in Hub") {
                $0.state.checkedOutUser != nil
            }
        case .registeredToAnotherUser:
            Predicate(
                "the app's registration (or its cluster's common identity) is another user's",
                otherwise: "the app is registered to the checked-out user or not at all"
            ) { context in
                let checkedOut = context.state.checkedOutUser
                let app = context.appState
                let common = context.store.identity
                return (app.registered && app.registeredUser != checkedOut)
                    || (context.entry.effectiveSSO && common != nil && common != checkedOut)
            }
        case .userChangeWiped:
            Predicate("the SDK wiped the app's SDK data for a new user", otherwise: "no user change was detected") {
                $0.wipe == .userChange
            }
        // Termination and backgrounding
        case .timeoutFromBackground:
            Predicate("timeout_anchor is last_background", otherwise: "timeout_anchor is last_auth") {
                $0.settings.timeoutFromBackground
            }
        case .processEnds:
            Predicate("the app process ends", otherwise: "the app process keeps running") { $0.event == .terminate }
        case .deviceRestart:
            Predicate("the whole device restarts (terminate: all)", otherwise: "one app is terminated") {
                $0.deviceWide
            }
        case .anyStoreHoldsSession:
            Predicate("a store holds a session", otherwise: "no store holds a session") {
                $0.state.stores.contains { $0.hasSession }
            }
        }
    }
}
