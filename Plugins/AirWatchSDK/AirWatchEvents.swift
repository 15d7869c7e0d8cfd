import SSOPolicyProviderKit

private typealias Finding = AirWatchFinding

/// The events that are not an `open` or a Hub action: sign-out, lock, termination, status query, failed attempts,
/// wipes and backgrounding. Every decision is a rule evaluated through the trace against the context.
extension AirWatchSDKProvider {
    /// lockSession(): the session of the app's store ends for every app sharing it (E36).
    func lock(_ context: inout AirWatchContext, policy: AirWatchPolicy, trace: inout RuleTrace) -> StepOutcome {
        guard context.entry.usesSDK else { return untouched(&context, policy: policy, trace: &trace) }
        clearSession(&context, trace: &trace)
        var findings = FindingSet()
        var subject: UserID?
        withoutSDKSurvivors(&context, policy: policy, trace: &trace, findings: &findings, subject: &subject)
        return StepOutcome(
            session: .none, findings: findings, subject: subject, details: statusDetails(context.entry.effectiveSSO))
    }

    private func clearSession(_ context: inout AirWatchContext, trace: inout RuleTrace) {
        if trace.evaluate(AirWatchLifecycleRule.lockClearsSession, in: context) {
            context.store.hasSession = false
            context.store.sessionUser = nil
        }
    }

    /// An SDK action aimed at an app without the SDK: nothing happens to it (its own session and data stay).
    func untouched(_ context: inout AirWatchContext, policy: AirWatchPolicy, trace: inout RuleTrace) -> StepOutcome {
        var findings = FindingSet()
        var subject: UserID?
        withoutSDKSurvivors(&context, policy: policy, trace: &trace, findings: &findings, subject: &subject)
        let session: SessionKind = context.appState.ownSessionUser == nil ? .none : .appReused
        return StepOutcome(session: session, findings: findings, subject: subject)
    }

    /// Apps without the SDK that hold a user's session or data keep them through an SDK action (point of the
    /// finding: the SDK cannot reach them). `sparing` is a user whose own session or data does not count.
    func withoutSDKSurvivors(
        _ context: inout AirWatchContext, policy: AirWatchPolicy, trace: inout RuleTrace, findings: inout FindingSet,
        subject: inout UserID?, sparing user: UserID? = nil
    ) {
        let current = context.app
        context.spared = user
        for app in policy.apps.indices where !policy.apps[app].usesSDK {
            context.select(app, in: policy)
            guard trace.evaluate(AirWatchExposureRule.outsideSDKUntouched, in: context) else { continue }
            findings.raise(AirWatchExposureRule.outsideSDKUntouched.effect)
            if subject == nil {
                subject =
                    context.appState.ownSessionUser.flatMap { $0 == user ? nil : $0 }
                    ?? UserID(context.heldUsers.trailingZeroBitCount)
            }
        }
        context.spared = nil
        context.select(current, in: policy)
    }

    /// The SDK has no per-user sign-out: the app locks the session; identity, passcode and data remain. An app
    /// without the SDK signs out of its own login instead.
    func signOut(_ user: UserID?, context: inout AirWatchContext, policy: AirWatchPolicy, trace: inout RuleTrace)
        -> StepOutcome
    {
        guard context.entry.usesSDK else {
            if trace.evaluate(AirWatchExposureRule.outsideSDKOwnSignOut, in: context) {
                context.appState.ownSessionUser = nil
            }
            // An app that clears its data on a user change clears it at its own sign-out too.
            if context.entry.clearsDataOnUserChange { context.appState.dataUsers = 0 }
            var findings = FindingSet()
            if context.appState.dataUsers != 0 { findings.insert(Finding.notCoveredByGlobalSignout.id) }
            return StepOutcome(session: .none, findings: findings, subject: user)
        }
        trace.record(AirWatchLifecycleRule.signOutLocksSession, in: context)
        clearSession(&context, trace: &trace)
        var findings = FindingSet()
        var subject = user
        if trace.evaluate(AirWatchLifecycleRule.signOutKeepsIdentity, in: context) {
            findings.raise(AirWatchLifecycleRule.signOutKeepsIdentity.effect)
            subject = context.store.identity
        }
        if context.state.apps.contains(where: { $0.dataUsers != 0 }) {
            findings.insert(Finding.notCoveredByGlobalSignout.id)
        }
        var untouchedSubject: UserID?
        withoutSDKSurvivors(&context, policy: policy, trace: &trace, findings: &findings, subject: &untouchedSubject)
        return StepOutcome(
            session: .none, findings: findings, subject: subject, details: statusDetails(context.entry.effectiveSSO))
    }

