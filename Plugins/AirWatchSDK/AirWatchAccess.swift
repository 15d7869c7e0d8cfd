import SSOPolicyProviderKit

private typealias Finding = AirWatchFinding

/// An access attempt (`open`): launch, SSO requirements, user-change detection, identify, secure, exposure.
///
/// Every decision is a rule of a phase evaluated through the trace on the state as it is and the context, which
/// the phases update as they go (identify's prompt, the secure phase's prompts); a fired rule's effect gives the
/// prompts and findings. Runs without allocating when the trace is off: every value is a flag, an integer or a
/// packed list.
extension AirWatchSDKProvider {
    func open(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, user: UserID,
        event: ProviderEvent
    ) throws -> StepOutcome {
        let app = context.entry
        guard app.usesSDK else { return try openWithoutSDK(&state, context, trace: &trace, user: user) }
        var outcome = StepOutcome(session: .none)

        // A cold launch forgets the in-process unlock (E7, E13). Written without reading whether the process ran, so
        // a what-if asks about `initial_check_done` only when a decision reads the unlock.
        state.updateApp(context) { app in
            app.unlockedInProcess = app.running.flatMap { $0 ? app.unlockedInProcess : .known(false) }
            app.running = .known(true)
        }
        try checkRequirements(state, context, trace: &trace, findings: &outcome.findings)
        try trace.record(AirWatchSessionRule.sessionScope, on: state, in: context)
        try detectUserChange(&state, &context, trace: &trace, findings: &outcome.findings)

        let identifyPrompt = try identify(&state, &context, trace: &trace, user: user, event: event)
        context.identifyPrompt = identifyPrompt
        if let identifyPrompt {
            outcome.prompts.append(identifyPrompt)
            outcome.details.set(AirWatchDetail.credentialMethod.id, choice: Int(context.settings.commonMethod))
        }

        var authenticated = try secure(&state, &context, trace: &trace)
        let secured = context.securePrompts
        for prompt in secured { outcome.prompts.append(prompt) }
        if identifyPrompt == nil && (secured.contains(.credentials) || secured.contains(.appCredentials)) {
            outcome.details.set(AirWatchDetail.credentialMethod.id, choice: 0)
        }
        // The user just typed their own credentials: the live session of another identity does not serve them.
        if try !authenticated && trace.evaluate(AirWatchIdentifyRule.identifyNewIdentitySession, on: state, in: context)
        {
            authenticated = true
        }
        if authenticated {
            let time = context.time
            try state.updateStore(context) { store in
                store.hasSession = .known(true)
                store.stamp = .known(.at(time))
                store.sessionUser = .known(try store.identity.value ?? user)
                store.failedAttempts = 0
            }
        }
        state.updateApp(context) { appState in
            appState.unlockedInProcess = .known(true)
            appState.lastKnownSSO = app.effectiveSSO
        }

        // Whose session and whose data the user now sees; a passcode or password asked first stands between.
        let sessionUser = try state[store: context].sessionUser.value
        if let exposure = try trace.first(AirWatchExposureRule.exposure, on: state, in: context) {
            outcome.apply(exposure.effect)
        }
        if sessionUser != nil && sessionUser != user { outcome.subject = sessionUser }
        if try trace.evaluate(AirWatchExposureRule.exposurePreviousData, on: state, in: context) {
            outcome.apply(AirWatchExposureRule.exposurePreviousData.effect)
            if outcome.subject == nil {
                outcome.subject = UserID(
                    (try state[app: context].dataUsers.value & ~AirWatchState.bit(user)).trailingZeroBitCount)
            }
        }
        state[app: context].dataUsers = .known(
            try state[app: context].dataUsers.value | AirWatchState.bit(user)
                | (sessionUser.map(AirWatchState.bit) ?? 0))

        outcome.details.set(AirWatchDetail.ssoStatus.id, choice: app.effectiveSSO ? 0 : 1)
        outcome.details.set(AirWatchDetail.registeredUser.id, account: try state[app: context].registeredUser.value)
        outcome.session =
            app.effectiveSSO ? (authenticated ? .sharedNew : .sharedReused) : (authenticated ? .appNew : .appReused)
        outcome.sessionUser = sessionUser
        return outcome
    }

