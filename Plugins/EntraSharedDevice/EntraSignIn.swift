import SSOPolicyProviderKit

extension EntraSharedDeviceProvider {
    /// An access attempt: the app in focus comes to the foreground. Allocation-free: state is mutated in place and
    /// the outcome is built from packed values.
    ///
    /// `context.explicit` is the `sign_in` event: the user signs in from the app's sign-in screen instead of the app
    /// settling the session by itself at the foreground, so a second user meets the broker's single-account rule
    /// (research §3), and an app with its own or a per-app session signs the acting user in.
    func open(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        state.apps[context.index].running = true
        try traceMode(state, context, trace: &trace)
        switch context.app.mode {
        case .shared: return try openShared(&state, context, trace: &trace)
        case .defaultMode: return try openDefault(&state, context, trace: &trace)
        case .notAware: return try openNotAware(&state, context, trace: &trace)
        case .initFails:
            var outcome = StepOutcome(session: .denied)
            try trace.record(EntraModeRule.androidMultipleAccountInitFails, on: state, in: context)
            outcome.apply(EntraModeRule.androidMultipleAccountInitFails.effect)
            outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.shared)
            return outcome
        }
    }

    /// The device-mode rules every app-level event evaluates, so a trace says why the app is (not) in shared mode.
    /// Only the trace reads them: `EntraAppPolicy.mode`, compiled once, is what `apply` switches on.
    func traceMode(_ state: EntraState, _ context: EntraContext, trace: inout RuleTrace) throws {
        guard trace.mode != .off else { return }
        try trace.record(EntraModeRule.modeShared, on: state, in: context)
        try trace.record(EntraModeRule.modeRequirementMissing, on: state, in: context)
        try trace.record(EntraModeRule.appNotAware, on: state, in: context)
    }

    /// Shared mode: getCurrentAccount (or the remembered account), then global sign-in, silent reuse, or the
    /// second-user case (research §0.3).
    func openShared(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        let index = context.index
        let user = context.user
        var outcome = StepOutcome(session: .denied)
        outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.shared)
        if try trace.evaluate(EntraModeRule.iosMultipleAccountUnsupported, on: state, in: context) {
            outcome.apply(EntraModeRule.iosMultipleAccountUnsupported.effect)
        }
        // Read only where it is reported, so a what-if does not wait for it otherwise.
        let previous = state.apps[index].principal
        var action = EntraDetail.none
        if context.app.checksCurrentAccount {
            action = try noticeAccount(&state, context.focused(on: index), trace: &trace)
        } else {
            try trace.record(EntraCurrentAccountRule.currentAccountChanged, on: state, in: context)
            try trace.record(EntraCurrentAccountRule.currentAccountNotChecked, on: state, in: context)
            // R6: the silent call for the remembered account fails at the broker; MSAL may use the local RT.
            // An explicit sign-in is interactive: it does not go through the silent call.
            if try trace.evaluate(EntraSignInRule.localRefreshTokenFallback, on: state, in: context),
                let stale = try state.apps[index].tokens.value
            {
                outcome.apply(EntraSignInRule.localRefreshTokenFallback.effect)
                outcome.sessionUser = stale
                if stale != user {
                    outcome.findings.insert(EntraFinding.previousUserSessionActive.id)
                    outcome.subject = stale
                }
                try reportData(&state, context, trace: &trace, outcome: &outcome, action: action)
                return outcome
            }
        }
        if try !context.explicit || !secondUserSignIn(&state, context, trace: &trace, outcome: &outcome) {
            if try !deviceSession(&state, context, trace: &trace, outcome: &outcome) {
                // Nobody is served: the next worker sees neither the session nor the app's content.
                outcome.details.set(EntraDetail.dataAction.id, choice: action)
                return outcome
            }
        }
        if let sessionUser = outcome.sessionUser {
            state.apps[index].tokens = .known(sessionUser)
            // Android persists the account on every token result; iOS only in getCurrentAccount (R9).
            if context.app.checksCurrentAccount || !context.device.isIOS {
                state.apps[index].principal = .known(sessionUser)
            }
        }
        if context.app.checksCurrentAccount {
            outcome.details.set(EntraDetail.currentAccount.id, account: try state.deviceAccount.value)
            outcome.details.set(EntraDetail.previousAccount.id, account: try previous.value)
        }
        try reportData(&state, context, trace: &trace, outcome: &outcome, action: action)
        return outcome
    }

    /// What the broker does for the acting user when the app settles its session: sign in globally, or serve the
    /// device account. getCurrentAccount returns the broker's one account on iOS and Android alike (research §2:
    /// Android asks `MSAL_GET_CURRENT_ACCOUNT_IN_SHARED_DEVICE`), and the app then reuses it silently, so a next user
    /// who only opens an app works in the previous user's session on both platforms. Returns false when nobody is
    /// served (the sign-in frequency stops another user).
    func deviceSession(
        _ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace,
        outcome: inout StepOutcome
    ) throws -> Bool {
        let user = context.user
        // The sign-in frequency is tried first; its rules sit in a later phase than the broker's answer.
        let decision: EntraSignInRule
        switch try trace.first(EntraAccessRule.deviceSession, on: state, in: context) {
        case .first(let frequency):
            outcome.apply(frequency.effect)
            switch frequency {
            case .signInFrequencyReauthenticate:
                outcome.sessionUser = user
                state.signInTime = .known(.at(context.time))
                return true
            case .signInFrequencyOtherUserStopped:
                outcome.subject = try state.deviceAccount.value
                return false
            case .iosSignInServedExisting, .authenticatorBrokerRoute, .dataPreviousUserVisible,
                .browserPluginSSO:
                return true  // not in the list
            }
        case .second(let answer): decision = answer
        case nil: return true
        }
        outcome.apply(decision.effect)
        switch decision {
        case .signInGlobal:
            outcome.sessionUser = user
            state.deviceAccount = .known(user)
            try managedHomeScreenSignIn(&state, context, trace: &trace, outcome: &outcome)
            if context.device.signInFrequency > 0 { state.signInTime = .known(.at(context.time)) }
            if try trace.evaluate(EntraSignInRule.notificationOnSignIn, on: state, in: context) {
                try notifyListeners(&state, context, trace: &trace)
            }
        case .signInSilentReuse:
            outcome.sessionUser = user
        case .previousUserServed:
            // Another user is signed in: the broker serves that account.
            outcome.sessionUser = try state.deviceAccount.value
            outcome.subject = try state.deviceAccount.value
        case .iosSecondUserRejected, .androidSecondUserRefused, .localRefreshTokenFallback,
            .notificationOnSignIn:
            break  // not in the list
        }
        return true
    }

    /// An explicit sign-in by a user other than the account already there (research §3). Android refuses it on the
    /// client when the app's persisted account is another user (`INVALID_PARAMETER` "An account is already signed
    /// in."; with no persisted account the single-account broker holds the other user); on iOS MSAL has no such
    /// guard and the broker's answer follows the `ios_second_user_sign_in` reading. Returns false when the sign-in
    /// is not a second user's, so the ordinary global sign-in or silent reuse applies.
    func secondUserSignIn(
        _ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace,
        outcome: inout StepOutcome
    ) throws -> Bool {
        // The account the rule found held: the broker's on iOS, the app's persisted one first on Android.
        let held =
            context.device.isIOS
            ? try state.deviceAccount.value
            : (try state.apps[context.index].principal.value ?? state.deviceAccount.value)
        // The iOS broker serving the existing session is tried last; it sits in a later phase.
        switch try trace.first(EntraAccessRule.secondUserSignIn, on: state, in: context) {
        case .first(let decision):
            outcome.apply(decision.effect)
            outcome.subject = held
        case .second(let served):
            outcome.apply(served.effect)
            outcome.subject = held
            outcome.sessionUser = held
        case nil:
            return false
        }
        return true
    }

    /// Default mode (contrast, research §0.4 and §7): per-app sessions, with broker SSO when the broker is
    /// reachable and already holds the acting user's account.
    /// An explicit sign-in adds the acting user's account to the app instead of reusing the one it holds
    /// (default mode allows several accounts, research §0.4).
    func openDefault(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        let index = context.index
        let user = context.user
        var outcome = StepOutcome(session: .appNew)
        outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.defaultMode)
        // Read only where it is reported, so a what-if does not wait for it otherwise.
        let previous = state.apps[index].principal
        let decision = try trace.first(EntraDefaultModeRule.defaultSession, on: state, in: context)
        var action = EntraDetail.none
        if decision == .defaultAppSessionReused, let holder = try state.apps[index].tokens.value {
            outcome.apply(EntraDefaultModeRule.defaultAppSessionReused.effect)
            outcome.sessionUser = holder
            if holder != user {
                outcome.findings.insert(EntraFinding.previousUserSessionActive.id)
                outcome.subject = holder
            }
        } else {
            if decision == .defaultBrokerSSO {
                outcome.apply(EntraDefaultModeRule.defaultBrokerSSO.effect)
                outcome.sessionUser = user
            } else if decision == .defaultSignIn {
                outcome.apply(EntraDefaultModeRule.defaultSignIn.effect)
                outcome.sessionUser = user
                // iOS without the SSO extension: MSAL's interactive route falls through to the Authenticator app
                // (research §3), which keeps the account although no silent call or sign-out reaches it.
                try trace.record(EntraAccessRule.authenticatorBrokerRoute, on: state, in: context)
                if context.device.brokerReachable { state.deviceAccount = .known(user) }
            }
            state.apps[index].tokens = .known(user)
            action = try reconcileData(
                &state, context.focused(on: index), trace: &trace, with: user, viaCurrentAccount: false)
        }
        state.apps[index].principal = .known(outcome.sessionUser)
        if context.app.checksCurrentAccount {
            outcome.details.set(EntraDetail.currentAccount.id, account: outcome.sessionUser)
            outcome.details.set(EntraDetail.previousAccount.id, account: try previous.value)
        }
        try reportData(&state, context, trace: &trace, outcome: &outcome, action: action)
        return outcome
    }

    /// An app that is not shared-device aware: its own login and an app-local session that no global sign-out
    /// or user change ends (R12, R15).
    /// An explicit sign-in is the app's own login for the acting user, whatever session it held.
    func openNotAware(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        let index = context.index
        let user = context.user
        var outcome = StepOutcome(session: .appNew)
        outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.unavailable)
        // The app's own login: asked at every open, or none at all (it serves whoever opens it).
        switch context.app.ownLogin {
        case .everyOpen: state.apps[index].tokens = .known(nil)
        case .none: state.apps[index].tokens = .known(user)
        case .untilTerminated, .untilSignOut: break
        }
        let decision = try trace.first(EntraModeRule.notAwareSession, on: state, in: context)
        var action = EntraDetail.none
        if decision == .appOwnSignIn {
            outcome.apply(EntraModeRule.appOwnSignIn.effect)
            outcome.sessionUser = user
            state.apps[index].tokens = .known(user)
            state.apps[index].principal = .known(user)
            action = try reconcileData(
                &state, context.focused(on: index), trace: &trace, with: user, viaCurrentAccount: false)
        } else if decision == .appLocalSessionReused, let holder = try state.apps[index].tokens.value {
            outcome.apply(EntraModeRule.appLocalSessionReused.effect)
            outcome.sessionUser = holder
            if holder != user {
                outcome.findings.insert(EntraFinding.previousUserSessionActive.id)
                outcome.subject = holder
            }
        }
        try reportData(&state, context, trace: &trace, outcome: &outcome, action: action)
        return outcome
    }
}
