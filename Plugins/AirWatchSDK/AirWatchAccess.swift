import SSOPolicyProviderKit

private typealias Rule = AirWatchRule
private typealias Finding = AirWatchFinding

/// An access attempt (`open`): launch, SSO requirements, user-change detection, identify, secure, exposure.
///
/// Runs without allocating when the trace is off: every value is a flag, an integer or a packed list.
extension AirWatchSDKProvider {
    func open(
        _ index: Int, user: UserID, event: ProviderEvent, state: inout AirWatchState, policy: AirWatchPolicy,
        trace: inout RuleTrace
    ) -> StepOutcome {
        let app = policy.apps[index]
        guard app.usesSDK else {
            return openWithoutSDK(index, user: user, state: &state, policy: policy, trace: &trace)
        }
        let store = app.store
        var findings = FindingSet()
        var details = DetailValues()
        var prompts = PromptList()

        // A cold launch forgets the in-process unlock (E7, E13).
        if !state.apps[index].running {
            state.apps[index].running = true
            state.apps[index].unlockedInProcess = false
        }
        checkRequirements(app, findings: &findings, trace: &trace)
        if !trace.check(Rule.sessionShared.id, app.effectiveSSO) { trace.fire(Rule.sessionNotShared.id) }
        detectUserChange(index, findings: &findings, state: &state, policy: policy, trace: &trace)

        let identifyPrompt = identify(
            index, user: user, event: event, state: &state, policy: policy, trace: &trace)
        if let identifyPrompt {
            prompts.append(identifyPrompt)
            details.set(AirWatchFact.credentialMethod, choice: policy.commonMethod)
        }

        let secured = secure(
            index, identifyPrompt: identifyPrompt, time: event.time, state: &state, policy: policy, trace: &trace)
        for prompt in secured.prompts { prompts.append(prompt) }
        if identifyPrompt == nil
            && (secured.prompts.contains(.credentials) || secured.prompts.contains(.appCredentials))
        {
            details.set(AirWatchFact.credentialMethod, choice: 0)
        }
        var authenticated = secured.authenticated
        if !authenticated, identifyPrompt != nil, let current = state.stores[store].sessionUser,
            trace.check(Rule.identifyNewIdentitySession.id, true, current != state.stores[store].identity)
        {
            // The user just typed their own credentials: the live session of another identity does not serve them.
            authenticated = true
        }
        if authenticated {
            state.stores[store].hasSession = true
            state.stores[store].stamp = event.time
            state.stores[store].sessionUser = state.stores[store].identity ?? user
            state.stores[store].failedAttempts = 0
        }
        state.apps[index].unlockedInProcess = true
        state.apps[index].lastKnownSSO = app.effectiveSSO

        // Whose session and whose data the user now sees; a passcode or password asked first stands between.
        var subject: UserID?
        let sessionUser = state.stores[store].sessionUser
        let other = sessionUser != nil && sessionUser != user
        let barrier = secured.prompts.contains { $0 == .passcode || $0 == .credentials || $0 == .appCredentials }
        if trace.check(Rule.exposurePreviousSession.id, other, !barrier) {
            findings.insert(Finding.previousUserSessionActive.id)
        } else if trace.check(Rule.exposureBehindPrompt.id, other, barrier) {
            findings.insert(Finding.previousUserSessionBehindPrompt.id)
        }
        if other { subject = sessionUser }
        let others = state.apps[index].dataUsers & ~AirWatchState.bit(user)
        if trace.check(Rule.exposurePreviousData.id, others != 0) {
            findings.insert(Finding.previousUserDataVisible.id)
            if subject == nil { subject = UserID(others.trailingZeroBitCount) }
        }
        state.apps[index].dataUsers |= AirWatchState.bit(user) | (sessionUser.map(AirWatchState.bit) ?? 0)

        details.set(AirWatchFact.ssoStatus, choice: app.effectiveSSO ? 0 : 1)
        details.set(AirWatchFact.registeredUser, account: state.apps[index].registeredUser)
        let session: SessionKind =
            app.effectiveSSO ? (authenticated ? .sharedNew : .sharedReused) : (authenticated ? .appNew : .appReused)
        return StepOutcome(
            prompts: prompts, session: session, sessionUser: sessionUser, findings: findings, subject: subject,
            details: details)
    }

