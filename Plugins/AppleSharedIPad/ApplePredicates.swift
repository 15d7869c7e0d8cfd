import SSOPolicyProviderKit

/// What the predicates read for one decision: the policy, the state as it is at that moment, who acts and where,
/// and what an earlier phase of the step worked out (whose partition the app runs in).
struct AppleContext {
    var policy: ApplePolicy
    var state: AppleState
    var user: UserID?
    /// The app's index, or -1 when the event names none.
    var app: Int
    var time: Int
    var guestRequested = false
    var force = false
    var returnToService = false
    var wifi = true
    /// The user a delete names.
    var target: UserID? = nil
    /// Whose partition the app runs in, once the device phase has decided.
    var partition: UserID? = nil
    var freshPartition = false
    var servedOther = false

    var appSettings: AppleApp? { app >= 0 && app < policy.apps.count ? policy.apps[app] : nil }

    /// Microsoft's MSAL apps share one sign-in per partition (other publishers too with the SSO plug-in).
    var microsoftShared: Bool {
        guard let kind = appSettings?.kind else { return false }
        return kind == .microsoft || (kind == .otherPublisher && policy.ssoPluginPerUser)
    }

    var appSignedIn: Bool {
        microsoftShared ? state.hasMicrosoft(partition) : state.hasAppSession(app, partition)
    }

    /// The session's inactivity timeout (0: none).
    var timeout: Int { state.guest ? policy.guestTimeout : policy.userTimeout }

    var withinGrace: Bool {
        policy.grace > 0 && state.screen == .locked
            && !state.lockedAt.hasPassed(Saturating.sum(policy.grace, 1), at: time)
    }

    var onlineAuthNeeded: Bool {
        guard let user, let index = state.residentIndex(user), !state.passcodeResets.contains(user) else {
            return true
        }
        guard let grace = policy.onlineAuthGrace else { return policy.onlineEveryLoginWhenUnset }
        return state.residents[index].onlineAuth.hasPassed(grace, at: time)
    }

    var targetResident: AppleResident? { target.flatMap { state.residentIndex($0) }.map { state.residents[$0] } }
}

/// The conditions apple-shared-ipad's rules state, with their words and computations, defined once.
enum ApplePredicate: Int, PredicateSet {
    case unsupportedDevice, erased, inSession, ownsSession, guestSession, locked, withinGrace, anyoneSignsOut
    case timeoutSet, pastTimeout, pastAutoLock
    case atLoginWindow, guestRequested, guestAllowed, offline, onlineAuthNeeded, federated, hasPasscode, resident
    case residentsFull, syncedResidentExists, loginSSOToApps
    case microsoftShared, otherPublisher, entraApp, ownLogin, appSignedIn, deviceGrant, caBlocks
    case servedOther, webSignIn, freshPartition, localData, survivesRelaunch
    case targetResident, targetSignedIn, targetDeletable, force, deleteLoggedInLogsOut
    case unsyncedData, returnToService, restartToLoginWindow, guestDeletedOnRestart, tokensCleared
    case awaitingConfiguration, passcodeWasReset, userDisabled, partitionDisabled, biometricUnlock

