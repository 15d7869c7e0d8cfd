import SSOPolicyProviderKit

/// How the login window signed a person in: the rule that decided it.
enum AppleSignIn {
    case firstFederated, firstApple, resident, newToIPad, passcodeReset
}

/// `open`, `device_unlock` and `device_sign_in`: the person reaches a session (their own, someone else's left
/// open, or a new one at the login window), then the app inside the partition decides.
extension AppleSharedIPadProvider {
    func open(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome
    ) throws {
        guard try device(&state, &context, trace: &trace, outcome: &outcome) else {
            if outcome.session == .none { outcome.session = .denied }
            return
        }
        let app = context.app
        if try trace.evaluate(AppleAppRule.browserRemains, on: state, in: context) {
            outcome.apply(AppleAppRule.browserRemains.effect)
        }
        guard let partition = context.partition else {
            outcome.session = .denied
            return
        }
        if let decision = try trace.first(AppleAccountRule.app, on: state, in: context) {
            outcome.apply(decision.effect)
        } else if let decision = try trace.first(AppleAppRule.app, on: state, in: context) {
            outcome.apply(decision.effect)
            switch decision {
            case .microsoftSignIn:
                try state.setAppSession(app, partition, true, microsoftShared: true)
                outcome.details.set(AppleDetail.scope.id, choice: 0)
                if context.policy.mfa { outcome.details.set(AppleDetail.mfa.id, choice: 0) }
            case .microsoftReused:
                outcome.details.set(AppleDetail.scope.id, choice: 0)
            case .otherSignIn:
                try state.setAppSession(app, partition, true, microsoftShared: false)
                if context.policy.mfa { outcome.details.set(AppleDetail.mfa.id, choice: 0) }
            case .ownLogin, .noSignIn:
                try state.setAppSession(app, partition, true, microsoftShared: false)
            case .caBlocks:
                outcome.about(app: app)
            case .otherReused, .ownSession:
                break  // the partition's own sign-in, reused
            case .browserRemains, .dataNotRoaming, .microsoftSignOut, .appSignOut, .terminateEnds:
                break  // not in the list
            }
        } else {
            outcome.session = .denied
            return
        }
        if try trace.evaluate(AppleAppRule.dataNotRoaming, on: state, in: context) {
            outcome.apply(AppleAppRule.dataNotRoaming.effect)
        }
        outcome.sessionUser = partition
    }

    /// Brings the acting person to a session: their own (unlocking it), someone else's left open, or a new one at
    /// the login window. False when the person gets no session (the step's session says why).
    func device(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome
    ) throws -> Bool {
        guard let user = context.user else { return false }
        if try trace.evaluate(AppleDeviceRule.unsupportedDevice, on: state, in: context) {
            outcome.apply(AppleDeviceRule.unsupportedDevice.effect)
            return false
        }
        if try trace.evaluate(AppleDeviceRule.erased, on: state, in: context) {
            outcome.apply(AppleDeviceRule.erased.effect)
            return false
        }
        if try trace.evaluate(AppleAccountRule.awaitingConfiguration, on: state, in: context) {
            outcome.apply(AppleAccountRule.awaitingConfiguration.effect)
            if state.owner != user { outcome.subject = state.owner }
            return false
        }
        if state.inSession {
            if state.owner == user {
                if state.screen == .locked {
                    if try trace.evaluate(AppleHandoverRule.ownUnlock, on: state, in: context) {
                        outcome.apply(AppleHandoverRule.ownUnlock.effect)
                    } else if try trace.evaluate(AppleAccountRule.biometricUnlock, on: state, in: context) {
                        outcome.apply(AppleAccountRule.biometricUnlock.effect)
                    }
                }
                state.screen = .unlocked
                state.lastActivity = .known(.at(context.time))
                context.partition = user
                return true
            }
            guard let decision = try trace.first(AppleHandoverRule.inTheWay, on: state, in: context) else {
                return false
            }
            outcome.apply(decision.effect)
            outcome.subject = state.owner
            switch decision {
            case .guestServed, .unlockedServed, .graceServed:
                context.servedOther = true
                context.partition = state.owner
                state.screen = .unlocked
                state.lastActivity = .known(.at(context.time))
                return true
            case .lockScreenSignOut:
                outcome.details.set(AppleDetail.endedBy.id, choice: 5)
                try endSession(&state, &context, trace: &trace)
            case .waitForOwner, .ownUnlock:
                return false
            }
        }
        guard state.screen == .loginWindow else { return false }
        return try loginWindow(&state, &context, trace: &trace, outcome: &outcome, user: user)
    }

