import SSOPolicyProviderKit

private typealias Finding = AirWatchFinding

/// An access attempt (`open`): launch, SSO requirements, user-change detection, identify, secure, exposure.
///
/// Every decision is a rule of `AirWatchRule` evaluated through the trace against the context, which the phases
/// update as they go (identify's prompt, the secure phase's prompts); a fired rule's effect gives the prompts and
/// findings. Runs without allocating when the trace is off: every value is a flag, an integer or a packed list.
extension AirWatchSDKProvider {
    func open(_ user: UserID, event: ProviderEvent, context: inout AirWatchContext, trace: inout RuleTrace)
        -> StepOutcome
    {
        let app = context.entry
        guard app.usesSDK else { return openWithoutSDK(user, context: &context, trace: &trace) }
        var outcome = StepOutcome(session: .none)

        // A cold launch forgets the in-process unlock (E7, E13). Written without reading whether the process ran, so
        // a what-if asks about `initial_check_done` only when a decision reads the unlock.
        context.updateApp { app in
            app.$unlockedInProcess = app.$running.flatMap { $0 ? app.$unlockedInProcess : .known(false) }
            app.running = true
        }
        checkRequirements(context, findings: &outcome.findings, trace: &trace)
        trace.record(AirWatchSessionRule.sessionScope, in: context)
        detectUserChange(&context, findings: &outcome.findings, trace: &trace)

        let identifyPrompt = identify(user, event: event, context: &context, trace: &trace)
        context.identifyPrompt = identifyPrompt
        if let identifyPrompt {
            outcome.prompts.append(identifyPrompt)
            outcome.details.set(AirWatchDetail.credentialMethod.id, choice: Int(context.settings.commonMethod))
        }

        var authenticated = secure(&context, trace: &trace)
        let secured = context.securePrompts
        for prompt in secured { outcome.prompts.append(prompt) }
        if identifyPrompt == nil && (secured.contains(.credentials) || secured.contains(.appCredentials)) {
            outcome.details.set(AirWatchDetail.credentialMethod.id, choice: 0)
        }
        // The user just typed their own credentials: the live session of another identity does not serve them.
        if !authenticated && trace.evaluate(AirWatchIdentifyRule.identifyNewIdentitySession, in: context) {
            authenticated = true
        }
        if authenticated {
            let time = context.time
            context.updateStore { store in
                store.hasSession = true
                store.stamp = .at(time)
                store.sessionUser = store.identity ?? user
                store.failedAttempts = 0
            }
        }
        context.updateApp { state in
            state.unlockedInProcess = true
            state.lastKnownSSO = app.effectiveSSO
        }

        // Whose session and whose data the user now sees; a passcode or password asked first stands between.
        let sessionUser = context.store.sessionUser
        if let exposure = trace.first(AirWatchExposureRule.exposure, in: context) { outcome.apply(exposure.effect) }
        if sessionUser != nil && sessionUser != user { outcome.subject = sessionUser }
        if trace.evaluate(AirWatchExposureRule.exposurePreviousData, in: context) {
            outcome.apply(AirWatchExposureRule.exposurePreviousData.effect)
            if outcome.subject == nil {
                outcome.subject = UserID((context.appState.dataUsers & ~AirWatchState.bit(user)).trailingZeroBitCount)
            }
        }
        context.appState.dataUsers |= AirWatchState.bit(user) | (sessionUser.map(AirWatchState.bit) ?? 0)

        outcome.details.set(AirWatchDetail.ssoStatus.id, choice: app.effectiveSSO ? 0 : 1)
        outcome.details.set(AirWatchDetail.registeredUser.id, account: context.appState.registeredUser)
        outcome.session =
            app.effectiveSSO ? (authenticated ? .sharedNew : .sharedReused) : (authenticated ? .appNew : .appReused)
        outcome.sessionUser = sessionUser
        return outcome
    }