    /// An app that does not initialise the SDK: its own login (`own_login`), its own session, nothing of the SDK.
    func openWithoutSDK(
        _ index: Int, user: UserID, state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let app = policy.apps[index]
        var findings = FindingSet()
        let cold = !state.apps[index].running
        if cold {
            state.apps[index].running = true
            // The own session of until_terminated lives in the process.
            state.apps[index].ownSessionUser = nil
        }
        checkRequirements(app, findings: &findings, trace: &trace)
        trace.fire(Rule.outsideSDKOpen.id)
        var prompts = PromptList()
        var session = SessionKind.appReused
        switch app.ownLogin {
        case .none:
            if cold { session = .appNew }
        case .everyOpen, .untilTerminated:
            let live = app.ownLogin == .untilTerminated && state.apps[index].ownSessionUser != nil
            if !trace.check(Rule.outsideSDKOwnSession.id, true, live) {
                trace.fire(Rule.outsideSDKOwnLogin.id)
                prompts.append(.appCredentials)
                state.apps[index].ownSessionUser = user
                session = .appNew
            }
        }
        var subject: UserID?
        let sessionUser = state.apps[index].ownSessionUser
        if trace.check(Rule.exposurePreviousSession.id, sessionUser != nil && sessionUser != user, true) {
            findings.insert(Finding.previousUserSessionActive.id)
            subject = sessionUser
        }
        let others = state.apps[index].dataUsers & ~AirWatchState.bit(user)
        if trace.check(Rule.exposurePreviousData.id, others != 0) {
            findings.insert(Finding.previousUserDataVisible.id)
            if subject == nil { subject = UserID(others.trailingZeroBitCount) }
        }
        state.apps[index].dataUsers |= AirWatchState.bit(user) | (sessionUser.map(AirWatchState.bit) ?? 0)
        var details = DetailValues()
        details.set(AirWatchFact.ssoStatus, choice: 1)
        return StepOutcome(
            prompts: prompts, session: session, sessionUser: sessionUser, findings: findings, subject: subject,
            details: details)
    }

    /// Effective SSO needs the app's profile, the anchor's profile, an anchor app and an initialised SDK.
    func checkRequirements(_ app: AirWatchApp, findings: inout FindingSet, trace: inout RuleTrace) {
        guard app.ssoRequested else { return }
        if trace.check(Rule.ssoRequirementMissing.id, true, app.requirementMissing) {
            findings.insert(Finding.ssoRequirementMissing.id)
            _ = trace.check(Rule.ssoNoAnchorApp.id, true, app.noAnchorApp)
            _ = trace.check(Rule.ssoAnchorProfile.id, true, app.anchorProfileOff)
            _ = trace.check(Rule.ssoSDKNotInitialized.id, true, app.sdkNotInitialized)
        }
    }

    /// Hub checked out a different user since the app last looked: the SDK wipes the app's SDK data (E41-E42).
    func detectUserChange(
        _ index: Int, findings: inout FindingSet, state: inout AirWatchState, policy: AirWatchPolicy,
        trace: inout RuleTrace
    ) {
        guard state.apps[index].seenCheckOut != state.checkOutGeneration else { return }
        state.apps[index].seenCheckOut = state.checkOutGeneration
        guard let checkedOut = state.checkedOutUser else { return }
        let app = policy.apps[index]
        let registered = state.apps[index].registered && state.apps[index].registeredUser != checkedOut
        let common = state.stores[app.store].identity
        let cluster = app.effectiveSSO && common != nil && common != checkedOut
        guard trace.check(Rule.userChangeWipe.id, true, registered || cluster) else { return }
        findings.insert(Finding.userChangeWipe.id)
        state.apps[index].tokenConsumed = true
        state.apps[index].registered = false
        state.apps[index].registeredUser = nil
        state.apps[index].silentRoute = false
        if app.effectiveSSO {
            // The first app of the cluster to notice drops the previous user's common identity and session.
            if state.stores[app.store].identity != checkedOut {
                state.stores[app.store].identity = nil
                state.stores[app.store].hasSession = false
                state.stores[app.store].sessionUser = nil
            }
        } else {
            let passcode = state.stores[app.store].passcodeSet
            let created = state.stores[app.store].passcodeCreated
            state.stores[app.store] = AirWatchStore()
            // The passcode follows the shared-device setting, applied at check-out.
            state.stores[app.store].passcodeSet = passcode
            state.stores[app.store].passcodeCreated = created
        }
        if !trace.check(Rule.userChangeAppDataKept.id, true, !app.clearsDataOnUserChange) {
            state.apps[index].dataUsers = 0
        }
    }

