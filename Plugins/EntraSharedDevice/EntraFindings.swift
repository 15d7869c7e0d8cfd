import SSOPolicyProviderKit

private let seed = EntraSource.tutorial

/// The risks the model can see, in catalogue order (a case's position is its `FindingID`): the spec's shared ids
/// first, then the research's R1–R15 where they apply.
enum EntraFinding: Int, DeclaredFinding {
    case previousUserSessionActive
    case previousUserDataVisible
    case notCoveredByGlobalSignout
    case browserSessionRemains
    case sharedModeNotActive
    case multipleAccountAppUnsupported
    case secondUserSignInRefused
    case localRefreshTokenFallback
    case brokerSignOutFailed
    case accessTokenOutlivesSignOut
    case appNotSharedDeviceAware
    case noCurrentAccountCheck
    case comparesOnlyNil
    case appDataNotCleared
    case noAccountChangeListener
    case noBrowserSignOut
    case cachesAccessTokens
    case noAutomaticSignOut
    case previewApp
    case mhsAutoSignOutInoperative
    case mhsSignInSkippable
    case mhsSignOutNotGlobal

    var declaration: FindingDeclaration {
        switch self {
        case .previousUserSessionActive:
            FindingDeclaration(
                "previous-user-session-active", .critical, concern: .foreignSession,
                message: "{user} is working in {session_user}'s session in {app}",
                meaning: "the acting user is served another user's session: nobody signed the previous user out, "
                    + "and shared mode hands the one device-wide account to every eligible app",
                sources: [EntraEvidence.deviceSessionLifetime])
        case .previousUserDataVisible:
            FindingDeclaration(
                "previous-user-data-visible", .high, concern: .previousUserData,
                message: "{app} still holds {previous_user}'s data while {user} uses it",
                meaning: "the app shows or holds another user's data: MSAL never clears app data, so an app that "
                    + "does not check the current account, compare account ids, or clear its data keeps the "
                    + "previous user's",
                sources: [Citation(seed, "(\"You must clear the data from your application\")")])
        case .notCoveredByGlobalSignout:
            FindingDeclaration(
                "not-covered-by-global-signout", .high, concern: .incompleteSignOut,
                message: "{previous_user}'s session or data survives the sign-out in an app it does not reach",
                meaning: "an app's session or data survives a global sign-out (an app that is not shared-device "
                    + "aware, an app that keeps its data, or default mode where sign-out is per app)",
                sources: [Citation(seed), EntraEvidence.defaultModeSignOut])
        case .browserSessionRemains:
            FindingDeclaration(
                "browser-session-remains", .medium,
                message: "Safari still holds {previous_user}'s web session: an app's sign-out does not end it",
                meaning: "the SSO extension clears state only for apps, not Safari; without signoutFromBrowser the "
                    + "next user gets web SSO as the previous user",
                sources: [
                    Citation(seed, "(\"It doesn't clear state on the Safari browser\")"),
                    EntraEvidence.signOutOrdering,
                ])
        case .sharedModeNotActive:
            FindingDeclaration(
                "shared-mode-not-active", .high, configurationFact: true,
                message: "shared device mode is configured but not active: a requirement is missing",
                meaning: "the policy intends shared device mode but a requirement (OS version, Authenticator, SSO "
                    + "extension) is missing, so MSAL reports default mode and sign-in and sign-out are per app",
                sources: [
                    Citation(EntraSource.overviewZH), Citation(EntraSource.overviewSV),
                    Citation(EntraSource.overviewFR), EntraEvidence.deviceInfo,
                ])
        case .multipleAccountAppUnsupported:
            FindingDeclaration(
                "multiple-account-app-unsupported", .high, configurationFact: true,
                message: "{app} is a multiple-account app on a shared-mode device",
                meaning: "multiple-account apps are not supported in shared mode: on Android the app fails to start "
                    + "(multiple_account_pca_init_fail_on_shared_device); on iOS it runs but may list earlier users",
                sources: [EntraEvidence.androidMultipleAccount, EntraEvidence.accountsProvider])
        case .secondUserSignInRefused:
            FindingDeclaration(
                "second-user-sign-in-refused", .low,
                message: "{user} cannot sign in to {app}: {previous_user} is still signed in on the device",
                meaning: "a second user's sign-in is refused while one is signed in (\"An account is already signed "
                    + "in.\"); the previous user must sign out first, and the app still holds that user's account",
                sources: [EntraEvidence.androidSingleAccount])
        case .localRefreshTokenFallback:
            FindingDeclaration(
                "local-refresh-token-fallback", .high,
                message: "{app} got tokens for {previous_user} from its local refresh token after the global sign-out",
                meaning: "an iOS app that skips getCurrentAccount may fall back to its local refresh token when the "
                    + "SSO extension has no account (allowUsingLocalCachedRtWhenSsoExtFailed defaults to YES); "
                    + "a hypothesis to verify on a device",
                sources: [EntraEvidence.localRefreshToken])
        case .brokerSignOutFailed:
            FindingDeclaration(
                "broker-sign-out-failed", .high,
                message: "the broker sign-out failed: {previous_user} is still signed in for every other app",
                meaning: "MSAL removes the app's local tokens before asking the broker; if the broker request fails "
                    + "the device account stays and every app, this one included, sees the user again",
                sources: [EntraEvidence.signOutOrdering])
        case .accessTokenOutlivesSignOut:
            FindingDeclaration(
                "access-token-outlives-sign-out", .medium,
                message: "{app} caches access tokens of {previous_user} that stay valid after the global sign-out",
                meaning: "access tokens an app caches itself stay valid until they expire (60–90 minutes, longer "
                    + "with CAE); global sign-out does not revoke them",
                sources: [
                    EntraEvidence.signOutOrdering, EntraEvidence.deviceSessionLifetime,
                    EntraEvidence.tokensOutliveSignOut,
                ])
        case .appNotSharedDeviceAware:
            FindingDeclaration(
                "app-not-shared-device-aware", .high, configurationFact: true,
                message:
                    "{app} is not shared-device aware: without broker-enabled MSAL, no global sign-in or sign-out "
                    + "reaches it",
                meaning: "an app without broker-enabled MSAL gets no SSO and no single sign-out; "
                    + "getDeviceInformation returns an error, and its sessions and data persist across users",
                sources: [EntraEvidence.deviceInfo, EntraEvidence.globalSignIn])
        case .noCurrentAccountCheck:
            FindingDeclaration(
                "no-current-account-check", .high,
                message: "{app} does not call getCurrentAccount on every foreground",
                meaning: "an app that does not check the current account on foreground misses user changes and "
                    + "shows the previous user's data",
                sources: [
                    Citation(seed, "(\"Identify if the signed-in user has changed\")"), EntraEvidence.currentAccount,
                ])
        case .comparesOnlyNil:
            FindingDeclaration(
                "compares-only-nil", .high,
                message: "{app} only checks whether the current account is none",
                meaning: "an app that checks only for no account (the official samples do) misses a direct switch "
                    + "from one user to another",
                sources: [EntraEvidence.sampleCleanup])
        case .appDataNotCleared:
            FindingDeclaration(
                "app-data-not-cleared", .high,
                message: "{app} does not clear its data when the user changes",
                meaning: "MSAL's sign-out removes tokens, not app data; an app that does not clear its own data "
                    + "leaves it to the next user",
                sources: [Citation(seed, "(\"It doesn't, however, clear the data from your application\")")])
        case .noAccountChangeListener:
            FindingDeclaration(
                "no-account-change-listener", .low,
                message: "{app} does not listen for the account-change notification",
                meaning: "without a listener (and on iOS a background capability) the app learns of a global "
                    + "sign-out only at its next foreground, and keeps the previous user's data in memory until then",
                sources: [
                    Citation(seed, "(\"Receive broadcast to detect global sign out\")"),
                    EntraEvidence.accountChangeNotification,
                ])
        case .noBrowserSignOut:
            FindingDeclaration(
                "no-browser-sign-out", .medium,
                message: "{app} signs out without signoutFromBrowser, so Safari keeps the web session",
                meaning: "on iOS the SSO extension does not clear Safari; apps should sign out with "
                    + "signoutFromBrowser",
                sources: [Citation(seed), EntraEvidence.signOutOrdering])
        case .cachesAccessTokens:
            FindingDeclaration(
                "caches-access-tokens", .medium,
                message: "{app} caches access tokens itself; they outlive a global sign-out",
                meaning: "tokens an app caches on its own are not cleared by the broker and stay valid until expiry",
                sources: [EntraEvidence.tokensOutliveSignOut])
        case .noAutomaticSignOut:
            FindingDeclaration(
                "no-automatic-sign-out", .medium,
                message:
                    "nothing signs a user out at the end of a shift: a forgotten sign-out carries into the next one",
                meaning: "shared mode has no automatic or inactivity sign-out of its own; the device account lasts as "
                    + "long as the PRT, renewed on use (sign_in_frequency only asks for a new sign-in after its "
                    + "interval); on Android, Managed Home Screen's automatic sign-out (mhs_auto_sign_out) is one "
                    + "and removes this finding",
                sources: [EntraEvidence.deviceSessionLifetime, EntraEvidence.mhsAutoSignOut])
        case .previewApp:
            FindingDeclaration(
                "preview-app", .medium,
                message: "{app} supports shared device mode only in public preview (no SLA, not for production)",
                meaning: "the vendor lists the app's shared device mode support as public preview: \"provided "
                    + "without a service-level agreement and isn't recommended for production workloads. Some "
                    + "features might be unsupported or have constrained capabilities\"",
                sources: [EntraCatalog.source])
        case .mhsAutoSignOutInoperative:
            FindingDeclaration(
                "mhs-auto-sign-out-inoperative", .high, configurationFact: true,
                message: "Managed Home Screen's automatic sign-out is on but cannot run: a worker is never signed out "
                    + "for inactivity",
                meaning: "the automatic sign-out needs the overlay and exact alarm permissions (denied by default on "
                    + "Android 14 until the user grants it) and Notification windows not disabled; without them it "
                    + "does not run, as if it were off",
                sources: [EntraManagedHomeScreen.permissions])
        case .mhsSignInSkippable:
            FindingDeclaration(
                "mhs-sign-in-skippable", .high, configurationFact: true,
                message: "Managed Home Screen's sign-in and PIN screens can be skipped: the Home and Overview buttons "
                    + "or status-bar notifications are shown",
                meaning: "with system navigation or status-bar notifications shown, a worker can skip the sign-in and "
                    + "session PIN screens and reach apps still signed in to the previous worker's account",
                sources: [EntraManagedHomeScreen.skippable])
        case .mhsSignOutNotGlobal:
            FindingDeclaration(
                "mhs-sign-out-not-global", .high, configurationFact: true,
                message: "Managed Home Screen's sign-in type is Other: its sign-outs leave the shared-device-mode "
                    + "apps signed in",
                meaning: "with sign-in type Other the MHS sign-in is not the shared-device-mode sign-in, so its "
                    + "automatic sign-out and the wrong-PIN sign-out end the MHS session only; the apps keep serving "
                    + "the previous worker's account",
                sources: [EntraManagedHomeScreen.signInType, EntraManagedHomeScreen.autoSignOut])
        }
    }
}
