import SSOPolicyProviderKit

/// The Apple Shared iPad model (sources: `AppleSources`).
///
/// iPadOS separates workers: a worker signs in at the login window into their own partition (a Guest into a
/// temporary one, deleted when it ends), works, and signs out; the partition stays cached for their return. The
/// next person meets whatever the previous one left: the login window, a Lock Screen (with its passcode grace
/// period), or an open session. Inside a partition Microsoft's apps share one Entra sign-in. Every decision is a
/// rule of `AppleRule`, evaluated through the trace.
public struct AppleSharedIPadProvider: PolicyProvider {
    public typealias Policy = ApplePolicy
    public typealias State = AppleState

    public init() {}

    public var descriptor: ProviderDescriptor { AppleDescriptor.descriptor }

    public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> ApplePolicy? {
        ApplePolicy.compile(configuration, diagnostics: &diagnostics)
    }

    public func configurationFindings(_ policy: ApplePolicy) -> [PolicyFinding] { policy.configurationFindings() }

    public func initialState(_ policy: ApplePolicy, facts: FactValues) -> AppleState {
        AppleState(policy, facts: facts)
    }

    public func apply(_ event: ProviderEvent, to state: inout AppleState, policy: ApplePolicy, trace: inout RuleTrace)
        -> StepOutcome
    {
        if let app = event.app, app.int >= policy.apps.count { return .notApplicable }
        var context = AppleContext(
            policy: policy, state: state, user: event.user, app: event.app?.int ?? -1, time: event.time)
        var outcome = StepOutcome(session: .none)
        // The clock first: an inactive session times out, or locks.
        if state.inSession {
            if trace.evaluate(AppleRule.userTimeout, in: context) || trace.evaluate(AppleRule.guestTimeout, in: context)
            {
                outcome.details.set(AppleDetail.endedBy.id, choice: state.guest ? 2 : 1)
                endSession(&state, context: &context, trace: &trace)
            } else if state.screen == .unlocked, trace.evaluate(AppleRule.autoLock, in: context) {
                state.screen = .locked
                state.lockedAt =
                    state.lastActivity.time.map { .at(Saturating.sum($0, policy.autoLock)) } ?? .givenPassed
            }
        }
        // Sync: online, the partitions of users no longer signed in finish syncing before the event.
        let active = state.inSession && !state.guest ? state.owner : nil
        if state.residents.contains(where: { !$0.synced && $0.user != active }), !state.offline {
            for index in state.residents.indices where state.residents[index].user != active {
                state.residents[index].synced = true
            }
        }
        context.state = state
        switch event.event {
        case .open:
            guard let user = event.user, event.app != nil else { return .notApplicable }
            context.guestRequested = event.conditions.word(AppleStepCondition.asGuest.id) == "guest"
            open(user, context: &context, state: &state, outcome: &outcome, trace: &trace)
        case .signOut:
            guard let app = event.app?.int else { return .notApplicable }
            appSignOut(app, context: &context, state: &state, outcome: &outcome, trace: &trace)
        case .terminate:
            terminate(context: &context, state: &state, outcome: &outcome, trace: &trace)
        case .querySSOStatus:
            outcome.sessionUser = state.inSession ? state.owner : nil
        case AppleEvent.lock.id:
            if trace.evaluate(AppleRule.lock, in: context) {
                outcome.apply(AppleRule.lock.effect)
                if state.owner == event.user || event.user == nil { state.lastActivity = .at(event.time) }
                if state.screen == .unlocked || state.owner == event.user {
                    state.screen = .locked
                    state.lockedAt = .at(event.time)
                }
                outcome.sessionUser = state.owner
            }
        case AppleEvent.unlock.id:
            guard let user = event.user else { return .notApplicable }
            if device(user, context: &context, state: &state, outcome: &outcome, trace: &trace) {
                if outcome.session == .none { outcome.session = .sharedReused }
                outcome.sessionUser = state.owner
            } else if outcome.session == .none {
                outcome.session = .denied
            }
        case AppleEvent.deviceSignIn.id:
            guard let user = event.user else { return .notApplicable }
            if case .word(let word) = event.target { context.guestRequested = word == "guest" }
            if device(user, context: &context, state: &state, outcome: &outcome, trace: &trace) {
                if outcome.session == .none { outcome.session = .sharedNew }
                outcome.sessionUser = state.owner
            } else if outcome.session == .none {
                outcome.session = .denied
            }
        case AppleEvent.deviceSignOut.id:
            if trace.evaluate(AppleRule.signOut, in: context) {
                outcome.apply(AppleRule.signOut.effect)
                outcome.details.set(AppleDetail.endedBy.id, choice: 0)
                endSession(&state, context: &context, trace: &trace)
            } else if trace.evaluate(AppleRule.signOutOther, in: context) {
                outcome.apply(AppleRule.signOutOther.effect)
                outcome.subject = state.owner
                outcome.details.set(AppleDetail.endedBy.id, choice: 5)
                endSession(&state, context: &context, trace: &trace)
            }
        case AppleEvent.logOutUser.id:
            if trace.evaluate(AppleRule.logOut, in: context) {
                outcome.apply(AppleRule.logOut.effect)
                outcome.details.set(AppleDetail.endedBy.id, choice: 3)
                endSession(&state, context: &context, trace: &trace)
            } else {
                outcome.details.set(AppleDetail.result.id, choice: 0)
            }
        case AppleEvent.deleteUser.id:
            delete(event, context: &context, state: &state, outcome: &outcome, trace: &trace)
        case AppleEvent.erase.id:
            if case .word(let word) = event.target { context.returnToService = word == "return_to_service" }
            context.wifi = event.conditions.bool(AppleStepCondition.wifi.id) ?? true
            erase(context: &context, state: &state, outcome: &outcome, trace: &trace)
        case AppleEvent.network.id:
            if case .word(let word) = event.target { state.offline = word == "offline" }
        case AppleEvent.userConfigured.id:
            if trace.evaluate(AppleRule.userConfigured, in: context) {
                outcome.apply(AppleRule.userConfigured.effect)
                state.awaiting = false
                outcome.sessionUser = state.owner
            }
        case AppleEvent.passcodeReset.id:
            guard let user = event.user else { return .notApplicable }
            AppleState.insert(user, into: &state.passcodeResets)
        case AppleEvent.entraDisableUser.id:
            guard let user = event.user else { return .notApplicable }
            AppleState.insert(user, into: &state.disabled)
        default:
            return .notApplicable
        }
        // The last screen word: the session's Setup Assistant pane while it waits for UserConfigured.
        outcome.details.set(
            AppleDetail.screen.id, choice: state.awaiting && state.inSession ? 4 : state.screen.rawValue)
        if state.inSession { outcome.details.set(AppleDetail.sessionType.id, choice: state.guest ? 1 : 0) }
        state.forgetWhatNoRuleReads(policy, at: event.time)
        return outcome
    }

