import SSOPolicyProviderKit

private typealias Finding = AirWatchFinding

/// The events that are not an `open` or a Hub action: sign-out, lock, termination, status query, failed attempts,
/// wipes and backgrounding. Every decision is a rule evaluated through the trace against the context.
extension AirWatchSDKProvider {
    /// lockSession(): the session of the app's store ends for every app sharing it (E36).
    func lock(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) -> StepOutcome {
        guard context.entry.usesSDK else { return untouched(&state, &context, trace: &trace, policy: policy) }
        clearSession(&state, context, trace: &trace)
        var findings = FindingSet()
        var subject: UserID?
        withoutSDKSurvivors(&state, &context, trace: &trace, policy: policy, findings: &findings, subject: &subject)
        return StepOutcome(
            session: .none, findings: findings, subject: subject, details: statusDetails(context.entry.effectiveSSO))
    }

    private func clearSession(_ state: inout AirWatchState, _ context: AirWatchContext, trace: inout RuleTrace) {
        if trace.evaluate(AirWatchLifecycleRule.lockClearsSession, on: state, in: context) {
            state[store: context].hasSession = false
            state[store: context].sessionUser = nil
        }
    }

    /// An SDK action aimed at an app without the SDK: nothing happens to it (its own session and data stay).
    func untouched(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) -> StepOutcome {
        var findings = FindingSet()
        var subject: UserID?
        withoutSDKSurvivors(&state, &context, trace: &trace, policy: policy, findings: &findings, subject: &subject)
        let session: SessionKind = state[app: context].ownSessionUser == nil ? .none : .appReused
        return StepOutcome(session: session, findings: findings, subject: subject)
    }

    /// Apps without the SDK that hold a user's session or data keep them through an SDK action (point of the
    /// finding: the SDK cannot reach them). `sparing` is a user whose own session or data does not count.
    func withoutSDKSurvivors(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy,
        findings: inout FindingSet, subject: inout UserID?, sparing user: UserID? = nil
    ) {
        let current = context.app
        context.spared = user
        for app in policy.apps.indices where !policy.apps[app].usesSDK {
            context.select(app, in: policy)
            guard trace.evaluate(AirWatchExposureRule.outsideSDKUntouched, on: state, in: context) else { continue }
            findings.raise(AirWatchExposureRule.outsideSDKUntouched.effect)
            if subject == nil {
                subject =
                    state[app: context].ownSessionUser.flatMap { $0 == user ? nil : $0 }
                    ?? UserID(state.heldUsers(context).trailingZeroBitCount)
            }
        }
        context.spared = nil
        context.select(current, in: policy)
    }

    /// The SDK has no per-user sign-out: the app locks the session; identity, passcode and data remain. An app
    /// without the SDK signs out of its own login instead.
    func signOut(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy,
        user: UserID?
    ) -> StepOutcome {
        guard context.entry.usesSDK else {
            if trace.evaluate(AirWatchExposureRule.outsideSDKOwnSignOut, on: state, in: context) {
                state[app: context].ownSessionUser = nil
            }
            // An app that clears its data on a user change clears it at its own sign-out too.
            if context.entry.clearsDataOnUserChange { state[app: context].dataUsers = 0 }
            var findings = FindingSet()
            if state[app: context].dataUsers != 0 { findings.insert(Finding.notCoveredByGlobalSignout.id) }
            return StepOutcome(session: .none, findings: findings, subject: user)
        }
        trace.record(AirWatchLifecycleRule.signOutLocksSession, on: state, in: context)
        clearSession(&state, context, trace: &trace)
        var findings = FindingSet()
        var subject = user
        if trace.evaluate(AirWatchLifecycleRule.signOutKeepsIdentity, on: state, in: context) {
            findings.raise(AirWatchLifecycleRule.signOutKeepsIdentity.effect)
            subject = state[store: context].identity
        }
        if state.apps.contains(where: { $0.dataUsers != 0 }) {
            findings.insert(Finding.notCoveredByGlobalSignout.id)
        }
        var untouchedSubject: UserID?
        withoutSDKSurvivors(
            &state, &context, trace: &trace, policy: policy, findings: &findings, subject: &untouchedSubject)
        return StepOutcome(
            session: .none, findings: findings, subject: subject, details: statusDetails(context.entry.effectiveSSO))
    }

