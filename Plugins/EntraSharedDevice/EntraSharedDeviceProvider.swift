import SSOPolicyProviderKit

/// Microsoft Entra shared device mode through MSAL and the Authenticator broker (iOS and Android).
///
/// The model follows the seeds (the Microsoft Learn tutorial and its translations; see `EntraSource`): one
/// device-wide account held by the broker, MSAL's per-app previous account, and app data that only the app clears.
///
/// Every decision is a rule of a phase (`EntraModeRule` … `EntraManagedHomeScreenRule`), evaluated through the trace
/// on the state as it is; the handlers (`open`, `signOut`, `terminate`, …) are the provider's methods, each taking the
/// state `inout`, the event's context and the trace.
public struct EntraSharedDeviceProvider: PolicyProvider {
    public typealias Policy = EntraPolicy
    public typealias State = EntraState

    public init() {}

    public var descriptor: ProviderDescriptor { EntraDescriptor.descriptor }

    public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics)
        -> EntraPolicy?
    {
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

    /// Plays one event: the context is built once for it, and the event's handler decides.
    public func apply(
        _ event: ProviderEvent, to state: inout EntraState, policy: EntraPolicy, trace: inout RuleTrace
    ) throws -> StepOutcome {
        state.startClocks(event.time, policy: policy)
        let context = EntraContext(policy: policy, user: event.user, time: event.time)
        if policy.device.mhsAutoSignOut {
            try inactivitySignOut(&state, context, trace: &trace)
            // A worker's step is activity; the idle time counts from it.
            if event.user != nil { state.lastActivity = .known(.at(event.time)) }
        }
        state.forgetSessionPINAfterSignOut(policy: policy)
        let outcome = try handle(event, &state, context, trace: &trace)
        state.forgetSessionPINAfterSignOut(policy: policy)
        return outcome
    }

    private func handle(
        _ event: ProviderEvent, _ state: inout EntraState, _ context: EntraContext,
        trace: inout RuleTrace
    )
        throws -> StepOutcome
    {
        let app = event.app.map(\.int).flatMap { $0 < state.apps.count ? $0 : nil }
        switch EventKind<EntraEvent>(event.event) {
        case .open:
            guard let app, event.user != nil else { return .notApplicable }
            return try accessBehindSessionPIN(
                &state, context.focused(on: app), trace: &trace, explicit: false)
        case .own(.signIn):
            guard let app, event.user != nil else { return .notApplicable }
            return try accessBehindSessionPIN(&state, context.focused(on: app), trace: &trace, explicit: true)
        case .signOut:
            guard let app, event.user != nil else { return .notApplicable }
            var context = context.focused(on: app)
            context.brokerFails = event.conditions.word(EntraStepCondition.broker.id) == "fails"
            return try signOut(&state, context, trace: &trace)
        case .terminate:
            return try terminate(&state, context, trace: &trace, target: event.target)
        case .querySSOStatus:
            guard let app else { return .notApplicable }
            return try queryDeviceInformation(&state, context.focused(on: app), trace: &trace)
        case .own(.openBrowser):
            guard event.user != nil else { return .notApplicable }
            return try openBrowser(&state, context, trace: &trace)
        case .own(.mhsScreensaver):
            return try screensaver(&state, context, trace: &trace)
        case .own(.sessionPIN):
            guard event.user != nil else { return .notApplicable }
            return try enterSessionPIN(&state, context, trace: &trace)
        case nil:
            return .notApplicable
        }
    }
}
