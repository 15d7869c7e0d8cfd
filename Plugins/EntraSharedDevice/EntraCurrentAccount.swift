import SSOPolicyProviderKit

extension EntraSharedDeviceProvider {
    /// The app in focus calls getCurrentAccount: MSAL returns (device account, the app's previous account) and then
    /// stores the device account as the previous one, so a change is reported exactly once (research §2). The app
    /// then reconciles its data. Returns the `data_action` value.
    func noticeAccount(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> Int
    {
        let index = context.index
        let current = try state.deviceAccount.value
        var calling = context
        calling.callsCurrentAccount = true
        try trace.record(EntraCurrentAccountRule.currentAccountChanged, on: state, in: calling)
        state.apps[index].principal = .known(current)
        let action = try reconcileData(
            &state, context, trace: &trace, with: current, viaCurrentAccount: true)
        if action == EntraDetail.cleared {
            // The canonical app also removes the previous account from its local MSAL cache (§0.5).
            state.apps[index].tokens = .known(nil)
        }
        return action
    }

    /// Clears or keeps data that belongs to a user other than `current`, as the app's duties say (§0.5, R2, R4).
    /// Through getCurrentAccount an app that checks only for no account misses a direct switch; an app that signs
    /// a user in itself (default mode, own login) always knows the user changed.
    func reconcileData(
        _ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace,
        with current: UserID?,
        viaCurrentAccount: Bool
    ) throws -> Int {
        var context = context
        context.current = current
        context.viaCurrentAccount = viaCurrentAccount
        if viaCurrentAccount {
            try trace.record(EntraCurrentAccountRule.onlyNilCheck, on: state, in: context)
        }
        switch try trace.first(EntraCurrentAccountRule.foreignData, on: state, in: context) {
        case .dataCleared:
            state.apps[context.index].dataOwner = .known(nil)
            return EntraDetail.cleared
        case .dataNotCleared:
            return EntraDetail.kept
        case .currentAccountChanged, .currentAccountNotChecked, .onlyNilCheck:
            return EntraDetail.none  // not in the list
        case nil:
            return try EntraPredicate.foreignData.holds(on: state, in: context)
                ? EntraDetail.kept : EntraDetail.none
        }
    }

    /// Running apps that listen for the account-change notification call getCurrentAccount at once (§5); apps
    /// that are suspended, terminated or not listening miss it and learn at their next foreground. The app in focus
    /// (the one that signed in or out) is not notified.
    func notifyListeners(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace) throws {
        for index in state.apps.indices where index != context.index {
            let app = context.policy.apps[index]
            guard app.mode == .shared, app.listener, state.apps[index].running else { continue }
            _ = try noticeAccount(&state, context.focused(on: index), trace: &trace)
        }
    }

    /// After the session is settled: the app loads the session user's data if it has none, and data of a user other
    /// than the acting one is what the acting user now sees (`entra.data.previous-user-visible`, a rule, so the
    /// trace shows why the finding is raised beside the reconciliation rules it does not contradict).
    func reportData(
        _ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace,
        outcome: inout StepOutcome,
        action: Int
    ) throws {
        let index = context.index
        if try state.apps[index].dataOwner.value == nil, let sessionUser = outcome.sessionUser {
            state.apps[index].dataOwner = .known(sessionUser)
        }
        var dataAction = action
        if try trace.evaluate(EntraAccessRule.dataPreviousUserVisible, on: state, in: context) {
            outcome.apply(EntraAccessRule.dataPreviousUserVisible.effect)
            if outcome.subject == nil { outcome.subject = try state.apps[index].dataOwner.value }
            if dataAction != EntraDetail.cleared { dataAction = EntraDetail.kept }
        }
        outcome.details.set(EntraDetail.dataAction.id, choice: dataAction)
    }
}
