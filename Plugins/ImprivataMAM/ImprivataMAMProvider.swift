import SSOPolicyProviderKit

/// The Imprivata Mobile Access Management model (sources: `ImprivataSource`).
///
/// MAM decides who holds a device, not who is signed in to an app: check-out unlocks a docked device for a worker;
/// apps keep their own sessions; check-in runs each app's logout action and locks the device again. Every decision
/// is a rule of a decision phase (`ImprivataRules`), evaluated through the trace.
public struct ImprivataMAMProvider: PolicyProvider {
    public typealias Policy = ImprivataPolicy
    public typealias State = ImprivataState

    public init() {}

    public var descriptor: ProviderDescriptor { ImprivataDescriptor.descriptor }

    public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> ImprivataPolicy? {
        ImprivataPolicy.compile(configuration, diagnostics: &diagnostics)
    }

    public func configurationFindings(_ policy: ImprivataPolicy) -> [PolicyFinding] { policy.configurationFindings() }

    public func initialState(_ policy: ImprivataPolicy, facts: FactValues) -> ImprivataState {
        ImprivataState(policy, facts: facts)
    }

    public func resetState(_ state: inout ImprivataState, policy: ImprivataPolicy, facts: FactValues) {
        state.reset(policy, facts: facts)
    }

    public func apply(
        _ event: ProviderEvent, to state: inout ImprivataState, policy: ImprivataPolicy, trace: inout RuleTrace
    ) throws -> StepOutcome {
        if let app = event.app, app.int >= policy.apps.count { return .notApplicable }
        state.startClock(event.time, lendingPeriod: policy.lendingPeriod)
        var context = ImprivataContext(policy: policy, user: event.user, time: event.time)
        context.conditions = conditions(of: event, policy: policy)
        // Time first: an unreturned device becomes Overdue (or goes to Lost Mode); nothing is signed out.
        if try state.status.value == .checkedOut,
            let decision = try trace.first(ImprivataDeviceRule.overdue, on: state, in: context)
        {
            state.status = .known(decision == .overdueLostMode ? .lostMode : .overdue)
        }
        switch EventKind<ImprivataEvent>(event.event) {
        case .open:
            guard let app = event.app, let user = event.user else { return .notApplicable }
            return try open(&state, &context, trace: &trace, app: app.int, user: user)
        case .signOut:
            guard let app = event.app else { return .notApplicable }
            return try signOut(&state, &context, trace: &trace, app: app.int)
        case .terminate:
            return try terminate(&state, &context, trace: &trace, app: event.app?.int)
        case .querySSOStatus:
            return StepOutcome(session: .none, details: try deviceDetails(state))
        case .own(.checkOut):
            guard let user = event.user else { return .notApplicable }
            return try checkOut(&state, context, trace: &trace, user: user, time: event.time)
        case .own(.checkIn):
            return try checkIn(&state, &context, trace: &trace, user: event.user)
        case .own(.emergencyUnlock):
            return try emergencyUnlock(&state, context, trace: &trace)
        case .own(.microsoftSignIn):
            guard let user = event.user else { return .notApplicable }
            return try microsoftSignIn(&state, context, trace: &trace, user: user)
        case nil:
            return .notApplicable
        }
    }

    private func conditions(of event: ProviderEvent, policy: ImprivataPolicy) -> ImprivataConditions {
        var conditions = ImprivataConditions()
        if event.conditions.isEmpty { return conditions }
        if let word = event.conditions.word(ImprivataStepCondition.logout.id) { conditions.logoutFails = word != "ok" }
        if let app = event.conditions.word(ImprivataStepCondition.logoutFails.id) {
            conditions.logoutFailingApp = policy.appIDs.firstIndex(of: app) ?? -1
        }
        let clear = event.conditions.word(ImprivataStepCondition.clearPasscode.id)
        conditions.clearPasscodeFails = clear == "fails"
        conditions.clearPasscodeSucceeds = clear == "succeeds"
        conditions.atProvisioningLaunchpad =
            event.conditions.word(ImprivataStepCondition.dockedAt.id) == "provisioning_launchpad"
        conditions.badgeNotEnrolled = event.conditions.word(ImprivataStepCondition.badge.id) == "not_enrolled"
        return conditions
    }

    func deviceDetails(_ state: ImprivataState) throws -> DetailValues {
        var details = DetailValues()
        details.set(ImprivataDetail.status.id, choice: try state.status.value.rawValue)
        details.set(ImprivataDetail.custodian.id, account: try state.custodian.value)
        return details
    }
}