    /// An app that does not initialise the SDK: its own login (`own_login`), its own session, nothing of the SDK.
    func openWithoutSDK(_ state: inout AirWatchState, _ context: AirWatchContext, trace: inout RuleTrace, user: UserID)
        throws -> StepOutcome
    {
        var outcome = StepOutcome(session: .appReused)
        let cold = try !state[app: context].running.value
        if cold {
            state[app: context].running = .known(true)
            // The own session of until_terminated lives in the process; until_sign_out restores it.
            if context.entry.ownLogin != .untilSignOut { state[app: context].ownSessionUser = .known(nil) }
        }
        try checkRequirements(state, context, trace: &trace, findings: &outcome.findings)
        try trace.record(AirWatchExposureRule.outsideSDKOpen, on: state, in: context)
        if let decision = try trace.first(AirWatchExposureRule.withoutSDKOpen, on: state, in: context) {
            outcome.apply(decision.effect)
            switch decision {
            case .outsideSDKOwnLogin, .outsideSDKMicrosoftSignIn:
                state[app: context].ownSessionUser = .known(user)
                // An app that clears its data when another user signs in to it sees the change at its own login.
                if context.entry.clearsDataOnUserChange {
                    state[app: context].dataUsers = .known(
                        try state[app: context].dataUsers.value & AirWatchState.bit(user))
                }
            case .outsideSDKOwnSession:
                break  // its own session serves it
            case .exposurePreviousSession, .exposureBehindPrompt, .exposurePreviousData, .outsideSDKOpen,
                .outsideSDKOwnSignOut, .outsideSDKUntouched:
                break  // not in the list
            }
        } else if cold {
            // own_login: none, the app opens straight into its content.
            outcome.session = .appNew
        }
        let sessionUser = try state[app: context].ownSessionUser.value
        if let exposure = try trace.first(AirWatchExposureRule.exposure, on: state, in: context) {
            outcome.apply(exposure.effect)
            outcome.subject = sessionUser
        }
        if try trace.evaluate(AirWatchExposureRule.exposurePreviousData, on: state, in: context) {
            outcome.apply(AirWatchExposureRule.exposurePreviousData.effect)
            if outcome.subject == nil {
                outcome.subject = UserID(
                    (try state[app: context].dataUsers.value & ~AirWatchState.bit(user)).trailingZeroBitCount)
            }
        }
        state[app: context].dataUsers = .known(
            try state[app: context].dataUsers.value | AirWatchState.bit(user)
                | (sessionUser.map(AirWatchState.bit) ?? 0))
        outcome.details.set(AirWatchDetail.ssoStatus.id, choice: 1)
        outcome.sessionUser = sessionUser
        return outcome
    }

    /// Effective SSO needs the app's profile, the anchor's profile, an anchor app and an initialised SDK.
    func checkRequirements(
        _ state: AirWatchState, _ context: AirWatchContext, trace: inout RuleTrace, findings: inout FindingSet
    ) throws {
        guard try trace.evaluate(AirWatchSessionRule.ssoRequirementMissing, on: state, in: context) else { return }
        findings.raise(AirWatchSessionRule.ssoRequirementMissing.effect)
        try trace.record(AirWatchSessionRule.ssoNoAnchorApp, on: state, in: context)
        try trace.record(AirWatchSessionRule.ssoAnchorProfile, on: state, in: context)
        try trace.record(AirWatchSessionRule.ssoSDKNotInitialized, on: state, in: context)
    }

    /// Hub checked out a different user since the app last looked: the SDK wipes the app's SDK data (E41-E42).
    func detectUserChange(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace,
        findings: inout FindingSet
    ) throws {
        let generation = try state.checkOutGeneration.value
        guard state[app: context].seenCheckOut != generation else { return }
        state[app: context].seenCheckOut = generation
        guard try trace.evaluate(AirWatchHubRule.userChangeWipe, on: state, in: context) else { return }
        let checkedOut = try state.checkedOutUser.value
        findings.raise(AirWatchHubRule.userChangeWipe.effect)
        state.updateApp(context) { app in
            app.tokenConsumed = .known(true)
            app.registered = .known(false)
            app.registeredUser = .known(nil)
            app.silentRoute = .known(false)
        }
        if context.entry.effectiveSSO {
            // The first app of the cluster to notice drops the previous user's common identity and session.
            if try state[store: context].identity.value != checkedOut {
                state.updateStore(context) { store in
                    store.identity = .known(nil)
                    store.hasSession = .known(false)
                    store.sessionUser = .known(nil)
                }
            }
        } else {
            // The passcode follows the shared-device setting, applied at check-out.
            let kept = state[store: context]
            state[store: context] = AirWatchStore()
            state[store: context].passcodeSet = kept.passcodeSet
            state[store: context].passcodeCreated = kept.passcodeCreated
        }
        context.wipe = .userChange
        if try !trace.evaluate(AirWatchHubRule.userChangeAppDataKept, on: state, in: context) {
            state[app: context].dataUsers = .known(0)
        }
        context.wipe = .none
    }

