import SSOPolicyProviderKit

/// Custody events: check-out at the hub, check-in at the hub, the emergency unlock and the Microsoft button.
extension ImprivataMAMProvider {
    func checkOut(
        _ state: inout ImprivataState, _ context: ImprivataContext, trace: inout RuleTrace, user: UserID, time: Int
    ) throws -> StepOutcome {
        var outcome = StepOutcome(session: .sharedNew, sessionUser: user)
        let gate = try trace.first(ImprivataCheckOutRule.checkOutGate, on: state, in: context)
        if let gate, gate != .checkOutForceRecovery {
            var refused = StepOutcome(session: .none, details: try deviceDetails(state))
            refused.apply(gate.effect)
            if gate == .checkOutPasscodeLocked { refused.subject = try state.passcodeOwner.value }
            return refused
        }
        if let gate {
            outcome.apply(gate.effect)
            erase(&state)
        }
        if try trace.evaluate(ImprivataCheckOutRule.checkOutBadge, on: state, in: context) {
            outcome.apply(ImprivataCheckOutRule.checkOutBadge.effect)
        }
        if let prompt = try trace.first(ImprivataCheckOutRule.checkOutPrompt, on: state, in: context) {
            outcome.apply(prompt.effect)
        }
        state.secondFactorDone = .known(false)
        if try trace.evaluate(ImprivataCheckOutRule.checkOutAutofillSecondFactor, on: state, in: context) {
            outcome.apply(ImprivataCheckOutRule.checkOutAutofillSecondFactor.effect)
            state.secondFactorDone = .known(true)
        }
        if try trace.evaluate(ImprivataCheckOutRule.checkOutDevicePasscode, on: state, in: context) {
            outcome.apply(ImprivataCheckOutRule.checkOutDevicePasscode.effect)
            state.passcodeOwner = .known(user)
        }
        if try trace.evaluate(ImprivataCheckOutRule.checkOutMDMAssignment, on: state, in: context) {
            state.mdmUser = .known(user)
        }
        state.status = .known(.checkedOut)
        state.custodian = .known(user)
        state.checkOutTime = .known(.at(time))
        state.autofillUser = .known(context.policy.autofill ? user : nil)
        state.rebooted = .known(false)
        state.deviceLocked = .known(false)
        outcome.details = try deviceDetails(state)
        outcome.details.set(ImprivataDetail.checkOutMethod.id, choice: context.policy.checkOutAuth.rawValue)
        return outcome
    }

