import SSOPolicyProviderKit

private typealias Finding = AirWatchFinding

/// The events that are not an `open` or a Hub action: sign-out, lock, termination, status query, failed attempts,
/// wipes and backgrounding. Every decision is a rule evaluated through the trace against the context.
extension AirWatchSDKProvider {
    /// lockSession(): the session of the app's store ends for every app sharing it (E36).
    func lock(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) throws -> StepOutcome {
        guard context.entry.usesSDK else { return try untouched(&state, &context, trace: &trace, policy: policy) }
        try clearSession(&state, context, trace: &trace)
        var findings = FindingSet()
        var subject: UserID?
        try withoutSDKSurvivors(&state, &context, trace: &trace, policy: policy, findings: &findings, subject: &subject)
        return StepOutcome(
            session: .none, findings: findings, subject: subject, details: statusDetails(context.entry.effectiveSSO))
    }

    private func clearSession(_ state: inout AirWatchState, _ context: AirWatchContext, trace: inout RuleTrace) throws {
        if try trace.evaluate(AirWatchLifecycleRule.lockClearsSession, on: state, in: context) {
            state[store: context].hasSession = .known(false)
            state[store: context].sessionUser = .known(nil)
        }
    }

    /// An SDK action aimed at an app without the SDK: nothing happens to it (its own session and data stay).
    func untouched(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) throws -> StepOutcome {
        var findings = FindingSet()
        var subject: UserID?
        try withoutSDKSurvivors(&state, &context, trace: &trace, policy: policy, findings: &findings, subject: &subject)
        let session: SessionKind = try state[app: context].ownSessionUser.value == nil ? .none : .appReused
        return StepOutcome(session: session, findings: findings, subject: subject)
    }

