import SSOPolicyProviderKit

/// The AirWatch / Workspace ONE SDK SSO model (sources: `AirWatchSources`).
///
/// An access runs the seed's two phases: identify (only while the app is not registered) and secure (against the
/// app's store: its own, or its cluster's shared store when SSO is effective).
public struct AirWatchSDKProvider: PolicyProvider {
    public typealias Policy = AirWatchPolicy
    public typealias State = AirWatchState

    public init() {}

    public var descriptor: ProviderDescriptor { AirWatchDescriptor.descriptor }

    public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> AirWatchPolicy? {
        AirWatchPolicy.compile(configuration, diagnostics: &diagnostics)
    }

    public func configurationFindings(_ policy: AirWatchPolicy) -> [PolicyFinding] { policy.findings }

    public func initialState(_ policy: AirWatchPolicy, facts: FactValues) -> AirWatchState {
        AirWatchState(policy, facts: facts)
    }

    public func resetState(_ state: inout AirWatchState, policy: AirWatchPolicy, facts: FactValues) {
        state.reset(policy, facts: facts)
    }

    /// Plays one event. The state moves into the `AirWatchContext` for the step, so every rule is evaluated through
    /// the trace against the state as it is at that moment, and moves back out at the end. The handlers that visit
    /// other apps read the policy's app table from `policy`, passed along rather than held by the context, so that no
    /// step retains the policy that every thread of `verify` shares.
    public func apply(
        _ event: ProviderEvent, to state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        if !state.clockStarted { state.startClock(event.time, timeout: policy.settings.timeout) }
        if !state.actingResolved, let user = event.user { state.resolveActingUser(user) }
        if let app = event.app, app.int >= policy.apps.count { return .notApplicable }
        var context = AirWatchContext(policy: policy, event: event, app: event.app?.int ?? 0)
        // The state moves into the context for the step and back out: swapped, so it is neither copied nor retained.
        swap(&state, &context.state)
        let outcome = play(event, in: &context, policy: policy, trace: &trace)
        swap(&state, &context.state)
        return outcome
    }

    private func play(
        _ event: ProviderEvent, in context: inout AirWatchContext, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let hasApp = event.app != nil
        switch event.event {
        case .open:
            guard hasApp, let user = event.user else { return .notApplicable }
            return open(user, event: event, context: &context, trace: &trace)
        case .signOut:
            guard hasApp else { return .notApplicable }
            return signOut(event.user, context: &context, policy: policy, trace: &trace)
        case .terminate:
            context.deviceWide = !hasApp
            return terminate(&context, policy: policy, trace: &trace)
        case .querySSOStatus:
            guard hasApp else { return .notApplicable }
            return querySSOStatus(event, context: &context, policy: policy, trace: &trace)
        case AirWatchEvent.lock.id:
            guard hasApp else { return .notApplicable }
            return lock(&context, policy: policy, trace: &trace)
        case AirWatchEvent.wrongPasscode.id:
            guard hasApp else { return .notApplicable }
            return wrongPasscode(&context, policy: policy, trace: &trace)
        case AirWatchEvent.checkOut.id:
            guard let user = event.user else { return .notApplicable }
            return checkOut(user, context: &context, policy: policy, trace: &trace)
        case AirWatchEvent.checkIn.id:
            guard let user = event.user else { return .notApplicable }
            return checkIn(user, context: &context, policy: policy, trace: &trace)
        case AirWatchEvent.logoutCurrentUser.id:
            guard hasApp else { return .notApplicable }
            return logoutCurrentUser(&context, policy: policy, trace: &trace)
        case AirWatchEvent.background.id:
            guard hasApp else { return .notApplicable }
            return background(&context, policy: policy, trace: &trace)
        default:
            return .notApplicable
        }
    }
}

/// The session a store offers after a non-access event: reused if still live, otherwise none.
extension AirWatchSDKProvider {
    func remainingSession(_ app: Int, in context: AirWatchContext, policy: AirWatchPolicy) -> SessionKind {
        let entry = policy.apps[app]
        guard entry.usesSDK else { return context.state.apps[app].ownSessionUser == nil ? .none : .appReused }
        guard context.state.sessionLive(entry.store, at: context.time, timeout: context.settings.timeout) else {
            return .none
        }
        if context.settings.coldLaunchRequiresAuth && !context.state.apps[app].unlockedInProcess
            && entry.authentication != .disabled
        {
            return .none
        }
        return entry.effectiveSSO ? .sharedReused : .appReused
    }

    func statusDetails(_ enabled: Bool) -> DetailValues {
        var details = DetailValues()
        details.set(AirWatchDetail.ssoStatus.id, choice: enabled ? 0 : 1)
        return details
    }
}
