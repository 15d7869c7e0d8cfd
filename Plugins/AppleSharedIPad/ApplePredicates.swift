import SSOPolicyProviderKit

/// What the predicates read besides the state: the policy, who acts and where, the step's conditions, and what an
/// earlier part of the step worked out (whose partition the app runs in). Built once per event; it never holds the
/// state, which every check reads as it is at that moment.
struct AppleContext {
    var policy: ApplePolicy
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

    func appSignedIn(_ state: AppleState) throws -> Bool {
        try microsoftShared ? state.hasMicrosoft(partition) : state.hasAppSession(app, partition)
    }

    /// The session's inactivity timeout (0: none).
    func timeout(_ state: AppleState) throws -> Int { try state.guest.value ? policy.guestTimeout : policy.userTimeout }

    func withinGrace(_ state: AppleState) throws -> Bool {
        try policy.grace > 0 && state.screen == .locked
            && !state.lockedAt.value.hasPassed(Saturating.sum(policy.grace, 1), at: time)
    }

    func onlineAuthNeeded(_ state: AppleState) throws -> Bool {
        guard let user, let index = state.residentIndex(user), try !state.passcodeResets.value.contains(user) else {
            return true
        }
        guard let grace = policy.onlineAuthGrace else { return policy.onlineEveryLoginWhenUnset }
        return state.residents[index].onlineAuth.hasPassed(grace, at: time)
    }

    func targetResident(_ state: AppleState) -> AppleResident? {
        target.flatMap { state.residentIndex($0) }.map { state.residents[$0] }
    }
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

