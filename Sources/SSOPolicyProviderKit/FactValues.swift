/// The value of one fact: a word of the fact's choice domain (by index) or an account; `unknown` only in a what-if.
public enum FactValue: Sendable, Hashable {
    /// Index into the fact's `.choice` values (for booleans: 0 = true, 1 = false).
    case choice(Int)
    /// A user, or nil for `none`.
    case account(UserID?)
    /// Not given: `evaluate` answers for every value the decision turns out to need (see `Given`).
    case unknown
}

/// A complete assignment of a provider's facts: device facts and per-app facts, defaults filled in; in a what-if,
/// some may be `unknown`.
///
/// Built by the core from a scenario's `given:` or from `evaluate --fact`, validated against the declarations.
/// Reading an unknown fact through `bool`, `choice` or `account` throws it (`FactRead`), as reading a `Given` that
/// waits for it does; `given` instead returns a `Given` that waits for the fact until the state reads it.
public struct FactValues: Sendable, Hashable {
    /// Indexed by `FactID`; for per-app facts this holds the value for apps not listed individually.
    public var device: [FactValue]
    /// Per app (by `AppID`), per fact; nil entries fall back to `device`.
    public var perApp: [[FactValue?]]

    public init(device: [FactValue], perApp: [[FactValue?]]) {
        self.device = device
        self.perApp = perApp
    }

    /// The fact's value as stored (possibly `unknown`), for a per-app fact the value for `app`.
    @inlinable
    public func value(_ fact: FactID, app: AppID? = nil) -> FactValue {
        if let app, app.int < perApp.count, let value = perApp[app.int][Int(fact.index)] { return value }
        return device[Int(fact.index)]
    }

    /// Which value `value(fact, app:)` reads: the app's own, or the device's.
    @inlinable
    public func read(_ fact: FactID, app: AppID?) -> FactRead {
        if let app, app.int < perApp.count, perApp[app.int][Int(fact.index)] != nil { return FactRead(fact, app: app) }
        return FactRead(fact, app: nil)
    }

    /// The fact's value; an unknown fact is thrown as needed.
    @inlinable
    func needed(_ fact: FactID, app: AppID?) throws(FactRead) -> FactValue {
        let value = value(fact, app: app)
        if case .unknown = value { throw read(fact, app: app) }
        return value
    }

    /// A boolean fact (declared with `FactDeclaration.bool`).
    @inlinable
    public func bool(_ fact: FactID, app: AppID? = nil) throws(FactRead) -> Bool {
        if case .choice(let index) = try needed(fact, app: app) { return index == 0 }
        return false
    }

    @inlinable
    public func choice(_ fact: FactID, app: AppID? = nil) throws(FactRead) -> Int {
        if case .choice(let index) = try needed(fact, app: app) { return index }
        return 0
    }

    @inlinable
    public func account(_ fact: FactID, app: AppID? = nil) throws(FactRead) -> UserID? {
        if case .account(let user) = try needed(fact, app: app) { return user }
        return nil
    }

    /// A boolean fact as a state value that waits for the fact while it is unknown.
    @inlinable
    public func given(bool fact: FactID, app: AppID? = nil) -> Given<Bool> {
        switch value(fact, app: app) {
        case .choice(let index): return .known(index == 0)
        case .account: return .known(false)
        case .unknown: return Given(pending: read(fact, app: app), placeholder: false)
        }
    }

    /// A choice fact (its value's index) as a state value that waits for the fact while it is unknown.
    @inlinable
    public func given(choice fact: FactID, app: AppID? = nil) -> Given<Int> {
        switch value(fact, app: app) {
        case .choice(let index): return .known(index)
        case .account: return .known(0)
        case .unknown: return Given(pending: read(fact, app: app), placeholder: 0)
        }
    }

    /// An account fact as a state value that waits for the fact while it is unknown.
    @inlinable
    public func given(account fact: FactID, app: AppID? = nil) -> Given<UserID?> {
        switch value(fact, app: app) {
        case .account(let user): return .known(user)
        case .choice: return .known(nil)
        case .unknown: return Given(pending: read(fact, app: app), placeholder: nil)
        }
    }

    /// Sets fact number `fact`: for `app`, its own value of a per-app fact; without, the device's value.
    public mutating func set(_ fact: Int, _ app: AppID?, _ value: FactValue) {
        if let app {
            while perApp.count <= app.int { perApp.append([FactValue?](repeating: nil, count: device.count)) }
            perApp[app.int][fact] = value
        } else {
            device[fact] = value
        }
    }

    /// Whether any fact is unknown (a what-if).
    public var hasUnknown: Bool {
        device.contains(.unknown) || perApp.contains { $0.contains(.unknown) }
    }
}

extension FactValues {
    @inlinable
    public func bool(_ fact: some DeclaredFact, app: AppID? = nil) throws(FactRead) -> Bool {
        try bool(fact.id, app: app)
    }

    @inlinable
    public func choice(_ fact: some DeclaredFact, app: AppID? = nil) throws(FactRead) -> Int {
        try choice(fact.id, app: app)
    }

    @inlinable
    public func account(_ fact: some DeclaredFact, app: AppID? = nil) throws(FactRead) -> UserID? {
        try account(fact.id, app: app)
    }

    @inlinable
    public func given(bool fact: some DeclaredFact, app: AppID? = nil) -> Given<Bool> { given(bool: fact.id, app: app) }

    @inlinable
    public func given(choice fact: some DeclaredFact, app: AppID? = nil) -> Given<Int> {
        given(choice: fact.id, app: app)
    }

    @inlinable
    public func given(account fact: some DeclaredFact, app: AppID? = nil) -> Given<UserID?> {
        given(account: fact.id, app: app)
    }
}