    func checkIn(
        _ state: inout ImprivataState, _ context: inout ImprivataContext, trace: inout RuleTrace, user: UserID?
    ) throws -> StepOutcome {
        if try trace.evaluate(ImprivataCheckInRule.checkInNotCheckedOut, on: state, in: context) {
            return StepOutcome(session: .none, details: try deviceDetails(state))
        }
        var outcome = StepOutcome(session: .none, subject: try state.custodian.value ?? user)
        var failed = false
        for index in state.apps.indices {
            context.focus(index)
            let before = state.apps[index]
            // The findings name the apps they are about.
            var about = false
            if try trace.evaluate(ImprivataCheckInRule.logoutNotifications, on: state, in: context) {
                outcome.apply(ImprivataCheckInRule.logoutNotifications.effect)
                about = true
            }
            let app = context.app
            let logout = try trace.first(ImprivataCheckInRule.appLogout, on: state, in: context)
            if let logout {
                outcome.apply(logout.effect)
                if !logout.effect.findings.isEmpty { about = true }
            }
            switch logout {
            case .logoutErase, .logoutClearAppData, .logoutEpicRover:
                state.apps[index].session = .known(nil)
                state.apps[index].data = .known(nil)
            case .logoutCallback, .logoutMicrosoftSignOut:
                state.apps[index].session = .known(nil)
                if app.clearsDataOnLogout { state.apps[index].data = .known(nil) }
            case .logoutForceQuitAsLogout, .logoutProcessEndsSession:
                state.apps[index].session = .known(nil)
            case .logoutActionFailed:
                failed = true
            case .logoutDialogBlocked:
                state.apps[index].dialogsAccepted = .known(true)
            case .logoutColdStartRace, .logoutProcessOnly, .logoutMicrosoftNotSignedOut, .logoutNone, nil:
                break  // the app keeps what it holds
            case .checkInNotCheckedOut, .logoutNotifications, .checkInFailsOnLogoutError, .checkInAutofillPurged,
                .checkInMicrosoftSignOut, .checkInMDMReset, .checkInMDMIdentityKept, .checkInPasscodeNotCleared,
                .checkInPasscodeCleared, .checkInLocks:
                break  // not in the list
            }
            if let owner = try state.apps[index].session.value ?? state.apps[index].data.value,
                try owner == before.session.value ?? before.data.value
            {
                outcome.subject = owner
            }
            if about { outcome.about(app: index) }
        }
        context.aLogoutFailed = failed
        if try trace.evaluate(ImprivataCheckInRule.checkInFailsOnLogoutError, on: state, in: context) {
            outcome.apply(ImprivataCheckInRule.checkInFailsOnLogoutError.effect)
            outcome.details = try deviceDetails(state)
            return outcome
        }
        if try trace.evaluate(ImprivataCheckInRule.checkInAutofillPurged, on: state, in: context) {
            state.autofillUser = .known(nil)
        }
        state.secondFactorDone = .known(false)
        if try trace.evaluate(ImprivataCheckInRule.checkInMicrosoftSignOut, on: state, in: context) {
            state.entraAccount = .known(nil)
        }
        if try trace.evaluate(ImprivataCheckInRule.checkInMDMReset, on: state, in: context) {
            state.mdmUser = .known(nil)
        } else if try trace.evaluate(ImprivataCheckInRule.checkInMDMIdentityKept, on: state, in: context) {
            outcome.apply(ImprivataCheckInRule.checkInMDMIdentityKept.effect)
            outcome.subject = try state.mdmUser.value
        }
        if try trace.evaluate(ImprivataCheckInRule.logoutErase, on: state, in: context) {
            erase(&state)
        } else {
            let passcode = try trace.first(ImprivataCheckInRule.checkInPasscode, on: state, in: context)
            if passcode == .checkInPasscodeNotCleared {
                outcome.apply(ImprivataCheckInRule.checkInPasscodeNotCleared.effect)
                outcome.subject = try state.passcodeOwner.value
            } else if passcode == .checkInPasscodeCleared {
                state.passcodeOwner = .known(nil)
            }
        }
        if try trace.evaluate(ImprivataCheckInRule.checkInLocks, on: state, in: context) {
            state.status = .known(.checkedIn)
            state.custodian = .known(nil)
            state.rebooted = .known(false)
        }
        outcome.details = try deviceDetails(state)
        return outcome
    }

    /// An erase (force recovery, or a check-in that erases): nothing of any worker is left, and the phone is new again:
    /// its custom-scheme permission dialogs wait to be answered once more.
    private func erase(_ state: inout ImprivataState) {
        for index in state.apps.indices {
            state.apps[index] = ImprivataAppState()
            state.apps[index].dialogsAccepted = .known(false)
        }
        state.entraAccount = .known(nil)
        state.mdmUser = .known(nil)
        state.passcodeOwner = .known(nil)
        state.autofillUser = .known(nil)
        state.rebooted = .known(false)
        state.deviceLocked = .known(false)
    }

    func emergencyUnlock(_ state: inout ImprivataState, _ context: ImprivataContext, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        var outcome = StepOutcome(session: .none)
        if let decision = try trace.first(ImprivataDeviceRule.emergency, on: state, in: context) {
            outcome.apply(decision.effect)
            if decision == .emergencyUnlock {
                state.status = .known(.pinUnlocked)
                state.custodian = .known(nil)
            }
        }
        outcome.details = try deviceDetails(state)
        return outcome
    }

    func microsoftSignIn(
        _ state: inout ImprivataState, _ context: ImprivataContext, trace: inout RuleTrace, user: UserID
    ) throws -> StepOutcome {
        guard try trace.evaluate(ImprivataDeviceRule.microsoftButton, on: state, in: context) else {
            // On Android nothing signs in at check-out: Teams asks when it is opened.
            try trace.record(ImprivataLockScreenRule.microsoftNoButtonAndroid, on: state, in: context)
            return StepOutcome(session: .none, details: try deviceDetails(state))
        }
        state.entraAccount = .known(user)
        var outcome = StepOutcome(session: .none, sessionUser: user, details: try deviceDetails(state))
        outcome.apply(ImprivataDeviceRule.microsoftButton.effect)
        return outcome
    }
}