    /// Apps without the SDK that hold a user's session or data keep them through an SDK action (point of the
    /// finding: the SDK cannot reach them). `sparing` is a user whose own session or data does not count.
    func withoutSDKSurvivors(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy,
        findings: inout FindingSet, subject: inout UserID?, sparing user: UserID? = nil
    ) throws {
        let current = context.app
        context.spared = user
        for app in policy.apps.indices where !policy.apps[app].usesSDK {
            context.select(app, in: policy)
            guard try trace.evaluate(AirWatchExposureRule.outsideSDKUntouched, on: state, in: context) else { continue }
            findings.raise(AirWatchExposureRule.outsideSDKUntouched.effect)
            if subject == nil {
                subject =
                    try state[app: context].ownSessionUser.value.flatMap { $0 == user ? nil : $0 }
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
    ) throws -> StepOutcome {
        guard context.entry.usesSDK else {
            if try trace.evaluate(AirWatchExposureRule.outsideSDKOwnSignOut, on: state, in: context) {
                state[app: context].ownSessionUser = .known(nil)
            }
            // An app that clears its data on a user change clears it at its own sign-out too.
            if context.entry.clearsDataOnUserChange { state[app: context].dataUsers = .known(0) }
            var findings = FindingSet()
            if try state[app: context].dataUsers.value != 0 { findings.insert(Finding.notCoveredByGlobalSignout.id) }
            return StepOutcome(session: .none, findings: findings, subject: user)
        }
        try trace.record(AirWatchLifecycleRule.signOutLocksSession, on: state, in: context)
        try clearSession(&state, context, trace: &trace)
        var findings = FindingSet()
        var subject = user
        if try trace.evaluate(AirWatchLifecycleRule.signOutKeepsIdentity, on: state, in: context) {
            findings.raise(AirWatchLifecycleRule.signOutKeepsIdentity.effect)
            subject = try state[store: context].identity.value
        }
        if try state.apps.contains(where: { try $0.dataUsers.value != 0 }) {
            findings.insert(Finding.notCoveredByGlobalSignout.id)
        }
        var untouchedSubject: UserID?
        try withoutSDKSurvivors(
            &state, &context, trace: &trace, policy: policy, findings: &findings, subject: &untouchedSubject)
        return StepOutcome(
            session: .none, findings: findings, subject: subject, details: statusDetails(context.entry.effectiveSSO))
    }

    /// The process ends (one app, or every app for a device restart).
    func terminate(
        _ state: inout AirWatchState, _ context: AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) throws -> StepOutcome {
        let index: Int? = context.deviceWide ? nil : context.app
        try trace.record(AirWatchTerminationRule.terminateProcessEnds, on: state, in: context)
        try trace.record(AirWatchTerminationRule.terminateSessionExpires, on: state, in: context)
        for app in state.apps.indices where index == nil || index == app {
            state.apps[app].running = .known(false)
            state.apps[app].unlockedInProcess = .known(false)
            if policy.apps[app].ownLogin != .untilSignOut { state.apps[app].ownSessionUser = .known(nil) }
        }
        if try trace.evaluate(AirWatchTerminationRule.terminateDeviceRestart, on: state, in: context) {
            // E9: the first open after the device is switched on authenticates, inside the timeout too.
            for store in state.stores.indices {
                state.stores[store].hasSession = .known(false)
                state.stores[store].sessionUser = .known(nil)
            }
        }
        if let index { return StepOutcome(session: try remainingSession(index, state, context, policy: policy)) }
        var session = SessionKind.none
        for app in policy.apps.indices {
            let remaining = try remainingSession(app, state, context, policy: policy)
            if remaining == .sharedReused || (remaining == .appReused && session == .none) { session = remaining }
        }
        return StepOutcome(session: session)
    }

    /// `ssoStatus`: disabled (or the last persisted value) before initialCheckDone, then the effective value.
    func querySSOStatus(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy,
        event: ProviderEvent
    ) throws -> StepOutcome {
        context.beforeInitialCheck =
            try event.conditions.bool(AirWatchStepCondition.beforeInitialCheck.id) ?? !state[app: context].running.value
        var findings = FindingSet()
        var value = context.entry.effectiveSSO
        // With SSO off for the app, "disabled" before the check is the right answer: nothing to warn about.
        switch try trace.first(AirWatchLifecycleRule.ssoStatus, on: state, in: context) {
        case .statusBeforeInitialCheck:
            findings.raise(AirWatchLifecycleRule.statusBeforeInitialCheck.effect)
            value =
                try trace.evaluate(AirWatchLifecycleRule.statusLastKnown, on: state, in: context)
                && state[app: context].lastKnownSSO
        case .statusEffective, nil:
            try checkRequirements(state, context, trace: &trace, findings: &findings)
        case .statusLastKnown, .lockClearsSession, .signOutLocksSession, .signOutKeepsIdentity:
            try checkRequirements(state, context, trace: &trace, findings: &findings)  // not in the list
        }
        return StepOutcome(
            session: try remainingSession(context.app, state, context, policy: policy), findings: findings,
            details: statusDetails(value))
    }

    /// A failed unlock: counts against the maximum (shared counter with SSO); reaching it wipes (E33-E35).
    func wrongPasscode(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) throws -> StepOutcome {
        let app = context.entry
        guard app.usesSDK else {
            // The app's own login refused the password and asks for it again: the SDK counts nothing, and the attempt
            // is denied.
            let login: AirWatchExposureRule =
                app.ownLoginPrompt == .interactiveSignIn ? .outsideSDKMicrosoftSignIn : .outsideSDKOwnLogin
            try trace.record(login, on: state, in: context)
            var outcome = StepOutcome(session: .denied)
            for prompt in login.effect.prompts { outcome.prompts.append(prompt) }
            return outcome
        }
        guard try trace.evaluate(AirWatchWipeRule.failedAttemptCount, on: state, in: context) else {
            return StepOutcome(session: try remainingSession(context.app, state, context, policy: policy))
        }
        let prompt: Prompt =
            app.authentication == .passcode ? .passcode : app.effectiveSSO ? .credentials : .appCredentials
        state[store: context].failedAttempts += 1
        // The attempt is denied (the rule's effect), and the app asks again.
        var outcome = StepOutcome(prompts: [prompt], session: .none)
        outcome.apply(AirWatchWipeRule.failedAttemptCount.effect)
        if try trace.evaluate(AirWatchWipeRule.failedAttemptsWipe, on: state, in: context) {
            outcome.apply(AirWatchWipeRule.failedAttemptsWipe.effect)
            if app.effectiveSSO { outcome.findings.insert(Finding.clusterWideWipe.id) }
            let enterprise = try trace.evaluate(AirWatchWipeRule.failedAttemptsEnterpriseWipe, on: state, in: context)
            try wipe(
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
    ) throws {
        let current = context.app
        context.wipe = everyApp ? .everyApp : .sdkData
        for other in policy.apps.indices
        where policy.apps[other].usesSDK && (everyApp || policy.apps[other].store == store) {
            context.select(other, in: policy)
            state[store: context] = AirWatchStore()
            state[app: context].registered = .known(false)
            state[app: context].registeredUser = .known(nil)
            state[app: context].silentRoute = .known(false)
            state[app: context].tokenConsumed = .known(true)
            state[app: context].unlockedInProcess = .known(false)
            if try trace.evaluate(AirWatchWipeRule.wipeAppDataKept, on: state, in: context) {
                let data = try state[app: context].dataUsers.value
                if data != 0 {
                    findings.insert(Finding.appDataSurvivesWipe.id)
                    subject = subject ?? UserID(data.trailingZeroBitCount)
                }
            } else {
                state[app: context].dataUsers = .known(0)
            }
        }
        context.wipe = .none
        context.select(current, in: policy)
        try withoutSDKSurvivors(&state, &context, trace: &trace, policy: policy, findings: &findings, subject: &subject)
    }

    /// logoutCurrentUser(): CurrentUserLogoutOperation wipes the store (the shared one with SSO) and unenrols the
    /// app (E34-E35); the next access identifies again, and the one-time token is spent.
    func logoutCurrentUser(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) throws -> StepOutcome {
        let app = context.entry
        guard app.usesSDK else { return try untouched(&state, &context, trace: &trace, policy: policy) }
        try trace.record(AirWatchWipeRule.logoutWipes, on: state, in: context)
        var findings = FindingSet()
        findings.raise(AirWatchWipeRule.logoutWipes.effect)
        var subject: UserID?
        try wipe(
            &state, &context, trace: &trace, policy: policy, store: app.store, everyApp: false, findings: &findings,
            subject: &subject)
        return StepOutcome(
            session: .none, findings: findings, subject: subject, details: statusDetails(app.effectiveSSO))
    }

    /// Backgrounding: under `timeout_anchor: last_background` the session is re-stamped unchecked (E11-E12).
    func background(
        _ state: inout AirWatchState, _ context: AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy
    ) throws -> StepOutcome {
        guard context.entry.usesSDK else {
            return StepOutcome(session: try remainingSession(context.app, state, context, policy: policy))
        }
        var findings = FindingSet()
        if try trace.evaluate(AirWatchTerminationRule.backgroundExtendsSession, on: state, in: context) {
            if try !state.storeSessionLive(context) { findings.insert(Finding.expiredSessionRevived.id) }
            state[store: context].stamp = .known(.at(context.time))
        }
        return StepOutcome(
            session: try remainingSession(context.app, state, context, policy: policy), findings: findings,
            details: statusDetails(context.entry.effectiveSSO))
    }
}
