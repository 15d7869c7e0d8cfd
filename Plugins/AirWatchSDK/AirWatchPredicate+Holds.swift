import SSOPolicyProviderKit

extension AirWatchPredicate {
    /// A predicate that reads only the policy and the app: worked out once per app when the policy is compiled
    /// (`AirWatchPolicy.fixedPredicates`), so a decision reads a bit. Nil for a predicate that reads the state or
    /// the phase, which `holds(in:)` computes.
    func fixedHolds(policy: AirWatchPolicy, entry: AirWatchApp) -> Bool? {
        switch self {
        case .ssoEffective: return entry.effectiveSSO
        case .managedTokenDelivered: return policy.tokenAvailable
        case .reuseCachedCredentials: return policy.reuseCachedCredentials
        case .commonAuthenticationIsPassword: return policy.commonIsPassword
        case .passcodeAuthentication: return entry.authentication == .passcode
        case .ssoRequested: return entry.ssoRequested
        case .ssoRequirementMissing: return entry.requirementMissing
        case .noAnchorApp: return !policy.anchorPresent
        case .anchorProfileSSOOff: return entry.anchorProfileOff
        case .withoutSDK: return !entry.usesSDK
        case .coldLaunchRequiresAuth: return policy.coldLaunchRequiresAuth
        case .authenticationDisabled: return entry.authentication == .disabled
        case .passcodeSessionReusable: return entry.effectiveSSO || policy.passcodePerAppSession
        case .passcodePerAppSession: return policy.passcodePerAppSession
        case .passwordAuthentication: return entry.authentication == .usernamePassword
        case .passwordSessionReusable: return entry.effectiveSSO || policy.passwordPerAppSession
        case .passwordPerAppSession: return policy.passwordPerAppSession
        case .statusLastKnown: return policy.statusLastKnown
        case .maxFailedAttemptsSet: return policy.maxFailedAttempts > 0
        case .enterpriseWipe: return policy.enterpriseWipe
        case .clearsDataOnWipe: return entry.clearsDataOnWipe
        case .clearPasscodeOnCheckOut: return policy.clearPasscodeOnCheckOut
        case .clearsDataOnUserChange: return entry.clearsDataOnUserChange
        case .timeoutFromBackground: return policy.timeoutFromBackground
        default: return nil
        }
    }

    /// The predicates that read only the policy and the app (those `fixedHolds` answers for).
    static let fixed: [AirWatchPredicate] = [
        .ssoEffective, .managedTokenDelivered, .reuseCachedCredentials, .commonAuthenticationIsPassword,
        .passcodeAuthentication, .ssoRequested, .ssoRequirementMissing, .noAnchorApp, .anchorProfileSSOOff,
        .withoutSDK, .coldLaunchRequiresAuth, .authenticationDisabled, .passcodeSessionReusable,
        .passcodePerAppSession, .passwordAuthentication, .passwordSessionReusable, .passwordPerAppSession,
        .statusLastKnown, .maxFailedAttemptsSet, .enterpriseWipe, .clearsDataOnWipe, .clearPasscodeOnCheckOut,
        .clearsDataOnUserChange, .timeoutFromBackground,
    ]

    /// The predicates the rule table tests as masks over the app's bits: the fixed ones.
    static let inBits: UInt64 = fixed.reduce(0) { bits, predicate in bits | 1 << predicate.rawValue }

    /// The values of the fixed predicates for the decision's app, worked out when the policy was compiled.
    @inline(__always)
    static func bits(in context: AirWatchContext) -> UInt64 { context.fixedPredicates }

    /// The fixed predicates of `entry` under `policy` as bits (bit n is the case with raw value n).
    static func fixedBits(policy: AirWatchPolicy, entry: AirWatchApp) -> UInt64 {
        fixed.reduce(0) { bits, predicate in
            predicate.fixedHolds(policy: policy, entry: entry) == true ? bits | 1 << predicate.rawValue : bits
        }
    }