    // MARK: Opening an app

    private func open(
        _ user: UserID, context: inout AppleContext, state: inout AppleState, outcome: inout StepOutcome,
        trace: inout RuleTrace
    ) {
        guard device(user, context: &context, state: &state, outcome: &outcome, trace: &trace) else {
            if outcome.session == .none { outcome.session = .denied }
            return
        }
        let app = context.app
        context.state = state
        if trace.evaluate(AppleRule.browserRemains, in: context) { outcome.apply(AppleRule.browserRemains.effect) }
        guard let decision = trace.first(AppleRule.app, in: context), let partition = context.partition else {
            outcome.session = .denied
            return
        }
        outcome.apply(decision.effect)
        switch decision {
        case .microsoftSignIn:
            state.setAppSession(app, partition, true, microsoftShared: true)
            outcome.details.set(AppleDetail.scope.id, choice: 0)
            if context.policy.mfa { outcome.details.set(AppleDetail.mfa.id, choice: 0) }
        case .microsoftReused:
            outcome.details.set(AppleDetail.scope.id, choice: 0)
        case .otherSignIn, .ownLogin, .noSignIn:
            state.setAppSession(app, partition, true, microsoftShared: false)
            if decision == .otherSignIn && context.policy.mfa { outcome.details.set(AppleDetail.mfa.id, choice: 0) }
        case .caBlocks:
            outcome.about(app: app)
        default:
            break
        }
        if trace.evaluate(AppleRule.dataNotRoaming, in: context) { outcome.apply(AppleRule.dataNotRoaming.effect) }
        outcome.sessionUser = partition
    }

