import SSOPolicyProviderKit

extension EntraState {
    /// MSAL signout from one app: global in shared mode, per app otherwise (research §4, §7).
    mutating func signOut(
        _ index: Int, user: UserID, brokerFails: Bool, policy: EntraPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let app = policy.apps[index]
        traceMode(app, policy: policy, trace: &trace)
        switch app.mode {
        case .shared:
            return signOutShared(index, brokerFails: brokerFails, policy: policy, trace: &trace)
        case .defaultMode, .notAware:
            return signOutAppOnly(index, user: user, policy: policy, trace: &trace)
        case .initFails:
            var outcome = StepOutcome(session: .none)
            _ = trace.check(EntraRule.androidMultipleAccountInitFails, !policy.isIOS, true, true)
            outcome.findings.insert(EntraFinding.multipleAccountAppUnsupported)
            return outcome
        }
    }

    /// Shared mode: local tokens go first, then the broker signs the account out device-wide and notifies running
    /// listeners. App data stays unless each app clears it; Safari stays unless signoutFromBrowser.
    mutating func signOutShared(_ index: Int, brokerFails: Bool, policy: EntraPolicy, trace: inout RuleTrace)
        -> StepOutcome
    {
        let app = policy.apps[index]
        var outcome = StepOutcome(session: .none)
        outcome.details.set(EntraDetail.deviceMode, choice: EntraDetail.shared)
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
        let action = signOutData(index, clears: app.clearsData, trace: &trace)
        outcome.details.set(EntraDetail.dataAction, choice: action)
        let global = trace.check(EntraRule.signOutGlobal, true, signedIn != nil, !brokerFails)
        if trace.check(EntraRule.signOutBrokerFailed, true, signedIn != nil, brokerFails), let signedIn {
            outcome.session = .sharedReused
            outcome.sessionUser = signedIn
            outcome.subject = signedIn
            outcome.findings.insert(EntraFinding.brokerSignOutFailed)
            outcome.details.set(EntraDetail.signOutScope, choice: EntraDetail.app)
            return outcome
        }
        guard global, let signedIn else {
            outcome.details.set(EntraDetail.signOutScope, choice: EntraDetail.app)
            return outcome
        }
        outcome.details.set(EntraDetail.signOutScope, choice: EntraDetail.global)
        outcome.subject = signedIn
        deviceAccount = nil
        if !policy.isIOS { apps[index].principal = nil }
        let safariUser = safari
        if trace.check(
            EntraRule.browserKept, policy.isIOS, safariUser != nil, !app.signoutFromBrowser,
            policy.safariKeptUnlessSignout)
        {
            outcome.findings.insert(EntraFinding.browserSessionRemains)
        } else if trace.check(
            EntraRule.browserSignedOut, policy.isIOS, safariUser != nil,
            app.signoutFromBrowser || !policy.safariKeptUnlessSignout)
        {
            safari = nil
        }
        notifyListeners(except: index, policy: policy, trace: &trace)
        if trace.check(EntraRule.signOutNotCovered, true, keepsAfterGlobalSignOut(signedIn, sender: index, policy)) {
            outcome.findings.insert(EntraFinding.notCoveredByGlobalSignout)
        }
        if trace.check(EntraRule.signOutCachedAccessTokens, true, cachedTokens) {
            outcome.findings.insert(EntraFinding.accessTokenOutlivesSignOut)
        }
        return outcome
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
    mutating func signOutData(_ index: Int, clears: Bool, trace: inout RuleTrace) -> Int {
        let holds = apps[index].dataOwner != nil
        if trace.check(EntraRule.signOutDataCleared, holds, clears) {
            apps[index].dataOwner = nil
            return EntraDetail.cleared
        }
        if trace.check(EntraRule.signOutDataKept, holds, !clears) { return EntraDetail.kept }
        return EntraDetail.none
    }

    /// Default mode or an app that is not shared-device aware: only this app's session ends; the broker and
    /// other apps keep theirs (research §7).
    mutating func signOutAppOnly(_ index: Int, user: UserID, policy: EntraPolicy, trace: inout RuleTrace)
        -> StepOutcome
    {
        let app = policy.apps[index]
        var outcome = StepOutcome(session: .none)
        outcome.details.set(
            EntraDetail.deviceMode,
            choice: app.isAware
                ? (policy.deviceShared ? EntraDetail.shared : EntraDetail.defaultMode)
                : EntraDetail.unavailable)
        outcome.details.set(EntraDetail.signOutScope, choice: EntraDetail.app)
        _ = trace.check(EntraRule.signOutAppOnly, true)
        let leaving = apps[index].tokens ?? user
        apps[index].tokens = nil
        apps[index].principal = nil
        outcome.details.set(EntraDetail.dataAction, choice: signOutData(index, clears: app.clearsData, trace: &trace))
        var stillHeld = deviceAccount == leaving
        for other in apps.indices where other != index && apps[other].tokens == leaving {
            if policy.apps[other].mode != .shared { stillHeld = true }
        }
        if trace.check(EntraRule.otherAppsStaySignedIn, true, stillHeld) {
            outcome.findings.insert(EntraFinding.notCoveredByGlobalSignout)
            outcome.subject = leaving
        }
        return outcome
    }
}
