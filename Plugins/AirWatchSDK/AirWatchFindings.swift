import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence

/// The airwatch-sdk finding catalogue. The enum's order is the catalogue's order, so a case's raw value is its
/// `FindingID` and the hot path never looks a finding up by name.
enum AirWatchFinding: Int, DeclaredFinding {
    case previousUserSessionActive
    case previousUserDataVisible
    case notCoveredByGlobalSignout
    case signOutKeepsIdentity
    case ssoRequirementMissing
    case ssoStatusBeforeInitialCheck
    case noUserAuthentication
    case sessionNeverExpires
    case unlimitedFailedAttempts
    case weakPasscode
    case offlineStalePassword
    case jailbreakNotBlocked
    case biometricPasscodeFallback
    case passwordPromptDespiteSAML
    case timeoutNotEnforcedInUse
    case backgroundExtendsSession
    case expiredSessionRevived
    case failedAttemptsWipe
    case clusterWideWipe
    case wipeScopeUncertain
    case appDataSurvivesWipe
    case ssoClusterSplit
    case checkOutDataNotSeparated
    case passcodeSurvivesCheckOut
    case userChangeWipe
    case keychainSurvivesUninstall
    case previousUserSessionBehindPrompt
    case appWithoutSDK
    case appWithoutSDKUntouched
    case checkInDataRemains
    case logoutWipe
    case noAutomaticCheckIn

