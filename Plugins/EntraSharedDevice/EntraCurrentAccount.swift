import SSOPolicyProviderKit

extension EntraState {
    /// The app calls getCurrentAccount: MSAL returns (device account, the app's previous account) and then stores
    /// the device account as the previous one, so a change is reported exactly once (research §2). The app then
    /// reconciles its data. Returns the `data_action` value.
    mutating func noticeAccount(_ index: Int, policy: EntraPolicy, trace: inout RuleTrace) -> Int {
        let current = deviceAccount
        var context = self.context(index, user: nil, policy: policy)
        context.callsCurrentAccount = true
        trace.record(EntraCurrentAccountRule.currentAccountChanged, in: context)
        apps[index].principal = current
        let action = reconcileData(index, with: current, viaCurrentAccount: true, policy: policy, trace: &trace)
        if action == EntraDetail.cleared {
            // The canonical app also removes the previous account from its local MSAL cache (§0.5).
            apps[index].tokens = nil
        }
        return action
    }

    /// Clears or keeps data that belongs to a user other than `current`, as the app's duties say (§0.5, R2, R4).
    /// Through getCurrentAccount an app that checks only for no account misses a direct switch; an app that signs
    /// a user in itself (default mode, own login) always knows the user changed.
    mutating func reconcileData(
        _ index: Int, with current: UserID?, viaCurrentAccount: Bool, policy: EntraPolicy, trace: inout RuleTrace
    ) -> Int {
        var context = self.context(index, user: nil, policy: policy)
        context.current = current
        context.viaCurrentAccount = viaCurrentAccount
        if viaCurrentAccount {
            trace.record(EntraCurrentAccountRule.onlyNilCheck, in: context)
        }
        switch trace.first(EntraCurrentAccountRule.foreignData, in: context) {
        case .dataCleared:
            apps[index].dataOwner = nil
            return EntraDetail.cleared
        case .dataNotCleared:
            return EntraDetail.kept
        default:
            return EntraPredicate.foreignData.holds(on: (), in: context) ? EntraDetail.kept : EntraDetail.none
        }
    }

    /// Running apps that listen for the account-change notification call getCurrentAccount at once (§5); apps
    /// that are suspended, terminated or not listening miss it and learn at their next foreground.
    mutating func notifyListeners(except sender: Int, policy: EntraPolicy, trace: inout RuleTrace) {
        for index in apps.indices where index != sender {
            let app = policy.apps[index]
            guard app.mode == .shared, app.listener, apps[index].running else { continue }
            _ = noticeAccount(index, policy: policy, trace: &trace)
        }
    }

    /// After the session is settled: the app loads the session user's data if it has none, and data of a user other
    /// than the acting one is what the acting user now sees (`entra.data.previous-user-visible`, a rule, so the
    /// trace shows why the finding is raised beside the reconciliation rules it does not contradict).
    mutating func reportData(
        _ index: Int, user: UserID, sessionUser: UserID?, action: Int, policy: EntraPolicy, outcome: inout StepOutcome,
        trace: inout RuleTrace
    ) {
        if apps[index].dataOwner == nil, let sessionUser { apps[index].dataOwner = sessionUser }
        var dataAction = action
        if trace.evaluate(EntraAccessRule.dataPreviousUserVisible, in: context(index, user: user, policy: policy)) {
            outcome.apply(EntraAccessRule.dataPreviousUserVisible.effect)
            if outcome.subject == nil { outcome.subject = apps[index].dataOwner }
            if dataAction != EntraDetail.cleared { dataAction = EntraDetail.kept }
        }
        outcome.details.set(EntraDetail.dataAction.id, choice: dataAction)
    }
}
