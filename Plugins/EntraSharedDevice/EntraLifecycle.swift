import SSOPolicyProviderKit

extension EntraSharedDeviceProvider {
    /// The app process ends (or, for `all`, the device restarts): it stops receiving notifications; the device
    /// account survives both (the PRT is not tied to a process, research §10).
    func terminate(
        _ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace,
        target: ProviderEvent.Target
    ) throws -> StepOutcome {
        let policy = context.policy
        if case .allApps = target { try managedHomeScreenRestart(&state, context, trace: &trace) }
        try trace.record(EntraLifecycleRule.accountSurvivesTermination, on: state, in: context)
        switch target {
        case .app(let app):
            guard app.int < state.apps.count else { return .notApplicable }
            state.apps[app.int].running = false
            state.endOwnLoginWithProcess(app.int, policy: policy)
            return try state.remainingSession(app.int, policy: policy)
        case .allApps:
            for index in state.apps.indices {
                state.apps[index].running = false
                state.endOwnLoginWithProcess(index, policy: policy)
            }
            if policy.device.deviceShared, let account = try state.deviceAccount.value {
                return StepOutcome(session: .sharedReused, sessionUser: account)
            }
            return StepOutcome(session: .none)
        case .word:
            return .notApplicable
        }
    }

    /// getDeviceInformation: the mode, fetched fresh from the broker, or an error for an app that is not
    /// broker-enabled (research §1, R12).
    func queryDeviceInformation(
        _ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace
    )
        throws -> StepOutcome
    {
        let policy = context.policy
        try traceMode(state, context, trace: &trace)
        var outcome = try state.remainingSession(context.index, policy: policy)
        switch try trace.first(EntraLifecycleRule.deviceInformation, on: state, in: context) {
        case .deviceInfoReported:
            outcome.details.set(
                EntraDetail.deviceMode.id,
                choice: policy.device.deviceShared ? EntraDetail.shared : EntraDetail.defaultMode)
            if policy.device.sharedRequested && !policy.device.deviceShared {
                outcome.findings.insert(EntraFinding.sharedModeNotActive.id)
            }
            if context.app.mode == .initFails {
                outcome.findings.insert(EntraFinding.multipleAccountAppUnsupported.id)
            }
        case .deviceInfoUnavailable:
            outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.unavailable)
            if policy.device.sharedRequested {
                outcome.findings.insert(EntraFinding.appNotSharedDeviceAware.id)
            }
        case .browserWebSSO, .browserSignIn, .accountSurvivesTermination, nil:
            break  // not in the list, or no answer
        }
        return outcome
    }

    /// iOS Safari: the plug-in's SSO as the device's account, web SSO with whatever Entra web session it still holds
    /// (R5), or a web sign-in.
    func openBrowser(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        guard context.device.isIOS else { return .notApplicable }
        let user = context.user
        // The plug-in's SSO is tried first; its rule sits in a later phase than web SSO and the web sign-in.
        switch try trace.first(EntraAccessRule.browser, on: state, in: context) {
        case .first(let rule):
            switch rule {
            case .browserPluginSSO:
                guard let account = try state.deviceAccount.value else { break }
                // The plug-in signs Safari in as the device's account; Safari then holds that web session.
                state.safari = .known(account)
                var outcome = StepOutcome(session: .none, sessionUser: account)
                outcome.apply(EntraAccessRule.browserPluginSSO.effect)
                if account != user {
                    outcome.findings.insert(EntraFinding.previousUserSessionActive.id)
                    outcome.subject = account
                }
                return outcome
            case .iosSignInServedExisting, .authenticatorBrokerRoute, .dataPreviousUserVisible,
                .signInFrequencyReauthenticate, .signInFrequencyOtherUserStopped:
                break  // not in the list
            }
        case .second(let rule):
            switch rule {
            case .browserWebSSO:
                guard let holder = try state.safari.value else { break }
                var outcome = StepOutcome(session: .none, sessionUser: holder)
                outcome.apply(EntraLifecycleRule.browserWebSSO.effect)
                if holder != user {
                    outcome.findings.insert(EntraFinding.previousUserSessionActive.id)
                    outcome.findings.insert(EntraFinding.browserSessionRemains.id)
                    outcome.subject = holder
                }
                return outcome
            case .browserSignIn, .deviceInfoReported, .deviceInfoUnavailable, .accountSurvivesTermination:
                break  // the web sign-in below, or not in the list
            }
        case nil:
            break
        }
        // No web session: the web sign-in (`browserSignIn`) creates the user's.
        state.safari = .known(user)
        var outcome = StepOutcome(session: .none, sessionUser: user)
        outcome.apply(EntraLifecycleRule.browserSignIn.effect)
        return outcome
    }

    /// Android with Managed Home Screen's automatic sign-out: a device idle for the delay has its user signed out of
    /// MHS and the shared-device-mode apps before the step (a global sign-out: running listeners learn at once,
    /// the others at their next getCurrentAccount).
    func inactivitySignOut(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace) throws {
        // Sign-in type Other: MHS signs its own session out; the apps' account stays.
        try trace.record(EntraManagedHomeScreenRule.mhsInactivitySignOutMHSOnly, on: state, in: context)
        guard try trace.evaluate(EntraDeviceSignOutRule.mhsInactivitySignOut, on: state, in: context) else {
            return
        }
        state.deviceAccount = .known(nil)
        try notifyListeners(&state, context, trace: &trace)
        try intuneClearsLocalData(&state, context, trace: &trace)
    }
}

extension EntraState {
    /// An app that is not shared-device aware whose own login lasts until it is terminated loses it with its process.
    mutating func endOwnLoginWithProcess(_ index: Int, policy: EntraPolicy) {
        if policy.apps[index].mode == .notAware && policy.apps[index].ownLogin == .untilTerminated {
            apps[index].tokens = .known(nil)
        }
    }

    /// The session that remains for an app after a non-access event (spec 4.1: `none` when none remains).
    func remainingSession(_ index: Int, policy: EntraPolicy) throws -> StepOutcome {
        switch policy.apps[index].mode {
        case .shared:
            if let account = try deviceAccount.value {
                return StepOutcome(session: .sharedReused, sessionUser: account)
            }
        case .defaultMode, .notAware:
            if let holder = try apps[index].tokens.value {
                return StepOutcome(session: .appReused, sessionUser: holder)
            }
        case .initFails:
            break
        }
        return StepOutcome(session: .none)
    }
}