    /// The identify phase (seed): silent login, else the common authentication system or the app's own login.
    func identify(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, user: UserID,
        event: ProviderEvent
    ) throws -> Prompt? {
        if try trace.evaluate(AirWatchIdentifyRule.identifyRegistered, on: state, in: context) { return nil }
        var identity = user
        if let forced = event.conditions.word(AirWatchStepCondition.silentLogin.id) {
            context.silent = forced == "succeeds"
            if context.silent, context.entry.effectiveSSO, let common = try state[store: context].identity.value {
                identity = common
            }
        } else {
            // The silent routes in the SDK's order (`AirWatchRules.silentRoutes`): the first that fires decides.
            switch try trace.first(AirWatchRules.silentRoutes, on: state, in: context) {
            case .first(.identifyCommonIdentity):
                context.silent = true
                identity = (try context.entry.effectiveSSO ? state[store: context].identity.value : nil) ?? user
            case .second(.identifyCheckedOutUser):
                // The worker proved who they are to Hub at check-out; the anchor gives the cluster that identity.
                context.silent = true
                identity = try state.checkedOutUser.value ?? user
            case .first(.identifyManagedToken), .first(.identifyCachedCredentials):
                context.silent = true
            case .first(.identifyRegistered), .first(.identifySilentLogin), .first(.identifyCommonAuth),
                .first(.identifyCommonAuthPasscode), .first(.identifyAppLogin), .first(.identifyNewIdentitySession):
                break  // not in the list
            case nil:
                context.silent = try state[app: context].silentRoute.value
            }
        }

        var prompt: Prompt?
        if try !trace.evaluate(AirWatchIdentifyRule.identifySilentLogin, on: state, in: context) {
            prompt =
                try trace.first(AirWatchIdentifyRule.identifyPrompt, on: state, in: context)?.effect.prompts.first
                ?? .credentials
        }
        // Any registration spends the one-time token: after a wipe or a user change silent login needs another route.
        state.updateApp(context) { app in
            app.tokenConsumed = .known(true)
            app.registered = .known(true)
            app.registeredUser = .known(identity)
        }
        state[store: context].identity = .known(identity)
        return prompt
    }

    /// The secure phase (seed table, options C1 and C2), then a forced passcode change (E24). Leaves the prompts it
    /// shows in `context.securePrompts`; returns whether it authenticated (a new session).
    func secure(_ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace) throws -> Bool {
        try trace.record(AirWatchSessionRule.sessionTimeoutExpired, on: state, in: context)
        try trace.record(AirWatchSessionRule.secureColdLaunch, on: state, in: context)
        switch context.entry.authentication {
        case .disabled:
            try trace.record(AirWatchSecureRule.secureDisabled, on: state, in: context)
            return try !state.storeSessionLive(context)
        case .passcode:
            let decision = try trace.first(AirWatchSecureRule.securePasscode, on: state, in: context)
            switch decision {
            case .securePasscodeLive:
                return false
            case .securePasscodeCreate:
                let time = context.time
                state.updateStore(context) { store in
                    store.passcodeSet = .known(true)
                    store.passcodeCreated = .at(time)
                }
            case .securePasscodeEveryAccess, .securePasscodePrompt, nil:
                break  // the passcode is asked
            case .secureDisabled, .securePasscodeChange, .secureUsernamePasswordLive, .secureUsernamePasswordPrompt,
                .secureUsernamePasswordEveryAccess, .secureUsernamePasswordAppSession, .secureNoRepeatPrompt:
                break  // not in the list
            }
            // With no rule deciding, the passcode is asked.
            context.securePrompt = decision?.effect.prompts.first ?? .passcode
            if let prompt = context.securePrompt { context.securePrompts.append(prompt) }
            if try trace.evaluate(AirWatchSecureRule.securePasscodeChange, on: state, in: context) {
                for prompt in AirWatchSecureRule.securePasscodeChange.effect.prompts {
                    context.securePrompts.append(prompt)
                }
                state[store: context].passcodeCreated = .at(context.time)
            }
        case .usernamePassword:
            let decision = try trace.first(AirWatchSecureRule.securePassword, on: state, in: context)
            switch decision {
            case .secureUsernamePasswordLive:
                return false
            case .secureUsernamePasswordPrompt, .secureUsernamePasswordEveryAccess, .secureUsernamePasswordAppSession,
                nil:
                break  // the credentials are asked
            case .secureDisabled, .securePasscodeCreate, .securePasscodeLive, .securePasscodeEveryAccess,
                .securePasscodePrompt, .securePasscodeChange, .secureNoRepeatPrompt:
                break  // not in the list
            }
            // With no rule deciding, the app's own credentials are asked.
            context.securePrompt = decision?.effect.prompts.first ?? .appCredentials
            state[store: context].passcodeSet = .known(true)
            if try !trace.evaluate(AirWatchSecureRule.secureNoRepeatPrompt, on: state, in: context),
                let prompt = context.securePrompt
            {
                context.securePrompts.append(prompt)
            }
        }
        return true
    }
}