    /// The process ends (one app, or every app for a device restart).
    func terminate(
        _ state: inout AirWatchState, _ context: AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) -> StepOutcome {
        let index: Int? = context.deviceWide ? nil : context.app
        trace.record(AirWatchTerminationRule.terminateProcessEnds, on: state, in: context)
        trace.record(AirWatchTerminationRule.terminateSessionExpires, on: state, in: context)
        for app in state.apps.indices where index == nil || index == app {
            state.apps[app].running = false
            state.apps[app].unlockedInProcess = false
            if policy.apps[app].ownLogin != .untilSignOut { state.apps[app].ownSessionUser = nil }
        }
        if trace.evaluate(AirWatchTerminationRule.terminateDeviceRestart, on: state, in: context) {
            // E9: the first open after the device is switched on authenticates, inside the timeout too.
            for store in state.stores.indices {
                state.stores[store].hasSession = false
                state.stores[store].sessionUser = nil
            }
        }
        if let index { return StepOutcome(session: remainingSession(index, state, context, policy: policy)) }
        var session = SessionKind.none
        for app in policy.apps.indices {
            let remaining = remainingSession(app, state, context, policy: policy)
            if remaining == .sharedReused || (remaining == .appReused && session == .none) { session = remaining }
        }
        return StepOutcome(session: session)
    }

    /// `ssoStatus`: disabled (or the last persisted value) before initialCheckDone, then the effective value.
    func querySSOStatus(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy,
        event: ProviderEvent
    ) -> StepOutcome {
        context.beforeInitialCheck =
            event.conditions.bool(AirWatchStepCondition.beforeInitialCheck.id) ?? !state[app: context].running
        var findings = FindingSet()
        var value = context.entry.effectiveSSO
        // With SSO off for the app, "disabled" before the check is the right answer: nothing to warn about.
        switch trace.first(AirWatchLifecycleRule.ssoStatus, on: state, in: context) {
        case .statusBeforeInitialCheck:
            findings.raise(AirWatchLifecycleRule.statusBeforeInitialCheck.effect)
            value =
                trace.evaluate(AirWatchLifecycleRule.statusLastKnown, on: state, in: context)
                && state[app: context].lastKnownSSO
        case .statusEffective, nil:
            checkRequirements(state, context, trace: &trace, findings: &findings)
        case .statusLastKnown, .lockClearsSession, .signOutLocksSession, .signOutKeepsIdentity:
            checkRequirements(state, context, trace: &trace, findings: &findings)  // not in the list
        }
        return StepOutcome(
            session: remainingSession(context.app, state, context, policy: policy), findings: findings,
            details: statusDetails(value))
    }

    /// A failed unlock: counts against the maximum (shared counter with SSO); reaching it wipes (E33-E35).
    func wrongPasscode(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) -> StepOutcome {
        let app = context.entry
        guard app.usesSDK else {
            // The app's own login refused the password and asks for it again: the SDK counts nothing, and the attempt
            // is denied.
            let login: AirWatchExposureRule =
                app.ownLoginPrompt == .interactiveSignIn ? .outsideSDKMicrosoftSignIn : .outsideSDKOwnLogin
            trace.record(login, on: state, in: context)
            var outcome = StepOutcome(session: .denied)
            for prompt in login.effect.prompts { outcome.prompts.append(prompt) }
            return outcome
        }
        guard trace.evaluate(AirWatchWipeRule.failedAttemptCount, on: state, in: context) else {
            return StepOutcome(session: remainingSession(context.app, state, context, policy: policy))
        }
        let prompt: Prompt =
            app.authentication == .passcode ? .passcode : app.effectiveSSO ? .credentials : .appCredentials
        state[store: context].failedAttempts += 1
        // The attempt is denied (the rule's effect), and the app asks again.
        var outcome = StepOutcome(prompts: [prompt], session: .none)
        outcome.apply(AirWatchWipeRule.failedAttemptCount.effect)
        if trace.evaluate(AirWatchWipeRule.failedAttemptsWipe, on: state, in: context) {
            outcome.apply(AirWatchWipeRule.failedAttemptsWipe.effect)
            if app.effectiveSSO { outcome.findings.insert(Finding.clusterWideWipe.id) }
            let enterprise = trace.evaluate(AirWatchWipeRule.failedAttemptsEnterpriseWipe, on: state, in: context)
            wipe(
                &state, &context, trace: &trace, policy: policy, store: app.store, everyApp: enterprise,
                findings: &outcome.findings, subject: &outcome.subject)
        }
        outcome.details = statusDetails(app.effectiveSSO)
        if prompt != .passcode { outcome.details.set(AirWatchDetail.credentialMethod.id, choice: 0) }
        return outcome
    }