    var definition: Predicate<AppleState, AppleContext> {
        switch self {
        case .unsupportedDevice:
            Predicate("the device cannot run Shared iPad", otherwise: "a supported Shared iPad") { _, context in
                context.policy.unsupportedDevice
            }
        case .erased:
            Predicate("the iPad waits in Setup Assistant after an erase", otherwise: "the iPad is enrolled") {
                state, _ in
                state.screen == .setupAssistant
            }
        case .inSession:
            Predicate("a session is open", otherwise: "no session is open") { state, _ in state.inSession }
        case .ownsSession:
            Predicate("the open session is the acting user's", otherwise: "the open session is someone else's") {
                state, context in
                state.owner == context.user
            }
        case .guestSession:
            Predicate("the open session is a Guest session", otherwise: "the open session is a user's") { state, _ in
                try state.guest.value
            }
        case .locked:
            Predicate("the screen is locked", otherwise: "the screen is unlocked") { state, _ in state.screen == .locked
            }
        case .withinGrace:
            Predicate("the screen locked within the passcode grace period", otherwise: "the grace period has passed") {
                state, context in
                try context.withinGrace(state)
            }
        case .anyoneSignsOut:
            Predicate("anyone may tap Sign Out on a Lock Screen", otherwise: "only the owner may sign out") {
                _, context in
                context.policy.lockScreenAnyone
            }
        case .timeoutSet:
            Predicate("the session has an inactivity timeout", otherwise: "the session has no inactivity timeout") {
                state, context in
                try context.timeout(state) > 0
            }
        case .pastTimeout:
            Predicate("the session was inactive past its timeout", otherwise: "the timeout has not passed") {
                state, context in
                try (state.screen != .locked || context.policy.inactivityWhileLocked)
                    && state.lastActivity.value.hasPassed(context.timeout(state), at: context.time)
            }
        case .pastAutoLock:
            Predicate("the session was inactive past Auto-Lock", otherwise: "Auto-Lock has not passed") {
                state, context in
                try state.lastActivity.value.hasPassed(context.policy.autoLock, at: context.time)
            }
        case .atLoginWindow:
            Predicate("the iPad shows the login window", otherwise: "the login window is not shown") { state, _ in
                state.screen == .loginWindow
            }
        case .guestRequested:
            Predicate("the person taps Guest (or only Guest is offered)", otherwise: "the person signs in as a user") {
                _, context in
                context.guestRequested || context.policy.temporaryOnly
            }
        case .guestAllowed:
            Predicate("Guest sessions are allowed", otherwise: "Guest sessions are blocked") { _, context in
                context.policy.guestsAllowed
            }
        case .offline:
            Predicate("the iPad is offline", otherwise: "the iPad is online") { state, _ in try state.offline.value }
        case .onlineAuthNeeded:
            Predicate("the sign-in needs Apple's identity service", otherwise: "the passcode is checked locally") {
                state, context in
                try context.onlineAuthNeeded(state)
            }
        case .federated:
            Predicate("accounts are federated with Entra ID", otherwise: "accounts are Apple-authenticated") {
                _, context in
                context.policy.federated
            }
        case .hasPasscode:
            Predicate("the user has a Shared iPad passcode", otherwise: "the user has no Shared iPad passcode (yet)") {
                state, context in
                try context.user.map {
                    try state.passcodeHolders.contains($0) && !state.passcodeResets.value.contains($0)
                }
                    ?? false
            }
        case .resident:
            Predicate("the user's partition is cached on this iPad", otherwise: "the user is new to this iPad") {
                state, context in context.user.flatMap { state.residentIndex($0) } != nil
            }
        case .residentsFull:
            Predicate("the iPad holds its maximum of resident users", otherwise: "the iPad has room for a user") {
                state, context in
                state.residents.count >= context.policy.residentUsers
            }
        case .syncedResidentExists:
            Predicate("a resident's data has synced", otherwise: "no resident has synced") { state, context in
                state.residents.contains { $0.synced && $0.user != context.user }
            }
        case .loginSSOToApps:
            Predicate("the login window's sign-in signs the apps in", otherwise: "the apps sign in on their own") {
                _, context in
                context.policy.loginSSOToApps
            }
        case .microsoftShared:
            Predicate("the app shares the partition's Microsoft sign-in", otherwise: "the app signs in on its own") {
                _, context in
                context.microsoftShared
            }
        case .otherPublisher:
            Predicate("the app uses MSAL from another developer", otherwise: "the app is not another publisher's MSAL")
            { _, context in
                context.appSettings?.kind == .otherPublisher
            }
        case .entraApp:
            Predicate("the app signs in with Entra ID", otherwise: "the app does not sign in with Entra ID") {
                _, context in
                context.appSettings.map { $0.kind == .microsoft || $0.kind == .otherPublisher } ?? false
            }
        case .ownLogin:
            Predicate("the app has its own login", otherwise: "the app has no login of its own") { _, context in
                context.appSettings?.kind == .appCredentials
            }
        case .appSignedIn:
            Predicate("the partition holds the app's sign-in", otherwise: "the partition holds no sign-in for the app")
            { state, context in
                try context.appSignedIn(state)
            }
        case .deviceGrant:
            Predicate("Conditional Access requires a device-based grant", otherwise: "no device-based grant") {
                _, context in
                context.policy.deviceGrant
            }
        case .caBlocks:
            Predicate("an unsupported grant blocks the sign-in", otherwise: "an unsupported grant is not evaluated") {
                _, context in
                context.policy.caBlocks
            }
        case .servedOther:
            Predicate("the app runs in another person's session", otherwise: "the app runs in the user's session") {
                _, context in
                context.servedOther
            }
        case .webSignIn:
            Predicate("the user signs in to a site in Safari", otherwise: "no web sign-in") { _, context in
                context.appSettings.map { $0.kind == .web && $0.webSignIn } ?? false
            }
        case .freshPartition:
            Predicate("the user's partition is new on this iPad", otherwise: "the partition was cached") { _, context in
                context.freshPartition
            }
        case .localData:
            Predicate("the app keeps its data locally", otherwise: "the app's data is in the cloud") { _, context in
                context.appSettings.map { $0.localData && $0.kind != .microsoft } ?? false
            }
        case .survivesRelaunch:
            Predicate("the app keeps its sign-in across launches", otherwise: "the app signs out when it ends") {
                _, context in
                context.appSettings?.survivesRelaunch ?? true
            }
        case .targetResident:
            Predicate("the user named is resident", otherwise: "the user named is not resident") { state, context in
                context.targetResident(state) != nil
            }
        case .targetSignedIn:
            Predicate("the user named is signed in", otherwise: "the user named is not signed in") { state, context in
                try state.inSession && !state.guest.value && context.target != nil
                    && state.owner == context.target
            }
        case .targetDeletable:
            Predicate("the user's data has synced (or the deletion is forced)", otherwise: "the user has data to sync")
            {
                state, context in context.force || context.targetResident(state)?.synced == true
            }
        case .force:
            Predicate("the deletion is forced", otherwise: "the deletion is not forced") { _, context in context.force }
        case .deleteLoggedInLogsOut:
            Predicate("deleting the signed-in user logs them out first", otherwise: "deleting the signed-in user fails")
            { _, context in
                context.policy.deleteLoggedInLogsOut
            }
        case .unsyncedData:
            Predicate("a resident has data that has not synced", otherwise: "every resident has synced") {
                state, context in
                try state.residents.contains { !$0.synced }
                    || (try state.inSession && !state.guest.value)
            }
        case .returnToService:
            Predicate("Return to Service re-enrolls the iPad", otherwise: "the iPad stays in Setup Assistant") {
                _, context in
                context.returnToService && context.wifi && context.policy.returnToServiceSupported
            }
        case .restartToLoginWindow:
            Predicate("a restart ends the sessions", otherwise: "a restart keeps the user's session behind its lock") {
                _, context in
                context.policy.restartToLoginWindow
            }
        case .guestDeletedOnRestart:
            Predicate("a restart deletes the Guest session", otherwise: "a restart keeps the Guest session") {
                _, context in
                context.policy.guestDeletedOnRestart
            }
        case .awaitingConfiguration:
            Predicate(
                "the session waits at a Setup Assistant pane for UserConfigured",
                otherwise: "the session is not waiting for UserConfigured"
            ) { state, _ in state.inSession && state.awaiting }
        case .passcodeWasReset:
            Predicate("an administrator reset the user's Shared iPad passcode", otherwise: "no passcode reset") {
                state, context in try context.user.map { try state.passcodeResets.value.contains($0) } ?? false
            }
        case .userDisabled:
            Predicate("the user is disabled in Entra ID", otherwise: "the user is enabled in Entra ID") {
                state, context in
                try context.user.map { try state.disabled.value.contains($0) } ?? false
            }
        case .partitionDisabled:
            Predicate(
                "the partition's user is disabled in Entra ID", otherwise: "the partition's user is enabled in Entra ID"
            ) { state, context in try context.partition.map { try state.disabled.value.contains($0) } ?? false }
        case .biometricUnlock:
            Predicate("the owner unlocks with Touch ID or Face ID", otherwise: "no biometric unlock on Shared iPad") {
                _, context in
                context.policy.biometricUnlock
            }
        case .tokensCleared:
            Predicate("the iPad sign-out clears the Microsoft sign-in", otherwise: "the Microsoft sign-in stays cached")
            { _, context in
                !context.policy.tokensRetained
            }
        }
    }
}
