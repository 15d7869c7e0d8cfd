import SSOPolicyProviderKit

/// Custody events: check-out at the hub, check-in at the hub, the emergency unlock and the Microsoft button.
extension ImprivataMAMProvider {
    func checkOut(
        _ state: inout ImprivataState, _ context: ImprivataContext, trace: inout RuleTrace, user: UserID, time: Int
    ) -> StepOutcome {
        var outcome = StepOutcome(session: .sharedNew, sessionUser: user)
        let gate = trace.first(ImprivataCheckOutRule.checkOutGate, on: state, in: context)
        if let gate, gate != .checkOutForceRecovery {
            var refused = StepOutcome(session: .none, details: deviceDetails(state))
            refused.apply(gate.effect)
            if gate == .checkOutPasscodeLocked { refused.subject = state.passcodeOwner }
            return refused
        }
        if let gate {
            outcome.apply(gate.effect)
            erase(&state)
        }
        if trace.evaluate(ImprivataCheckOutRule.checkOutBadge, on: state, in: context) {
            outcome.apply(ImprivataCheckOutRule.checkOutBadge.effect)
        }
        if let prompt = trace.first(ImprivataCheckOutRule.checkOutPrompt, on: state, in: context) {
            outcome.apply(prompt.effect)
        }
        state.secondFactorDone = false
        if trace.evaluate(ImprivataCheckOutRule.checkOutAutofillSecondFactor, on: state, in: context) {
            outcome.apply(ImprivataCheckOutRule.checkOutAutofillSecondFactor.effect)
            state.secondFactorDone = true
        }
        if trace.evaluate(ImprivataCheckOutRule.checkOutDevicePasscode, on: state, in: context) {
            outcome.apply(ImprivataCheckOutRule.checkOutDevicePasscode.effect)
            state.passcodeOwner = user
        }
        if trace.evaluate(ImprivataCheckOutRule.checkOutMDMAssignment, on: state, in: context) { state.mdmUser = user }
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
        _ state: inout ImprivataState, _ context: inout ImprivataContext, trace: inout RuleTrace, user: UserID?
    ) -> StepOutcome {
        if trace.evaluate(ImprivataCheckInRule.checkInNotCheckedOut, on: state, in: context) {
            return StepOutcome(session: .none, details: deviceDetails(state))
        }
        var outcome = StepOutcome(session: .none, subject: state.custodian ?? user)
        var failed = false
        for index in state.apps.indices {
            context.focus(index)
            let before = state.apps[index]
            // The findings name the apps they are about.
            var about = false
            if trace.evaluate(ImprivataCheckInRule.logoutNotifications, on: state, in: context) {
                outcome.apply(ImprivataCheckInRule.logoutNotifications.effect)
                about = true
            }
            let app = context.app
            let logout = trace.first(ImprivataCheckInRule.appLogout, on: state, in: context)
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
            case .logoutColdStartRace, .logoutProcessOnly, .logoutMicrosoftNotSignedOut, .logoutNone, nil:
                break  // the app keeps what it holds
            case .checkInNotCheckedOut, .logoutNotifications, .checkInFailsOnLogoutError, .checkInAutofillPurged,
                .checkInMicrosoftSignOut, .checkInMDMReset, .checkInMDMIdentityKept, .checkInPasscodeNotCleared,
                .checkInPasscodeCleared, .checkInLocks:
                break  // not in the list
            }
            if let owner = state.apps[index].session ?? state.apps[index].data, owner == before.session ?? before.data {
                outcome.subject = owner
            }
            if about { outcome.about(app: index) }
        }
        context.aLogoutFailed = failed
        if trace.evaluate(ImprivataCheckInRule.checkInFailsOnLogoutError, on: state, in: context) {
            outcome.apply(ImprivataCheckInRule.checkInFailsOnLogoutError.effect)
            outcome.details = deviceDetails(state)
            return outcome
        }
        if trace.evaluate(ImprivataCheckInRule.checkInAutofillPurged, on: state, in: context) {
            state.autofillUser = nil
        }
        state.secondFactorDone = false
        if trace.evaluate(ImprivataCheckInRule.checkInMicrosoftSignOut, on: state, in: context) {
            state.entraAccount = nil
        }
        if trace.evaluate(ImprivataCheckInRule.checkInMDMReset, on: state, in: context) {
            state.mdmUser = nil
        } else if trace.evaluate(ImprivataCheckInRule.checkInMDMIdentityKept, on: state, in: context) {
            outcome.apply(ImprivataCheckInRule.checkInMDMIdentityKept.effect)
            outcome.subject = state.mdmUser
        }
        if trace.evaluate(ImprivataCheckInRule.logoutErase, on: state, in: context) {
            erase(&state)
        } else {
            let passcode = trace.first(ImprivataCheckInRule.checkInPasscode, on: state, in: context)
            if passcode == .checkInPasscodeNotCleared {
                outcome.apply(ImprivataCheckInRule.checkInPasscodeNotCleared.effect)
                outcome.subject = state.passcodeOwner
            } else if passcode == .checkInPasscodeCleared {
                state.passcodeOwner = nil
            }
        }
        if trace.evaluate(ImprivataCheckInRule.checkInLocks, on: state, in: context) {
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

    func emergencyUnlock(_ state: inout ImprivataState, _ context: ImprivataContext, trace: inout RuleTrace)
        -> StepOutcome
    {
        var outcome = StepOutcome(session: .none)
        if let decision = trace.first(ImprivataDeviceRule.emergency, on: state, in: context) {
            outcome.apply(decision.effect)
            if decision == .emergencyUnlock {
                state.status = .pinUnlocked
                state.custodian = nil
            }
        }
        outcome.details = deviceDetails(state)
        return outcome
    }

    func microsoftSignIn(
        _ state: inout ImprivataState, _ context: ImprivataContext, trace: inout RuleTrace, user: UserID
    ) -> StepOutcome {
        guard trace.evaluate(ImprivataDeviceRule.microsoftButton, on: state, in: context) else {
            // On Android nothing signs in at check-out: Teams asks when it is opened.
            trace.record(ImprivataLockScreenRule.microsoftNoButtonAndroid, on: state, in: context)
            return StepOutcome(session: .none, details: deviceDetails(state))
        }
        state.entraAccount = user
        var outcome = StepOutcome(session: .none, sessionUser: user, details: deviceDetails(state))
        outcome.apply(ImprivataDeviceRule.microsoftButton.effect)
        return outcome
    }
}
