import SSOPolicyProviderKit

/// `open`: Locker's gate, then the app's own sign-in (MAM holds no session of its own).
extension ImprivataMAMProvider {
    func open(
        _ state: inout ImprivataState, _ context: inout ImprivataContext, trace: inout RuleTrace, app: Int,
        user: UserID
    ) throws -> StepOutcome {
        var outcome = StepOutcome(session: .appReused, sessionUser: user, details: try deviceDetails(state))
        outcome.details.set(ImprivataDetail.logoutMethod.id, choice: context.policy.apps[app].logout.rawValue)
        let gate = try trace.first(ImprivataAccessRule.deviceGate, on: state, in: context)
        if let gate { outcome.apply(gate.effect) }
        if gate == .accessLockerLocked || gate == .accessLostMode {
            return StepOutcome(session: outcome.session, details: outcome.details)
        }
        if gate == .accessNotCustodian { outcome.subject = try state.custodian.value }
        // The device's own lock screen: another worker's passcode stops the user here.
        switch try trace.first(ImprivataLockScreenRule.deviceLock, on: state, in: context) {
        case .lockAnotherWorkersPasscode:
            var stopped = StepOutcome(session: .none, subject: try state.passcodeOwner.value, details: outcome.details)
            stopped.apply(ImprivataLockScreenRule.lockAnotherWorkersPasscode.effect)
            return stopped
        case .lockOwnPasscode:
            outcome.apply(ImprivataLockScreenRule.lockOwnPasscode.effect)
            try unlockedWithPasscode(&state, context, trace: &trace)
        case .lockSharedPasscode:
            outcome.apply(ImprivataLockScreenRule.lockSharedPasscode.effect)
            try unlockedWithPasscode(&state, context, trace: &trace)
        case .restartLocksDevice, .microsoftNoButtonAndroid, .restartUnlockReconnects, nil:
            break  // not in the list, or the lock screen is not in the way
        }
        if try trace.evaluate(ImprivataAccessRule.accessOverdue, on: state, in: context) {
            outcome.apply(ImprivataAccessRule.accessOverdue.effect)
        }
        context.focus(app)
        if try trace.evaluate(ImprivataAccessRule.dataPreviousUser, on: state, in: context) {
            outcome.apply(ImprivataAccessRule.dataPreviousUser.effect)
            outcome.subject = try state.apps[app].data.value
        }
        guard let decision = try trace.first(ImprivataAccessRule.appSession, on: state, in: context) else {
            return StepOutcome(session: .denied, details: outcome.details)
        }
        var keepsSignIn = true
        switch decision {
        case .sdmPreviousAccount: outcome.sessionUser = try state.entraAccount.value
        case .sdmSignIn: state.entraAccount = .known(user)
        case .certificatePreviousUser: outcome.sessionUser = try state.mdmUser.value
        case .certificateSilent: if try state.apps[app].session.value != user { outcome.session = .appNew }
        case .appPreviousSession: outcome.sessionUser = try state.apps[app].session.value
        case .appSignIn:
            // AutoFill's second factor comes before the app's own login.
            if try trace.evaluate(ImprivataAccessRule.autofillSecondFactor, on: state, in: context) {
                outcome.apply(ImprivataAccessRule.autofillSecondFactor.effect)
                state.secondFactorDone = .known(true)
            }
            outcome.details.set(
                ImprivataDetail.autofill.id,
                choice: try trace.evaluate(ImprivataAccessRule.autofillFills, on: state, in: context) ? 0 : 1)
            keepsSignIn = try !trace.evaluate(ImprivataAccessRule.appEveryOpen, on: state, in: context)
        case .appNoLogin, .sdmAccountReused, .appSessionReused, .microsoftOwnSignIn:
            break  // the user's own session, none needed, or the app's own Microsoft sign-in
        case .accessLockerLocked, .accessLostMode, .accessEmergencyUnlocked, .accessNotCustodian, .accessCustodian,
            .accessOverdue, .autofillSecondFactor, .autofillFills, .dataPreviousUser, .appEveryOpen:
            break  // not in the list
        }
        outcome.apply(decision.effect)
        if let owner = outcome.sessionUser, owner != user {
            // The rules that serve another worker's session raise it in their effect.
            outcome.subject = owner
        } else {
            // An app that asks at every open keeps only the data of whoever signed in last.
            state.apps[app].session = .known(keepsSignIn ? user : nil)
            state.apps[app].data = .known(user)
        }
        outcome.details.set(ImprivataDetail.dataOwner.id, account: try state.apps[app].data.value)
        return outcome
    }

    /// The device passcode was entered: the lock screen is down, and a restarted iPhone talks to its MDM again, so
    /// ClearPasscode reaches it at the next check-in (kb 12015).
    private func unlockedWithPasscode(
        _ state: inout ImprivataState, _ context: ImprivataContext, trace: inout RuleTrace
    ) throws {
        state.deviceLocked = .known(false)
        if try trace.evaluate(ImprivataLockScreenRule.restartUnlockReconnects, on: state, in: context) {
            state.rebooted = .known(false)
        }
    }

    /// The user signs out of the app itself; a Microsoft app in shared device mode signs every Microsoft app out.
    func signOut(
        _ state: inout ImprivataState, _ context: inout ImprivataContext, trace: inout RuleTrace, app: Int
    ) throws -> StepOutcome {
        context.focus(app)
        let decision = try trace.first(ImprivataDeviceRule.signOut, on: state, in: context)
        if decision == .sdmGlobalSignOut {
            state.entraAccount = .known(nil)
            for index in state.apps.indices where context.policy.apps[index].isMicrosoftShared {
                state.apps[index].session = .known(nil)
                // An app that clears the previous user's data (a catalogued Microsoft app) does so now.
                if context.policy.apps[index].clearsDataOnLogout { state.apps[index].data = .known(nil) }
            }
        } else if decision == .appSignOut {
            state.apps[app].session = .known(nil)
            // An app that clears its data on a user change clears it at its own sign-out too.
            if context.policy.apps[app].clearsDataOnUserChange { state.apps[app].data = .known(nil) }
        }
        return StepOutcome(session: .none, details: try deviceDetails(state))
    }

    /// An app's process ends (`all`: a restart). Sign-ins that apps restore at launch survive.
    func terminate(
        _ state: inout ImprivataState, _ context: inout ImprivataContext, trace: inout RuleTrace, app: Int?
    ) throws -> StepOutcome {
        let targets = app.map { [$0] } ?? Array(state.apps.indices)
        for index in targets {
            context.focus(index)
            if try trace.first(ImprivataDeviceRule.terminate, on: state, in: context) == .terminateSessionDropped {
                state.apps[index].session = .known(nil)
            }
        }
        if app == nil, try trace.evaluate(ImprivataLockScreenRule.restartLocksDevice, on: state, in: context) {
            state.deviceLocked = .known(true)
        }
        if app == nil, try trace.evaluate(ImprivataDeviceRule.restartBlocksClearPasscode, on: state, in: context) {
            state.rebooted = .known(true)
        }
        return StepOutcome(session: .none, details: try deviceDetails(state))
    }
}
