import SSOPolicyProviderKit

/// Every condition an Entra rule can state, with its words and its computation, defined once: a trace prints the
/// words of the code that decided.
///
/// The first groups read only the policy and the decision's app; the others read what the app and the device hold
/// now (the state's fields the facts give are `Given`, so a what-if waits for a fact until a predicate reads it)
/// and the values the deciding phase worked out.
enum EntraPredicate: Int, PredicateSet {
    // Device and policy.
    case sharedModeConfigured
    case osSupported
    case authenticatorInstalled
    case ssoExtensionReady
    case requirementMissing
    case deviceShared
    case onIOS
    case brokerSilentSSO
    // Model options.
    case secondUserServed
    case localRefreshTokenUsed
    case notifyOnSignIn
    case safariKeptUnlessSignout
    // The app's shape and duties.
    case appAware
    case multipleAccountApp
    case sharedForApp
    case defaultModeApp
    case comparesAccountIDs
    case clearsData
    case signsOutFromBrowser
    case safariSignedOut
    // What the app and the device hold now.
    case appHoldsSession
    case appHoldsData
    case staleLocalToken
    case accountSignedIn
    case userIsDeviceAccount
    case otherUserSignedIn
    case otherAccountHeld
    case brokerHasUser
    case safariSession
    case accountChanged
    // Phase-local values.
    case explicitSignIn
    case callsCurrentAccount
    case foreignData
    case currentAccountPresent
    case noticesChange
    case brokerSignOutFails
    case signedOutGlobally
    case userKeptByAnApp
    case userTokensCached
    case userStillHeld
    // After the session is settled.
    case dataOfAnotherThanActor
    // Safari.
    case safariPluginSSO
    // Time.
    case signInFrequencyPassed
    case inactivityPassed
    // Intune (Android dedicated devices).
    case intuneClearsLocalData
    case appHoldsAUser
    // Managed Home Screen (Android).
    case mhsSingleSignOn
    case mhsSignInOther
    case mhsSessionPIN
    case mhsPINToResume
    case mhsNavigationShown
    case mhsRestartSignsOut
    case sessionPINLocked
    case pinAttemptsExhausted

