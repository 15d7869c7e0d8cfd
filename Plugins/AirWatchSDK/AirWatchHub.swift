import SSOPolicyProviderKit

private typealias Finding = AirWatchFinding

/// Hub's multi-user mode: check-in and check-out. Apps notice a new user at their next access (`open`).
extension AirWatchSDKProvider {
    /// The user checks the device in at Hub: nobody is checked out. The passcode goes if the Shared Device setting
    /// says so; registrations and app data stay until another user checks out (E41, E43).
    func checkIn(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy,
        user: UserID
    ) throws -> StepOutcome {
        var findings = FindingSet()
        var subject: UserID?
        try trace.record(AirWatchHubRule.checkInDevice, on: state, in: context)
        if try state.checkedOutUser.value != nil {
            state.checkedOutUser = .known(nil)
            state.checkOutGeneration = .known(try state.checkOutGeneration.value &+ 1)
        }
        if try trace.evaluate(AirWatchHubRule.checkInClearPasscode, on: state, in: context) { clearPasscodes(&state) }
        let current = context.app
        for app in policy.apps.indices where policy.apps[app].usesSDK {
            context.select(app, in: policy)
            guard try trace.evaluate(AirWatchHubRule.checkInDataKept, on: state, in: context) else { continue }
            let data = try state[app: context].dataUsers.value
            findings.raise(AirWatchHubRule.checkInDataKept.effect)
            subject = subject ?? (data & AirWatchState.bit(user) != 0 ? user : UserID(data.trailingZeroBitCount))
        }
        context.select(current, in: policy)
        try withoutSDKSurvivors(&state, &context, trace: &trace, policy: policy, findings: &findings, subject: &subject)
        return StepOutcome(session: .none, findings: findings, subject: subject)
    }

    /// Hub checks out a user, who authenticates in Hub with directory or Workspace ONE UEM credentials; apps notice
    /// at their next access (E41-E43), and with SSO take that user's identity silently.
    func checkOut(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy,
        user: UserID
    ) throws -> StepOutcome {
        var findings = FindingSet()
        var subject = try state.checkedOutUser.value
        guard try trace.evaluate(AirWatchHubRule.checkOutNewUser, on: state, in: context) else {
            return StepOutcome(session: .none)
        }
        state.checkedOutUser = .known(user)
        state.checkOutGeneration = .known(try state.checkOutGeneration.value &+ 1)
        var outcome = StepOutcome(session: .none)
        outcome.apply(AirWatchHubRule.checkOutNewUser.effect)
        outcome.details.set(AirWatchDetail.credentialMethod.id, choice: 0)
        let passcode = try state.stores.contains { try $0.passcodeSet.value }
        if try trace.evaluate(AirWatchHubRule.checkOutClearPasscode, on: state, in: context) {
            clearPasscodes(&state)
        } else if passcode {
            findings.insert(Finding.passcodeSurvivesCheckOut.id)
        }
        for app in policy.apps.indices
        where policy.apps[app].usesSDK && !policy.apps[app].clearsDataOnUserChange {
            let others = try state.apps[app].dataUsers.value & ~AirWatchState.bit(user)
            if others != 0 {
                findings.insert(Finding.checkOutDataNotSeparated.id)
                subject = subject ?? UserID(others.trailingZeroBitCount)
            }
        }
        try withoutSDKSurvivors(
            &state, &context, trace: &trace, policy: policy, findings: &findings, subject: &subject, sparing: user)
        outcome.findings = findings
        outcome.subject = subject
        return outcome
    }

    /// The Shared Device setting `clear_passcode_on_check_out`: every store's passcode and session go.
    private func clearPasscodes(_ state: inout AirWatchState) {
        for store in state.stores.indices {
            state.stores[store].passcodeSet = .known(false)
            state.stores[store].hasSession = .known(false)
            state.stores[store].sessionUser = .known(nil)
        }
    }
}
