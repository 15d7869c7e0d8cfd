import SSOPolicyProviderKit

/// Checks the selected properties on one step, from the event, its outcome and the path monitor before the step.
/// Shared by the explorer and by the replay of counterexamples, so a replay breaks a property exactly when the
/// exploration said it would. Allocation-free: findings are compared as bit sets.
struct PropertyChecker: Sendable {
    let properties: [VerificationProperty]
    private let checks: [VerificationProperty.Check]
    private let masks: [UInt64]
    /// Per property: only a sign-out, or a step exposing a user who signed out, can break it.
    private let afterSignOut: [Bool]
    private let accessEvents: [Bool]
    /// Whether the path monitor must track handovers (the sign-out assumption) and sign-outs (the sign-out
    /// property); fields nobody reads are kept at their defaults so they do not split equal states.
    let tracksHandover: Bool
    let tracksSignOut: Bool

    init(properties: [VerificationProperty], descriptor: ProviderDescriptor, tracksHandover: Bool) {
        self.properties = properties
        self.checks = properties.map(\.check)
        func mask(_ ids: [String]) -> UInt64 {
            FindingSet(ids.compactMap { descriptor.finding($0) }).bits
        }
        // The core's properties select findings by concern (the provider's self-check guarantees the mapping).
        func mask(_ concern: CoreConcern) -> UInt64 { FindingSet(descriptor.findings(concern: concern)).bits }
        self.masks = properties.map { property in
            switch property.check {
            case .noForeignSession: return mask(.foreignSession)
            case .noPreviousUserData: return mask(.previousUserData)
            case .globalSignOutComplete: return mask(.incompleteSignOut)
            case .findings(let ids): return mask(ids)
            }
        }
        self.afterSignOut = properties.map(\.afterSignOut)
        self.accessEvents = descriptor.allEvents.map(\.isAccessAttempt)
        self.tracksHandover = tracksHandover
        self.tracksSignOut = properties.contains { $0.afterSignOut }
    }

    static func grantsAccess(_ session: SessionKind) -> Bool {
        switch session {
        case .sharedNew, .sharedReused, .appNew, .appReused: return true
        default: return false
        }
    }

    /// One bit per property (in `properties` order) the step breaks.
    func violations(_ event: ProviderEvent, _ outcome: StepOutcome, before monitor: PathMonitor) -> UInt64 {
        var broken: UInt64 = 0
        let findings = outcome.findings.bits
        let served = Self.grantsAccess(outcome.session) ? outcome.sessionUser : nil
        let isSignOut = event.event == .signOut
        for index in checks.indices {
            var violated = findings & masks[index] != 0
            if violated, afterSignOut[index], !isSignOut {
                // What a sign-out left behind: the user the step exposes signed out earlier on this path.
                violated = (outcome.subject ?? served).map { monitor.signedOut & PathMonitor.bit($0) != 0 } ?? false
            }
            if !violated, let served {
                switch checks[index] {
                case .noForeignSession:
                    if let user = event.user, user != served { violated = true }
                case .globalSignOutComplete:
                    // The signed-out user's session is served to someone else; the user reopening their own app
                    // is no leak.
                    if monitor.signedOut & PathMonitor.bit(served) != 0, let user = event.user, user != served {
                        violated = true
                    }
                default: break
                }
            }
            if violated { broken |= 1 << UInt64(index) }
        }
        return broken
    }

    /// The monitor after the step.
    func advance(_ monitor: inout PathMonitor, _ event: ProviderEvent) {
        guard let user = event.user else { return }
        let index = UInt8(min(Int(user.index), 254))
        if index >= monitor.actedUsers { monitor.actedUsers = index + 1 }
        let isSignOut = event.event == .signOut
        if tracksSignOut {
            if isSignOut {
                monitor.signedOut |= PathMonitor.bit(user)
            } else if accessEvents[Int(event.event.index)] {
                monitor.signedOut &= ~PathMonitor.bit(user)
            }
        }
        if tracksHandover {
            monitor.lastActorSignedOut = isSignOut
            monitor.lastActor = index
        }
    }

    /// After a handover move: the device is `to`'s, who has not signed out.
    func handOver(_ monitor: inout PathMonitor, to user: UserID) {
        let index = UInt8(min(Int(user.index), 254))
        if index >= monitor.actedUsers { monitor.actedUsers = index + 1 }
        monitor.lastActor = index
        monitor.lastActorSignedOut = false
    }

    /// Whether the assumption lets `user` act now: the previous actor, if someone else, signed out.
    func handoverAllowed(_ user: UserID, _ monitor: PathMonitor) -> Bool {
        monitor.lastActor == PathMonitor.noUser || monitor.lastActor == UInt8(min(Int(user.index), 254))
            || monitor.lastActorSignedOut
    }
}
