import SSOPolicyProviderKit

/// What the iPad shows.
enum AppleScreen: Int, Sendable, Hashable {
    case loginWindow, unlocked, locked, setupAssistant
}

/// A user whose partition is cached on the iPad.
struct AppleResident: Sendable, Hashable {
    var user: UserID
    /// The partition's data has synced (false right after the user's session, until the iPad is next online).
    var synced: Bool
    /// When the user last authenticated online (against Apple's identity service).
    var onlineAuth: Stamp
}

/// What a Shared iPad remembers between steps. A value, so runs replay and `verify` can explore it.
///
/// The screen, the session's owner and the partitions are read from the facts when the state is made (each read
/// throws an unknown fact, so a what-if splits on it); the `Given` fields wait for their fact until a
/// decision reads them (the network, the session's kind and clocks, passcode resets, Entra offboarding), so a
/// what-if splits only on those its decision needs. User sets are kept sorted by user index so that equal states
/// hash alike.
public struct AppleState: Hashable, Sendable {
    var screen: AppleScreen = .loginWindow
    /// Whose session is open (for a Guest session, who tapped Guest).
    var owner: UserID? = nil
    var guest: Given<Bool> = .known(false)
    var lastActivity: Given<Stamp> = .known(.givenJustNow)
    var lockedAt: Given<Stamp> = .known(.givenPassed)
    var offline: Given<Bool> = .known(false)
    /// Cached partitions, in the order their users first signed in here (or, with least-recently-used eviction,
    /// the order of their last sign-in).
    var residents: [AppleResident] = []
    /// Users who created a Shared iPad passcode (it belongs to the account, on every iPad).
    var passcodeHolders: [UserID] = []
    /// Partitions whose Microsoft apps hold a Microsoft sign-in (sorted).
    var microsoft: [UserID] = []
    /// Per app, the partitions holding the app's own sign-in (sorted).
    var appSessions: [[UserID]] = []
    /// The open Guest session's Microsoft sign-in and apps signed in (bits over app indices).
    var guestMicrosoft = false
    var guestApps: UInt64 = 0
    /// The open user session waits at a Setup Assistant pane for MDM's UserConfigured (AwaitUserConfiguration).
    var awaiting = false
    /// Users whose Shared iPad passcode an administrator reset (sorted): their next sign-in starts over.
    var passcodeResets: Given<[UserID]> = .known([])
    /// Users disabled in Entra ID (sorted): their Microsoft sign-ins fail; a cached partition still opens locally.
    var disabled: Given<[UserID]> = .known([])

    /// A freshly erased iPad: no session, no partition.
    init(empty appCount: Int) { appSessions = Array(repeating: [], count: appCount) }

    init(_ policy: ApplePolicy, facts: FactValues) throws {
        appSessions = Array(repeating: [], count: policy.apps.count)
        let screenFact = try facts.choice(AppleFact.screen)
        // The last screen value: a signed-in user's session waiting for UserConfigured.
        awaiting = screenFact == 4
        screen = awaiting ? .unlocked : AppleScreen(rawValue: screenFact) ?? .loginWindow
        offline = facts.given(choice: AppleFact.network).map { $0 == 1 }
        if screen == .unlocked || screen == .locked {
            owner = try facts.account(AppleFact.signedIn)
            if owner == nil {
                screen = .loginWindow
                awaiting = false
            }
        }
        if let owner {
            // The owner's kind of session decides whether they are resident: read now.
            guest = .known(try facts.choice(AppleFact.sessionType) == 1)
            if try guest.value { awaiting = false }
            if try !guest.value { addResident(owner, synced: false, onlineAuth: .givenJustNow) }
            lastActivity = facts.given(choice: AppleFact.idleFor).map { $0 == 1 ? .givenPassed : .givenJustNow }
            if screen == .locked {
                lockedAt = facts.given(choice: AppleFact.lockedFor).map { $0 == 1 ? .givenJustNow : .givenPassed }
            }
        }
        if let resident = try facts.account(AppleFact.resident) {
            addResident(resident, synced: try facts.bool(AppleFact.residentSynced), onlineAuth: .givenJustNow)
        }
        if let holder = try facts.account(AppleFact.passcodeHolder) { Self.insert(holder, into: &passcodeHolders) }
        passcodeResets = facts.given(account: AppleFact.passcodeReset).map { $0.map { [$0] } ?? [] }
        disabled = facts.given(account: AppleFact.entraDisabled).map { $0.map { [$0] } ?? [] }
        for index in policy.apps.indices {
            guard let user = try facts.account(AppleFact.appSession, app: AppID(index)) else { continue }
            if try guest.value && user == owner {
                if policy.apps[index].kind == .microsoft {
                    guestMicrosoft = true
                } else {
                    guestApps |= 1 << UInt64(index & 63)
                }
                continue
            }
            addResident(user, synced: true, onlineAuth: .givenJustNow)
            if policy.apps[index].kind == .microsoft
                || (policy.ssoPluginPerUser && policy.apps[index].kind == .otherPublisher)
            {
                Self.insert(user, into: &microsoft)
            } else {
                Self.insert(user, into: &appSessions[index])
            }
        }
    }

    // MARK: Users

    func residentIndex(_ user: UserID) -> Int? { residents.firstIndex { $0.user == user } }

