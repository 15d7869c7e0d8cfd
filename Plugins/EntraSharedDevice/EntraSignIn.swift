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
                EntraRule.androidMultipleAccountInitFails, in: context(index, user: user, policy: policy))
            outcome.apply(EntraRule.androidMultipleAccountInitFails.effect)
            outcome.details.set(EntraDetail.deviceMode.id, choice: EntraDetail.shared)
            return outcome
        }
    }

    /// The device-mode rules every app-level event evaluates, so a trace says why the app is (not) in shared mode.
    /// Only the trace reads them: `EntraAppPolicy.mode`, compiled once, is what `apply` switches on.
    func traceMode(_ index: Int, policy: EntraPolicy, trace: inout RuleTrace) {
        guard trace.mode != .off else { return }
        let context = self.context(index, user: nil, policy: policy)
        trace.record(EntraRule.modeShared, in: context)
        trace.record(EntraRule.modeRequirementMissing, in: context)
        trace.record(EntraRule.appNotAware, in: context)
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
        if trace.evaluate(EntraRule.iosMultipleAccountUnsupported, in: context) {
            outcome.apply(EntraRule.iosMultipleAccountUnsupported.effect)
        }
        // Read only where it is reported, so a what-if does not wait for it otherwise.
        let previous = apps[index].$principal
        var action = EntraDetail.none
        if app.checksCurrentAccount {
            action = noticeAccount(index, policy: policy, trace: &trace)
        } else {
            trace.record(EntraRule.currentAccountChanged, in: context)
            trace.record(EntraRule.currentAccountNotChecked, in: context)
            // R6: the silent call for the remembered account fails at the broker; MSAL may use the local RT.
            // An explicit sign-in is interactive: it does not go through the silent call.
            if trace.evaluate(EntraRule.localRefreshTokenFallback, in: context), let stale = apps[index].tokens {
                outcome.apply(EntraRule.localRefreshTokenFallback.effect)
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
            if deviceSession(index, user: user, policy: policy, outcome: &outcome, trace: &trace)
                == .signInFrequencyOtherUserStopped
            {
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
    @discardableResult
    mutating func deviceSession(
        _ index: Int, user: UserID, policy: EntraPolicy, outcome: inout StepOutcome, trace: inout RuleTrace
    ) -> EntraRule? {
        guard let decision = trace.first(EntraRule.deviceSession, in: context(index, user: user, policy: policy))
        else { return nil }
        outcome.apply(decision.effect)
        switch decision {
        case .signInFrequencyReauthenticate:
            outcome.sessionUser = user
            signInTime = .at(now)
        case .signInFrequencyOtherUserStopped:
            outcome.subject = deviceAccount
        case .signInGlobal:
            outcome.sessionUser = user
            deviceAccount = user
            managedHomeScreenSignIn(index, user: user, policy: policy, outcome: &outcome, trace: &trace)
            if policy.device.signInFrequency > 0 { signInTime = .at(now) }
            if trace.evaluate(EntraRule.notificationOnSignIn, in: context(index, user: user, policy: policy)) {
                notifyListeners(except: index, policy: policy, trace: &trace)
            }
        case .signInSilentReuse:
            outcome.sessionUser = user
        case .previousUserServed:
            // Another user is signed in: the broker serves that account.
            outcome.sessionUser = deviceAccount
            outcome.subject = deviceAccount
        default:
            break
        }
        return decision
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
        guard let decision = trace.first(EntraRule.secondUser, in: context) else { return false }
        // The account the rule found held: the broker's on iOS, the app's persisted one first on Android.
        let held = policy.device.isIOS ? deviceAccount : (apps[index].principal ?? deviceAccount)
        outcome.apply(decision.effect)
        outcome.subject = held
        if decision == .iosSignInServedExisting { outcome.sessionUser = held }
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
        let decision = trace.first(EntraRule.defaultSession, in: context)
        var action = EntraDetail.none
        if decision == .defaultAppSessionReused, let holder = apps[index].tokens {
            outcome.apply(EntraRule.defaultAppSessionReused.effect)
            outcome.sessionUser = holder
            if holder != user {
                outcome.findings.insert(EntraFinding.previousUserSessionActive.id)
                outcome.subject = holder
            }
        } else {
            if decision == .defaultBrokerSSO {
                outcome.apply(EntraRule.defaultBrokerSSO.effect)
                outcome.sessionUser = user
            } else if decision == .defaultSignIn {
                outcome.apply(EntraRule.defaultSignIn.effect)
                outcome.sessionUser = user
                // iOS without the SSO extension: MSAL's interactive route falls through to the Authenticator app
                // (research §3), which keeps the account although no silent call or sign-out reaches it.
                trace.record(EntraRule.authenticatorBrokerRoute, in: context)
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
        let decision = trace.first(EntraRule.notAwareSession, in: context)
        var action = EntraDetail.none
        if decision == .appOwnSignIn {
            outcome.apply(EntraRule.appOwnSignIn.effect)
            outcome.sessionUser = user
            apps[index].tokens = user
            apps[index].principal = user
            action = reconcileData(index, with: user, viaCurrentAccount: false, policy: policy, trace: &trace)
        } else if decision == .appLocalSessionReused, let holder = apps[index].tokens {
            outcome.apply(EntraRule.appLocalSessionReused.effect)
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
