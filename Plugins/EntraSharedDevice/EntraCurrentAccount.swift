import SSOPolicyProviderKit

extension EntraState {
    /// The app calls getCurrentAccount: MSAL returns (device account, the app's previous account) and then stores
    /// the device account as the previous one, so a change is reported exactly once (research §2). The app then
    /// reconciles its data. Returns the `data_action` value.
    mutating func noticeAccount(_ index: Int, policy: EntraPolicy, trace: inout RuleTrace) -> Int {
        let app = policy.apps[index]
        let current = deviceAccount
        _ = trace.check(EntraRule.currentAccountChanged, true, true, current != apps[index].principal)
        apps[index].principal = current
        let action = reconcileData(
            index, with: current, comparesIDs: app.comparesAccountIDs, viaCurrentAccount: true,
            clears: app.clearsData, trace: &trace)
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
        _ index: Int, with current: UserID?, comparesIDs: Bool, viaCurrentAccount: Bool, clears: Bool,
        trace: inout RuleTrace
    ) -> Int {
        let owner = apps[index].dataOwner
        let foreign = owner != nil && owner != current
        let notices = !viaCurrentAccount || comparesIDs || current == nil
        if viaCurrentAccount {
            _ = trace.check(EntraRule.onlyNilCheck, foreign, !comparesIDs, current != nil)
        }
        if trace.check(EntraRule.dataCleared, foreign, notices, clears) {
            apps[index].dataOwner = nil
            return EntraDetail.cleared
        }
        if trace.check(EntraRule.dataNotCleared, foreign, notices, !clears) { return EntraDetail.kept }
        return foreign ? EntraDetail.kept : EntraDetail.none
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

    /// After the session is settled: the app loads the session user's data if it has none, and any data of a user
    /// other than the acting one is reported (it is what the acting user now sees).
    mutating func reportData(
        _ index: Int, user: UserID, sessionUser: UserID?, action: Int, outcome: inout StepOutcome
    ) {
        if apps[index].dataOwner == nil, let sessionUser { apps[index].dataOwner = sessionUser }
        var dataAction = action
        if let owner = apps[index].dataOwner, owner != user {
            outcome.findings.insert(EntraFinding.previousUserDataVisible)
            if outcome.subject == nil { outcome.subject = owner }
            if dataAction != EntraDetail.cleared { dataAction = EntraDetail.kept }
        }
        outcome.details.set(EntraDetail.dataAction, choice: dataAction)
    }
}