    /// Brings the acting person to a session: their own (unlocking it), someone else's left open, or a new one at
    /// the login window. False when the person gets no session (the step's session says why).
    private func device(
        _ user: UserID, context: inout AppleContext, state: inout AppleState, outcome: inout StepOutcome,
        trace: inout RuleTrace
    ) -> Bool {
        if trace.evaluate(AppleRule.unsupportedDevice, in: context) {
            outcome.apply(AppleRule.unsupportedDevice.effect)
            return false
        }
        if trace.evaluate(AppleRule.erased, in: context) {
            outcome.apply(AppleRule.erased.effect)
            return false
        }
        if trace.evaluate(AppleRule.awaitingConfiguration, in: context) {
            outcome.apply(AppleRule.awaitingConfiguration.effect)
            if state.owner != user { outcome.subject = state.owner }
            return false
        }
        if state.inSession {
            if state.owner == user {
                if state.screen == .locked {
                    if trace.evaluate(AppleRule.ownUnlock, in: context) {
                        outcome.apply(AppleRule.ownUnlock.effect)
                    } else if trace.evaluate(AppleRule.biometricUnlock, in: context) {
                        outcome.apply(AppleRule.biometricUnlock.effect)
                    }
                }
                state.screen = .unlocked
                state.lastActivity = .at(context.time)
                context.partition = user
                context.state = state
                return true
            }
            guard let decision = trace.first(AppleRule.inTheWay, in: context) else { return false }
            outcome.apply(decision.effect)
            outcome.subject = state.owner
            switch decision {
            case .guestServed, .unlockedServed, .graceServed:
                context.servedOther = true
                context.partition = state.owner
                state.screen = .unlocked
                state.lastActivity = .at(context.time)
                context.state = state
                return true
            case .lockScreenSignOut:
                outcome.details.set(AppleDetail.endedBy.id, choice: 5)
                endSession(&state, context: &context, trace: &trace)
            default:
                return false
            }
        }
        guard state.screen == .loginWindow, let decision = trace.first(AppleRule.login, in: context) else {
            return false
        }
        outcome.apply(decision.effect)
        switch decision {
        case .guestSignIn:
            state.owner = user
            state.guest = true
            state.guestMicrosoft = false
            state.guestApps = 0
            state.screen = .unlocked
            state.lastActivity = .at(context.time)
            context.partition = user
            context.state = state
            return true
        case .firstFederated, .firstApple, .residentSignIn, .newToIPad, .passcodeReset:
            signIn(user, decision, context: &context, state: &state, outcome: &outcome, trace: &trace)
            if trace.evaluate(AppleRule.awaitingConfiguration, in: context) {
                outcome.apply(AppleRule.awaitingConfiguration.effect)
                return false
            }
            return true
        default:
            return false
        }
    }

    private func signIn(
        _ user: UserID, _ decision: AppleRule, context: inout AppleContext, state: inout AppleState,
        outcome: inout StepOutcome, trace: inout RuleTrace
    ) {
        let policy = context.policy
        var resident = state.residentIndex(user)
        if resident == nil, trace.evaluate(AppleRule.evict, in: context),
            let victim = state.residents.firstIndex(where: { $0.synced && $0.user != user })
        {
            outcome.apply(AppleRule.evict.effect)
            outcome.details.set(AppleDetail.evicted.id, account: state.residents[victim].user)
            state.removeResident(state.residents[victim].user)
        }
        let method =
            switch decision {
            case .firstFederated, .passcodeReset: 0
            case .firstApple: 2
            default: policy.federated ? 1 : 2
            }
        outcome.details.set(AppleDetail.credentialMethod.id, choice: method)
        if (decision == .firstFederated || decision == .passcodeReset) && policy.mfa {
            outcome.details.set(AppleDetail.mfa.id, choice: 0)
        }
        if decision == .residentSignIn, trace.evaluate(AppleRule.offboardedLocal, in: context) {
            outcome.apply(AppleRule.offboardedLocal.effect)
        }
        let fresh = resident == nil
        // The sign-in that follows a reset (or an Apple account's temporary password) sets a new passcode.
        state.passcodeResets.removeAll { $0 == user }
        if let index = resident, !policy.evictFirstSignedIn {
            // Least recently used first: a sign-in moves the user to the end.
            let entry = state.residents.remove(at: index)
            state.residents.append(entry)
            resident = state.residents.count - 1
        }
        state.addResident(user, synced: false, onlineAuth: .at(context.time))
        if let index = state.residentIndex(user) {
            state.residents[index].synced = false
            if policy.onlineAuthGrace != nil, !state.offline { state.residents[index].onlineAuth = .at(context.time) }
        }
        state.owner = user
        state.guest = false
        state.screen = .unlocked
        state.awaiting = policy.awaitUserConfiguration
        state.lastActivity = .at(context.time)
        context.state = state
        if decision == .firstFederated, trace.evaluate(AppleRule.loginSSO, in: context) {
            AppleState.insert(user, into: &state.microsoft)
        }
        context.freshPartition = fresh
        context.partition = user
        context.state = state
    }

