import SSOPolicyProviderKit

private typealias Rule = AirWatchRule
private typealias Finding = AirWatchFinding

/// An access attempt (`open`): launch, SSO requirements, user-change detection, identify, secure, exposure.
///
/// Every decision is a rule of `AirWatchRule` evaluated through the trace against the context, which the phases
/// update as they go (identify's prompt, the secure phase's prompts). Runs without allocating when the trace is off:
/// every value is a flag, an integer or a packed list.
extension AirWatchSDKProvider {
    func open(_ user: UserID, event: ProviderEvent, context: inout AirWatchContext, trace: inout RuleTrace)
        -> StepOutcome
    {
        let app = context.entry
        guard app.usesSDK else { return openWithoutSDK(user, context: &context, trace: &trace) }
        var findings = FindingSet()
        var details = DetailValues()
        var prompts = PromptList()

        // A cold launch forgets the in-process unlock (E7, E13).
        if !context.appState.running {
            context.updateApp { app in
                app.running = true
                app.unlockedInProcess = false
            }
        }
        checkRequirements(context, findings: &findings, trace: &trace)
        trace.record(Rule.sessionScope, in: context)
        detectUserChange(&context, findings: &findings, trace: &trace)

        let identifyPrompt = identify(user, event: event, context: &context, trace: &trace)
        context.identifyPrompt = identifyPrompt
        if let identifyPrompt {
            prompts.append(identifyPrompt)
            details.set(AirWatchFact.credentialMethod, choice: context.policy.commonMethod)
        }

        var authenticated = secure(&context, trace: &trace)
        let secured = context.securePrompts
        for prompt in secured { prompts.append(prompt) }
        if identifyPrompt == nil && (secured.contains(.credentials) || secured.contains(.appCredentials)) {
            details.set(AirWatchFact.credentialMethod, choice: 0)
        }
        // The user just typed their own credentials: the live session of another identity does not serve them.
        if !authenticated && trace.evaluate(Rule.identifyNewIdentitySession, in: context) { authenticated = true }
        if authenticated {
            let time = context.time
            context.updateStore { store in
                store.hasSession = true
                store.stamp = time
                store.sessionUser = store.identity ?? user
                store.failedAttempts = 0
            }
        }
        context.updateApp { state in
            state.unlockedInProcess = true
            state.lastKnownSSO = app.effectiveSSO
        }

        // Whose session and whose data the user now sees; a passcode or password asked first stands between.
        var subject: UserID?
        let sessionUser = context.store.sessionUser
        switch trace.first(Rule.exposure, in: context) {
        case .exposurePreviousSession?: findings.insert(Finding.previousUserSessionActive.id)
        case .exposureBehindPrompt?: findings.insert(Finding.previousUserSessionBehindPrompt.id)
        default: break
        }
        if sessionUser != nil && sessionUser != user { subject = sessionUser }
        if trace.evaluate(Rule.exposurePreviousData, in: context) {
            findings.insert(Finding.previousUserDataVisible.id)
            if subject == nil {
                subject = UserID((context.appState.dataUsers & ~AirWatchState.bit(user)).trailingZeroBitCount)
            }
        }
        context.appState.dataUsers |= AirWatchState.bit(user) | (sessionUser.map(AirWatchState.bit) ?? 0)

        details.set(AirWatchFact.ssoStatus, choice: app.effectiveSSO ? 0 : 1)
        details.set(AirWatchFact.registeredUser, account: context.appState.registeredUser)
        let session: SessionKind =
            app.effectiveSSO ? (authenticated ? .sharedNew : .sharedReused) : (authenticated ? .appNew : .appReused)
        return StepOutcome(
            prompts: prompts, session: session, sessionUser: sessionUser, findings: findings, subject: subject,
            details: details)
    }

    /// An app that does not initialise the SDK: its own login (`own_login`), its own session, nothing of the SDK.
    func openWithoutSDK(_ user: UserID, context: inout AirWatchContext, trace: inout RuleTrace) -> StepOutcome {
        var findings = FindingSet()
        let cold = !context.appState.running
        if cold {
            context.appState.running = true
            // The own session of until_terminated lives in the process.
            context.appState.ownSessionUser = nil
        }
        checkRequirements(context, findings: &findings, trace: &trace)
        trace.record(Rule.outsideSDKOpen, in: context)
        var prompts = PromptList()
        var session = SessionKind.appReused
        switch trace.first(Rule.withoutSDKOpen, in: context) {
        case .outsideSDKOwnLogin?:
            prompts.append(.appCredentials)
            context.appState.ownSessionUser = user
            session = .appNew
        case .outsideSDKOwnSession?:
            break
        default:
            // own_login: none, the app opens straight into its content.
            if cold { session = .appNew }
        }
        var subject: UserID?
        let sessionUser = context.appState.ownSessionUser
        if trace.first(Rule.exposure, in: context) == .exposurePreviousSession {
            findings.insert(Finding.previousUserSessionActive.id)
            subject = sessionUser
        }
        if trace.evaluate(Rule.exposurePreviousData, in: context) {
            findings.insert(Finding.previousUserDataVisible.id)
            if subject == nil {
                subject = UserID((context.appState.dataUsers & ~AirWatchState.bit(user)).trailingZeroBitCount)
            }
        }
        context.appState.dataUsers |= AirWatchState.bit(user) | (sessionUser.map(AirWatchState.bit) ?? 0)
        var details = DetailValues()
        details.set(AirWatchFact.ssoStatus, choice: 1)
        return StepOutcome(
            prompts: prompts, session: session, sessionUser: sessionUser, findings: findings, subject: subject,
            details: details)
    }

