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

    /// Plays one event: every rule is evaluated through the trace on the state as it is at that moment (the
    /// handlers' `inout` state) and the event's context, built once here and never holding the state. The handlers
    /// that visit other apps read the policy's app table from `policy`, passed along rather than held by the context,
    /// so that no step retains the policy that every thread of `verify` shares.
    public func apply(
        _ event: ProviderEvent, to state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) throws -> StepOutcome {
        if !state.clockStarted { state.startClock(event.time, timeout: policy.settings.timeout) }
        if !state.actingResolved, let user = event.user { state.resolveActingUser(user) }
        if let app = event.app, app.int >= policy.apps.count { return .notApplicable }
        var context = AirWatchContext(policy: policy, event: event, app: event.app?.int ?? 0)
        let hasApp = event.app != nil
        switch EventKind<AirWatchEvent>(event.event) {
        case .open:
            guard hasApp, let user = event.user else { return .notApplicable }
            return try open(&state, &context, trace: &trace, user: user, event: event)
        case .signOut:
            guard hasApp else { return .notApplicable }
            return try signOut(&state, &context, trace: &trace, policy: policy, user: event.user)
        case .terminate:
            context.deviceWide = !hasApp
            return try terminate(&state, context, trace: &trace, policy: policy)
        case .querySSOStatus:
            guard hasApp else { return .notApplicable }
            return try querySSOStatus(&state, &context, trace: &trace, policy: policy, event: event)
        case .own(.lock):
            guard hasApp else { return .notApplicable }
            return try lock(&state, &context, trace: &trace, policy: policy)
        case .own(.wrongPasscode):
            guard hasApp else { return .notApplicable }
            return try wrongPasscode(&state, &context, trace: &trace, policy: policy)
        case .own(.checkOut):
            guard let user = event.user else { return .notApplicable }
            return try checkOut(&state, &context, trace: &trace, policy: policy, user: user)
        case .own(.checkIn):
            guard let user = event.user else { return .notApplicable }
            return try checkIn(&state, &context, trace: &trace, policy: policy, user: user)
        case .own(.logoutCurrentUser):
            guard hasApp else { return .notApplicable }
            return try logoutCurrentUser(&state, &context, trace: &trace, policy: policy)
        case .own(.background):
            guard hasApp else { return .notApplicable }
            return try background(&state, context, trace: &trace, policy: policy)
        case nil:
            return .notApplicable
        }
    }
}

/// The session a store offers after a non-access event: reused if still live, otherwise none.
extension AirWatchSDKProvider {
    func remainingSession(_ app: Int, _ state: AirWatchState, _ context: AirWatchContext, policy: AirWatchPolicy)
        throws -> SessionKind
    {
        let entry = policy.apps[app]
        guard entry.usesSDK else { return try state.apps[app].ownSessionUser.value == nil ? .none : .appReused }
        guard try state.sessionLive(entry.store, at: context.time, timeout: context.settings.timeout) else {
            return .none
        }
        if try context.settings.coldLaunchRequiresAuth && !state.apps[app].unlockedInProcess.value
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
