import SSOPolicyProviderKit

extension EntraState {
    /// The app process ends (or, for `all`, the device restarts): it stops receiving notifications; the device
    /// account survives both (the PRT is not tied to a process, research §10).
    mutating func terminate(_ target: ProviderEvent.Target, policy: EntraPolicy, trace: inout RuleTrace)
        -> StepOutcome
    {
        if case .allApps = target { managedHomeScreenRestart(policy: policy, trace: &trace) }
        trace.record(EntraLifecycleRule.accountSurvivesTermination, in: deviceContext(user: nil, policy: policy))
        switch target {
        case .app(let app) where app.int < apps.count:
            apps[app.int].running = false
            endOwnLoginWithProcess(app.int, policy: policy)
            return remainingSession(app.int, policy: policy)
        case .allApps:
            for index in apps.indices {
                apps[index].running = false
                endOwnLoginWithProcess(index, policy: policy)
            }
            if policy.device.deviceShared, let account = deviceAccount {
                return StepOutcome(session: .sharedReused, sessionUser: account)
            }
            return StepOutcome(session: .none)
        default:
            return .notApplicable
        }
    }

    /// An app that is not shared-device aware whose own login lasts until it is terminated loses it with its process.
    mutating func endOwnLoginWithProcess(_ index: Int, policy: EntraPolicy) {
        if policy.apps[index].mode == .notAware && policy.apps[index].ownLogin == .untilTerminated {
            apps[index].tokens = nil
        }
    }

    /// The session that remains for an app after a non-access event (spec 4.1: `none` when none remains).
    func remainingSession(_ index: Int, policy: EntraPolicy) -> StepOutcome {
        switch policy.apps[index].mode {
        case .shared:
            if let account = deviceAccount { return StepOutcome(session: .sharedReused, sessionUser: account) }
        case .defaultMode, .notAware:
            if let holder = apps[index].tokens { return StepOutcome(session: .appReused, sessionUser: holder) }
        case .initFails:
            break
        }
        return StepOutcome(session: .none)
    }

    /// getDeviceInformation: the mode, fetched fresh from the broker, or an error for an app that is not
    /// broker-enabled (research §1, R12).
    mutating func queryDeviceInformation(_ index: Int, policy: EntraPolicy, trace: inout RuleTrace) -> StepOutcome {
        let app = policy.apps[index]
        traceMode(index, policy: policy, trace: &trace)
        var outcome = remainingSession(index, policy: policy)
        switch trace.first(EntraLifecycleRule.deviceInformation, in: context(index, user: nil, policy: policy)) {
        case .deviceInfoReported:
            outcome.details.set(
                EntraDetail.deviceMode.id,
                choice: policy.device.deviceShared ? EntraDetail.shared : EntraDetail.defaultMode)
            if policy.device.sharedRequested && !policy.device.deviceShared {
                outcome.findings.insert(EntraFinding.sharedModeNotActive.id)
            }
            if app.mode == .initFails { outcome.findings.insert(EntraFinding.multipleAccountAppUnsupported.id) }
        case .deviceInfoUnavailable:
            outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.unavailable)
            if policy.device.sharedRequested { outcome.findings.insert(EntraFinding.appNotSharedDeviceAware.id) }
        default:
            break
        }
        return outcome
    }

    /// iOS Safari: web SSO with whatever Entra web session it still holds (R5); a web sign-in otherwise.
    mutating func openBrowser(user: UserID, policy: EntraPolicy, trace: inout RuleTrace) -> StepOutcome {
        guard policy.device.isIOS else { return .notApplicable }
        let context = deviceContext(user: user, policy: policy)
        // The plug-in's SSO is tried first; its rule sits in a later phase than web SSO and the web sign-in.
        let pluginSSO = trace.first(EntraAccessRule.pluginSSO, in: context) != nil
        let decision = pluginSSO ? nil : trace.first(EntraLifecycleRule.browser, in: context)
        if pluginSSO, let account = deviceAccount {
            // The plug-in signs Safari in as the device's account; Safari then holds that web session.
            safari = account
            var outcome = StepOutcome(session: .none, sessionUser: account)
            outcome.apply(EntraAccessRule.browserPluginSSO.effect)
            if account != user {
                outcome.findings.insert(EntraFinding.previousUserSessionActive.id)
                outcome.subject = account
            }
            return outcome
        }
        if decision == .browserWebSSO, let holder = safari {
            var outcome = StepOutcome(session: .none, sessionUser: holder)
            outcome.apply(EntraLifecycleRule.browserWebSSO.effect)
            if holder != user {
                outcome.findings.insert(EntraFinding.previousUserSessionActive.id)
                outcome.findings.insert(EntraFinding.browserSessionRemains.id)
                outcome.subject = holder
            }
            return outcome
        }
        // No web session: the web sign-in (`browserSignIn`) creates the user's.
        safari = user
        var outcome = StepOutcome(session: .none, sessionUser: user)
        outcome.apply(EntraLifecycleRule.browserSignIn.effect)
        return outcome
    }

    /// Android with Managed Home Screen's automatic sign-out: a device idle for the delay has its user signed out of
    /// MHS and the shared-device-mode apps before the step (a global sign-out: running listeners learn at once,
    /// the others at their next getCurrentAccount).
    mutating func inactivitySignOut(policy: EntraPolicy, trace: inout RuleTrace) {
        // Sign-in type Other: MHS signs its own session out; the apps' account stays.
        trace.record(
            EntraManagedHomeScreenRule.mhsInactivitySignOutMHSOnly, in: deviceContext(user: nil, policy: policy))
        guard trace.evaluate(EntraDeviceSignOutRule.mhsInactivitySignOut, in: deviceContext(user: nil, policy: policy))
        else {
            return
        }
        deviceAccount = nil
        notifyListeners(except: -1, policy: policy, trace: &trace)
        intuneClearsLocalData(policy: policy, trace: &trace)
    }
}
