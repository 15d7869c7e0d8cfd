import SSOPolicyProviderKit

/// Custody events: check-out at the hub, check-in at the hub, the emergency unlock and the Microsoft button.
extension ImprivataMAMProvider {
    func checkOut(
        _ user: UserID, time: Int, context: inout ImprivataContext, state: inout ImprivataState,
        trace: inout RuleTrace
    ) -> StepOutcome {
        var outcome = StepOutcome(session: .sharedNew, sessionUser: user)
        let gate = trace.first(ImprivataCheckOutRule.checkOutGate, in: context)
        if let gate, gate != .checkOutForceRecovery {
            var refused = StepOutcome(session: .none, details: deviceDetails(state))
            refused.apply(gate.effect)
            if gate == .checkOutPasscodeLocked { refused.subject = state.passcodeOwner }
            return refused
        }
        if let gate {
            outcome.apply(gate.effect)
            erase(&state)
            context.state = state
        }
        if trace.evaluate(ImprivataCheckOutRule.checkOutBadge, in: context) {
            outcome.apply(ImprivataCheckOutRule.checkOutBadge.effect)
        }
        if let prompt = trace.first(ImprivataCheckOutRule.checkOutPrompt, in: context) { outcome.apply(prompt.effect) }
        state.secondFactorDone = false
        if trace.evaluate(ImprivataCheckOutRule.checkOutAutofillSecondFactor, in: context) {
            outcome.apply(ImprivataCheckOutRule.checkOutAutofillSecondFactor.effect)
            state.secondFactorDone = true
        }
        if trace.evaluate(ImprivataCheckOutRule.checkOutDevicePasscode, in: context) {
            outcome.apply(ImprivataCheckOutRule.checkOutDevicePasscode.effect)
            state.passcodeOwner = user
        }
        if trace.evaluate(ImprivataCheckOutRule.checkOutMDMAssignment, in: context) { state.mdmUser = user }
        state.status = .checkedOut
        state.custodian = user
        state.checkOutTime = .at(time)
        state.autofillUser = context.policy.autofill ? user : nil
        state.rebooted = false
        state.deviceLocked = false
        outcome.details = deviceDetails(state)
        outcome.details.set(ImprivataDetail.checkOutMethod.id, choice: context.policy.checkOutAuth.rawValue)
        return outcome
    }

    func checkIn(
        _ user: UserID?, context: inout ImprivataContext, state: inout ImprivataState, trace: inout RuleTrace
    ) -> StepOutcome {
        if trace.evaluate(ImprivataCheckInRule.checkInNotCheckedOut, in: context) {
            return StepOutcome(session: .none, details: deviceDetails(state))
        }
        var outcome = StepOutcome(session: .none, subject: state.custodian ?? user)
        var failed = false
        for index in state.apps.indices {
            context.focus(index)
            let before = state.apps[index]
            // The findings name the apps they are about.
            var about = false
            if trace.evaluate(ImprivataCheckInRule.logoutNotifications, in: context) {
                outcome.apply(ImprivataCheckInRule.logoutNotifications.effect)
                about = true
            }
            let app = context.app
            let logout = trace.first(ImprivataCheckInRule.appLogout, in: context)
            if let logout {
                outcome.apply(logout.effect)
                if !logout.effect.findings.isEmpty { about = true }
            }
            switch logout {
            case .logoutErase, .logoutClearAppData, .logoutEpicRover:
                state.apps[index].session = nil
                state.apps[index].data = nil
            case .logoutCallback, .logoutMicrosoftSignOut:
                state.apps[index].session = nil
                if app.clearsDataOnLogout { state.apps[index].data = nil }
            case .logoutForceQuitAsLogout, .logoutProcessEndsSession:
                state.apps[index].session = nil
            case .logoutActionFailed:
                failed = true
            case .logoutDialogBlocked:
                state.apps[index].dialogsAccepted = true
            default:
                break
            }
            if let owner = state.apps[index].session ?? state.apps[index].data, owner == before.session ?? before.data {
                outcome.subject = owner
            }
            if about { outcome.about(app: index) }
        }
        context.state = state
        context.aLogoutFailed = failed
        if trace.evaluate(ImprivataCheckInRule.checkInFailsOnLogoutError, in: context) {
            outcome.apply(ImprivataCheckInRule.checkInFailsOnLogoutError.effect)
            outcome.details = deviceDetails(state)
            return outcome
        }
        if trace.evaluate(ImprivataCheckInRule.checkInAutofillPurged, in: context) { state.autofillUser = nil }
        state.secondFactorDone = false
        if trace.evaluate(ImprivataCheckInRule.checkInMicrosoftSignOut, in: context) { state.entraAccount = nil }
        if trace.evaluate(ImprivataCheckInRule.checkInMDMReset, in: context) {
            state.mdmUser = nil
        } else if trace.evaluate(ImprivataCheckInRule.checkInMDMIdentityKept, in: context) {
            outcome.apply(ImprivataCheckInRule.checkInMDMIdentityKept.effect)
            outcome.subject = state.mdmUser
        }
        if trace.evaluate(ImprivataCheckInRule.logoutErase, in: context) {
            erase(&state)
        } else {
            switch trace.first(ImprivataCheckInRule.checkInPasscode, in: context) {
            case .checkInPasscodeNotCleared:
                outcome.apply(ImprivataCheckInRule.checkInPasscodeNotCleared.effect)
                outcome.subject = state.passcodeOwner
            case .checkInPasscodeCleared:
                state.passcodeOwner = nil
            default:
                break
            }
        }
        if trace.evaluate(ImprivataCheckInRule.checkInLocks, in: context) {
            state.status = .checkedIn
            state.custodian = nil
            state.rebooted = false
        }
        outcome.details = deviceDetails(state)
        return outcome
    }

    /// An erase (force recovery, or a check-in that erases): nothing of any worker is left, and the phone is new again:
    /// its custom-scheme permission dialogs wait to be answered once more.
    private func erase(_ state: inout ImprivataState) {
        for index in state.apps.indices {
            state.apps[index] = ImprivataAppState()
            state.apps[index].dialogsAccepted = false
        }
        state.entraAccount = nil
        state.mdmUser = nil
        state.passcodeOwner = nil
        state.autofillUser = nil
        state.rebooted = false
        state.deviceLocked = false
    }

    func emergencyUnlock(context: ImprivataContext, state: inout ImprivataState, trace: inout RuleTrace)
        -> StepOutcome
    {
        var outcome = StepOutcome(session: .none)
        if let decision = trace.first(ImprivataDeviceRule.emergency, in: context) {
            outcome.apply(decision.effect)
            if decision == .emergencyUnlock {
                state.status = .pinUnlocked
                state.custodian = nil
            }
        }
        outcome.details = deviceDetails(state)
        return outcome
    }

    func microsoftSignIn(_ user: UserID, context: ImprivataContext, state: inout ImprivataState, trace: inout RuleTrace)
        -> StepOutcome
    {
        guard trace.evaluate(ImprivataDeviceRule.microsoftButton, in: context) else {
            // On Android nothing signs in at check-out: Teams asks when it is opened.
            trace.record(ImprivataLockScreenRule.microsoftNoButtonAndroid, in: context)
            return StepOutcome(session: .none, details: deviceDetails(state))
        }
        state.entraAccount = user
        var outcome = StepOutcome(session: .none, sessionUser: user, details: deviceDetails(state))
        outcome.apply(ImprivataDeviceRule.microsoftButton.effect)
        return outcome
    }
}
