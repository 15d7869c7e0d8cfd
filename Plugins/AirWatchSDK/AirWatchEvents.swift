import SSOPolicyProviderKit

private typealias Rule = AirWatchRule
private typealias Finding = AirWatchFinding

/// The events that are not an `open`: sign-out, lock, termination, status query, check-out and backgrounding.
extension AirWatchSDKProvider {
    /// lockSession(): the session of the app's store ends for every app sharing it (E36).
    func lock(
        _ index: Int, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        guard policy.apps[index].usesSDK else { return untouched(index, state: state, policy: policy, trace: &trace) }
        clearSession(policy.apps[index].store, state: &state, trace: &trace)
        var findings = FindingSet()
        var subject: UserID?
        withoutSDKSurvivors(state, policy: policy, trace: &trace, findings: &findings, subject: &subject)
        return StepOutcome(
            session: .none, findings: findings, subject: subject,
            details: statusDetails(policy.apps[index].effectiveSSO))
    }

    private func clearSession(_ store: Int, state: inout AirWatchState, trace: inout RuleTrace) {
        if trace.check(Rule.lockClearsSession.id, state.stores[store].hasSession) {
            state.stores[store].hasSession = false
            state.stores[store].sessionUser = nil
        }
    }

    /// An SDK action aimed at an app without the SDK: nothing happens to it (its own session and data stay).
    private func untouched(
        _ index: Int, state: AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        var findings = FindingSet()
        var subject: UserID?
        withoutSDKSurvivors(state, policy: policy, trace: &trace, findings: &findings, subject: &subject)
        let session: SessionKind = state.apps[index].ownSessionUser == nil ? .none : .appReused
        return StepOutcome(session: session, findings: findings, subject: subject)
    }

    /// Apps without the SDK that hold a user's session or data keep them through an SDK action (point of the
    /// finding: the SDK cannot reach them).
    func withoutSDKSurvivors(
        _ state: AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace, findings: inout FindingSet,
        subject: inout UserID?, except user: UserID? = nil
    ) {
        for app in policy.apps.indices where !policy.apps[app].usesSDK {
            var held = state.apps[app].dataUsers | (state.apps[app].ownSessionUser.map(AirWatchState.bit) ?? 0)
            if let user { held &= ~AirWatchState.bit(user) }
            if trace.check(Rule.outsideSDKUntouched.id, true, held != 0) {
                findings.insert(Finding.appWithoutSDKUntouched.id)
                if subject == nil {
                    subject =
                        state.apps[app].ownSessionUser.flatMap { $0 == user ? nil : $0 }
                        ?? UserID(held.trailingZeroBitCount)
                }
            }
        }
    }

    /// The SDK has no per-user sign-out: the app locks the session; identity, passcode and data remain. An app
    /// without the SDK signs out of its own login instead.
    func signOut(
        _ index: Int, user: UserID?, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        guard policy.apps[index].usesSDK else {
            if trace.check(Rule.outsideSDKOwnSignOut.id, true, state.apps[index].ownSessionUser != nil) {
                state.apps[index].ownSessionUser = nil
            }
            var findings = FindingSet()
            if state.apps[index].dataUsers != 0 { findings.insert(Finding.notCoveredByGlobalSignout.id) }
            return StepOutcome(session: .none, findings: findings, subject: user)
        }
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
        var untouchedSubject: UserID?
        withoutSDKSurvivors(state, policy: policy, trace: &trace, findings: &findings, subject: &untouchedSubject)
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
            state.apps[app].ownSessionUser = nil
        }
        let sessions = state.stores.contains { $0.hasSession }
        if trace.check(Rule.terminateDeviceRestart.id, index == nil, sessions) {
            // E9: the first open after the device is switched on authenticates, inside the timeout too.
            for store in state.stores.indices {
                state.stores[store].hasSession = false
                state.stores[store].sessionUser = nil
            }
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
        // With SSO off for the app, "disabled" before the check is the right answer: nothing to warn about.
        if trace.check(Rule.statusBeforeInitialCheck.id, before, app.effectiveSSO) {
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
        guard app.usesSDK else {
            // The app's own login refused the password: the SDK counts nothing.
            trace.fire(Rule.outsideSDKOwnLogin.id)
            return StepOutcome(prompts: [.appCredentials], session: .denied)
        }
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
            wipe(
                store, everyApp: enterprise, state: &state, policy: policy, trace: &trace, findings: &findings,
                subject: &subject)
        }
        var details = statusDetails(app.effectiveSSO)
        if prompt != .passcode { details.set(AirWatchFact.credentialMethod, choice: 0) }
        return StepOutcome(prompts: [prompt], session: .denied, findings: findings, subject: subject, details: details)
    }

