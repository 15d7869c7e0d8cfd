import SSOPolicyProviderKit

/// The Apple Shared iPad model (sources: `AppleSource`).
///
/// iPadOS separates workers: a worker signs in at the login window into their own partition (a Guest into a
/// temporary one, deleted when it ends), works, and signs out; the partition stays cached for their return. The
/// next person meets whatever the previous one left: the login window, a Lock Screen (with its passcode grace
/// period), or an open session. Inside a partition Microsoft's apps share one Entra sign-in. Every decision is a
/// rule of a decision phase (`AppleRules`), evaluated through the trace on the state as it is.
public struct AppleSharedIPadProvider: PolicyProvider {
    public typealias Policy = ApplePolicy
    public typealias State = AppleState

    public init() {}

    public var descriptor: ProviderDescriptor { AppleDescriptor.descriptor }

    public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> ApplePolicy? {
        ApplePolicy.compile(configuration, diagnostics: &diagnostics)
    }

    public func configurationFindings(_ policy: ApplePolicy) -> [PolicyFinding] { policy.configurationFindings() }

    public func initialState(_ policy: ApplePolicy, facts: FactValues) throws -> AppleState {
        try AppleState(policy, facts: facts)
    }

    public func apply(_ event: ProviderEvent, to state: inout AppleState, policy: ApplePolicy, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        if let app = event.app, app.int >= policy.apps.count { return .notApplicable }
        guard let kind = EventKind<AppleEvent>(event.event) else { return .notApplicable }
        var context = AppleContext(policy: policy, user: event.user, app: event.app?.int ?? -1, time: event.time)
        var outcome = StepOutcome(session: .none)
        try clock(&state, &context, trace: &trace, outcome: &outcome)
        switch kind {
        case .open:
            guard event.user != nil, event.app != nil else { return .notApplicable }
            context.guestRequested = event.conditions.word(AppleStepCondition.asGuest.id) == "guest"
            try open(&state, &context, trace: &trace, outcome: &outcome)
        case .signOut:
            guard event.app != nil else { return .notApplicable }
            try appSignOut(&state, &context, trace: &trace, outcome: &outcome)
        case .terminate:
            try terminate(&state, &context, trace: &trace, outcome: &outcome)
        case .querySSOStatus:
            outcome.sessionUser = state.inSession ? state.owner : nil
        case .own(.lock):
            try lock(&state, &context, trace: &trace, outcome: &outcome)
        case .own(.unlock):
            guard event.user != nil else { return .notApplicable }
            if try device(&state, &context, trace: &trace, outcome: &outcome) {
                if outcome.session == .none { outcome.session = .sharedReused }
                outcome.sessionUser = state.owner
            } else if outcome.session == .none {
                outcome.session = .denied
            }
        case .own(.deviceSignIn):
            guard event.user != nil else { return .notApplicable }
            if case .word(let word) = event.target { context.guestRequested = word == "guest" }
            if try device(&state, &context, trace: &trace, outcome: &outcome) {
                if outcome.session == .none { outcome.session = .sharedNew }
                outcome.sessionUser = state.owner
            } else if outcome.session == .none {
                outcome.session = .denied
            }
        case .own(.deviceSignOut):
            try deviceSignOut(&state, &context, trace: &trace, outcome: &outcome)
        case .own(.logOutUser):
            try logOut(&state, &context, trace: &trace, outcome: &outcome)
        case .own(.deleteUser):
            context.force = event.conditions.bool(AppleStepCondition.force.id) ?? false
            var targets: [UserID] = []
            if case .word("all") = event.target {
                targets = state.residents.map(\.user)
            } else if let user = event.user {
                targets = [user]
            }
            try delete(&state, &context, trace: &trace, outcome: &outcome, targets: targets)
        case .own(.erase):
            if case .word(let word) = event.target { context.returnToService = word == "return_to_service" }
            context.wifi = event.conditions.bool(AppleStepCondition.wifi.id) ?? true
            try erase(&state, &context, trace: &trace, outcome: &outcome)
        case .own(.network):
            if case .word(let word) = event.target { state.offline = .known(word == "offline") }
        case .own(.userConfigured):
            try userConfigured(&state, &context, trace: &trace, outcome: &outcome)
        case .own(.passcodeReset):
            guard let user = event.user else { return .notApplicable }
            var resets = try state.passcodeResets.value
            AppleState.insert(user, into: &resets)
            state.passcodeResets = .known(resets)
        case .own(.entraDisableUser):
            guard let user = event.user else { return .notApplicable }
            var disabled = try state.disabled.value
            AppleState.insert(user, into: &disabled)
            state.disabled = .known(disabled)
        }
        // The last screen word: the session's Setup Assistant pane while it waits for UserConfigured.
        outcome.details.set(
            AppleDetail.screen.id, choice: state.awaiting && state.inSession ? 4 : state.screen.rawValue)
        if state.inSession { outcome.details.set(AppleDetail.sessionType.id, choice: try state.guest.value ? 1 : 0) }
        state.forgetWhatNoRuleReads(policy, at: event.time)
        return outcome
    }

    /// Before every event: an inactive session times out, or locks; then, online, the partitions of users no
    /// longer signed in finish syncing.
    func clock(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome
    ) throws {
        if state.inSession {
            if try trace.evaluate(AppleDeviceRule.userTimeout, on: state, in: context)
                || trace.evaluate(AppleDeviceRule.guestTimeout, on: state, in: context)
            {
                outcome.details.set(AppleDetail.endedBy.id, choice: try state.guest.value ? 2 : 1)
                try endSession(&state, &context, trace: &trace)
            } else if state.screen == .unlocked, try trace.evaluate(AppleDeviceRule.autoLock, on: state, in: context) {
                state.screen = .locked
                state.lockedAt = .known(
                    try state.lastActivity.value.time.map { .at(Saturating.sum($0, context.policy.autoLock)) }
                        ?? .givenPassed)
            }
        }
        let active = try state.inSession && !state.guest.value ? state.owner : nil
        if state.residents.contains(where: { !$0.synced && $0.user != active }), try !state.offline.value {
            for index in state.residents.indices where state.residents[index].user != active {
                state.residents[index].synced = true
            }
        }
    }

    /// Ends the open session: a Guest's data is deleted; a user's partition stays (its Microsoft sign-in too,
    /// unless `model.m365_tokens_after_sign_out: cleared`).
    func endSession(_ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace) throws {
        var clear = false
        if try !state.guest.value { clear = try trace.evaluate(AppleSignOutRule.tokensCleared, on: state, in: context) }
        try state.endSession(clearMicrosoft: clear)
    }
}
