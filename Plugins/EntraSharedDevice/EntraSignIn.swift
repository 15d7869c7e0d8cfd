import SSOPolicyProviderKit

extension EntraState {
    /// An access attempt: the app comes to the foreground. Allocation-free: state is mutated in place and the
    /// outcome is built from packed values.
    ///
    /// `explicit` is the `sign_in` event: the user signs in from the app's sign-in screen instead of the app
    /// settling the session by itself at the foreground, so a second user meets the broker's single-account rule
    /// (research §3), and an app with its own or a per-app session signs the acting user in.
    mutating func open(
        _ index: Int, user: UserID, explicit: Bool = false, policy: EntraPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let app = policy.apps[index]
        apps[index].running = true
        traceMode(index, policy: policy, trace: &trace)
        switch app.mode {
        case .shared: return openShared(index, user: user, explicit: explicit, policy: policy, trace: &trace)
        case .defaultMode:
            return openDefault(index, user: user, explicit: explicit, policy: policy, trace: &trace)
        case .notAware: return openNotAware(index, user: user, explicit: explicit, policy: policy, trace: &trace)
        case .initFails:
            var outcome = StepOutcome(session: .denied)
            trace.record(
                EntraModeRule.androidMultipleAccountInitFails, in: context(index, user: user, policy: policy))
            outcome.apply(EntraModeRule.androidMultipleAccountInitFails.effect)
            outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.shared)
            return outcome
        }
    }

    /// The device-mode rules every app-level event evaluates, so a trace says why the app is (not) in shared mode.
    /// Only the trace reads them: `EntraAppPolicy.mode`, compiled once, is what `apply` switches on.
    func traceMode(_ index: Int, policy: EntraPolicy, trace: inout RuleTrace) {
        guard trace.mode != .off else { return }
        let context = self.context(index, user: nil, policy: policy)
        trace.record(EntraModeRule.modeShared, in: context)
        trace.record(EntraModeRule.modeRequirementMissing, in: context)
        trace.record(EntraModeRule.appNotAware, in: context)
    }

    /// Shared mode: getCurrentAccount (or the remembered account), then global sign-in, silent reuse, or the
    /// second-user case (research §0.3).
    mutating func openShared(
        _ index: Int, user: UserID, explicit: Bool, policy: EntraPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let app = policy.apps[index]
        var outcome = StepOutcome(session: .denied)
        outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.shared)
        var context = self.context(index, user: user, policy: policy)
        context.explicit = explicit
        if trace.evaluate(EntraModeRule.iosMultipleAccountUnsupported, in: context) {
            outcome.apply(EntraModeRule.iosMultipleAccountUnsupported.effect)
        }
        // Read only where it is reported, so a what-if does not wait for it otherwise.
        let previous = apps[index].$principal
        var action = EntraDetail.none
        if app.checksCurrentAccount {
            action = noticeAccount(index, policy: policy, trace: &trace)
        } else {
            trace.record(EntraCurrentAccountRule.currentAccountChanged, in: context)
            trace.record(EntraCurrentAccountRule.currentAccountNotChecked, in: context)
            // R6: the silent call for the remembered account fails at the broker; MSAL may use the local RT.
            // An explicit sign-in is interactive: it does not go through the silent call.
            if trace.evaluate(EntraSignInRule.localRefreshTokenFallback, in: context), let stale = apps[index].tokens {
                outcome.apply(EntraSignInRule.localRefreshTokenFallback.effect)
                outcome.sessionUser = stale
                if stale != user {
                    outcome.findings.insert(EntraFinding.previousUserSessionActive.id)
                    outcome.subject = stale
                }
                reportData(
                    index, user: user, sessionUser: stale, action: action, policy: policy, outcome: &outcome,
                    trace: &trace)
                return outcome
            }
        }
        if !explicit || !secondUserSignIn(index, user: user, policy: policy, outcome: &outcome, trace: &trace) {
            if !deviceSession(index, user: user, policy: policy, outcome: &outcome, trace: &trace) {
                // Nobody is served: the next worker sees neither the session nor the app's content.
                outcome.details.set(EntraDetail.dataAction.id, choice: action)
                return outcome
            }
        }
        if let sessionUser = outcome.sessionUser {
            apps[index].tokens = sessionUser
            // Android persists the account on every token result; iOS only in getCurrentAccount (R9).
            if app.checksCurrentAccount || !policy.device.isIOS { apps[index].principal = sessionUser }
        }
        if app.checksCurrentAccount {
            outcome.details.set(EntraDetail.currentAccount.id, account: deviceAccount)
            outcome.details.set(EntraDetail.previousAccount.id, account: previous.wrappedValue)
        }
        reportData(
            index, user: user, sessionUser: outcome.sessionUser, action: action, policy: policy, outcome: &outcome,
            trace: &trace)
        return outcome
    }

    /// What the broker does for `user` when the app settles its session: sign in globally, or serve the device
    /// account. getCurrentAccount returns the broker's one account on iOS and Android alike (research §2: Android
    /// asks `MSAL_GET_CURRENT_ACCOUNT_IN_SHARED_DEVICE`), and the app then reuses it silently, so a next user who
    /// only opens an app works in the previous user's session on both platforms.
    /// Returns false when nobody is served (the sign-in frequency stops another user).
    mutating func deviceSession(
        _ index: Int, user: UserID, policy: EntraPolicy, outcome: inout StepOutcome, trace: inout RuleTrace
    ) -> Bool {
        let context = self.context(index, user: user, policy: policy)
        // The sign-in frequency is tried first; its rules sit in a later phase than the broker's answer.
        if let frequency = trace.first(EntraAccessRule.signInFrequency, in: context) {
            outcome.apply(frequency.effect)
            switch frequency {
            case .signInFrequencyReauthenticate:
                outcome.sessionUser = user
                signInTime = .at(now)
                return true
            case .signInFrequencyOtherUserStopped:
                outcome.subject = deviceAccount
                return false
            case .iosSignInServedExisting, .authenticatorBrokerRoute, .dataPreviousUserVisible, .browserPluginSSO:
                return true  // not in the list
            }
        }
        guard let decision = trace.first(EntraSignInRule.deviceSession, in: context) else { return true }
        outcome.apply(decision.effect)
        switch decision {
        case .signInGlobal:
            outcome.sessionUser = user
            deviceAccount = user
            managedHomeScreenSignIn(index, user: user, policy: policy, outcome: &outcome, trace: &trace)
            if policy.device.signInFrequency > 0 { signInTime = .at(now) }
            if trace.evaluate(EntraSignInRule.notificationOnSignIn, in: self.context(index, user: user, policy: policy))
            {
                notifyListeners(except: index, policy: policy, trace: &trace)
            }
        case .signInSilentReuse:
            outcome.sessionUser = user
        case .previousUserServed:
            // Another user is signed in: the broker serves that account.
            outcome.sessionUser = deviceAccount
            outcome.subject = deviceAccount
        case .iosSecondUserRejected, .androidSecondUserRefused, .localRefreshTokenFallback, .notificationOnSignIn:
            break  // not in the list
        }
        return true
    }

    /// An explicit sign-in by a user other than the account already there (research §3). Android refuses it on the
    /// client when the app's persisted account is another user (`INVALID_PARAMETER` "An account is already signed
    /// in."; with no persisted account the single-account broker holds the other user); on iOS MSAL has no such
    /// guard and the broker's answer follows the `ios_second_user_sign_in` reading. Returns false when the sign-in
    /// is not a second user's, so the ordinary global sign-in or silent reuse applies.
    mutating func secondUserSignIn(
        _ index: Int, user: UserID, policy: EntraPolicy, outcome: inout StepOutcome, trace: inout RuleTrace
    ) -> Bool {
        var context = self.context(index, user: user, policy: policy)
        context.explicit = true
        // The account the rule found held: the broker's on iOS, the app's persisted one first on Android.
        if let decision = trace.first(EntraSignInRule.secondUser, in: context) {
            outcome.apply(decision.effect)
            outcome.subject = policy.device.isIOS ? deviceAccount : (apps[index].principal ?? deviceAccount)
            return true
        }
        // The iOS broker serving the existing session is tried last; it sits in a later phase.
        guard trace.first(EntraAccessRule.secondUserServed, in: context) != nil else { return false }
        let held = policy.device.isIOS ? deviceAccount : (apps[index].principal ?? deviceAccount)
        outcome.apply(EntraAccessRule.iosSignInServedExisting.effect)
        outcome.subject = held
        outcome.sessionUser = held
        return true
    }

    /// Default mode (contrast, research §0.4 and §7): per-app sessions, with broker SSO when the broker is
    /// reachable and already holds the acting user's account.
    /// An explicit sign-in adds the acting user's account to the app instead of reusing the one it holds
    /// (default mode allows several accounts, research §0.4).
    mutating func openDefault(
        _ index: Int, user: UserID, explicit: Bool, policy: EntraPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        let app = policy.apps[index]
        var outcome = StepOutcome(session: .appNew)
        outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.defaultMode)
        // Read only where it is reported, so a what-if does not wait for it otherwise.
        let previous = apps[index].$principal
        var context = self.context(index, user: user, policy: policy)
        context.explicit = explicit
        let decision = trace.first(EntraDefaultModeRule.defaultSession, in: context)
        var action = EntraDetail.none
        if decision == .defaultAppSessionReused, let holder = apps[index].tokens {
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
                trace.record(EntraAccessRule.authenticatorBrokerRoute, in: context)
                if policy.device.brokerReachable { deviceAccount = user }
            }
            apps[index].tokens = user
            action = reconcileData(index, with: user, viaCurrentAccount: false, policy: policy, trace: &trace)
        }
        apps[index].principal = outcome.sessionUser
        if app.checksCurrentAccount {
            outcome.details.set(EntraDetail.currentAccount.id, account: outcome.sessionUser)
            outcome.details.set(EntraDetail.previousAccount.id, account: previous.wrappedValue)
        }
        reportData(
            index, user: user, sessionUser: outcome.sessionUser, action: action, policy: policy, outcome: &outcome,
            trace: &trace)
        return outcome
    }

    /// An app that is not shared-device aware: its own login and an app-local session that no global sign-out
    /// or user change ends (R12, R15).
    /// An explicit sign-in is the app's own login for the acting user, whatever session it held.
    mutating func openNotAware(
        _ index: Int, user: UserID, explicit: Bool, policy: EntraPolicy, trace: inout RuleTrace
    ) -> StepOutcome {
        var outcome = StepOutcome(session: .appNew)
        outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.unavailable)
        // The app's own login: asked at every open, or none at all (it serves whoever opens it).
        switch policy.apps[index].ownLogin {
        case .everyOpen: apps[index].tokens = nil
        case .none: apps[index].tokens = user
        case .untilTerminated, .untilSignOut: break
        }
        var context = self.context(index, user: user, policy: policy)
        context.explicit = explicit
        let decision = trace.first(EntraModeRule.notAwareSession, in: context)
        var action = EntraDetail.none
        if decision == .appOwnSignIn {
            outcome.apply(EntraModeRule.appOwnSignIn.effect)
            outcome.sessionUser = user
            apps[index].tokens = user
            apps[index].principal = user
            action = reconcileData(index, with: user, viaCurrentAccount: false, policy: policy, trace: &trace)
        } else if decision == .appLocalSessionReused, let holder = apps[index].tokens {
            outcome.apply(EntraModeRule.appLocalSessionReused.effect)
            outcome.sessionUser = holder
            if holder != user {
                outcome.findings.insert(EntraFinding.previousUserSessionActive.id)
                outcome.subject = holder
            }
        }
        reportData(
            index, user: user, sessionUser: outcome.sessionUser, action: action, policy: policy, outcome: &outcome,
            trace: &trace)
        return outcome
    }
}
