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

    public func apply(
        _ event: ProviderEvent, to state: inout AirWatchState, policy: AirWatchPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        if !state.clockStarted { state.startClock(event.time, timeout: policy.timeout) }
        if !state.actingResolved, let user = event.user { state.resolveActingUser(user) }
        if let app = event.app, app.int >= policy.apps.count { return .notApplicable }
        switch event.event {
        case .open:
            guard let app = event.app, let user = event.user else { return .notApplicable }
            return open(app.int, user: user, event: event, state: &state, policy: policy, trace: &trace)
        case .signOut:
            guard let app = event.app else { return .notApplicable }
            return signOut(app.int, user: event.user, state: &state, policy: policy, trace: &trace)
        case .terminate:
            return terminate(event.app?.int, state: &state, policy: policy, trace: &trace, time: event.time)
        case .querySSOStatus:
            guard let app = event.app else { return .notApplicable }
            return querySSOStatus(app.int, event: event, state: &state, policy: policy, trace: &trace)
        case AirWatchFact.lock:
            guard let app = event.app else { return .notApplicable }
            return lock(app.int, state: &state, policy: policy, trace: &trace)
        case AirWatchFact.wrongPasscode:
            guard let app = event.app else { return .notApplicable }
            return wrongPasscode(app.int, time: event.time, state: &state, policy: policy, trace: &trace)
        case AirWatchFact.checkOut:
            guard let user = event.user else { return .notApplicable }
            return checkOut(user, state: &state, policy: policy, trace: &trace)
        case AirWatchFact.checkIn:
            guard let user = event.user else { return .notApplicable }
            return checkIn(user, state: &state, policy: policy, trace: &trace)
        case AirWatchFact.logoutCurrentUser:
            guard let app = event.app else { return .notApplicable }
            return logoutCurrentUser(app.int, state: &state, policy: policy, trace: &trace)
        case AirWatchFact.background:
            guard let app = event.app else { return .notApplicable }
            return background(app.int, time: event.time, state: &state, policy: policy, trace: &trace)
        default:
            return .notApplicable
        }
    }
}

/// The session a store offers after a non-access event: reused if still live, otherwise none.
extension AirWatchSDKProvider {
    func remainingSession(_ app: Int, time: Int, state: AirWatchState, policy: AirWatchPolicy) -> SessionKind {
        let entry = policy.apps[app]
        guard entry.usesSDK else { return state.apps[app].ownSessionUser == nil ? .none : .appReused }
        guard state.sessionLive(entry.store, at: time, timeout: policy.timeout) else { return .none }
        if policy.coldLaunchRequiresAuth && !state.apps[app].unlockedInProcess
            && entry.authentication != .disabled
        {
            return .none
        }
        return entry.effectiveSSO ? .sharedReused : .appReused
    }

    func statusDetails(_ enabled: Bool) -> DetailValues {
        var details = DetailValues()
        details.set(AirWatchFact.ssoStatus, choice: enabled ? 0 : 1)
        return details
    }
}