    var definition: Predicate<EntraState, EntraContext> {
        switch self {
        case .sharedModeConfigured:
            Predicate("shared device mode is configured", otherwise: "shared device mode is not configured") {
                _, context in
                context.device.sharedRequested
            }
        case .osSupported:
            Predicate("the OS version meets the minimum", otherwise: "the OS version is below the minimum") {
                _, context in
                context.device.osSupported
            }
        case .authenticatorInstalled:
            Predicate("Authenticator is installed", otherwise: "Authenticator is missing") { _, context in
                context.device.authenticatorInstalled
            }
        case .ssoExtensionReady:
            Predicate(
                "the SSO extension is configured (or the platform is Android)",
                otherwise: "the iOS SSO extension profile is missing"
            ) { _, context in context.device.ssoExtensionReady }
        case .requirementMissing:
            Predicate(
                "a device requirement (OS, Authenticator, SSO extension) is missing",
                otherwise: "every device requirement holds"
            ) { _, context in context.device.missingRequirement != nil }
        case .deviceShared:
            Predicate("the device is in shared mode", otherwise: "the device is not in shared mode") { _, context in
                context.device.deviceShared
            }
        case .onIOS:
            Predicate("the platform is iOS", otherwise: "the platform is Android") { _, context in context.device.isIOS
            }
        case .brokerSilentSSO:
            Predicate(
                "silent requests reach the broker (on iOS through the SSO extension)",
                otherwise: "silent requests do not reach the broker (on iOS: no SSO extension)"
            ) { _, context in context.device.brokerSilentSSO }
        case .secondUserServed:
            Predicate(
                "the model reads the broker as serving the existing session",
                otherwise: "the model reads the broker as rejecting the second user"
            ) { _, context in context.device.secondUserServed }
        case .localRefreshTokenUsed:
            Predicate(
                "the model reads the local refresh token as used",
                otherwise: "the model reads the local refresh token as not used"
            ) { _, context in context.device.localRefreshTokenFallback }
        case .notifyOnSignIn:
            Predicate(
                "the model reads the notification as posted on sign-in too",
                otherwise: "the model reads the notification as posted on sign-out only"
            ) { _, context in context.device.notifyOnSignIn }
        case .safariKeptUnlessSignout:
            Predicate(
                "the model reads Safari as kept unless signoutFromBrowser",
                otherwise: "the model reads the extension as clearing Safari"
            ) { _, context in context.device.safariKeptUnlessSignout }
        case .appAware:
            Predicate("the app is broker-enabled MSAL", otherwise: "the app is not broker-enabled MSAL") { _, context in
                context.app.isAware
            }
        case .multipleAccountApp:
            Predicate("the app is a multiple-account app", otherwise: "the app is a single-account app") { _, context in
                context.app.isMultipleAccount
            }
        case .sharedForApp:
            Predicate(
                "the device is in shared mode for this app", otherwise: "the device is not in shared mode for this app"
            ) { _, context in context.app.mode == .shared }
        case .defaultModeApp:
            Predicate("the app runs in default mode", otherwise: "the app does not run in default mode") { _, context in
                context.app.mode == .defaultMode
            }
        case .comparesAccountIDs:
            Predicate("the app compares account ids", otherwise: "the app only checks whether the account is none") {
                _, context in
                context.app.comparesAccountIDs
            }
        case .clearsData:
            Predicate("the app clears its data on a user change", otherwise: "the app does not clear its data") {
                _, context in
                context.app.clearsData
            }
        case .signsOutFromBrowser:
            Predicate("the app sets signoutFromBrowser", otherwise: "the app signs out without signoutFromBrowser") {
                _, context in
                context.app.signoutFromBrowser
            }
        case .safariSignedOut:
            Predicate(
                "the app sets signoutFromBrowser, or the model reads the extension as clearing Safari",
                otherwise: "nothing signs Safari out"
            ) { _, context in context.app.signoutFromBrowser || !context.device.safariKeptUnlessSignout }
        case .appHoldsSession:
            Predicate("the app holds its own session", otherwise: "the app holds no session of its own") {
                state, context in
                // An explicit sign-in by another user does not reuse the session the app holds.
                try state.appState(context).tokens.value != nil
                    && (!context.explicit || state.appState(context).tokens.value == context.user)
            }
        case .appHoldsData:
            Predicate("the app holds the user's data", otherwise: "the app holds no data") { state, context in
                try state.appState(context).dataOwner.value != nil
            }
        case .staleLocalToken:
            Predicate(
                "the app holds a local refresh token of an account no longer signed in on the device",
                otherwise: "the app holds no stale local refresh token"
            ) { state, context in
                try state.appState(context).tokens.value != nil
                    && state.appState(context).tokens.value != state.deviceAccount.value
            }
        case .accountSignedIn:
            Predicate("an account is signed in on the device", otherwise: "no account is signed in on the device") {
                state, _ in
                try state.deviceAccount.value != nil
            }
        case .userIsDeviceAccount:
            Predicate(
                "the acting user is signed in on the device", otherwise: "the acting user is not the device account"
            ) { state, context in try state.deviceAccount.value == context.user }
        case .otherUserSignedIn:
            Predicate("another user is signed in on the device", otherwise: "no other user is signed in on the device")
            { state, context in
                try state.deviceAccount.value != nil && state.deviceAccount.value != context.user
            }
        case .otherAccountHeld:
            Predicate(
                "the app's persisted account (or, with none, the broker's account) is another user",
                otherwise: "no other user's account is held"
            ) { state, context in
                let held =
                    context.device.isIOS
                    ? try state.deviceAccount.value
                    : (try state.appState(context).principal.value ?? state.deviceAccount.value)
                return held != nil && held != context.user
            }
        case .brokerHasUser:
            Predicate(
                "the broker supplies the acting user's account silently",
                otherwise: "the broker cannot supply the acting user's account"
            ) { state, context in
                try context.device.brokerSilentSSO && state.deviceAccount.value == context.user
            }
        case .safariSession:
            Predicate("Safari holds an Entra web session", otherwise: "Safari holds no Entra web session") { state, _ in
                try state.safari.value != nil
            }
        case .accountChanged:
            Predicate(
                "the device account differs from the account the app remembers (its previous account)",
                otherwise: "the device account is the account the app remembers"
            ) { state, context in try state.deviceAccount.value != state.appState(context).principal.value }
        case .explicitSignIn:
            Predicate("the user signs in from the sign-in screen", otherwise: "the app settles its session on its own")
            { _, context in context.explicit }
        case .callsCurrentAccount:
            Predicate(
                "the app calls getCurrentAccount", otherwise: "the app does not call getCurrentAccount on foreground"
            ) { _, context in context.callsCurrentAccount }
        case .foreignData:
            Predicate(
                "the app holds data of a user other than the account it reconciles against (getCurrentAccount's answer or the user it signed in)",
                otherwise: "the app's data belongs to the account it reconciles against, or it holds none"
            ) { state, context in
                try state.appState(context).dataOwner.value != nil
                    && state.appState(context).dataOwner.value != context.current
            }
        case .currentAccountPresent:
            Predicate("the current account is a user, not none", otherwise: "the current account is none") {
                _, context in
                context.current != nil
            }
        case .noticesChange:
            Predicate(
                "the app notices the change (it compares account ids, or there is no account now)",
                otherwise: "the app does not notice the change"
            ) { _, context in
                !context.viaCurrentAccount || context.app.comparesAccountIDs || context.current == nil
            }
        case .brokerSignOutFails:
            Predicate("the broker sign-out fails", otherwise: "the broker sign-out succeeds") { _, context in
                context.brokerFails
            }
        case .signedOutGlobally:
            Predicate("a global sign-out took place", otherwise: "no global sign-out took place") { _, context in
                context.signedOutGlobally
            }
        case .userKeptByAnApp:
            Predicate("an app keeps the user's session or data", otherwise: "no app keeps the user's session or data") {
                _, context in
                context.userKeptByAnApp
            }
        case .userTokensCached:
            Predicate(
                "an app that served the user caches access tokens itself",
                otherwise: "no app that served the user caches access tokens"
            ) { _, context in context.userTokensCached }
        case .userStillHeld:
            Predicate(
                "the broker or another app still holds the user's session",
                otherwise: "nothing else holds the user's session"
            ) { _, context in context.userStillHeld }
        case .dataOfAnotherThanActor:
            Predicate(
                "the app holds data of a user other than the one using it",
                otherwise: "the app holds no data of a user other than the one using it"
            ) { state, context in
                try state.appState(context).dataOwner.value != nil
                    && state.appState(context).dataOwner.value != context.user
            }
        case .safariPluginSSO:
            Predicate(
                "Safari takes part in the SSO plug-in's SSO (not in AppBlockList)",
                otherwise: "Safari is in the SSO plug-in's AppBlockList"
            ) { _, context in context.device.safariPluginSSO }
        case .signInFrequencyPassed:
            Predicate(
                "the sign-in frequency has passed since the device account's last interactive sign-in",
                otherwise: "no sign-in frequency, or it has not passed since the last interactive sign-in"
            ) { state, context in
                try context.device.signInFrequency > 0
                    && state.signInTime.value.hasPassed(context.device.signInFrequency, at: context.time)
            }
        case .inactivityPassed:
            Predicate(
                "Managed Home Screen's automatic sign-out is on and the device has been idle for its delay",
                otherwise: "no automatic sign-out after inactivity, or the device was used within its delay"
            ) { state, context in
                try context.device.mhsAutoSignOut
                    && state.lastActivity.value.hasPassed(context.device.inactivityDelay, at: context.time)
            }
        case .intuneClearsLocalData:
            Predicate(
                "Intune clears the app's local data at a global sign-out (listed in Clear local data in apps not optimized for Shared device mode)",
                otherwise: "Intune does not clear the app's local data (not listed, or not on Android)"
            ) { _, context in context.app.intuneClearsLocalData }
        case .appHoldsAUser:
            Predicate("the app holds a user's session or data", otherwise: "the app holds no session and no data") {
                state, context in
                try state.appState(context).tokens.value != nil || state.appState(context).dataOwner.value != nil
            }
        case .mhsSingleSignOn:
            Predicate(
                "Managed Home Screen's sign-in is on with sign-in type Microsoft Entra ID",
                otherwise: "no Managed Home Screen sign-in, or its sign-in type is Other"
            ) { _, context in context.device.mhs.singleSignOn }
        case .mhsSignInOther:
            Predicate(
                "Managed Home Screen's sign-in is on with sign-in type Other",
                otherwise: "no Managed Home Screen sign-in of type Other"
            ) { _, context in context.device.mhs.signInOther }
        case .mhsSessionPIN:
            Predicate("Managed Home Screen asks for a session PIN", otherwise: "no Managed Home Screen session PIN") {
                _, context in
                context.device.mhs.pinSet
            }
        case .mhsPINToResume:
            Predicate(
                "Managed Home Screen asks for the session PIN after its screensaver",
                otherwise: "no session PIN after Managed Home Screen's screensaver"
            ) { _, context in context.device.mhs.pinToResumeSet }
        case .mhsNavigationShown:
            Predicate(
                "the Home and Overview buttons or status-bar notifications are shown",
                otherwise: "system navigation and status-bar notifications are hidden"
            ) { _, context in context.device.mhs.navigationShown }
        case .mhsRestartSignsOut:
            Predicate(
                "the model reads a restart as signing the shared-device-mode account out",
                otherwise: "the model reads the broker as keeping the account over a restart"
            ) { _, context in context.device.mhs.restartSignsOut }
        case .sessionPINLocked:
            Predicate(
                "Managed Home Screen's PIN screen stands in front of the device",
                otherwise: "no Managed Home Screen PIN screen stands in front of the device"
            ) { state, context in try context.device.mhs.locks && state.sessionPINLocked.value }
        case .pinAttemptsExhausted:
            Predicate(
                "this wrong session PIN reaches mhs_session_pin_max_attempts",
                otherwise: "the wrong session PINs stay below the maximum, or it is unlimited (0)"
            ) { state, context in
                context.device.mhs.maxPINAttempts > 0
                    && Saturating.sum(state.wrongSessionPINs, 1) >= context.device.mhs.maxPINAttempts
            }
        }
    }
}