    /// Wipes the SDK data of `store` (of every SDK app under an enterprise wipe): passcode, session, identity and
    /// registration; app data stays where the app does not clear it. Apps without the SDK are out of reach.
    func wipe(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy,
        store: Int, everyApp: Bool, findings: inout FindingSet, subject: inout UserID?
    ) {
        let current = context.app
        context.wipe = everyApp ? .everyApp : .sdkData
        for other in policy.apps.indices
        where policy.apps[other].usesSDK && (everyApp || policy.apps[other].store == store) {
            context.select(other, in: policy)
            state[store: context] = AirWatchStore()
            state[app: context].registered = false
            state[app: context].registeredUser = nil
            state[app: context].silentRoute = false
            state[app: context].tokenConsumed = true
            state[app: context].unlockedInProcess = false
            if trace.evaluate(AirWatchWipeRule.wipeAppDataKept, on: state, in: context) {
                let data = state[app: context].dataUsers
                if data != 0 {
                    findings.insert(Finding.appDataSurvivesWipe.id)
                    subject = subject ?? UserID(data.trailingZeroBitCount)
                }
            } else {
                state[app: context].dataUsers = 0
            }
        }
        context.wipe = .none
        context.select(current, in: policy)
        withoutSDKSurvivors(&state, &context, trace: &trace, policy: policy, findings: &findings, subject: &subject)
    }

    /// logoutCurrentUser(): CurrentUserLogoutOperation wipes the store (the shared one with SSO) and unenrols the
    /// app (E34-E35); the next access identifies again, and the one-time token is spent.
    func logoutCurrentUser(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) -> StepOutcome {
        let app = context.entry
        guard app.usesSDK else { return untouched(&state, &context, trace: &trace, policy: policy) }
        trace.record(AirWatchWipeRule.logoutWipes, on: state, in: context)
        var findings = FindingSet()
        findings.raise(AirWatchWipeRule.logoutWipes.effect)
        var subject: UserID?
        wipe(
            &state, &context, trace: &trace, policy: policy, store: app.store, everyApp: false, findings: &findings,
            subject: &subject)
        return StepOutcome(
            session: .none, findings: findings, subject: subject, details: statusDetails(app.effectiveSSO))
    }

    /// Backgrounding: under `timeout_anchor: last_background` the session is re-stamped unchecked (E11-E12).
    func background(
        _ state: inout AirWatchState, _ context: AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) -> StepOutcome {
        guard context.entry.usesSDK else {
            return StepOutcome(session: remainingSession(context.app, state, context, policy: policy))
        }
        var findings = FindingSet()
        if trace.evaluate(AirWatchTerminationRule.backgroundExtendsSession, on: state, in: context) {
            if !state.storeSessionLive(context) { findings.insert(Finding.expiredSessionRevived.id) }
            state[store: context].stamp = .at(context.time)
        }
        return StepOutcome(
            session: remainingSession(context.app, state, context, policy: policy), findings: findings,
            details: statusDetails(context.entry.effectiveSSO))
    }
}
