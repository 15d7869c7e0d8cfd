import SSOPolicyProviderKit

extension EntraState {
    /// MSAL signout from one app: global in shared mode, per app otherwise (research §4, §7).
    mutating func signOut(
        _ index: Int, user: UserID, brokerFails: Bool, policy: EntraPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        traceMode(index, policy: policy, trace: &trace)
        switch policy.apps[index].mode {
        case .shared:
            return signOutShared(index, brokerFails: brokerFails, policy: policy, trace: &trace)
        case .defaultMode, .notAware:
            return signOutAppOnly(index, user: user, policy: policy, trace: &trace)
        case .initFails:
            var outcome = StepOutcome(session: .none)
            trace.record(
                EntraModeRule.androidMultipleAccountInitFails, in: context(index, user: user, policy: policy))
            outcome.apply(EntraModeRule.androidMultipleAccountInitFails.effect)
            return outcome
        }
    }

    /// Shared mode: local tokens go first, then the broker signs the account out device-wide and notifies running
    /// listeners. App data stays unless each app clears it; Safari stays unless signoutFromBrowser.
    mutating func signOutShared(_ index: Int, brokerFails: Bool, policy: EntraPolicy, trace: inout RuleTrace)
        -> StepOutcome
    {
        var outcome = StepOutcome(session: .none)
        outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.shared)
        let signedIn = deviceAccount
        // Apps that served the account and cache access tokens themselves keep them past the sign-out (R10).
        var cachedTokens = false
        for other in apps.indices where policy.apps[other].cachesAccessTokens && policy.apps[other].mode == .shared {
            if signedIn != nil && (apps[other].tokens == signedIn || apps[other].dataOwner == signedIn) {
                cachedTokens = true
            }
        }
        // removeAccountImpl runs first, whatever the broker does (§4 step 1).
        apps[index].tokens = nil
        let action = signOutData(index, policy: policy, trace: &trace)
        outcome.details.set(EntraDetail.dataAction.id, choice: action)
        var context = self.context(index, user: nil, policy: policy)
        context.brokerFails = brokerFails
        let broker = trace.first(EntraSignOutRule.brokerSignOut, in: context)
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
        deviceAccount = nil
        if !policy.device.isIOS { apps[index].principal = nil }
        switch trace.first(EntraSignOutRule.browserAtSignOut, in: self.context(index, user: nil, policy: policy)) {
        case .browserKept: outcome.apply(EntraSignOutRule.browserKept.effect)
        case .browserSignedOut: safari = nil
        default: break
        }
        notifyListeners(except: index, policy: policy, trace: &trace)
        intuneClearsLocalData(policy: policy, trace: &trace)
        context = self.context(index, user: nil, policy: policy)
        context.signedOutGlobally = true
        context.userKeptByAnApp = keepsAfterGlobalSignOut(signedIn, sender: index, policy)
        context.userTokensCached = cachedTokens
        if trace.evaluate(EntraSignOutRule.signOutNotCovered, in: context) {
            outcome.apply(EntraSignOutRule.signOutNotCovered.effect)
        }
        if trace.evaluate(EntraSignOutRule.signOutCachedAccessTokens, in: context) {
            outcome.apply(EntraSignOutRule.signOutCachedAccessTokens.effect)
        }
        return outcome
    }

    /// Android dedicated devices: at a global sign-out Intune clears the local data of each app listed in "Clear local
    /// data in apps not optimized for Shared device mode" (Microsoft Learn, Intune's Android device restrictions):
    /// its own sign-in goes with it. The list is Android only; iOS keeps what these apps hold.
    mutating func intuneClearsLocalData(policy: EntraPolicy, trace: inout RuleTrace) {
        for index in apps.indices where policy.apps[index].intuneClearsLocalData {
            guard
                trace.evaluate(
                    EntraDeviceSignOutRule.intuneClearsLocalData, in: context(index, user: nil, policy: policy))
            else {
                continue
            }
            apps[index].tokens = nil
            apps[index].dataOwner = nil
            apps[index].principal = nil
        }
    }

    /// Whether any app still holds `user`'s session or data after a global sign-out and will not reliably clear
    /// it: apps that are not shared-device aware, and aware apps that do not check, compare and clear.
    func keepsAfterGlobalSignOut(_ user: UserID, sender: Int, _ policy: EntraPolicy) -> Bool {
        for index in apps.indices {
            let app = policy.apps[index]
            let state = apps[index]
            switch app.mode {
            case .notAware:
                if state.tokens == user || state.dataOwner == user { return true }
            case .shared:
                let clears =
                    index == sender
                    ? app.clearsData : app.clearsData && app.checksCurrentAccount && app.comparesAccountIDs
                if state.dataOwner == user && !clears { return true }
            case .defaultMode, .initFails:
                continue
            }
        }
        return false
    }

    /// The signing-out app clears its own data, or keeps it (MSAL never does, R4).
    mutating func signOutData(_ index: Int, policy: EntraPolicy, trace: inout RuleTrace) -> Int {
        switch trace.first(EntraSignOutRule.signOutData, in: context(index, user: nil, policy: policy)) {
        case .signOutDataCleared:
            apps[index].dataOwner = nil
            return EntraDetail.cleared
        case .signOutDataKept:
            return EntraDetail.kept
        default:
            return EntraDetail.none
        }
    }

    /// Default mode or an app that is not shared-device aware: only this app's session ends; the broker and
    /// other apps keep theirs (research §7).
    mutating func signOutAppOnly(_ index: Int, user: UserID, policy: EntraPolicy, trace: inout RuleTrace)
        -> StepOutcome
    {
        let app = policy.apps[index]
        var outcome = StepOutcome(session: .none)
        outcome.details.set(
            EntraDetail.deviceMode.id,
            choice: app.isAware
                ? (policy.device.deviceShared ? EntraDetail.shared : EntraDetail.defaultMode)
                : EntraDetail.unavailable)
        outcome.details.set(EntraDetail.signOutScope.id, choice: EntraDetail.app)
        trace.record(EntraSignOutRule.signOutAppOnly, in: context(index, user: user, policy: policy))
        outcome.apply(EntraSignOutRule.signOutAppOnly.effect)
        let leaving = apps[index].tokens ?? user
        apps[index].tokens = nil
        apps[index].principal = nil
        outcome.details.set(EntraDetail.dataAction.id, choice: signOutData(index, policy: policy, trace: &trace))
        var stillHeld = deviceAccount == leaving
        for other in apps.indices where other != index && apps[other].tokens == leaving {
            if policy.apps[other].mode != .shared { stillHeld = true }
        }
        var context = self.context(index, user: user, policy: policy)
        context.userStillHeld = stillHeld
        if trace.evaluate(EntraSignOutRule.otherAppsStaySignedIn, in: context) {
            outcome.apply(EntraSignOutRule.otherAppsStaySignedIn.effect)
            outcome.subject = leaving
        }
        return outcome
    }
}