    /// The code each predicate names: reads the context only, never allocates (it runs on every attempt).
    /// Always inlined: the generated trace-off path names each predicate as a constant, so this `switch` folds to
    /// that predicate's own expression there.
    @inline(__always)
    func holds(in context: AirWatchContext) -> Bool {
        switch self {
        case .ssoEffective, .managedTokenDelivered, .reuseCachedCredentials, .commonAuthenticationIsPassword,
            .passcodeAuthentication, .ssoRequested, .ssoRequirementMissing, .noAnchorApp, .anchorProfileSSOOff,
            .withoutSDK, .coldLaunchRequiresAuth, .authenticationDisabled, .passcodeSessionReusable,
            .passcodePerAppSession, .passwordAuthentication, .passwordSessionReusable, .passwordPerAppSession,
            .statusLastKnown, .maxFailedAttemptsSet, .enterpriseWipe, .clearsDataOnWipe,
            .clearPasscodeOnCheckOut, .clearsDataOnUserChange, .timeoutFromBackground:
            return context.fixedPredicates & 1 << rawValue != 0
        case .registered: return context.appState.registered
        case .commonIdentity: return context.store.identity != nil
        case .managedTokenUsed: return context.appState.tokenConsumed
        case .silentLoginSucceeded: return context.silent
        case .identifyPrompted: return context.identifyPrompt != nil
        case .sessionOfAnotherIdentity:
            let store = context.store
            return store.sessionUser != nil && store.sessionUser != store.identity
        case .storeHoldsSession: return context.store.hasSession
        case .timeoutPassed:
            return context.policy.timeout > 0 && context.time - context.store.stamp >= context.policy.timeout
        case .unlockedInProcess: return context.appState.unlockedInProcess
        case .storeSessionLive: return context.storeSessionLive
        case .sessionLive: return context.sessionLive
        case .passcodeExists, .credentialKeyExists: return context.store.passcodeSet
        case .passcodeEntered: return context.securePrompt == .passcode
        case .passcodeExpired:
            return context.policy.maxPasscodeAge > 0
                && context.time - context.store.passcodeCreated >= context.policy.maxPasscodeAge
        case .credentialSessionLive: return context.store.passcodeSet && context.sessionLive
        case .identifyAskedSamePrompt:
            return context.identifyPrompt != nil && context.identifyPrompt == context.securePrompt
        case .sessionOfAnotherUser:
            let owner = context.servingSessionUser
            return owner != nil && owner != context.user
        case .barrierAsked:
            return context.securePrompts.contains { $0 == .passcode || $0 == .credentials || $0 == .appCredentials }
        case .anotherUsersData:
            return context.appState.dataUsers & ~(context.user.map(AirWatchState.bit) ?? 0) != 0
        case .ownLoginAsked:
            return context.event == AirWatchFact.wrongPasscode
                || (context.entry.ownLogin != .none && !context.ownSessionServes)
        case .ownSessionServes: return context.ownSessionServes
        case .ownSessionRunning: return context.appState.ownSessionUser != nil
        case .holdsUserSessionOrData: return context.heldUsers != 0
        case .beforeInitialCheck: return context.beforeInitialCheck
        case .ssoStatusSettled: return !context.beforeInitialCheck || !context.entry.effectiveSSO
        case .storeHoldsIdentity: return context.store.identity != nil
        case .maxFailedAttemptsReached:
            return context.policy.maxFailedAttempts > 0
                && context.store.failedAttempts >= context.policy.maxFailedAttempts
        case .sdkDataWiped: return context.wipe == .sdkData || context.wipe == .everyApp
        case .wipeReachesEveryApp: return context.wipe == .everyApp
        case .checkOutChangesUser: return context.state.checkedOutUser != context.user
        case .anyPasscodeExists: return context.state.stores.contains { $0.passcodeSet }
        case .anyPasscodeOrSession: return context.state.stores.contains { $0.passcodeSet || $0.hasSession }
        case .checkingIn: return context.event == AirWatchFact.checkIn
        case .holdsUserData: return context.appState.dataUsers != 0
        case .hubCheckedOutUser: return context.state.checkedOutUser != nil
        case .registeredToAnotherUser:
            let checkedOut = context.state.checkedOutUser
            let app = context.appState
            let common = context.store.identity
            return (app.registered && app.registeredUser != checkedOut)
                || (context.entry.effectiveSSO && common != nil && common != checkedOut)
        case .userChangeWiped: return context.wipe == .userChange
        case .processEnds: return context.event == .terminate
        case .deviceRestart: return context.deviceWide
        case .anyStoreHoldsSession: return context.state.stores.contains { $0.hasSession }
        }
    }
}