    /// The process ends (one app, or every app for a device restart).
    func terminate(_ context: inout AirWatchContext, policy: AirWatchPolicy, trace: inout RuleTrace) -> StepOutcome {
        let index: Int? = context.deviceWide ? nil : context.app
        trace.record(AirWatchTerminationRule.terminateProcessEnds, in: context)
        trace.record(AirWatchTerminationRule.terminateSessionExpires, in: context)
        for app in context.state.apps.indices where index == nil || index == app {
            context.state.apps[app].running = false
            context.state.apps[app].unlockedInProcess = false
            if policy.apps[app].ownLogin != .untilSignOut { context.state.apps[app].ownSessionUser = nil }
        }
        if trace.evaluate(AirWatchTerminationRule.terminateDeviceRestart, in: context) {
            // E9: the first open after the device is switched on authenticates, inside the timeout too.
            for store in context.state.stores.indices {
                context.state.stores[store].hasSession = false
                context.state.stores[store].sessionUser = nil
            }
        }
        if let index { return StepOutcome(session: remainingSession(index, in: context, policy: policy)) }
        var session = SessionKind.none
        for app in policy.apps.indices {
            let remaining = remainingSession(app, in: context, policy: policy)
            if remaining == .sharedReused || (remaining == .appReused && session == .none) { session = remaining }
        }
        return StepOutcome(session: session)
    }

    /// `ssoStatus`: disabled (or the last persisted value) before initialCheckDone, then the effective value.
    func querySSOStatus(
        _ event: ProviderEvent, context: inout AirWatchContext, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        context.beforeInitialCheck =
            event.conditions.bool(AirWatchStepCondition.beforeInitialCheck.id) ?? !context.appState.running
        var findings = FindingSet()
        var value = context.entry.effectiveSSO
        // With SSO off for the app, "disabled" before the check is the right answer: nothing to warn about.
        if trace.first(AirWatchLifecycleRule.ssoStatus, in: context) == .statusBeforeInitialCheck {
            findings.raise(AirWatchLifecycleRule.statusBeforeInitialCheck.effect)
            value = trace.evaluate(AirWatchLifecycleRule.statusLastKnown, in: context) && context.appState.lastKnownSSO
        } else {
            checkRequirements(context, findings: &findings, trace: &trace)
        }
        return StepOutcome(
            session: remainingSession(context.app, in: context, policy: policy), findings: findings,
            details: statusDetails(value))
    }

    /// A failed unlock: counts against the maximum (shared counter with SSO); reaching it wipes (E33-E35).
    func wrongPasscode(_ context: inout AirWatchContext, policy: AirWatchPolicy, trace: inout RuleTrace) -> StepOutcome
    {
        let app = context.entry
        guard app.usesSDK else {
            // The app's own login refused the password and asks for it again: the SDK counts nothing, and the attempt
            // is denied.
            trace.record(AirWatchExposureRule.outsideSDKOwnLogin, in: context)
            var outcome = StepOutcome(session: .denied)
            for prompt in AirWatchExposureRule.outsideSDKOwnLogin.effect.prompts { outcome.prompts.append(prompt) }
            return outcome
        }
        guard trace.evaluate(AirWatchWipeRule.failedAttemptCount, in: context) else {
            return StepOutcome(session: remainingSession(context.app, in: context, policy: policy))
        }
        let prompt: Prompt =
            app.authentication == .passcode ? .passcode : app.effectiveSSO ? .credentials : .appCredentials
        context.store.failedAttempts += 1
        // The attempt is denied (the rule's effect), and the app asks again.
        var outcome = StepOutcome(prompts: [prompt], session: .none)
        outcome.apply(AirWatchWipeRule.failedAttemptCount.effect)
        if trace.evaluate(AirWatchWipeRule.failedAttemptsWipe, in: context) {
            outcome.apply(AirWatchWipeRule.failedAttemptsWipe.effect)
            if app.effectiveSSO { outcome.findings.insert(Finding.clusterWideWipe.id) }
            let enterprise = trace.evaluate(AirWatchWipeRule.failedAttemptsEnterpriseWipe, in: context)
            wipe(
                app.store, everyApp: enterprise, context: &context, policy: policy, trace: &trace,
                findings: &outcome.findings,
                subject: &outcome.subject)
        }
        outcome.details = statusDetails(app.effectiveSSO)
        if prompt != .passcode { outcome.details.set(AirWatchDetail.credentialMethod.id, choice: 0) }
        return outcome
    }

