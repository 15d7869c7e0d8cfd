import SSOPolicyProviderKit

/// `open`: Locker's gate, then the app's own sign-in (MAM holds no session of its own).
extension ImprivataMAMProvider {
    func open(
        _ app: Int, user: UserID, context: inout ImprivataContext, state: inout ImprivataState,
        trace: inout RuleTrace
    ) -> StepOutcome {
        var details = deviceDetails(state)
        details.set(ImprivataFact.logoutMethodDetail, choice: context.policy.apps[app].logout.rawValue)
        let gate = trace.first(ImprivataRule.deviceGate, in: context)
        if gate == .accessLockerLocked || gate == .accessLostMode {
            return StepOutcome(session: .denied, details: details)
        }
        var findings = FindingSet()
        var subject: UserID?
        if gate == .accessEmergencyUnlocked { findings.insert(ImprivataFinding.anonymousEmergencyUnlock.id) }
        if gate == .accessNotCustodian {
            findings.insert(ImprivataFinding.deviceUsedByNonCustodian.id)
            subject = state.custodian
        }
        if trace.evaluate(ImprivataRule.accessOverdue, in: context) {
            findings.insert(ImprivataFinding.deviceOverdue.id)
        }
        context.focus(app)
        if trace.evaluate(ImprivataRule.dataPreviousUser, in: context) {
            findings.insert(ImprivataFinding.previousUserDataVisible.id)
            subject = state.apps[app].data
        }
        var prompts = PromptList()
        var session = SessionKind.appReused
        var sessionUser: UserID? = user
        switch trace.first(ImprivataRule.appSession, in: context) {
        case .appNoLogin, .appSessionReused:
            break
        case .sdmAccountReused:
            session = .sharedReused
        case .sdmPreviousAccount:
            session = .sharedReused
            sessionUser = state.entraAccount
        case .sdmSignIn:
            prompts.append(.interactiveSignIn)
            session = .sharedNew
            state.entraAccount = user
        case .certificatePreviousUser:
            sessionUser = state.mdmUser
        case .certificateSilent:
            if state.apps[app].session != user { session = .appNew }
        case .appPreviousSession:
            sessionUser = state.apps[app].session
        case .appSignIn:
            if trace.evaluate(ImprivataRule.autofillSecondFactor, in: context) {
                prompts.append(.credentials)
                state.secondFactorDone = true
            }
            prompts.append(.appCredentials)
            details.set(
                ImprivataFact.autofillDetail,
                choice: trace.evaluate(ImprivataRule.autofillFills, in: context) ? 0 : 1)
            session = .appNew
        default:
            return StepOutcome(session: .denied, details: details)
        }
        if let owner = sessionUser, owner != user {
            findings.insert(ImprivataFinding.previousUserSessionActive.id)
            findings.insert(ImprivataFinding.previousUserDataVisible.id)
            subject = owner
        } else {
            state.apps[app].session = user
            state.apps[app].data = user
        }
        details.set(ImprivataFact.dataOwnerDetail, account: state.apps[app].data)
        return StepOutcome(
            prompts: prompts, session: session, sessionUser: sessionUser, findings: findings, subject: subject,
            details: details)
    }

    /// The user signs out of the app itself; a Microsoft app in shared device mode signs every Microsoft app out.
    func signOut(
        _ app: Int, context: inout ImprivataContext, state: inout ImprivataState, trace: inout RuleTrace
    ) -> StepOutcome {
        context.focus(app)
        switch trace.first(ImprivataRule.signOut, in: context) {
        case .sdmGlobalSignOut:
            state.entraAccount = nil
            for index in state.apps.indices where context.policy.apps[index].isMicrosoftShared {
                state.apps[index].session = nil
            }
        case .appSignOut:
            state.apps[app].session = nil
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
            if trace.first(ImprivataRule.terminate, in: context) == .terminateSessionDropped {
                state.apps[index].session = nil
            }
        }
        if app == nil, trace.evaluate(ImprivataRule.restartBlocksClearPasscode, in: context) {
            state.rebooted = true
        }
        return StepOutcome(session: .none, details: deviceDetails(state))
    }
}