    /// Ends the open session: a Guest's data is deleted; a user's partition stays (its Microsoft sign-in too,
    /// unless `model.m365_tokens_after_sign_out: cleared`).
    private func endSession(_ state: inout AppleState, context: inout AppleContext, trace: inout RuleTrace) {
        var clear = false
        if !state.guest { clear = trace.evaluate(AppleRule.tokensCleared, in: context) }
        state.endSession(clearMicrosoft: clear)
        context.state = state
    }

    // MARK: Other events

    private func appSignOut(
        _ app: Int, context: inout AppleContext, state: inout AppleState, outcome: inout StepOutcome,
        trace: inout RuleTrace
    ) {
        guard state.inSession, let partition = state.owner else { return }
        context.partition = partition
        if trace.evaluate(AppleRule.microsoftSignOut, in: context) {
            outcome.apply(AppleRule.microsoftSignOut.effect)
            state.setAppSession(app, partition, false, microsoftShared: true)
        } else if trace.evaluate(AppleRule.appSignOut, in: context) {
            outcome.apply(AppleRule.appSignOut.effect)
            state.setAppSession(app, partition, false, microsoftShared: false)
        }
    }

    private func terminate(
        context: inout AppleContext, state: inout AppleState, outcome: inout StepOutcome, trace: inout RuleTrace
    ) {
        if context.app < 0 {
            if trace.evaluate(AppleRule.restart, in: context) {
                outcome.apply(AppleRule.restart.effect)
                outcome.details.set(AppleDetail.endedBy.id, choice: 4)
                endSession(&state, context: &context, trace: &trace)
            } else if trace.evaluate(AppleRule.restartGuest, in: context) {
                outcome.apply(AppleRule.restartGuest.effect)
                outcome.details.set(AppleDetail.endedBy.id, choice: 4)
                endSession(&state, context: &context, trace: &trace)
            } else if state.inSession {
                // The session stays behind its Lock Screen, which now asks the passcode.
                state.screen = .locked
                state.lockedAt = .givenPassed
            }
            return
        }
        guard state.inSession, let partition = state.owner else { return }
        context.partition = partition
        if trace.evaluate(AppleRule.terminateEnds, in: context) {
            outcome.apply(AppleRule.terminateEnds.effect)
            state.setAppSession(context.app, partition, false, microsoftShared: context.microsoftShared)
        }
    }

    private func delete(
        _ event: ProviderEvent, context: inout AppleContext, state: inout AppleState, outcome: inout StepOutcome,
        trace: inout RuleTrace
    ) {
        context.force = event.conditions.bool(AppleStepCondition.force.id) ?? false
        var targets: [UserID] = []
        if case .word("all") = event.target {
            targets = state.residents.map(\.user)
        } else if let user = event.user {
            targets = [user]
        }
        var result = 3
        for target in targets {
            context.target = target
            context.state = state
            if trace.evaluate(AppleRule.deleteSignedIn, in: context) {
                outcome.apply(AppleRule.deleteSignedIn.effect)
                endSession(&state, context: &context, trace: &trace)
                state.removeResident(target)
                result = 1
            } else if trace.evaluate(AppleRule.deleteBlocked, in: context) {
                outcome.apply(AppleRule.deleteBlocked.effect)
                if result == 3 { result = 2 }
            } else if trace.evaluate(AppleRule.deleteUser, in: context) {
                outcome.apply(AppleRule.deleteUser.effect)
                state.removeResident(target)
                result = 1
            }
        }
        outcome.details.set(AppleDetail.result.id, choice: result)
        context.state = state
    }

    private func erase(
        context: inout AppleContext, state: inout AppleState, outcome: inout StepOutcome, trace: inout RuleTrace
    ) {
        if trace.evaluate(AppleRule.eraseLosesData, in: context) { outcome.apply(AppleRule.eraseLosesData.effect) }
        let (holders, resets, disabled) = (state.passcodeHolders, state.$passcodeResets, state.$disabled)
        let offline = state.$offline
        state = AppleState(empty: context.policy.apps.count)
        // The Shared iPad passcode (and its reset, and the Entra account) belong to the account, not to the iPad.
        state.passcodeHolders = holders
        state.$passcodeResets = resets
        state.$disabled = disabled
        state.$offline = offline
        if trace.evaluate(AppleRule.returnToService, in: context) {
            outcome.apply(AppleRule.returnToService.effect)
        } else {
            state.screen = .setupAssistant
        }
        context.state = state
    }
}