    mutating func addResident(_ user: UserID, synced: Bool, onlineAuth: Stamp) {
        if residentIndex(user) == nil {
            residents.append(AppleResident(user: user, synced: synced, onlineAuth: onlineAuth))
        }
        Self.insert(user, into: &passcodeHolders)
    }

    /// Removes a partition and everything in it.
    mutating func removeResident(_ user: UserID) {
        residents.removeAll { $0.user == user }
        microsoft.removeAll { $0 == user }
        for index in appSessions.indices { appSessions[index].removeAll { $0 == user } }
    }

    static func insert(_ user: UserID, into users: inout [UserID]) {
        guard !users.contains(user) else { return }
        users.append(user)
        users.sort()
    }

    // MARK: Sessions

    var inSession: Bool { owner != nil && (screen == .unlocked || screen == .locked) }

    /// Ends the open session: a Guest session's data is deleted; a user's partition stays, unsynced.
    mutating func endSession(clearMicrosoft: Bool) throws {
        if let owner, try !guest.value {
            if let index = residentIndex(owner) { residents[index].synced = false }
            if clearMicrosoft { microsoft.removeAll { $0 == owner } }
        }
        owner = nil
        guest = .known(false)
        guestMicrosoft = false
        guestApps = 0
        awaiting = false
        screen = .loginWindow
    }

    /// After a step: moments no rule will read again become one value, so that states that answer alike are equal
    /// (`verify` explores each once). A closed session's clocks, a Lock Screen's time while unlocked, a moment
    /// older than every interval measured from it (it has passed them all, now and later), and online
    /// authentication times when no grace period reads them.
    mutating func forgetWhatNoRuleReads(_ policy: ApplePolicy, at time: Int) {
        if !inSession {
            lastActivity = .known(.givenJustNow)
            lockedAt = .known(.givenPassed)
            awaiting = false
        } else {
            // Only known moments: one still waiting for its fact (in a what-if) stays waiting. "Just now" as the
            // facts gave it is this first step's time from now on.
            if let last = lastActivity.known {
                // Auto-Lock then the grace period measure from the last activity, the timeouts too.
                let horizon = max(
                    Saturating.sum(Saturating.sum(policy.autoLock, policy.grace), 1), policy.userTimeout,
                    policy.guestTimeout)
                if last == .givenJustNow {
                    lastActivity = .known(.at(time))
                } else if last.hasPassed(horizon, at: time) {
                    lastActivity = .known(.givenPassed)
                }
            }
            if screen != .locked {
                lockedAt = .known(.givenPassed)
            } else if let locked = lockedAt.known {
                if locked == .givenJustNow {
                    lockedAt = .known(.at(time))
                } else if locked.hasPassed(Saturating.sum(policy.grace, 1), at: time) {
                    lockedAt = .known(.givenPassed)
                }
            }
        }
        for index in residents.indices {
            if let grace = policy.onlineAuthGrace {
                if residents[index].onlineAuth.hasPassed(grace, at: time) { residents[index].onlineAuth = .givenPassed }
            } else {
                residents[index].onlineAuth = .givenJustNow
            }
        }
    }

    /// Whether the session's partition holds a Microsoft sign-in.
    func hasMicrosoft(_ user: UserID?) throws -> Bool {
        guard let user else { return false }
        if try guest.value && user == owner { return guestMicrosoft }
        return microsoft.contains(user)
    }

    func hasAppSession(_ app: Int, _ user: UserID?) throws -> Bool {
        guard let user else { return false }
        if try guest.value && user == owner { return guestApps & (1 << UInt64(app & 63)) != 0 }
        return app < appSessions.count && appSessions[app].contains(user)
    }

    mutating func setAppSession(_ app: Int, _ user: UserID, _ signedIn: Bool, microsoftShared: Bool) throws {
        if try guest.value && user == owner {
            if microsoftShared {
                guestMicrosoft = signedIn
            } else if signedIn {
                guestApps |= 1 << UInt64(app & 63)
            } else {
                guestApps &= ~(1 << UInt64(app & 63))
            }
            return
        }
        if microsoftShared {
            if signedIn { Self.insert(user, into: &microsoft) } else { microsoft.removeAll { $0 == user } }
        } else if app < appSessions.count {
            if signedIn {
                Self.insert(user, into: &appSessions[app])
            } else {
                appSessions[app].removeAll { $0 == user }
            }
        }
    }
}

/// Workers are interchangeable: decisions compare users, never order them (sets are re-sorted after a renaming).
extension AppleState: UserSymmetricState {
    public mutating func renameUsers(_ permutation: UserPermutation) {
        owner = permutation(owner)
        for index in residents.indices { residents[index].user = permutation(residents[index].user) }
        passcodeHolders = passcodeHolders.map { permutation($0) }.sorted()
        microsoft = microsoft.map { permutation($0) }.sorted()
        for index in appSessions.indices { appSessions[index] = appSessions[index].map { permutation($0) }.sorted() }
        if let resets = passcodeResets.known { passcodeResets = .known(resets.map { permutation($0) }.sorted()) }
        if let disabled = disabled.known { self.disabled = .known(disabled.map { permutation($0) }.sorted()) }
    }

    public func forEachUser(_ body: (UserID) -> Void) {
        if let owner { body(owner) }
        for resident in residents { body(resident.user) }
        for user in passcodeHolders { body(user) }
        for user in microsoft { body(user) }
        for users in appSessions { for user in users { body(user) } }
        for user in passcodeResets.stored { body(user) }
        for user in disabled.stored { body(user) }
    }
}
