import SSOPolicyProviderKit

private typealias Finding = AirWatchFinding

/// Hub's multi-user mode: check-in and check-out. Apps notice a new user at their next access (`open`).
extension AirWatchSDKProvider {
    /// The user checks the device in at Hub: nobody is checked out. The passcode goes if the Shared Device setting
    /// says so; registrations and app data stay until another user checks out (E41, E43).
    func checkIn(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy,
        user: UserID
    ) -> StepOutcome {
        var findings = FindingSet()
        var subject: UserID?
        trace.record(AirWatchHubRule.checkInDevice, on: state, in: context)
        if state.checkedOutUser != nil {
            state.checkedOutUser = nil
            state.checkOutGeneration &+= 1
        }
        if trace.evaluate(AirWatchHubRule.checkInClearPasscode, on: state, in: context) { clearPasscodes(&state) }
        let current = context.app
        for app in policy.apps.indices where policy.apps[app].usesSDK {
            context.select(app, in: policy)
            guard trace.evaluate(AirWatchHubRule.checkInDataKept, on: state, in: context) else { continue }
            let data = state[app: context].dataUsers
            findings.raise(AirWatchHubRule.checkInDataKept.effect)
            subject = subject ?? (data & AirWatchState.bit(user) != 0 ? user : UserID(data.trailingZeroBitCount))
        }
        context.select(current, in: policy)
        withoutSDKSurvivors(&state, &context, trace: &trace, policy: policy, findings: &findings, subject: &subject)
        return StepOutcome(session: .none, findings: findings, subject: subject)
    }

    /// Hub checks out a user, who authenticates in Hub with directory or Workspace ONE UEM credentials; apps notice
    /// at their next access (E41-E43), and with SSO take that user's identity silently.
    func checkOut(
        _ state: inout AirWatchState, _ context: inout AirWatchContext, trace: inout RuleTrace, policy: AirWatchPolicy,
        user: UserID
    ) -> StepOutcome {
        var findings = FindingSet()
        var subject = state.checkedOutUser
        guard trace.evaluate(AirWatchHubRule.checkOutNewUser, on: state, in: context) else {
            return StepOutcome(session: .none)
        }
        state.checkedOutUser = user
        state.checkOutGeneration &+= 1
        var outcome = StepOutcome(session: .none)
        outcome.apply(AirWatchHubRule.checkOutNewUser.effect)
        outcome.details.set(AirWatchDetail.credentialMethod.id, choice: 0)
        let passcode = state.stores.contains { $0.passcodeSet }
        if trace.evaluate(AirWatchHubRule.checkOutClearPasscode, on: state, in: context) {
            clearPasscodes(&state)
        } else if passcode {
            findings.insert(Finding.passcodeSurvivesCheckOut.id)
        }
        for app in policy.apps.indices
        where policy.apps[app].usesSDK && !policy.apps[app].clearsDataOnUserChange {
            let others = state.apps[app].dataUsers & ~AirWatchState.bit(user)
            if others != 0 {
                findings.insert(Finding.checkOutDataNotSeparated.id)
                subject = subject ?? UserID(others.trailingZeroBitCount)
            }
        }
        withoutSDKSurvivors(
            &state, &context, trace: &trace, policy: policy, findings: &findings, subject: &subject, sparing: user)
        outcome.findings = findings
        outcome.subject = subject
        return outcome
    }

    /// The Shared Device setting `clear_passcode_on_check_out`: every store's passcode and session go.
    private func clearPasscodes(_ state: inout AirWatchState) {
        for store in state.stores.indices {
            state.stores[store].passcodeSet = false
            state.stores[store].hasSession = false
            state.stores[store].sessionUser = nil
        }
    }
}
