import SSOPolicyProviderKit

/// Every condition an airwatch-sdk rule can state, declared once: its words for when it holds and when it fails, and
/// its computation over the state as it is and the decision's `AirWatchContext`. A rule's `.not(p)` swaps the words,
/// so a trace's sentence is always the code's reading. A computation never allocates (it runs on every attempt).
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
    case ownLoginIsMicrosoft
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

    var definition: Predicate<AirWatchState, AirWatchContext> {
        switch self {
        // Identify
        case .registered:
            Predicate("the app is already registered", otherwise: "the app is not registered yet") { state, context in
                try state[app: context].registered.value
            }
        case .ssoEffective:
            Predicate("SSO is effective for the app", otherwise: "SSO is not effective for the app") { _, context in
                context.entry.effectiveSSO
            }
        case .commonIdentity:
            Predicate("the cluster holds a common identity", otherwise: "the cluster holds no common identity") {
                state, context in
                try state[store: context].identity.value != nil
            }
        case .managedTokenDelivered:
            Predicate(
                """
                the device has a managed token (silent_login_token enrolment: enrolled with its anchor app; \
                managed_app_config: managed_token is present)
                """,
                otherwise: "no managed token is delivered"
            ) { _, context in context.settings.tokenAvailable }
        case .managedTokenUsed:
            Predicate("the managed token was already used", otherwise: "the managed token is unused") {
                state, context in
                try state[app: context].tokenConsumed.value
            }
        case .reuseCachedCredentials:
            Predicate(
                "identify_without_sso is reuse_cached_credentials", otherwise: "identify_without_sso is app_login"
            ) { _, context in context.settings.reuseCachedCredentials }
        case .commonAuthenticationIsPassword:
            Predicate(
                "the common authentication is a username and password (enrolment cached them)",
                otherwise: "the common authentication is a token or SAML (no password is cached)"
            ) { _, context in context.settings.commonIsPassword }
        case .silentLoginSucceeded:
            Predicate("silent login succeeded", otherwise: "silent login failed") { _, context in context.silent }
        case .passcodeAuthentication:
            Predicate("authentication is passcode", otherwise: "authentication is not passcode") { _, context in
                context.entry.authentication == .passcode
            }
        case .identifyPrompted:
            Predicate(
                "the identify phase just asked for credentials", otherwise: "the identify phase asked for nothing"
            ) { _, context in context.identifyPrompt != nil }
        case .sessionOfAnotherIdentity:
            Predicate(
                "the store's session carries another identity than the one just identified",
                otherwise: "the store's session, if any, carries the identified user"
            ) { state, context in
                let store = state[store: context]
                return try store.sessionUser.value != nil && store.sessionUser.value != store.identity.value
            }
        // SSO requirements
        case .ssoRequested:
            Predicate("SSO is enabled in the app's profile", otherwise: "SSO is disabled in the app's profile") {
                _, context in
                context.entry.ssoRequested
            }
        case .ssoRequirementMissing:
            Predicate(
                "a requirement is missing (anchor app, anchor profile SSO or SDK initialisation)",
                otherwise: "every SSO requirement is met"
            ) { _, context in context.entry.requirementMissing }
        case .noAnchorApp:
            Predicate("no anchor app is installed", otherwise: "an anchor app is installed") { _, context in
                !context.settings.anchorPresent
            }
        case .anchorProfileSSOOff:
            Predicate(
                "the anchor's default SDK profile has SSO disabled",
                otherwise: "the anchor's default SDK profile has SSO enabled"
            ) { _, context in context.entry.anchorProfileOff }
        case .withoutSDK:
            Predicate("the app does not initialise the SDK", otherwise: "the app initialises the SDK") { _, context in
                !context.entry.usesSDK
            }
        // Session and secure
        case .storeHoldsSession:
            Predicate("the store holds a session", otherwise: "the store holds no session") { state, context in
                try state[store: context].hasSession.value
            }
        case .timeoutPassed:
            Predicate("the authentication timeout has passed", otherwise: "the authentication timeout has not passed") {
                state, context in
                try context.settings.timeout > 0
                    && state[store: context].stamp.value.hasPassed(context.settings.timeout, at: context.time)
            }
        case .coldLaunchRequiresAuth:
            Predicate("cold_launch_requires_auth is true", otherwise: "cold_launch_requires_auth is false") {
                _, context in
                context.settings.coldLaunchRequiresAuth
            }
        case .unlockedInProcess:
            Predicate(
                "the app already unlocked in this process", otherwise: "the app was launched cold (no unlock since)"
            ) { state, context in try state[app: context].unlockedInProcess.value }
        case .storeSessionLive:
            Predicate("the store's session is live", otherwise: "the store's session is not live") { state, context in
                try state.storeSessionLive(context)
            }
        case .authenticationDisabled:
            Predicate("authentication is disabled", otherwise: "authentication is enabled") { _, context in
                context.entry.authentication == .disabled
            }
        case .sessionLive:
            Predicate(
                "the session is live",
                otherwise: "the session is not live (none, expired, or a cold launch under cold_launch_requires_auth)"
            ) { state, context in try state.sessionLive(context) }
        case .passcodeExists:
            Predicate("a passcode exists", otherwise: "no passcode exists") { state, context in
                try state[store: context].passcodeSet.value
            }
        case .passcodeSessionReusable:
            Predicate(
                "SSO is effective or passcode_without_sso is per_app_session",
                otherwise: "SSO is off and the seed asks for the app passcode on every access"
            ) { _, context in context.entry.effectiveSSO || context.settings.passcodePerAppSession }
        case .passcodePerAppSession:
            Predicate("passcode_without_sso is per_app_session", otherwise: "passcode_without_sso is every_access") {
                _, context in
                context.settings.passcodePerAppSession
            }
        case .passcodeEntered:
            Predicate("the passcode was entered", otherwise: "the passcode was not entered") { _, context in
                context.securePrompt == .passcode
            }
        case .passcodeExpired:
            Predicate(
                "the passcode is older than max_passcode_age", otherwise: "the passcode is within max_passcode_age"
            ) { state, context in
                return context.settings.maxPasscodeAge > 0
                    && state[store: context].passcodeCreated.hasPassed(
                        context.settings.maxPasscodeAge, at: context.time)
            }
        case .passwordAuthentication:
            Predicate("authentication is username_password", otherwise: "authentication is not username_password") {
                _, context in
                context.entry.authentication == .usernamePassword
            }
        case .credentialKeyExists:
            Predicate("a credential key exists", otherwise: "no credential key exists") { state, context in
                try state[store: context].passcodeSet.value
            }
        case .credentialSessionLive:
            Predicate(
                "a credential key exists and the session is live",
                otherwise: "the session is not live or no credential key exists"
            ) { state, context in try state[store: context].passcodeSet.value && state.sessionLive(context) }
        case .passwordSessionReusable:
            Predicate(
                "SSO is effective or username_password_without_sso is per_app_session",
                otherwise: "SSO is off and the seed asks for the login credentials on every access"
            ) { _, context in context.entry.effectiveSSO || context.settings.passwordPerAppSession }
        case .passwordPerAppSession:
            Predicate(
                "username_password_without_sso is per_app_session",
                otherwise: "username_password_without_sso is every_access"
            ) { _, context in context.settings.passwordPerAppSession }
        case .identifyAskedSamePrompt:
            Predicate(
                "the identify phase just asked for the same credentials",
                otherwise: "the identify phase asked for nothing or something else"
            ) { _, context in context.identifyPrompt != nil && context.identifyPrompt == context.securePrompt }
        // Exposure and apps without the SDK
        case .sessionOfAnotherUser:
            Predicate(
                "the session carries another user's identity",
                otherwise: "the session carries the acting user or nobody"
            ) { state, context in
                let owner = try state.servingSessionUser(context)
                return owner != nil && owner != context.user
            }
        case .barrierAsked:
            Predicate(
                "that identity's passcode or password was asked first",
                otherwise: "no passcode or password was asked first"
            ) { _, context in
                context.securePrompts.contains { $0 == .passcode || $0 == .credentials || $0 == .appCredentials }
            }
        case .anotherUsersData:
            Predicate("the app holds another user's data", otherwise: "the app holds no other user's data") {
                state, context in
                try state[app: context].dataUsers.value & ~(context.user.map(AirWatchState.bit) ?? 0) != 0
            }
        case .ownLoginAsked:
            Predicate(
                """
                the app asks its own login (own_login every_open, until_terminated without a running own session, \
                or a password it just refused)
                """,
                otherwise: "own_login is none, or its own session is running"
            ) { state, context in
                return try context.event == AirWatchEvent.wrongPasscode.id
                    || (try context.entry.ownLogin != .none && !state.ownSessionServes(context))
            }
        case .ownLoginIsMicrosoft:
            Predicate(
                "its own login is the Microsoft sign-in (own_login_prompt: interactive_sign_in)",
                otherwise: "its own login is the app's own form"
            ) { _, context in context.entry.ownLoginPrompt == .interactiveSignIn }
        case .ownSessionServes:
            Predicate(
                """
                its own login session is running and lasts until termination or sign-out (own_login: \
                until_terminated or until_sign_out)
                """,
                otherwise: "no own login session serves the open"
            ) { state, context in try state.ownSessionServes(context) }
        case .ownSessionRunning:
            Predicate("its own login session is running", otherwise: "no own login session is running") {
                state, context in
                try state[app: context].ownSessionUser.value != nil
            }
        case .holdsUserSessionOrData:
            Predicate("it holds a user's session or data", otherwise: "it holds no user's session or data") {
                state, context in
                try state.heldUsers(context) != 0
            }
        // SSO status
        case .beforeInitialCheck:
            Predicate("the app's initial check has not finished", otherwise: "the app's initial check has finished") {
                _, context in
                context.beforeInitialCheck
            }
        case .statusLastKnown:
            Predicate(
                "sso_status_before_initial_check is last_known",
                otherwise: "sso_status_before_initial_check is disabled"
            ) { _, context in context.settings.statusLastKnown }
        case .ssoStatusSettled:
            Predicate(
                "the app's initial check has finished, or SSO is off for the app",
                otherwise: "the initial check has not finished and SSO is effective"
            ) { _, context in !context.beforeInitialCheck || !context.entry.effectiveSSO }
        // Sign-out, failed attempts, wipes
        case .storeHoldsIdentity:
            Predicate("the store still holds a registered identity", otherwise: "the store holds no identity") {
                state, context in
                try state[store: context].identity.value != nil
            }
        case .maxFailedAttemptsSet:
            Predicate("max_failed_attempts is set", otherwise: "failed attempts are unlimited") { _, context in
                context.settings.maxFailedAttempts > 0
            }
        case .maxFailedAttemptsReached:
            Predicate("the maximum is reached", otherwise: "the maximum is not reached") { state, context in
                return context.settings.maxFailedAttempts > 0
                    && state[store: context].failedAttempts >= context.settings.maxFailedAttempts
            }
        case .enterpriseWipe:
            Predicate("wipe_scope is enterprise_wipe", otherwise: "wipe_scope is sdk_data") { _, context in
                context.settings.enterpriseWipe
            }
        case .sdkDataWiped:
            Predicate("the SDK data was wiped", otherwise: "nothing was wiped") { _, context in
                context.wipe == .sdkData || context.wipe == .everyApp
            }
        case .wipeReachesEveryApp:
            Predicate(
                "the wipe removes every app's data (enterprise wipe)", otherwise: "the wipe removes the SDK data only"
            ) { _, context in context.wipe == .everyApp }
        case .clearsDataOnWipe:
            Predicate("the app clears its data on wipe", otherwise: "the app does not clear its data on wipe") {
                _, context in
                context.entry.clearsDataOnWipe
            }
        // Hub check-in, check-out, user change
        case .checkOutChangesUser:
            Predicate("a different user than before is checked out", otherwise: "the same user checked out again") {
                state, context in try state.checkedOutUser.value != context.user
            }
        case .clearPasscodeOnCheckOut:
            Predicate("clear_passcode_on_check_out is true", otherwise: "clear_passcode_on_check_out is false") {
                _, context in
                context.settings.clearPasscodeOnCheckOut
            }
        case .anyPasscodeExists:
            Predicate("a passcode exists on the device", otherwise: "no passcode exists on the device") {
                state, _ in try state.stores.contains { try $0.passcodeSet.value }
            }
        case .anyPasscodeOrSession:
            Predicate("a passcode or session exists", otherwise: "no passcode or session exists") {
                state, _ in try state.stores.contains { try $0.passcodeSet.value || $0.hasSession.value }
            }
        case .checkingIn:
            Predicate("a user checks the device in", otherwise: "nobody checks the device in") { _, context in
                context.event == AirWatchEvent.checkIn.id
            }
        case .holdsUserData:
            Predicate("the app holds a user's data", otherwise: "the app holds no user's data") { state, context in
                try state[app: context].dataUsers.value != 0
            }
        case .clearsDataOnUserChange:
            Predicate(
                "the app clears its data on user change", otherwise: "the app does not clear its data on user change"
            ) { _, context in context.entry.clearsDataOnUserChange }
        case .hubCheckedOutUser:
            Predicate("Hub has a checked-out user", otherwise: "no user is checked out in Hub") { state, _ in
                try state.checkedOutUser.value != nil
            }
        case .registeredToAnotherUser:
            Predicate(
                "the app's registration (or its cluster's common identity) is another user's",
                otherwise: "the app is registered to the checked-out user or not at all"
            ) { state, context in
                let checkedOut = try state.checkedOutUser.value
                let app = state[app: context]
                let common = try state[store: context].identity.value
                return (try app.registered.value && app.registeredUser.value != checkedOut)
                    || (context.entry.effectiveSSO && common != nil && common != checkedOut)
            }
        case .userChangeWiped:
            Predicate("the SDK wiped the app's SDK data for a new user", otherwise: "no user change was detected") {
                _, context in
                context.wipe == .userChange
            }
        // Termination and backgrounding
        case .timeoutFromBackground:
            Predicate("timeout_anchor is last_background", otherwise: "timeout_anchor is last_auth") { _, context in
                context.settings.timeoutFromBackground
            }
        case .processEnds:
            Predicate("the app process ends", otherwise: "the app process keeps running") { _, context in
                context.event == .terminate
            }
        case .deviceRestart:
            Predicate("the whole device restarts (terminate: all)", otherwise: "one app is terminated") { _, context in
                context.deviceWide
            }
        case .anyStoreHoldsSession:
            Predicate("a store holds a session", otherwise: "no store holds a session") {
                state, _ in try state.stores.contains { try $0.hasSession.value }
            }
        }
    }
}