    /// Effective SSO needs the app's profile, the anchor's profile, an anchor app and an initialised SDK.
    func checkRequirements(_ context: AirWatchContext, findings: inout FindingSet, trace: inout RuleTrace) {
        guard trace.evaluate(Rule.ssoRequirementMissing, in: context) else { return }
        findings.insert(Finding.ssoRequirementMissing.id)
        trace.record(Rule.ssoNoAnchorApp, in: context)
        trace.record(Rule.ssoAnchorProfile, in: context)
        trace.record(Rule.ssoSDKNotInitialized, in: context)
    }

    /// Hub checked out a different user since the app last looked: the SDK wipes the app's SDK data (E41-E42).
    func detectUserChange(_ context: inout AirWatchContext, findings: inout FindingSet, trace: inout RuleTrace) {
        guard context.appState.seenCheckOut != context.state.checkOutGeneration else { return }
        context.appState.seenCheckOut = context.state.checkOutGeneration
        guard trace.evaluate(Rule.userChangeWipe, in: context) else { return }
        let checkedOut = context.state.checkedOutUser
        findings.insert(Finding.userChangeWipe.id)
        context.updateApp { app in
            app.tokenConsumed = true
            app.registered = false
            app.registeredUser = nil
            app.silentRoute = false
        }
        if context.entry.effectiveSSO {
            // The first app of the cluster to notice drops the previous user's common identity and session.
            if context.store.identity != checkedOut {
                context.store.identity = nil
                context.store.hasSession = false
                context.store.sessionUser = nil
            }
        } else {
            // The passcode follows the shared-device setting, applied at check-out.
            let kept = context.store
            context.store = AirWatchStore()
            context.store.passcodeSet = kept.passcodeSet
            context.store.passcodeCreated = kept.passcodeCreated
        }
        context.wipe = .userChange
        if !trace.evaluate(Rule.userChangeAppDataKept, in: context) { context.appState.dataUsers = 0 }
        context.wipe = .none
    }

    /// The identify phase (seed): silent login, else the common authentication system or the app's own login.
    func identify(_ user: UserID, event: ProviderEvent, context: inout AirWatchContext, trace: inout RuleTrace)
        -> Prompt?
    {
        if trace.evaluate(Rule.identifyRegistered, in: context) { return nil }
        let common = context.entry.effectiveSSO ? context.store.identity : nil
        var identity = user
        if let forced = event.conditions.word(AirWatchFact.silentLoginCondition) {
            context.silent = forced == "succeeds"
            if context.silent, let common { identity = common }
        } else {
            switch trace.first(Rule.silentRoutes, in: context) {
            case .identifyCommonIdentity?:
                context.silent = true
                identity = common ?? user
            case .identifyManagedToken?, .identifyCachedCredentials?:
                context.silent = true
            default:
                context.silent = context.appState.silentRoute
            }
        }

        var prompt: Prompt?
        if !trace.evaluate(Rule.identifySilentLogin, in: context) {
            prompt = trace.first(Rule.identifyPrompt, in: context) == .identifyAppLogin ? .appCredentials : .credentials
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
        trace.record(Rule.sessionTimeoutExpired, in: context)
        trace.record(Rule.secureColdLaunch, in: context)
        switch context.entry.authentication {
        case .disabled:
            trace.record(Rule.secureDisabled, in: context)
            return !context.storeSessionLive
        case .passcode:
            switch trace.first(Rule.securePasscode, in: context) {
            case .securePasscodeLive?:
                return false
            case .securePasscodeCreate?:
                context.securePrompt = .createPasscode
                context.store.passcodeSet = true
                context.store.passcodeCreated = context.time
            default:
                context.securePrompt = .passcode
            }
            if let prompt = context.securePrompt { context.securePrompts.append(prompt) }
            if trace.evaluate(Rule.securePasscodeChange, in: context) {
                context.securePrompts.append(.changePasscode)
                context.store.passcodeCreated = context.time
            }
        case .usernamePassword:
            switch trace.first(Rule.securePassword, in: context) {
            case .secureUsernamePasswordLive?: return false
            case .secureUsernamePasswordPrompt?: context.securePrompt = .credentials
            default: context.securePrompt = .appCredentials
            }
            context.store.passcodeSet = true
            if !trace.evaluate(Rule.secureNoRepeatPrompt, in: context), let prompt = context.securePrompt {
                context.securePrompts.append(prompt)
            }
        }
        return true
    }
}
