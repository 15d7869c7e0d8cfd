import SSOPolicyProviderKit

private typealias Rule = AirWatchRule
private typealias Finding = AirWatchFinding

/// The events that are not an `open`: sign-out, lock, termination, status query, check-out and backgrounding.
extension AirWatchSDKProvider {
    /// lockSession(): the session of the app's store ends for every app sharing it (E36).
    func lock(
        _ index: Int, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        clearSession(policy.apps[index].store, state: &state, trace: &trace)
        return StepOutcome(session: .none, details: statusDetails(policy.apps[index].effectiveSSO))
    }

    private func clearSession(_ store: Int, state: inout AirWatchState, trace: inout RuleTrace) {
        if trace.check(Rule.lockClearsSession.id, state.stores[store].hasSession) {
            state.stores[store].hasSession = false
            state.stores[store].sessionUser = nil
        }
    }

    /// The SDK has no per-user sign-out: the app locks the session; identity, passcode and data remain.
    func signOut(
        _ index: Int, user: UserID?, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let store = policy.apps[index].store
        trace.fire(Rule.signOutLocksSession.id)
        clearSession(store, state: &state, trace: &trace)
        var findings = FindingSet()
        var subject = user
        let identity = state.stores[store].identity
        if trace.check(Rule.signOutKeepsIdentity.id, identity != nil) {
            findings.insert(Finding.signOutKeepsIdentity.id)
            subject = identity
        }
        if state.apps.contains(where: { $0.dataUsers != 0 }) {
            findings.insert(Finding.notCoveredByGlobalSignout.id)
        }
        return StepOutcome(
            session: .none, findings: findings, subject: subject,
            details: statusDetails(policy.apps[index].effectiveSSO))
    }

    /// The process ends (one app, or every app for a device restart).
    func terminate(
        _ index: Int?, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace, time: Int
    ) -> StepOutcome {
        trace.fire(Rule.terminateProcessEnds.id)
        _ = trace.check(Rule.terminateSessionExpires.id, policy.coldLaunchRequiresAuth)
        for app in state.apps.indices where index == nil || index == app {
            state.apps[app].running = false
            state.apps[app].unlockedInProcess = false
        }
        if let index {
            return StepOutcome(session: remainingSession(index, time: time, state: state, policy: policy))
        }
        var session = SessionKind.none
        for app in policy.apps.indices {
            let remaining = remainingSession(app, time: time, state: state, policy: policy)
            if remaining == .sharedReused || (remaining == .appReused && session == .none) { session = remaining }
        }
        return StepOutcome(session: session)
    }

    /// `ssoStatus`: disabled (or the last persisted value) before initialCheckDone, then the effective value.
    func querySSOStatus(
        _ index: Int, event: ProviderEvent, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let app = policy.apps[index]
        let before = event.conditions.bool(AirWatchFact.beforeInitialCheckCondition) ?? !state.apps[index].running
        var findings = FindingSet()
        var value = app.effectiveSSO
        if trace.check(Rule.statusBeforeInitialCheck.id, before) {
            findings.insert(Finding.ssoStatusBeforeInitialCheck.id)
            value = trace.check(Rule.statusLastKnown.id, true, policy.statusLastKnown) && state.apps[index].lastKnownSSO
        } else {
            trace.fire(Rule.statusEffective.id)
            checkRequirements(app, findings: &findings, trace: &trace)
        }
        return StepOutcome(
            session: remainingSession(index, time: event.time, state: state, policy: policy), findings: findings,
            details: statusDetails(value))
    }

    /// A failed unlock: counts against the maximum (shared counter with SSO); reaching it wipes (E33-E35).
    func wrongPasscode(
        _ index: Int, time: Int, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let app = policy.apps[index]
        let store = app.store
        guard trace.check(Rule.failedAttemptCount.id, app.authentication != .disabled) else {
            return StepOutcome(session: remainingSession(index, time: time, state: state, policy: policy))
        }
        let prompt: Prompt =
            app.authentication == .passcode ? .passcode : app.effectiveSSO ? .credentials : .appCredentials
        state.stores[store].failedAttempts += 1
        var findings = FindingSet()
        var subject: UserID?
        let maximum = policy.maxFailedAttempts
        if trace.check(Rule.failedAttemptsWipe.id, maximum > 0, state.stores[store].failedAttempts >= maximum) {
            findings.insert(Finding.failedAttemptsWipe.id)
            findings.insert(Finding.wipeScopeUncertain.id)
            if app.effectiveSSO { findings.insert(Finding.clusterWideWipe.id) }
            let enterprise = trace.check(Rule.failedAttemptsEnterpriseWipe.id, true, policy.enterpriseWipe)
            for other in policy.apps.indices where enterprise || policy.apps[other].store == store {
                state.stores[policy.apps[other].store] = AirWatchStore()
                state.apps[other].registered = false
                state.apps[other].registeredUser = nil
                state.apps[other].silentRoute = false
                state.apps[other].unlockedInProcess = false
                let keeps = !enterprise && !policy.apps[other].clearsDataOnWipe
                if trace.check(Rule.wipeAppDataKept.id, true, keeps) {
                    let data = state.apps[other].dataUsers
                    if data != 0 {
                        findings.insert(Finding.appDataSurvivesWipe.id)
                        subject = subject ?? UserID(data.trailingZeroBitCount)
                    }
                } else {
                    state.apps[other].dataUsers = 0
                }
            }
        }
        var details = statusDetails(app.effectiveSSO)
        if prompt != .passcode { details.set(AirWatchFact.credentialMethod, choice: 0) }
        return StepOutcome(prompts: [prompt], session: .denied, findings: findings, subject: subject, details: details)
    }

    /// Hub checks out a user; apps notice at their next access (E41-E43).
    func checkOut(
        _ user: UserID, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        var findings = FindingSet()
        var subject = state.checkedOutUser
        guard trace.check(Rule.checkOutNewUser.id, state.checkedOutUser != user) else {
            return StepOutcome(session: .none)
        }
        state.checkedOutUser = user
        state.checkOutGeneration &+= 1
        let passcode = state.stores.contains { $0.passcodeSet }
        if trace.check(Rule.checkOutClearPasscode.id, policy.clearPasscodeOnCheckOut, passcode) {
            for store in state.stores.indices {
                state.stores[store].passcodeSet = false
                state.stores[store].hasSession = false
                state.stores[store].sessionUser = nil
            }
        } else if passcode {
            findings.insert(Finding.passcodeSurvivesCheckOut.id)
        }
        for app in policy.apps.indices where !policy.apps[app].clearsDataOnUserChange {
            let others = state.apps[app].dataUsers & ~AirWatchState.bit(user)
            if others != 0 {
                findings.insert(Finding.checkOutDataNotSeparated.id)
                subject = subject ?? UserID(others.trailingZeroBitCount)
            }
        }
        return StepOutcome(session: .none, findings: findings, subject: subject)
    }

    /// Backgrounding: under `timeout_anchor: last_background` the session is re-stamped unchecked (E11-E12).
    func background(
        _ index: Int, time: Int, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let store = policy.apps[index].store
        var findings = FindingSet()
        if trace.check(Rule.backgroundExtendsSession.id, policy.timeoutFromBackground, state.stores[store].hasSession) {
            if !state.sessionLive(store, at: time, timeout: policy.timeout) {
                findings.insert(Finding.expiredSessionRevived.id)
            }
            state.stores[store].stamp = time
        }
        return StepOutcome(
            session: remainingSession(index, time: time, state: state, policy: policy), findings: findings,
            details: statusDetails(policy.apps[index].effectiveSSO))
    }
}