    /// An app that does not initialise the SDK: its own login (`own_login`), its own session, nothing of the SDK.
    func openWithoutSDK(_ user: UserID, context: inout AirWatchContext, trace: inout RuleTrace) -> StepOutcome {
        var outcome = StepOutcome(session: .appReused)
        let cold = !context.appState.running
        if cold {
            context.appState.running = true
            // The own session of until_terminated lives in the process; until_sign_out restores it.
            if context.entry.ownLogin != .untilSignOut { context.appState.ownSessionUser = nil }
        }
        checkRequirements(context, findings: &outcome.findings, trace: &trace)
        trace.record(AirWatchExposureRule.outsideSDKOpen, in: context)
        if let decision = trace.first(AirWatchExposureRule.withoutSDKOpen, in: context) {
            outcome.apply(decision.effect)
            if decision == .outsideSDKOwnLogin {
                context.appState.ownSessionUser = user
                // An app that clears its data when another user signs in to it sees the change at its own login.
                if context.entry.clearsDataOnUserChange { context.appState.dataUsers &= AirWatchState.bit(user) }
            }
        } else if cold {
            // own_login: none, the app opens straight into its content.
            outcome.session = .appNew
        }
        let sessionUser = context.appState.ownSessionUser
        if let exposure = trace.first(AirWatchExposureRule.exposure, in: context) {
            outcome.apply(exposure.effect)
            outcome.subject = sessionUser
        }
        if trace.evaluate(AirWatchExposureRule.exposurePreviousData, in: context) {
            outcome.apply(AirWatchExposureRule.exposurePreviousData.effect)
            if outcome.subject == nil {
                outcome.subject = UserID((context.appState.dataUsers & ~AirWatchState.bit(user)).trailingZeroBitCount)
            }
        }
        context.appState.dataUsers |= AirWatchState.bit(user) | (sessionUser.map(AirWatchState.bit) ?? 0)
        outcome.details.set(AirWatchDetail.ssoStatus.id, choice: 1)
        outcome.sessionUser = sessionUser
        return outcome
    }

    /// Effective SSO needs the app's profile, the anchor's profile, an anchor app and an initialised SDK.
    func checkRequirements(_ context: AirWatchContext, findings: inout FindingSet, trace: inout RuleTrace) {
        guard trace.evaluate(AirWatchSessionRule.ssoRequirementMissing, in: context) else { return }
        findings.raise(AirWatchSessionRule.ssoRequirementMissing.effect)
        trace.record(AirWatchSessionRule.ssoNoAnchorApp, in: context)
        trace.record(AirWatchSessionRule.ssoAnchorProfile, in: context)
        trace.record(AirWatchSessionRule.ssoSDKNotInitialized, in: context)
    }

    /// Hub checked out a different user since the app last looked: the SDK wipes the app's SDK data (E41-E42).
    func detectUserChange(_ context: inout AirWatchContext, findings: inout FindingSet, trace: inout RuleTrace) {
        let generation = context.state.checkOutGeneration
        guard context.appState.seenCheckOut != generation else { return }
        context.appState.seenCheckOut = generation
        guard trace.evaluate(AirWatchHubRule.userChangeWipe, in: context) else { return }
        let checkedOut = context.state.checkedOutUser
        findings.raise(AirWatchHubRule.userChangeWipe.effect)
        context.updateApp { app in
            app.tokenConsumed = true
            app.registered = false
            app.registeredUser = nil
            app.silentRoute = false
        }
        if context.entry.effectiveSSO {
            // The first app of the cluster to notice drops the previous user's common identity and session.
            if context.store.identity != checkedOut {
                context.updateStore { store in
                    store.identity = nil
                    store.hasSession = false
                    store.sessionUser = nil
                }
            }
        } else {
            // The passcode follows the shared-device setting, applied at check-out.
            let kept = context.store
            context.store = AirWatchStore()
            context.store.$passcodeSet = kept.$passcodeSet
            context.store.passcodeCreated = kept.passcodeCreated
        }
        context.wipe = .userChange
        if !trace.evaluate(AirWatchHubRule.userChangeAppDataKept, in: context) { context.appState.dataUsers = 0 }
        context.wipe = .none
    }