    /// Wipes the SDK data of `store` (of every SDK app under an enterprise wipe): passcode, session, identity and
    /// registration; app data stays where the app does not clear it. Apps without the SDK are out of reach.
    func wipe(
        _ store: Int, everyApp: Bool, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace,
        findings: inout FindingSet, subject: inout UserID?
    ) {
        for other in policy.apps.indices
        where policy.apps[other].usesSDK && (everyApp || policy.apps[other].store == store) {
            state.stores[policy.apps[other].store] = AirWatchStore()
            state.apps[other].registered = false
            state.apps[other].registeredUser = nil
            state.apps[other].silentRoute = false
            state.apps[other].tokenConsumed = true
            state.apps[other].unlockedInProcess = false
            let keeps = !everyApp && !policy.apps[other].clearsDataOnWipe
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
        withoutSDKSurvivors(state, policy: policy, trace: &trace, findings: &findings, subject: &subject)
    }

    /// logoutCurrentUser(): CurrentUserLogoutOperation wipes the store (the shared one with SSO) and unenrols the
    /// app (E34-E35); the next access identifies again, and the one-time token is spent.
    func logoutCurrentUser(
        _ index: Int, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let app = policy.apps[index]
        guard app.usesSDK else { return untouched(index, state: state, policy: policy, trace: &trace) }
        trace.fire(Rule.logoutWipes.id)
        var findings = FindingSet([Finding.logoutWipe.id])
        var subject: UserID?
        wipe(
            app.store, everyApp: false, state: &state, policy: policy, trace: &trace, findings: &findings,
            subject: &subject)
        return StepOutcome(
            session: .none, findings: findings, subject: subject, details: statusDetails(app.effectiveSSO))
    }

    /// The user checks the device in at Hub: nobody is checked out. The passcode goes if the Shared Device setting
    /// says so; registrations and app data stay until another user checks out (E41, E43).
    func checkIn(
        _ user: UserID, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        var findings = FindingSet()
        var subject: UserID?
        trace.fire(Rule.checkInDevice.id)
        if state.checkedOutUser != nil {
            state.checkedOutUser = nil
            state.checkOutGeneration &+= 1
        }
        let passcode = state.stores.contains { $0.passcodeSet || $0.hasSession }
        if trace.check(Rule.checkInClearPasscode.id, policy.clearPasscodeOnCheckOut, passcode) {
            for store in state.stores.indices {
                state.stores[store].passcodeSet = false
                state.stores[store].hasSession = false
                state.stores[store].sessionUser = nil
            }
        }
        for app in policy.apps.indices where policy.apps[app].usesSDK {
            let data = state.apps[app].dataUsers
            let kept = !policy.apps[app].clearsDataOnUserChange && data != 0
            if trace.check(Rule.checkInDataKept.id, true, kept) {
                findings.insert(Finding.checkInDataRemains.id)
                subject = subject ?? (data & AirWatchState.bit(user) != 0 ? user : UserID(data.trailingZeroBitCount))
            }
        }
        withoutSDKSurvivors(state, policy: policy, trace: &trace, findings: &findings, subject: &subject)
        return StepOutcome(session: .none, findings: findings, subject: subject)
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
        for app in policy.apps.indices where policy.apps[app].usesSDK && !policy.apps[app].clearsDataOnUserChange {
            let others = state.apps[app].dataUsers & ~AirWatchState.bit(user)
            if others != 0 {
                findings.insert(Finding.checkOutDataNotSeparated.id)
                subject = subject ?? UserID(others.trailingZeroBitCount)
            }
        }
        withoutSDKSurvivors(state, policy: policy, trace: &trace, findings: &findings, subject: &subject, except: user)
        return StepOutcome(session: .none, findings: findings, subject: subject)
    }

    /// Backgrounding: under `timeout_anchor: last_background` the session is re-stamped unchecked (E11-E12).
    func background(
        _ index: Int, time: Int, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let store = policy.apps[index].store
        var findings = FindingSet()
        guard policy.apps[index].usesSDK else {
            return StepOutcome(session: remainingSession(index, time: time, state: state, policy: policy))
        }
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