    @inline(__always) var definition: Predicate<Void, AppleContext> {
        switch self {
        case .unsupportedDevice:
            Predicate("the device cannot run Shared iPad", otherwise: "a supported Shared iPad") {
                $0.policy.unsupportedDevice
            }
        case .erased:
            Predicate("the iPad waits in Setup Assistant after an erase", otherwise: "the iPad is enrolled") {
                $0.state.screen == .setupAssistant
            }
        case .inSession:
            Predicate("a session is open", otherwise: "no session is open") { $0.state.inSession }
        case .ownsSession:
            Predicate("the open session is the acting user's", otherwise: "the open session is someone else's") {
                $0.state.owner == $0.user
            }
        case .guestSession:
            Predicate("the open session is a Guest session", otherwise: "the open session is a user's") {
                $0.state.guest
            }
        case .locked:
            Predicate("the screen is locked", otherwise: "the screen is unlocked") { $0.state.screen == .locked }
        case .withinGrace:
            Predicate("the screen locked within the passcode grace period", otherwise: "the grace period has passed") {
                $0.withinGrace
            }
        case .anyoneSignsOut:
            Predicate("anyone may tap Sign Out on a Lock Screen", otherwise: "only the owner may sign out") {
                $0.policy.lockScreenAnyone
            }
        case .timeoutSet:
            Predicate("the session has an inactivity timeout", otherwise: "the session has no inactivity timeout") {
                $0.timeout > 0
            }
        case .pastTimeout:
            Predicate("the session was inactive past its timeout", otherwise: "the timeout has not passed") { context in
                (context.state.screen != .locked || context.policy.inactivityWhileLocked)
                    && context.state.lastActivity.hasPassed(context.timeout, at: context.time)
            }
        case .pastAutoLock:
            Predicate("the session was inactive past Auto-Lock", otherwise: "Auto-Lock has not passed") { context in
                context.state.lastActivity.hasPassed(context.policy.autoLock, at: context.time)
            }
        case .atLoginWindow:
            Predicate("the iPad shows the login window", otherwise: "the login window is not shown") {
                $0.state.screen == .loginWindow
            }
        case .guestRequested:
            Predicate("the person taps Guest (or only Guest is offered)", otherwise: "the person signs in as a user") {
                $0.guestRequested || $0.policy.temporaryOnly
            }
        case .guestAllowed:
            Predicate("Guest sessions are allowed", otherwise: "Guest sessions are blocked") {
                $0.policy.guestsAllowed
            }
        case .offline:
            Predicate("the iPad is offline", otherwise: "the iPad is online") { $0.state.offline }
        case .onlineAuthNeeded:
            Predicate("the sign-in needs Apple's identity service", otherwise: "the passcode is checked locally") {
                $0.onlineAuthNeeded
            }
        case .federated:
            Predicate("accounts are federated with Entra ID", otherwise: "accounts are Apple-authenticated") {
                $0.policy.federated
            }
        case .hasPasscode:
            Predicate("the user has a Shared iPad passcode", otherwise: "the user has no Shared iPad passcode (yet)") {
                context in
                context.user.map {
                    context.state.passcodeHolders.contains($0) && !context.state.passcodeResets.contains($0)
                }
                    ?? false
            }
        case .resident:
            Predicate("the user's partition is cached on this iPad", otherwise: "the user is new to this iPad") {
                context in context.user.flatMap { context.state.residentIndex($0) } != nil
            }
        case .residentsFull:
            Predicate("the iPad holds its maximum of resident users", otherwise: "the iPad has room for a user") {
                $0.state.residents.count >= $0.policy.residentUsers
            }
        case .syncedResidentExists:
            Predicate("a resident's data has synced", otherwise: "no resident has synced") { context in
                context.state.residents.contains { $0.synced && $0.user != context.user }
            }
        case .loginSSOToApps:
            Predicate("the login window's sign-in signs the apps in", otherwise: "the apps sign in on their own") {
                $0.policy.loginSSOToApps
            }
        case .microsoftShared:
            Predicate("the app shares the partition's Microsoft sign-in", otherwise: "the app signs in on its own") {
                $0.microsoftShared
            }
        case .otherPublisher:
            Predicate("the app uses MSAL from another developer", otherwise: "the app is not another publisher's MSAL")
            {
                $0.appSettings?.kind == .otherPublisher
            }
        case .entraApp:
            Predicate("the app signs in with Entra ID", otherwise: "the app does not sign in with Entra ID") {
                $0.appSettings.map { $0.kind == .microsoft || $0.kind == .otherPublisher } ?? false
            }
        case .ownLogin:
            Predicate("the app has its own login", otherwise: "the app has no login of its own") {
                $0.appSettings?.kind == .appCredentials
            }
        case .appSignedIn:
            Predicate("the partition holds the app's sign-in", otherwise: "the partition holds no sign-in for the app")
            {
                $0.appSignedIn
            }
        case .deviceGrant:
            Predicate("Conditional Access requires a device-based grant", otherwise: "no device-based grant") {
                $0.policy.deviceGrant
            }
        case .caBlocks:
            Predicate("an unsupported grant blocks the sign-in", otherwise: "an unsupported grant is not evaluated") {
                $0.policy.caBlocks
            }
        case .servedOther:
            Predicate("the app runs in another person's session", otherwise: "the app runs in the user's session") {
                $0.servedOther
            }
        case .webSignIn:
            Predicate("the user signs in to a site in Safari", otherwise: "no web sign-in") {
                $0.appSettings.map { $0.kind == .web && $0.webSignIn } ?? false
            }
        case .freshPartition:
            Predicate("the user's partition is new on this iPad", otherwise: "the partition was cached") {
                $0.freshPartition
            }
        case .localData:
            Predicate("the app keeps its data locally", otherwise: "the app's data is in the cloud") {
                $0.appSettings.map { $0.localData && $0.kind != .microsoft } ?? false
            }
        case .survivesRelaunch:
            Predicate("the app keeps its sign-in across launches", otherwise: "the app signs out when it ends") {
                $0.appSettings?.survivesRelaunch ?? true
            }
        case .targetResident:
            Predicate("the user named is resident", otherwise: "the user named is not resident") {
                $0.targetResident != nil
            }
        case .targetSignedIn:
            Predicate("the user named is signed in", otherwise: "the user named is not signed in") { context in
                context.state.inSession && !context.state.guest && context.target != nil
                    && context.state.owner == context.target
            }
        case .targetDeletable:
            Predicate("the user's data has synced (or the deletion is forced)", otherwise: "the user has data to sync")
            {
                context in context.force || context.targetResident?.synced == true
            }
        case .force:
            Predicate("the deletion is forced", otherwise: "the deletion is not forced") { $0.force }
        case .deleteLoggedInLogsOut:
            Predicate("deleting the signed-in user logs them out first", otherwise: "deleting the signed-in user fails")
            {
                $0.policy.deleteLoggedInLogsOut
            }
        case .unsyncedData:
            Predicate("a resident has data that has not synced", otherwise: "every resident has synced") { context in
                context.state.residents.contains { !$0.synced }
                    || (context.state.inSession && !context.state.guest)
            }
        case .returnToService:
            Predicate("Return to Service re-enrolls the iPad", otherwise: "the iPad stays in Setup Assistant") {
                $0.returnToService && $0.wifi && $0.policy.returnToServiceSupported
            }
        case .restartToLoginWindow:
            Predicate("a restart ends the sessions", otherwise: "a restart keeps the user's session behind its lock") {
                $0.policy.restartToLoginWindow
            }
        case .guestDeletedOnRestart:
            Predicate("a restart deletes the Guest session", otherwise: "a restart keeps the Guest session") {
                $0.policy.guestDeletedOnRestart
            }
        case .awaitingConfiguration:
            Predicate(
                "the session waits at a Setup Assistant pane for UserConfigured",
                otherwise: "the session is not waiting for UserConfigured"
            ) { $0.state.inSession && $0.state.awaiting }
        case .passcodeWasReset:
            Predicate("an administrator reset the user's Shared iPad passcode", otherwise: "no passcode reset") {
                context in context.user.map { context.state.passcodeResets.contains($0) } ?? false
            }
        case .userDisabled:
            Predicate("the user is disabled in Entra ID", otherwise: "the user is enabled in Entra ID") { context in
                context.user.map { context.state.disabled.contains($0) } ?? false
            }
        case .partitionDisabled:
            Predicate(
                "the partition's user is disabled in Entra ID", otherwise: "the partition's user is enabled in Entra ID"
            ) { context in context.partition.map { context.state.disabled.contains($0) } ?? false }
        case .biometricUnlock:
            Predicate("the owner unlocks with Touch ID or Face ID", otherwise: "no biometric unlock on Shared iPad") {
                $0.policy.biometricUnlock
            }
        case .tokensCleared:
            Predicate("the iPad sign-out clears the Microsoft sign-in", otherwise: "the Microsoft sign-in stays cached")
            {
                !$0.policy.tokensRetained
            }
        }
    }
}
