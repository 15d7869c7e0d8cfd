import SSOPolicyProviderKit

/// Microsoft Entra shared device mode through MSAL and the Authenticator broker (iOS and Android).
///
/// The model follows the seeds (the Microsoft Learn tutorial and its translations; see `EntraSources`): one
/// device-wide account held by the broker, MSAL's per-app previous account, and app data that only the app clears.
public struct EntraSharedDeviceProvider: PolicyProvider {
    public typealias Policy = EntraPolicy
    public typealias State = EntraState

    public init() {}

    public var descriptor: ProviderDescriptor { EntraDescriptor.descriptor }

    public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> EntraPolicy? {
        EntraPolicy.compile(configuration, diagnostics: &diagnostics)
    }

    public func configurationFindings(_ policy: EntraPolicy) -> [PolicyFinding] {
        EntraConfigurationFindings.make(policy)
    }

    public func initialState(_ policy: EntraPolicy, facts: FactValues) -> EntraState {
        EntraState.make(policy, facts: facts)
    }

    public func resetState(_ state: inout EntraState, policy: EntraPolicy, facts: FactValues) {
        state.reset(policy, facts: facts)
    }

    public func apply(
        _ event: ProviderEvent, to state: inout EntraState, policy: EntraPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        state.now = event.time
        state.startClocks(event.time, policy: policy)
        if policy.device.mhsAutoSignOut {
            state.inactivitySignOut(policy: policy, trace: &trace)
            // A worker's step is activity; the idle time counts from it.
            if event.user != nil { state.lastActivity = .at(event.time) }
        }
        state.forgetSessionPINAfterSignOut(policy: policy)
        let outcome = handle(event, to: &state, policy: policy, trace: &trace)
        state.forgetSessionPINAfterSignOut(policy: policy)
        return outcome
    }

    private func handle(
        _ event: ProviderEvent, to state: inout EntraState, policy: EntraPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        switch event.event {
        case EventID.open:
            guard let app = event.app, app.int < state.apps.count, let user = event.user else {
                return .notApplicable
            }
            return state.accessBehindSessionPIN(app.int, user: user, explicit: false, policy: policy, trace: &trace)
        case EventID.signOut:
            guard let app = event.app, app.int < state.apps.count, let user = event.user else {
                return .notApplicable
            }
            let brokerFails = event.conditions.word(EntraStepCondition.broker.id) == "fails"
            return state.signOut(app.int, user: user, brokerFails: brokerFails, policy: policy, trace: &trace)
        case EventID.terminate:
            return state.terminate(event.target, policy: policy, trace: &trace)
        case EventID.querySSOStatus:
            guard let app = event.app, app.int < state.apps.count else { return .notApplicable }
            return state.queryDeviceInformation(app.int, policy: policy, trace: &trace)
        case EntraEvent.signIn.id:
            guard let app = event.app, app.int < state.apps.count, let user = event.user else {
                return .notApplicable
            }
            return state.accessBehindSessionPIN(app.int, user: user, explicit: true, policy: policy, trace: &trace)
        case EntraEvent.openBrowser.id:
            guard let user = event.user else { return .notApplicable }
            return state.openBrowser(user: user, policy: policy, trace: &trace)
        case EntraEvent.mhsScreensaver.id:
            return state.screensaver(policy: policy, trace: &trace)
        case EntraEvent.sessionPIN.id:
            guard let user = event.user else { return .notApplicable }
            return state.enterSessionPIN(user: user, policy: policy, trace: &trace)
        default:
            return .notApplicable
        }
    }
}