    /// The login window: the first rule of its decision (Guest and capacity, the account, the credentials) that
    /// fires decides how the person signs in.
    private func loginWindow(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome,
        user: UserID
    ) throws -> Bool {
        let signIn: AppleSignIn
        if let decision = try trace.first(AppleLoginRule.gate, on: state, in: context) {
            outcome.apply(decision.effect)
            switch decision {
            case .guestSignIn:
                state.owner = user
                state.guest = .known(true)
                state.guestMicrosoft = false
                state.guestApps = 0
                state.screen = .unlocked
                state.lastActivity = .known(.at(context.time))
                context.partition = user
                return true
            case .guestBlocked, .capacityFull, .offlineDenied:
                return false
            case .firstFederated, .firstApple, .residentSignIn, .newToIPad, .evict, .loginSSO:
                return false  // not in the list
            }
        } else if let decision = try trace.first(AppleAccountRule.login, on: state, in: context) {
            outcome.apply(decision.effect)
            switch decision {
            case .passcodeReset:
                signIn = .passcodeReset
            case .offboardedRefused:
                return false
            case .awaitingConfiguration, .userConfigured, .offboardedLocal, .entraDisabled, .biometricUnlock:
                return false  // not in the list
            }
        } else if let decision = try trace.first(AppleLoginRule.credentials, on: state, in: context) {
            outcome.apply(decision.effect)
            switch decision {
            case .firstFederated: signIn = .firstFederated
            case .firstApple: signIn = .firstApple
            case .residentSignIn: signIn = .resident
            case .newToIPad: signIn = .newToIPad
            case .guestBlocked, .guestSignIn, .offlineDenied, .capacityFull, .evict, .loginSSO:
                return false  // not in the list
            }
        } else {
            return false
        }
        try signedIn(&state, &context, trace: &trace, outcome: &outcome, user: user, by: signIn)
        if try trace.evaluate(AppleAccountRule.awaitingConfiguration, on: state, in: context) {
            outcome.apply(AppleAccountRule.awaitingConfiguration.effect)
            return false
        }
        return true
    }

    /// A user signed in at the login window: a synced resident may make room, the partition opens.
    private func signedIn(
        _ state: inout AppleState, _ context: inout AppleContext, trace: inout RuleTrace, outcome: inout StepOutcome,
        user: UserID, by signIn: AppleSignIn
    ) throws {
        let policy = context.policy
        let resident = state.residentIndex(user)
        if resident == nil, try trace.evaluate(AppleLoginRule.evict, on: state, in: context),
            let victim = state.residents.firstIndex(where: { $0.synced && $0.user != user })
        {
            outcome.apply(AppleLoginRule.evict.effect)
            outcome.details.set(AppleDetail.evicted.id, account: state.residents[victim].user)
            state.removeResident(state.residents[victim].user)
        }
        let method =
            switch signIn {
            case .firstFederated, .passcodeReset: 0
            case .firstApple: 2
            case .resident, .newToIPad: policy.federated ? 1 : 2
            }
        outcome.details.set(AppleDetail.credentialMethod.id, choice: method)
        switch signIn {
        case .firstFederated, .passcodeReset:
            if policy.mfa { outcome.details.set(AppleDetail.mfa.id, choice: 0) }
        case .resident:
            if try trace.evaluate(AppleAccountRule.offboardedLocal, on: state, in: context) {
                outcome.apply(AppleAccountRule.offboardedLocal.effect)
            }
        case .firstApple, .newToIPad:
            break
        }
        // The sign-in that follows a reset (or an Apple account's temporary password) sets a new passcode.
        state.passcodeResets = .known(try state.passcodeResets.value.filter { $0 != user })
        if let index = resident, !policy.evictFirstSignedIn {
            // Least recently used first: a sign-in moves the user to the end.
            let entry = state.residents.remove(at: index)
            state.residents.append(entry)
        }
        state.addResident(user, synced: false, onlineAuth: .at(context.time))
        if let index = state.residentIndex(user) {
            state.residents[index].synced = false
            if policy.onlineAuthGrace != nil, try !state.offline.value {
                state.residents[index].onlineAuth = .at(context.time)
            }
        }
        state.owner = user
        state.guest = .known(false)
        state.screen = .unlocked
        state.awaiting = policy.awaitUserConfiguration
        state.lastActivity = .known(.at(context.time))
        if case .firstFederated = signIn, try trace.evaluate(AppleLoginRule.loginSSO, on: state, in: context) {
            AppleState.insert(user, into: &state.microsoft)
        }
        context.freshPartition = resident == nil
        context.partition = user
    }
}
