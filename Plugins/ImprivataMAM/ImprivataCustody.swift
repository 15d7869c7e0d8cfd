import SSOPolicyProviderKit

/// Custody events: check-out at the hub, check-in at the hub, the emergency unlock and the Microsoft button.
extension ImprivataMAMProvider {
    func checkOut(
        _ user: UserID, time: Int, context: inout ImprivataContext, state: inout ImprivataState,
        trace: inout RuleTrace
    ) -> StepOutcome {
        var findings = FindingSet()
        switch trace.first(ImprivataRule.checkOutGate, in: context) {
        case .checkOutUnavailable:
            findings.insert(ImprivataFinding.checkOutRefused.id)
            return StepOutcome(session: .denied, findings: findings, details: deviceDetails(state))
        case .checkOutPasscodeLocked:
            findings.insert(ImprivataFinding.passcodeNotCleared.id)
            findings.insert(ImprivataFinding.checkOutRefused.id)
            return StepOutcome(
                session: .denied, findings: findings, subject: state.passcodeOwner, details: deviceDetails(state))
        case .checkOutForceRecovery:
            findings.insert(ImprivataFinding.deviceErasedOnRecovery.id)
            erase(&state)
            context.state = state
        default:
            break
        }
        var prompts = PromptList()
        switch trace.first(ImprivataRule.checkOutPrompt, in: context) {
        case .checkOutBadgeEnrolment, .checkOutPassword: prompts.append(.credentials)
        case .checkOutPIN: prompts.append(.passcode)
        default: break
        }
        state.secondFactorDone = false
        if trace.evaluate(ImprivataRule.checkOutAutofillSecondFactor, in: context) {
            prompts.append(.credentials)
            state.secondFactorDone = true
        }
        if trace.evaluate(ImprivataRule.checkOutDevicePasscode, in: context) {
            prompts.append(.createPasscode)
            state.passcodeOwner = user
        }
        if trace.evaluate(ImprivataRule.checkOutMDMAssignment, in: context) { state.mdmUser = user }
        state.status = .checkedOut
        state.custodian = user
        state.checkOutTime = time
        state.autofillUser = context.policy.autofill ? user : nil
        state.rebooted = false
        var details = deviceDetails(state)
        details.set(ImprivataFact.checkOutMethodDetail, choice: context.policy.checkOutAuth.rawValue)
        return StepOutcome(
            prompts: prompts, session: .sharedNew, sessionUser: user, findings: findings, details: details)
    }

    func checkIn(
        _ user: UserID?, context: inout ImprivataContext, state: inout ImprivataState, trace: inout RuleTrace
    ) -> StepOutcome {
        if trace.evaluate(ImprivataRule.checkInNotCheckedOut, in: context) {
            return StepOutcome(session: .none, details: deviceDetails(state))
        }
        var findings = FindingSet()
        var subject = state.custodian ?? user
        var failed = false
        for index in state.apps.indices {
            context.focus(index)
            let before = state.apps[index]
            if trace.evaluate(ImprivataRule.logoutNotifications, in: context) {
                findings.insert(ImprivataFinding.previousUserNotifications.id)
            }
            let app = context.app
            switch trace.first(ImprivataRule.appLogout, in: context) {
            case .logoutErase, .logoutClearAppData, .logoutEpicRover:
                state.apps[index].session = nil
                state.apps[index].data = nil
            case .logoutCallback, .logoutMicrosoftSignOut:
                state.apps[index].session = nil
                if app.clearsDataOnLogout { state.apps[index].data = nil }
            case .logoutForceQuitAsLogout, .logoutProcessEndsSession:
                state.apps[index].session = nil
            case .logoutActionFailed:
                findings.insert(ImprivataFinding.logoutCallbackFailed.id)
                failed = true
            case .logoutDialogBlocked:
                findings.insert(ImprivataFinding.interappDialogBlocksLogout.id)
                state.apps[index].dialogsAccepted = true
            case .logoutColdStartRace:
                findings.insert(ImprivataFinding.ulcColdStartRace.id)
            case .logoutProcessOnly:
                findings.insert(ImprivataFinding.logoutMethodDoesNotClearSession.id)
            case .logoutMicrosoftNotSignedOut, .logoutNone:
                findings.insert(ImprivataFinding.sessionSurvivesCheckIn.id)
            default:
                break
            }
            if let owner = state.apps[index].session ?? state.apps[index].data, owner == before.session ?? before.data {
                subject = owner
            }
        }
        context.state = state
        context.aLogoutFailed = failed
        if trace.evaluate(ImprivataRule.checkInFailsOnLogoutError, in: context) {
            findings.insert(ImprivataFinding.checkInFailed.id)
            return StepOutcome(session: .none, findings: findings, subject: subject, details: deviceDetails(state))
        }
        if trace.evaluate(ImprivataRule.checkInAutofillPurged, in: context) { state.autofillUser = nil }
        state.secondFactorDone = false
        if trace.evaluate(ImprivataRule.checkInMicrosoftSignOut, in: context) { state.entraAccount = nil }
        if trace.evaluate(ImprivataRule.checkInMDMReset, in: context) {
            state.mdmUser = nil
        } else if trace.evaluate(ImprivataRule.checkInMDMIdentityKept, in: context) {
            findings.insert(ImprivataFinding.mdmIdentityNotReset.id)
            subject = state.mdmUser
        }
        if trace.evaluate(ImprivataRule.logoutErase, in: context) {
            erase(&state)
        } else {
            switch trace.first(ImprivataRule.checkInPasscode, in: context) {
            case .checkInPasscodeNotCleared:
                findings.insert(ImprivataFinding.passcodeNotCleared.id)
                subject = state.passcodeOwner
            case .checkInPasscodeCleared:
                state.passcodeOwner = nil
            default:
                break
            }
        }
        if trace.evaluate(ImprivataRule.checkInLocks, in: context) {
            state.status = .checkedIn
            state.custodian = nil
            state.rebooted = false
        }
        return StepOutcome(session: .none, findings: findings, subject: subject, details: deviceDetails(state))
    }

    /// An erase (force recovery, or a check-in that erases): nothing of any worker is left.
    private func erase(_ state: inout ImprivataState) {
        for index in state.apps.indices { state.apps[index] = ImprivataAppState() }
        state.entraAccount = nil
        state.mdmUser = nil
        state.passcodeOwner = nil
        state.autofillUser = nil
        state.rebooted = false
    }

    func emergencyUnlock(context: ImprivataContext, state: inout ImprivataState, trace: inout RuleTrace)
        -> StepOutcome
    {
        switch trace.first(ImprivataRule.emergency, in: context) {
        case .emergencyUnlock:
            state.status = .pinUnlocked
            state.custodian = nil
            return StepOutcome(
                session: .none, findings: FindingSet([ImprivataFinding.anonymousEmergencyUnlock.id]),
                details: deviceDetails(state))
        case .emergencyNoPIN:
            return StepOutcome(session: .denied, details: deviceDetails(state))
        default:
            return StepOutcome(session: .none, details: deviceDetails(state))
        }
    }

    func microsoftSignIn(_ user: UserID, context: ImprivataContext, state: inout ImprivataState, trace: inout RuleTrace)
        -> StepOutcome
    {
        guard trace.evaluate(ImprivataRule.microsoftButton, in: context) else {
            return StepOutcome(session: .none, details: deviceDetails(state))
        }
        state.entraAccount = user
        return StepOutcome(
            prompts: [.interactiveSignIn], session: .sharedNew, sessionUser: user, details: deviceDetails(state))
    }
}