    /// Wipes the SDK data of `store` (of every SDK app under an enterprise wipe): passcode, session, identity and
    /// registration; app data stays where the app does not clear it. Apps without the SDK are out of reach.
    func wipe(
        _ store: Int, everyApp: Bool, context: inout AirWatchContext, policy: AirWatchPolicy, trace: inout RuleTrace,
        findings: inout FindingSet, subject: inout UserID?
    ) {
        let current = context.app
        context.wipe = everyApp ? .everyApp : .sdkData
        for other in policy.apps.indices
        where policy.apps[other].usesSDK && (everyApp || policy.apps[other].store == store) {
            context.select(other, in: policy)
            context.store = AirWatchStore()
            context.appState.registered = false
            context.appState.registeredUser = nil
            context.appState.silentRoute = false
            context.appState.tokenConsumed = true
            context.appState.unlockedInProcess = false
            if trace.evaluate(AirWatchWipeRule.wipeAppDataKept, in: context) {
                let data = context.appState.dataUsers
                if data != 0 {
                    findings.insert(Finding.appDataSurvivesWipe.id)
                    subject = subject ?? UserID(data.trailingZeroBitCount)
                }
            } else {
                context.appState.dataUsers = 0
            }
        }
        context.wipe = .none
        context.select(current, in: policy)
        withoutSDKSurvivors(&context, policy: policy, trace: &trace, findings: &findings, subject: &subject)
    }

    /// logoutCurrentUser(): CurrentUserLogoutOperation wipes the store (the shared one with SSO) and unenrols the
    /// app (E34-E35); the next access identifies again, and the one-time token is spent.
    func logoutCurrentUser(_ context: inout AirWatchContext, policy: AirWatchPolicy, trace: inout RuleTrace)
        -> StepOutcome
    {
        let app = context.entry
        guard app.usesSDK else { return untouched(&context, policy: policy, trace: &trace) }
        trace.record(AirWatchWipeRule.logoutWipes, in: context)
        var findings = FindingSet()
        findings.raise(AirWatchWipeRule.logoutWipes.effect)
        var subject: UserID?
        wipe(
            app.store, everyApp: false, context: &context, policy: policy, trace: &trace, findings: &findings,
            subject: &subject)
        return StepOutcome(
            session: .none, findings: findings, subject: subject, details: statusDetails(app.effectiveSSO))
    }

    /// Backgrounding: under `timeout_anchor: last_background` the session is re-stamped unchecked (E11-E12).
    func background(_ context: inout AirWatchContext, policy: AirWatchPolicy, trace: inout RuleTrace) -> StepOutcome {
        guard context.entry.usesSDK else {
            return StepOutcome(session: remainingSession(context.app, in: context, policy: policy))
        }
        var findings = FindingSet()
        if trace.evaluate(AirWatchTerminationRule.backgroundExtendsSession, in: context) {
            if !context.storeSessionLive { findings.insert(Finding.expiredSessionRevived.id) }
            context.store.stamp = .at(context.time)
        }
        return StepOutcome(
            session: remainingSession(context.app, in: context, policy: policy), findings: findings,
            details: statusDetails(context.entry.effectiveSSO))
    }
}
