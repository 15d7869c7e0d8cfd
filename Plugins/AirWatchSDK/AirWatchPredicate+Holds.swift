import SSOPolicyProviderKit

extension AirWatchPredicate {
    /// The code each predicate names: reads the context only, never allocates (it runs on every attempt).
    func holds(in context: AirWatchContext) -> Bool {
        switch self {
        case .registered: return context.appState.registered
        case .ssoEffective: return context.entry.effectiveSSO
        case .commonIdentity: return context.store.identity != nil
        case .managedTokenDelivered: return context.policy.tokenAvailable
        case .managedTokenUsed: return context.appState.tokenConsumed
        case .reuseCachedCredentials: return context.policy.reuseCachedCredentials
        case .commonAuthenticationIsPassword: return context.policy.commonIsPassword
        case .silentLoginSucceeded: return context.silent
        case .passcodeAuthentication: return context.entry.authentication == .passcode
        case .identifyPrompted: return context.identifyPrompt != nil
        case .sessionOfAnotherIdentity:
            let store = context.store
            return store.sessionUser != nil && store.sessionUser != store.identity
        case .ssoRequested: return context.entry.ssoRequested
        case .ssoRequirementMissing: return context.entry.requirementMissing
        case .noAnchorApp: return !context.policy.anchorPresent
        case .anchorProfileSSOOff: return context.entry.anchorProfileOff
        case .withoutSDK: return !context.entry.usesSDK
        case .storeHoldsSession: return context.store.hasSession
        case .timeoutPassed:
            return context.policy.timeout > 0 && context.time - context.store.stamp >= context.policy.timeout
        case .coldLaunchRequiresAuth: return context.policy.coldLaunchRequiresAuth
        case .unlockedInProcess: return context.appState.unlockedInProcess
        case .storeSessionLive: return context.storeSessionLive
        case .authenticationDisabled: return context.entry.authentication == .disabled
        case .sessionLive: return context.sessionLive
        case .passcodeExists, .credentialKeyExists: return context.store.passcodeSet
        case .passcodeSessionReusable: return context.entry.effectiveSSO || context.policy.passcodePerAppSession
        case .passcodePerAppSession: return context.policy.passcodePerAppSession
        case .passcodeEntered: return context.securePrompt == .passcode
        case .passcodeExpired:
            return context.policy.maxPasscodeAge > 0
                && context.time - context.store.passcodeCreated >= context.policy.maxPasscodeAge
        case .passwordAuthentication: return context.entry.authentication == .usernamePassword
        case .credentialSessionLive: return context.store.passcodeSet && context.sessionLive
        case .passwordSessionReusable: return context.entry.effectiveSSO || context.policy.passwordPerAppSession
        case .passwordPerAppSession: return context.policy.passwordPerAppSession
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
                || (context.entry.ownLogin != .none && !AirWatchPredicate.ownSessionServes.holds(in: context))
        case .ownSessionServes:
            return context.entry.ownLogin == .untilTerminated && context.appState.ownSessionUser != nil
        case .ownSessionRunning: return context.appState.ownSessionUser != nil
        case .holdsUserSessionOrData: return context.heldUsers != 0
        case .beforeInitialCheck: return context.beforeInitialCheck
        case .statusLastKnown: return context.policy.statusLastKnown
        case .ssoStatusSettled: return !context.beforeInitialCheck || !context.entry.effectiveSSO
        case .storeHoldsIdentity: return context.store.identity != nil
        case .maxFailedAttemptsSet: return context.policy.maxFailedAttempts > 0
        case .maxFailedAttemptsReached:
            return context.policy.maxFailedAttempts > 0
                && context.store.failedAttempts >= context.policy.maxFailedAttempts
        case .enterpriseWipe: return context.policy.enterpriseWipe
        case .sdkDataWiped: return context.wipe == .sdkData || context.wipe == .everyApp
        case .wipeReachesEveryApp: return context.wipe == .everyApp
        case .clearsDataOnWipe: return context.entry.clearsDataOnWipe
        case .checkOutChangesUser: return context.state.checkedOutUser != context.user
        case .clearPasscodeOnCheckOut: return context.policy.clearPasscodeOnCheckOut
        case .anyPasscodeExists: return context.state.stores.contains { $0.passcodeSet }
        case .anyPasscodeOrSession: return context.state.stores.contains { $0.passcodeSet || $0.hasSession }
        case .checkingIn: return context.event == AirWatchFact.checkIn
        case .holdsUserData: return context.appState.dataUsers != 0
        case .clearsDataOnUserChange: return context.entry.clearsDataOnUserChange
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
        case .timeoutFromBackground: return context.policy.timeoutFromBackground
        }
    }
}