    /// The identify phase (seed): silent login, else the common authentication system or the app's own login.
    func identify(_ user: UserID, event: ProviderEvent, context: inout AirWatchContext, trace: inout RuleTrace)
        -> Prompt?
    {
        if trace.evaluate(AirWatchIdentifyRule.identifyRegistered, in: context) { return nil }
        var identity = user
        if let forced = event.conditions.word(AirWatchStepCondition.silentLogin.id) {
            context.silent = forced == "succeeds"
            if context.silent, context.entry.effectiveSSO, let common = context.store.identity { identity = common }
        } else {
            // The silent routes in the SDK's order (`AirWatchRules.silentRoutes`): the first that fires decides.
            if trace.evaluate(AirWatchIdentifyRule.identifyCommonIdentity, in: context) {
                context.silent = true
                identity = (context.entry.effectiveSSO ? context.store.identity : nil) ?? user
            } else if trace.evaluate(AirWatchCheckedOutRule.identifyCheckedOutUser, in: context) {
                // The worker proved who they are to Hub at check-out; the anchor gives the cluster that identity.
                context.silent = true
                identity = context.state.checkedOutUser ?? user
            } else if trace.first(AirWatchIdentifyRule.laterSilentRoutes, in: context) != nil {
                context.silent = true
            } else {
                context.silent = context.appState.silentRoute
            }
        }

        var prompt: Prompt?
        if !trace.evaluate(AirWatchIdentifyRule.identifySilentLogin, in: context) {
            prompt = trace.first(AirWatchIdentifyRule.identifyPrompt, in: context)?.effect.prompts.first ?? .credentials
        }
        // Any registration spends the one-time token: after a wipe or a user change silent login needs another route.
        context.updateApp { app in
            app.tokenConsumed = true
            app.registered = true
            app.registeredUser = identity
        }
        context.store.identity = identity
        return prompt
    }

    /// The secure phase (seed table, options C1 and C2), then a forced passcode change (E24). Leaves the prompts it
    /// shows in `context.securePrompts`; returns whether it authenticated (a new session).
    func secure(_ context: inout AirWatchContext, trace: inout RuleTrace) -> Bool {
        trace.record(AirWatchSessionRule.sessionTimeoutExpired, in: context)
        trace.record(AirWatchSessionRule.secureColdLaunch, in: context)
        switch context.entry.authentication {
        case .disabled:
            trace.record(AirWatchSecureRule.secureDisabled, in: context)
            return !context.storeSessionLive
        case .passcode:
            let decision = trace.first(AirWatchSecureRule.securePasscode, in: context)
            if decision == .securePasscodeLive { return false }
            if decision == .securePasscodeCreate {
                let time = context.time
                context.updateStore { store in
                    store.passcodeSet = true
                    store.passcodeCreated = .at(time)
                }
            }
            // With no rule deciding, the passcode is asked.
            context.securePrompt = decision?.effect.prompts.first ?? .passcode
            if let prompt = context.securePrompt { context.securePrompts.append(prompt) }
            if trace.evaluate(AirWatchSecureRule.securePasscodeChange, in: context) {
                for prompt in AirWatchSecureRule.securePasscodeChange.effect.prompts {
                    context.securePrompts.append(prompt)
                }
                context.store.passcodeCreated = .at(context.time)
            }
        case .usernamePassword:
            let decision = trace.first(AirWatchSecureRule.securePassword, in: context)
            if decision == .secureUsernamePasswordLive { return false }
            // With no rule deciding, the app's own credentials are asked.
            context.securePrompt = decision?.effect.prompts.first ?? .appCredentials
            context.store.passcodeSet = true
            if !trace.evaluate(AirWatchSecureRule.secureNoRepeatPrompt, in: context), let prompt = context.securePrompt
            {
                context.securePrompts.append(prompt)
            }
        }
        return true
    }
}
