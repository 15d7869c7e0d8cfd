import SSOPolicyProviderKit

extension EntraSharedDeviceProvider {
    /// MSAL signout from the app in focus: global in shared mode, per app otherwise (research §4, §7).
    func signOut(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        try traceMode(state, context, trace: &trace)
        switch context.app.mode {
        case .shared:
            return try signOutShared(&state, context, trace: &trace)
        case .defaultMode, .notAware:
            return try signOutAppOnly(&state, context, trace: &trace)
        case .initFails:
            var outcome = StepOutcome(session: .none)
            try trace.record(EntraModeRule.androidMultipleAccountInitFails, on: state, in: context)
            outcome.apply(EntraModeRule.androidMultipleAccountInitFails.effect)
            return outcome
        }
    }

    /// Shared mode: local tokens go first, then the broker signs the account out device-wide and notifies running
    /// listeners. App data stays unless each app clears it; Safari stays unless signoutFromBrowser.
    func signOutShared(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        let index = context.index
        let policy = context.policy
        var outcome = StepOutcome(session: .none)
        outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.shared)
        let signedIn = try state.deviceAccount.value
        // Apps that served the account and cache access tokens themselves keep them past the sign-out (R10).
        var cachedTokens = false
        for other in state.apps.indices
        where policy.apps[other].cachesAccessTokens && policy.apps[other].mode == .shared {
            if try signedIn != nil
                && (state.apps[other].tokens.value == signedIn || state.apps[other].dataOwner.value == signedIn)
            {
                cachedTokens = true
            }
        }
        // removeAccountImpl runs first, whatever the broker does (§4 step 1).
        state.apps[index].tokens = .known(nil)
        let action = try signOutData(&state, context, trace: &trace)
        outcome.details.set(EntraDetail.dataAction.id, choice: action)
        let broker = try trace.first(EntraSignOutRule.brokerSignOut, on: state, in: context)
        if broker == .signOutBrokerFailed, let signedIn {
            outcome.apply(EntraSignOutRule.signOutBrokerFailed.effect)
            outcome.sessionUser = signedIn
            outcome.subject = signedIn
            outcome.details.set(EntraDetail.signOutScope.id, choice: EntraDetail.app)
            return outcome
        }
        guard broker == .signOutGlobal, let signedIn else {
            outcome.details.set(EntraDetail.signOutScope.id, choice: EntraDetail.app)
            return outcome
        }
        outcome.apply(EntraSignOutRule.signOutGlobal.effect)
        outcome.details.set(EntraDetail.signOutScope.id, choice: EntraDetail.global)
        outcome.subject = signedIn
        state.deviceAccount = .known(nil)
        if !policy.device.isIOS { state.apps[index].principal = .known(nil) }
        switch try trace.first(EntraSignOutRule.browserAtSignOut, on: state, in: context) {
        case .browserKept: outcome.apply(EntraSignOutRule.browserKept.effect)
        case .browserSignedOut: state.safari = .known(nil)
        case .signOutGlobal, .signOutBrokerFailed, .signOutDataCleared, .signOutDataKept,
            .signOutNotCovered,
            .signOutCachedAccessTokens, .signOutAppOnly, .otherAppsStaySignedIn, nil:
            break  // not in the list, or nothing to say of Safari
        }
        try notifyListeners(&state, context, trace: &trace)
        try intuneClearsLocalData(&state, context, trace: &trace)
        var after = context.focused(on: index)
        after.signedOutGlobally = true
        after.userKeptByAnApp = try state.keepsAfterGlobalSignOut(signedIn, sender: index, policy)
        after.userTokensCached = cachedTokens
        if try trace.evaluate(EntraSignOutRule.signOutNotCovered, on: state, in: after) {
            outcome.apply(EntraSignOutRule.signOutNotCovered.effect)
        }
        if try trace.evaluate(EntraSignOutRule.signOutCachedAccessTokens, on: state, in: after) {
            outcome.apply(EntraSignOutRule.signOutCachedAccessTokens.effect)
        }
        return outcome
    }

    /// Android dedicated devices: at a global sign-out Intune clears the local data of each app listed in "Clear local
    /// data in apps not optimized for Shared device mode" (Microsoft Learn, Intune's Android device restrictions):
    /// its own sign-in goes with it. The list is Android only; iOS keeps what these apps hold.
    func intuneClearsLocalData(
        _ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace
    ) throws {
        for index in state.apps.indices where context.policy.apps[index].intuneClearsLocalData {
            guard
                try trace.evaluate(
                    EntraDeviceSignOutRule.intuneClearsLocalData, on: state, in: context.focused(on: index))
            else { continue }
            state.apps[index].tokens = .known(nil)
            state.apps[index].dataOwner = .known(nil)
            state.apps[index].principal = .known(nil)
        }
    }

    /// The signing-out app clears its own data, or keeps it (MSAL never does, R4).
    func signOutData(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> Int
    {
        switch try trace.first(EntraSignOutRule.signOutData, on: state, in: context) {
        case .signOutDataCleared:
            state.apps[context.index].dataOwner = .known(nil)
            return EntraDetail.cleared
        case .signOutDataKept:
            return EntraDetail.kept
        case .signOutGlobal, .signOutBrokerFailed, .browserKept, .browserSignedOut, .signOutNotCovered,
            .signOutCachedAccessTokens, .signOutAppOnly, .otherAppsStaySignedIn, nil:
            return EntraDetail.none
        }
    }

    /// Default mode or an app that is not shared-device aware: only this app's session ends; the broker and
    /// other apps keep theirs (research §7).
    func signOutAppOnly(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        let index = context.index
        let policy = context.policy
        var outcome = StepOutcome(session: .none)
        outcome.details.set(
            EntraDetail.deviceMode.id,
            choice: context.app.isAware
                ? (policy.device.deviceShared ? EntraDetail.shared : EntraDetail.defaultMode)
                : EntraDetail.unavailable)
        outcome.details.set(EntraDetail.signOutScope.id, choice: EntraDetail.app)
        try trace.record(EntraSignOutRule.signOutAppOnly, on: state, in: context)
        outcome.apply(EntraSignOutRule.signOutAppOnly.effect)
        let leaving = try state.apps[index].tokens.value ?? context.user
        state.apps[index].tokens = .known(nil)
        state.apps[index].principal = .known(nil)
        outcome.details.set(
            EntraDetail.dataAction.id, choice: try signOutData(&state, context, trace: &trace))
        var stillHeld = try state.deviceAccount.value == leaving
        for other in state.apps.indices where try other != index && state.apps[other].tokens.value == leaving {
            if policy.apps[other].mode != .shared { stillHeld = true }
        }
        var held = context
        held.userStillHeld = stillHeld
        if try trace.evaluate(EntraSignOutRule.otherAppsStaySignedIn, on: state, in: held) {
            outcome.apply(EntraSignOutRule.otherAppsStaySignedIn.effect)
            outcome.subject = leaving
        }
        return outcome
    }
}

extension EntraState {
    /// Whether any app still holds `user`'s session or data after a global sign-out and will not reliably clear
    /// it: apps that are not shared-device aware, and aware apps that do not check, compare and clear.
    func keepsAfterGlobalSignOut(_ user: UserID, sender: Int, _ policy: EntraPolicy) throws -> Bool {
        for index in apps.indices {
            let app = policy.apps[index]
            let state = apps[index]
            switch app.mode {
            case .notAware:
                if try state.tokens.value == user || state.dataOwner.value == user { return true }
            case .shared:
                let clears =
                    index == sender
                    ? app.clearsData : app.clearsData && app.checksCurrentAccount && app.comparesAccountIDs
                if try state.dataOwner.value == user && !clears { return true }
            case .defaultMode, .initFails:
                continue
            }
        }
        return false
    }
}