    /// The identify phase (seed): silent login, else the common authentication system or the app's own login.
    func identify(
        _ index: Int, user: UserID, event: ProviderEvent, state: inout AirWatchState, policy: AirWatchPolicy,
        trace: inout RuleTrace
    ) -> Prompt? {
        if trace.check(Rule.identifyRegistered.id, state.apps[index].registered) { return nil }
        let app = policy.apps[index]
        let store = app.store
        let common = app.effectiveSSO ? state.stores[store].identity : nil
        var identity = user
        let silent: Bool
        if let forced = event.conditions.word(AirWatchFact.silentLoginCondition) {
            silent = forced == "succeeds"
            if silent, let common { identity = common }
        } else if trace.check(Rule.identifyCommonIdentity.id, true, app.effectiveSSO, common != nil), let common {
            silent = true
            identity = common
        } else if trace.check(
            Rule.identifyManagedToken.id, true, policy.tokenAvailable, !state.apps[index].tokenConsumed)
        {
            silent = true
        } else if trace.check(
            Rule.identifyCachedCredentials.id, true, !app.effectiveSSO, policy.reuseCachedCredentials,
            policy.commonIsPassword)
        {
            silent = true
        } else {
            silent = state.apps[index].silentRoute
        }

        var prompt: Prompt?
        if !trace.check(Rule.identifySilentLogin.id, true, silent) {
            if trace.check(Rule.identifyCommonAuth.id, true, app.effectiveSSO) {
                prompt = .credentials
            } else if trace.check(Rule.identifyCommonAuthPasscode.id, true, true, app.authentication == .passcode) {
                prompt = .credentials
            } else {
                trace.fire(Rule.identifyAppLogin.id)
                prompt = .appCredentials
            }
        }
        // Any registration spends the one-time token: after a wipe or a user change silent login needs another route.
        state.apps[index].tokenConsumed = true
        state.apps[index].registered = true
        state.apps[index].registeredUser = identity
        state.stores[store].identity = identity
        return prompt
    }

    /// The secure phase's answer: the prompts it shows and whether it authenticated (a new session).
    struct Secured {
        var prompts = PromptList()
        var authenticated = false
    }

    /// The secure phase (seed table, options C1 and C2), then a forced passcode change (E24).
    func secure(
        _ index: Int, identifyPrompt: Prompt?, time: Int, state: inout AirWatchState, policy: AirWatchPolicy,
        trace: inout RuleTrace
    ) -> Secured {
        let app = policy.apps[index]
        let store = app.store
        var result = Secured()
        let storeLive = state.sessionLive(store, at: time, timeout: policy.timeout)
        if state.stores[store].hasSession { _ = trace.check(Rule.sessionTimeoutExpired.id, true, !storeLive) }
        let unlocked = state.apps[index].unlockedInProcess
        if storeLive && app.authentication != .disabled {
            _ = trace.check(Rule.secureColdLaunch.id, policy.coldLaunchRequiresAuth, !unlocked, true)
        }
        let live = storeLive && !(policy.coldLaunchRequiresAuth && !unlocked)
        let keySet = state.stores[store].passcodeSet

        switch app.authentication {
        case .disabled:
            trace.fire(Rule.secureDisabled.id)
            result.authenticated = !storeLive
            return result
        case .passcode:
            let reusable = app.effectiveSSO || policy.passcodePerAppSession
            if trace.check(Rule.securePasscodeCreate.id, true, !keySet) {
                result.prompts.append(.createPasscode)
                state.stores[store].passcodeSet = true
                state.stores[store].passcodeCreated = time
            } else if trace.check(Rule.securePasscodeLive.id, true, true, live, reusable) {
                return result
            } else if trace.check(
                Rule.securePasscodeEveryAccess.id, true, true, !app.effectiveSSO, !policy.passcodePerAppSession)
            {
                result.prompts.append(.passcode)
            } else {
                _ = trace.check(Rule.securePasscodePrompt.id, true, true, true)
                result.prompts.append(.passcode)
            }
            if result.prompts.last == .passcode {
                let age = time - state.stores[store].passcodeCreated
                if trace.check(
                    Rule.securePasscodeChange.id, true, policy.maxPasscodeAge > 0 && age >= policy.maxPasscodeAge)
                {
                    result.prompts.append(.changePasscode)
                    state.stores[store].passcodeCreated = time
                }
            }
        case .usernamePassword:
            let reusable = app.effectiveSSO || policy.passwordPerAppSession
            let prompt: Prompt
            if trace.check(Rule.secureUsernamePasswordLive.id, true, keySet, live, reusable) {
                return result
            } else if trace.check(Rule.secureUsernamePasswordPrompt.id, true, app.effectiveSSO, true) {
                prompt = .credentials
            } else if trace.check(
                Rule.secureUsernamePasswordEveryAccess.id, true, true, !policy.passwordPerAppSession)
            {
                prompt = .appCredentials
            } else {
                _ = trace.check(Rule.secureUsernamePasswordAppSession.id, true, true, true, true)
                prompt = .appCredentials
            }
            state.stores[store].passcodeSet = true
            let repeated = prompt == identifyPrompt
            if !(repeated && trace.check(Rule.secureNoRepeatPrompt.id, true, policy.commonIsPassword)) {
                result.prompts.append(prompt)
            }
        }
        result.authenticated = true
        return result
    }
}
