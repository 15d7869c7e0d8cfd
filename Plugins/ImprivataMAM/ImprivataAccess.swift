import SSOPolicyProviderKit

/// `open`: Locker's gate, then the app's own sign-in (MAM holds no session of its own).
extension ImprivataMAMProvider {
    func open(
        _ app: Int, user: UserID, context: inout ImprivataContext, state: inout ImprivataState,
        trace: inout RuleTrace
    ) -> StepOutcome {
        var outcome = StepOutcome(session: .appReused, sessionUser: user, details: deviceDetails(state))
        outcome.details.set(ImprivataDetail.logoutMethod.id, choice: context.policy.apps[app].logout.rawValue)
        let gate = trace.first(ImprivataAccessRule.deviceGate, in: context)
        if let gate { outcome.apply(gate.effect) }
        if gate == .accessLockerLocked || gate == .accessLostMode {
            return StepOutcome(session: outcome.session, details: outcome.details)
        }
        if gate == .accessNotCustodian { outcome.subject = state.custodian }
        // The device's own lock screen: another worker's passcode stops the user here.
        switch trace.first(ImprivataLockScreenRule.deviceLock, in: context) {
        case .lockAnotherWorkersPasscode:
            var stopped = StepOutcome(session: .none, subject: state.passcodeOwner, details: outcome.details)
            stopped.apply(ImprivataLockScreenRule.lockAnotherWorkersPasscode.effect)
            return stopped
        case .lockOwnPasscode:
            outcome.apply(ImprivataLockScreenRule.lockOwnPasscode.effect)
            unlockedWithPasscode(context: context, state: &state, trace: &trace)
        case .lockSharedPasscode:
            outcome.apply(ImprivataLockScreenRule.lockSharedPasscode.effect)
            unlockedWithPasscode(context: context, state: &state, trace: &trace)
        default:
            break
        }
        if trace.evaluate(ImprivataAccessRule.accessOverdue, in: context) {
            outcome.apply(ImprivataAccessRule.accessOverdue.effect)
        }
        context.focus(app)
        if trace.evaluate(ImprivataAccessRule.dataPreviousUser, in: context) {
            outcome.apply(ImprivataAccessRule.dataPreviousUser.effect)
            outcome.subject = state.apps[app].data
        }
        guard let decision = trace.first(ImprivataAccessRule.appSession, in: context) else {
            return StepOutcome(session: .denied, details: outcome.details)
        }
        switch decision {
        case .sdmPreviousAccount: outcome.sessionUser = state.entraAccount
        case .sdmSignIn: state.entraAccount = user
        case .certificatePreviousUser: outcome.sessionUser = state.mdmUser
        case .certificateSilent: if state.apps[app].session != user { outcome.session = .appNew }
        case .appPreviousSession: outcome.sessionUser = state.apps[app].session
        case .appSignIn:
            // AutoFill's second factor comes before the app's own login.
            if trace.evaluate(ImprivataAccessRule.autofillSecondFactor, in: context) {
                outcome.apply(ImprivataAccessRule.autofillSecondFactor.effect)
                state.secondFactorDone = true
            }
            outcome.details.set(
                ImprivataDetail.autofill.id,
                choice: trace.evaluate(ImprivataAccessRule.autofillFills, in: context) ? 0 : 1)
        default:
            break
        }
        outcome.apply(decision.effect)
        if let owner = outcome.sessionUser, owner != user {
            // The rules that serve another worker's session raise it in their effect.
            outcome.subject = owner
        } else {
            state.apps[app].session = user
            state.apps[app].data = user
        }
        outcome.details.set(ImprivataDetail.dataOwner.id, account: state.apps[app].data)
        return outcome
    }

    /// The device passcode was entered: the lock screen is down, and a restarted iPhone talks to its MDM again, so
    /// ClearPasscode reaches it at the next check-in (kb 12015).
    private func unlockedWithPasscode(context: ImprivataContext, state: inout ImprivataState, trace: inout RuleTrace) {
        state.deviceLocked = false
        if trace.evaluate(ImprivataLockScreenRule.restartUnlockReconnects, in: context) { state.rebooted = false }
    }

    /// The user signs out of the app itself; a Microsoft app in shared device mode signs every Microsoft app out.
    func signOut(
        _ app: Int, context: inout ImprivataContext, state: inout ImprivataState, trace: inout RuleTrace
    ) -> StepOutcome {
        context.focus(app)
        switch trace.first(ImprivataDeviceRule.signOut, in: context) {
        case .sdmGlobalSignOut:
            state.entraAccount = nil
            for index in state.apps.indices where context.policy.apps[index].isMicrosoftShared {
                state.apps[index].session = nil
                // An app that clears the previous user's data (a catalogued Microsoft app) does so now.
                if context.policy.apps[index].clearsDataOnLogout { state.apps[index].data = nil }
            }
        case .appSignOut:
            state.apps[app].session = nil
            // An app that clears its data on a user change clears it at its own sign-out too.
            if context.policy.apps[app].clearsDataOnUserChange { state.apps[app].data = nil }
        default:
            break
        }
        return StepOutcome(session: .none, details: deviceDetails(state))
    }

    /// An app's process ends (`all`: a restart). Sign-ins that apps restore at launch survive.
    func terminate(
        _ app: Int?, context: inout ImprivataContext, state: inout ImprivataState, trace: inout RuleTrace
    ) -> StepOutcome {
        let targets = app.map { [$0] } ?? Array(state.apps.indices)
        for index in targets {
            context.focus(index)
            if trace.first(ImprivataDeviceRule.terminate, in: context) == .terminateSessionDropped {
                state.apps[index].session = nil
            }
        }
        if app == nil, trace.evaluate(ImprivataLockScreenRule.restartLocksDevice, in: context) {
            state.deviceLocked = true
        }
        if app == nil, trace.evaluate(ImprivataDeviceRule.restartBlocksClearPasscode, in: context) {
            state.rebooted = true
        }
        return StepOutcome(session: .none, details: deviceDetails(state))
    }
}