    var declaration: FindingDeclaration {
        switch self {
        case .previousUserSessionActive:
            return FindingDeclaration(
                "previous-user-session-active", .critical, concern: .foreignSession,
                message: "{user} is working in {session_user}'s session in {app}",
                meaning: "the acting user is served a session that carries another user's identity",
                sources: [
                    Evidence.userChanged, Evidence.userChangeDetection, Evidence.checkInCheckOut,
                    Evidence.seed("(session shared)"),
                ]
            )
        case .previousUserDataVisible:
            return FindingDeclaration(
                "previous-user-data-visible", .high, concern: .previousUserData,
                message: "{app} still holds {previous_user}'s data when {user} opens it",
                meaning: "the app shows or holds another user's data: the SDK does not clear app data on sign-out, "
                    + "and on a user change only if the app does so itself",
                sources: [Evidence.checkInCheckOut])
        case .notCoveredByGlobalSignout:
            return FindingDeclaration(
                "not-covered-by-global-signout", .medium, concern: .incompleteSignOut,
                message: "{previous_user}'s app data and registration survive the sign-out from {app}",
                meaning: "the SDK has no global sign-out: lockSession() ends the session only; identities, passcode "
                    + "and app data remain",
                sources: [Evidence.lockSession, Evidence.checkInCheckOut])
        case .signOutKeepsIdentity:
            return FindingDeclaration(
                "sign-out-keeps-identity", .high,
                message: "signing out of {app} locks the session but keeps {previous_user}'s registered identity",
                meaning: "sign_out is lockSession(): the next user who unlocks works under the registered identity",
                sources: [Evidence.lockSession, Evidence.logoutCurrentUser])
        case .ssoRequirementMissing:
            return FindingDeclaration(
                "sso-requirement-missing", .medium, configurationFact: true,
                message: "SSO is enabled for {app} but a requirement is missing, so it falls back to its own session",
                meaning: "SSO needs SSO on in the app's and the anchor's default profile, an anchor app and an "
                    + "initialised SDK; otherwise apps prompt separately and keep separate passcodes",
                sources: [Evidence.seed("(Requirements)"), Evidence.profilesMatch])
        case .ssoStatusBeforeInitialCheck:
            return FindingDeclaration(
                "sso-status-before-initial-check", .low,
                message: "{app} read its SSO status before the initial check finished",
                meaning: "before initialCheckDone the status reads disabled (or a stale cached value)",
                sources: [Evidence.seed("(Query the Current SSO Status)"), Evidence.ssoStatus])
        case .noUserAuthentication:
            return FindingDeclaration(
                "no-user-authentication", .high,
                message: "authentication type is disabled: app data is protected only by the device passcode",
                meaning: "no secure-phase prompt at all; with SSO apps open with the enrolment identity",
                sources: [Evidence.seed("(Disabled)"), Evidence.noAuthenticationType])
        case .sessionNeverExpires:
            return FindingDeclaration(
                "session-never-expires", .medium, message: "authentication timeout 0: the session never expires",
                meaning: "the SDK treats a timeout of 0 as infinite", sources: [Evidence.payloadDefaults])
        case .unlimitedFailedAttempts:
            return FindingDeclaration(
                "unlimited-failed-attempts", .medium,
                message: "no maximum of failed attempts: passcodes can be guessed without limit",
                meaning: "a maximum of 0 or less (or absent) is treated as Int.max",
                sources: [Evidence.payloadDefaults])
        case .weakPasscode:
            return FindingDeclaration(
                "weak-passcode", .medium,
                message: "numeric passcodes with simple values and a short minimum length are allowed",
                meaning: "values such as 1111 or 1234 are accepted", sources: [Evidence.securityPolicies])
        case .offlineStalePassword:
            return FindingDeclaration(
                "offline-stale-password", .medium,
                message: "offline, a changed or revoked password still unlocks username/password apps",
                meaning: "offline unlock compares against a key derived from the cached username and password",
                sources: [Evidence.credentialsUnlock])
        case .jailbreakNotBlocked:
            return FindingDeclaration(
                "jailbreak-not-blocked", .medium,
                message: "compromised protection is off: jailbroken devices "
                    + "keep access", meaning: "without compromised protection the SDK neither blocks nor wipes",
                sources: [Evidence.compromised])
        case .biometricPasscodeFallback:
            return FindingDeclaration(
                "biometric-passcode-fallback", .info,
                message: "biometric unlock: users rarely type the passcode and may forget it",
                meaning: "a changed biometric enrolment forces the passcode fallback",
                sources: [Evidence.biometric])
        case .passwordPromptDespiteSAML:
            return FindingDeclaration(
                "password-prompt-despite-saml", .low,
                message: "username/password authentication with token or SAML enrolment asks for a directory password",
                meaning: "nothing is cached from token or SAML enrolment, so the unlock prompt cannot be skipped",
                sources: [Evidence.enrolmentCredentials])
        case .timeoutNotEnforcedInUse:
            return FindingDeclaration(
                "timeout-not-enforced-in-use", .info,
                message: "the authentication timeout is checked only when an app is launched or foregrounded",
                meaning: "an app in active use stays unlocked past the timeout",
                sources: [Evidence.terminationExpires])
        case .backgroundExtendsSession:
            return FindingDeclaration(
                "background-extends-session", .low,
                message: "backgrounding an app re-stamps the shared session without checking it",
                meaning: "under timeout_anchor last_background the timeout counts idle time since any app of the "
                    + "store was backgrounded",
                sources: [Evidence.securityPolicies, Evidence.backgroundExtends, Evidence.sessionValidity]
            )
        case .expiredSessionRevived:
            return FindingDeclaration(
                "expired-session-revived", .medium,
                message: "backgrounding {app} revived an expired session for every app sharing it",
                meaning: "extendSSOSession() extends without a validity check",
                sources: [Evidence.sessionValidity])
        case .failedAttemptsWipe:
            return FindingDeclaration(
                "failed-attempts-wipe", .info,
                message: "the maximum of failed attempts was reached in {app}: the SDK data was wiped",
                meaning: "passcode, session and identity are gone; the next access identifies and secures again",
                sources: [Evidence.failedAttempts, Evidence.maxAttemptsWipe, Evidence.dataCleanup]
            )
        case .clusterWideWipe:
            return FindingDeclaration(
                "cluster-wide-wipe", .medium,
                message: "failed attempts in {app} wiped the shared store of every SSO app in its cluster",
                meaning: "one guess counter and one passcode for the cluster: every SSO app loses its session and "
                    + "identity", sources: [Evidence.sharedSession, Evidence.maxAttemptsWipe])
        case .wipeScopeUncertain:
            return FindingDeclaration(
                "wipe-scope-uncertain", .info,
                message: "docs say an enterprise wipe, the SDK source wipes SDK data only (model option wipe_scope)",
                meaning: "the scope of the failed-attempts wipe is unsettled",
                sources: [Evidence.enterpriseWipe, Evidence.maxAttemptsWipe])
        case .appDataSurvivesWipe:
            return FindingDeclaration(
                "app-data-survives-wipe", .high,
                message: "{app} keeps {previous_user}'s data after the SDK wipe",
                meaning: "apps must clear their own data in the wipe callback",
                sources: [Evidence.sharedSession, Evidence.dataCleanup])
        case .ssoClusterSplit:
            return FindingDeclaration(
                "sso-cluster-split", .low,
                message: "SSO apps are split over several clusters: one passcode and one session per cluster",
                meaning: "apps signed by different teams share no passcode or session, which encourages reuse",
                sources: [Evidence.cluster, Evidence.keychainGroup])
        case .checkOutDataNotSeparated:
            return FindingDeclaration(
                "check-out-data-not-separated", .high,
                message: "{previous_user}'s app data stays on the device when {user} checks out",
                meaning: "Hub check-in/check-out gives limited data separation; apps keep data unless reinstalled or "
                    + "they clear it on user change", sources: [Evidence.checkInCheckOut])
        case .passcodeSurvivesCheckOut:
            return FindingDeclaration(
                "passcode-survives-check-out", .low,
                message: "the SDK passcode set by {previous_user} stays valid for {user}",
                meaning: "the passcode is cleared at check-in only if the shared-device setting says so",
                sources: [Evidence.checkInCheckOut])
        case .userChangeWipe:
            return FindingDeclaration(
                "user-change-wipe", .info,
                message: "{app} detected a new checked-out user and wiped its SDK data",
                meaning: "the SDK wipes the app's SDK data and registration at launch after a user change",
                sources: [Evidence.userChanged, Evidence.userChangeDetection])
        case .keychainSurvivesUninstall:
            return FindingDeclaration(
                "keychain-survives-uninstall", .info,
                message: "removing an SDK app does not clear its keychain items",
                meaning: "SDK identifiers remain after uninstall", sources: [Evidence.keychainSurvives])
        case .previousUserSessionBehindPrompt:
            return FindingDeclaration(
                "previous-user-session-behind-prompt", .high, concern: .foreignSessionBehindPrompt,
                message: "{user} reaches {session_user}'s session in {app} behind {session_user}'s passcode or "
                    + "password: reachable when passcodes are shared or known",
                meaning: "the acting user was asked for the passcode (or username and password) that protects the "
                    + "other user's registered identity and only then landed in that session; a barrier stands "
                    + "between, so this ranks below previous-user-session-active, but a passcode shared on a team or "
                    + "watched over a shoulder opens it (the SDK passcode belongs to the store, not to a user)",
                sources: [
                    Evidence.seed("(Prompt if passcode exists. Session shared)"), Evidence.credentialsUnlock,
                    Evidence.sharedSession,
                ])
        case .appWithoutSDK:
            return FindingDeclaration(
                "app-without-sdk", .medium,
                message: "{app} does not initialise the SDK: no SDK SSO, passcode, wipe or check-out applies to it",
                meaning: "an app without the SDK keeps its own login (own_login) and its data through every SDK "
                    + "action: sign-out, lock, wipe, logoutCurrentUser, Hub check-in and check-out",
                sources: [
                    Evidence.seed("(Requirements: initialize the SDK in the AppDelegate)"), Evidence.checkInCheckOut,
                ])
        case .appWithoutSDKUntouched:
            return FindingDeclaration(
                "app-without-sdk-untouched", .high,
                message: "an app without the SDK keeps {previous_user}'s session and data through this SDK action",
                meaning: "the SDK cannot sign out, lock or wipe an app that does not initialise it; its own session "
                    + "and data stay for the next user",
                sources: [Evidence.seed("(Requirements)"), Evidence.checkInCheckOut])
        case .checkInDataRemains:
            return FindingDeclaration(
                "check-in-data-remains", .medium,
                message: "{previous_user}'s app data and SDK registration stay on the device after the check-in",
                meaning: "Hub check-in ends the check-out only: SDK apps wipe their SDK data when another user checks "
                    + "out and opens them; app data goes only if the app clears it on user change or is reinstalled "
                    + "(limited data separation)",
                sources: [Evidence.userChanged, Evidence.userChangeDetection, Evidence.checkInCheckOut]
            )
        case .logoutWipe:
            return FindingDeclaration(
                "logout-wipe", .info,
                message: "{app} called logoutCurrentUser: the SDK data was wiped and the app unenrolled",
                meaning: "passcode, session and identity of the store are gone (the cluster's with SSO); the next "
                    + "access identifies and secures again",
                sources: [Evidence.maxAttemptsWipe, Evidence.dataCleanup, Evidence.logoutCurrentUser]
            )
        case .noAutomaticCheckIn:
            return FindingDeclaration(
                "no-automatic-check-in", .medium,
                message: "nothing checks the device in at the end of a shift: a forgotten Hub check-in carries the "
                    + "worker's registration and data into the next one",
                meaning: "check-in is the leaving worker's own step in Hub; the SDK's authentication timeout locks "
                    + "the session but checks nobody in, and the Shared Device settings offer no automatic log-out, "
                    + "so the device stays checked out until the next worker checks it out",
                sources: [Evidence.sharedDeviceLogOut, Evidence.hubAuthenticates, Evidence.sessionLifetime])
        }
    }
}

extension FindingSet {
    /// Adds the findings a fired rule's effect raises.
    mutating func raise(_ effect: RuleEffect) {
        formUnion(effect.findings)
    }
}
