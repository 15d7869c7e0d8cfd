import SSOPolicyProviderKit

/// The events besides an access: an app's sign-out and process end, locking and signing out of the iPad, and the
/// MDM commands. Each asks its phase's rules through the trace and applies the effect of the one that fired.
extension AppleSharedIPadProvider {
    /// The user signs out of the app inside their partition; the iPad session continues.
    func appSignOut(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome
    ) throws {
        guard state.inSession, let partition = state.owner else { return }
        context.partition = partition
        if try trace.evaluate(AppleAppRule.microsoftSignOut, on: state, in: context) {
            outcome.apply(AppleAppRule.microsoftSignOut.effect)
            try state.setAppSession(context.app, partition, false, microsoftShared: true)
        } else if try trace.evaluate(AppleAppRule.appSignOut, on: state, in: context) {
            outcome.apply(AppleAppRule.appSignOut.effect)
            try state.setAppSession(context.app, partition, false, microsoftShared: false)
        }
    }

    /// An app's process ends; with no app, the iPad restarts (`model.restart`, `model.guest_on_restart`).
    func terminate(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome
    ) throws {
        if context.app < 0 {
            if try trace.evaluate(AppleMDMRule.restart, on: state, in: context) {
                outcome.apply(AppleMDMRule.restart.effect)
                outcome.details.set(AppleDetail.endedBy.id, choice: 4)
                try endSession(&state, &context, trace: &trace)
            } else if try trace.evaluate(AppleMDMRule.restartGuest, on: state, in: context) {
                outcome.apply(AppleMDMRule.restartGuest.effect)
                outcome.details.set(AppleDetail.endedBy.id, choice: 4)
                try endSession(&state, &context, trace: &trace)
            } else if state.inSession {
                // The session stays behind its Lock Screen, which now asks the passcode.
                state.screen = .locked
                state.lockedAt = .known(.givenPassed)
            }
            return
        }
        guard state.inSession, let partition = state.owner else { return }
        context.partition = partition
        if try trace.evaluate(AppleAppRule.terminateEnds, on: state, in: context) {
            outcome.apply(AppleAppRule.terminateEnds.effect)
            try state.setAppSession(context.app, partition, false, microsoftShared: context.microsoftShared)
        }
    }

    /// The screen is locked; the session stays open.
    func lock(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome
    ) throws {
        guard try trace.evaluate(AppleSignOutRule.lock, on: state, in: context) else { return }
        outcome.apply(AppleSignOutRule.lock.effect)
        if state.owner == context.user || context.user == nil { state.lastActivity = .known(.at(context.time)) }
        if state.screen == .unlocked || state.owner == context.user {
            state.screen = .locked
            state.lockedAt = .known(.at(context.time))
        }
        outcome.sessionUser = state.owner
    }

    /// The worker signs out of the iPad, or the next person signs them out at the Lock Screen.
    func deviceSignOut(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome
    ) throws {
        if try trace.evaluate(AppleSignOutRule.signOut, on: state, in: context) {
            outcome.apply(AppleSignOutRule.signOut.effect)
            outcome.details.set(AppleDetail.endedBy.id, choice: 0)
            try endSession(&state, &context, trace: &trace)
        } else if try trace.evaluate(AppleSignOutRule.signOutOther, on: state, in: context) {
            outcome.apply(AppleSignOutRule.signOutOther.effect)
            outcome.subject = state.owner
            outcome.details.set(AppleDetail.endedBy.id, choice: 5)
            try endSession(&state, &context, trace: &trace)
        }
    }

    /// MDM LogOutUser.
    func logOut(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome
    ) throws {
        if try trace.evaluate(AppleMDMRule.logOut, on: state, in: context) {
            outcome.apply(AppleMDMRule.logOut.effect)
            outcome.details.set(AppleDetail.endedBy.id, choice: 3)
            try endSession(&state, &context, trace: &trace)
        } else {
            outcome.details.set(AppleDetail.result.id, choice: 0)
        }
    }

    /// MDM DeleteUser of `targets` (the step's user, or every resident).
    func delete(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome,
        targets: [UserID]
    ) throws {
        var result = 3
        for target in targets {
            context.target = target
            if try trace.evaluate(AppleMDMRule.deleteSignedIn, on: state, in: context) {
                outcome.apply(AppleMDMRule.deleteSignedIn.effect)
                try endSession(&state, &context, trace: &trace)
                state.removeResident(target)
                result = 1
            } else if try trace.evaluate(AppleMDMRule.deleteBlocked, on: state, in: context) {
                outcome.apply(AppleMDMRule.deleteBlocked.effect)
                if result == 3 { result = 2 }
            } else if try trace.evaluate(AppleMDMRule.deleteUser, on: state, in: context) {
                outcome.apply(AppleMDMRule.deleteUser.effect)
                state.removeResident(target)
                result = 1
            }
        }
        outcome.details.set(AppleDetail.result.id, choice: result)
    }

    /// MDM EraseDevice: every partition is gone; Return to Service re-enrolls the iPad to the login window.
    func erase(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome
    ) throws {
        if try trace.evaluate(AppleMDMRule.eraseLosesData, on: state, in: context) {
            outcome.apply(AppleMDMRule.eraseLosesData.effect)
        }
        let (holders, resets, disabled) = (state.passcodeHolders, state.passcodeResets, state.disabled)
        let offline = state.offline
        state = AppleState(empty: context.policy.apps.count)
        // The Shared iPad passcode (and its reset, and the Entra account) belong to the account, not to the iPad.
        state.passcodeHolders = holders
        state.passcodeResets = resets
        state.disabled = disabled
        state.offline = offline
        if try trace.evaluate(AppleMDMRule.returnToService, on: state, in: context) {
            outcome.apply(AppleMDMRule.returnToService.effect)
        } else {
            state.screen = .setupAssistant
        }
    }

    /// MDM UserConfigured: the session waiting at its Setup Assistant pane goes on to the Home Screen.
    func userConfigured(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome
    ) throws {
        guard try trace.evaluate(AppleAccountRule.userConfigured, on: state, in: context) else { return }
        outcome.apply(AppleAccountRule.userConfigured.effect)
        state.awaiting = false
        outcome.sessionUser = state.owner
    }
}
