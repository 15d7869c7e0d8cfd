/// The value of one fact: a word of the fact's choice domain (by index) or an account.
public enum FactValue: Sendable, Hashable {
    /// Index into the fact's `.choice` values (for booleans: 0 = true, 1 = false).
    case choice(Int)
    /// A user, or nil for `none`.
    case account(UserID?)
}

/// A complete assignment of a provider's facts: device facts and per-app facts, defaults filled in.
///
/// Built by the core from a scenario's `given:` or from `evaluate --fact`, validated against the declarations.
public struct FactValues: Sendable, Hashable {
    /// Indexed by `FactID`; for per-app facts this holds the value for apps not listed individually.
    public var device: [FactValue]
    /// Per app (by `AppID`), per fact; nil entries fall back to `device`.
    public var perApp: [[FactValue?]]

    public init(device: [FactValue], perApp: [[FactValue?]]) {
        self.device = device
        self.perApp = perApp
    }

    /// The fact's value, for a per-app fact the value for `app`.
    @inlinable
    public func value(_ fact: FactID, app: AppID? = nil) -> FactValue {
        if let app, app.int < perApp.count, let value = perApp[app.int][Int(fact.index)] { return value }
        return device[Int(fact.index)]
    }

    /// A boolean fact (declared with `FactDeclaration.bool`).
    @inlinable
    public func bool(_ fact: FactID, app: AppID? = nil) -> Bool {
        if case .choice(let index) = value(fact, app: app) { return index == 0 }
        return false
    }

    @inlinable
    public func choice(_ fact: FactID, app: AppID? = nil) -> Int {
        if case .choice(let index) = value(fact, app: app) { return index }
        return 0
    }

    @inlinable
    public func account(_ fact: FactID, app: AppID? = nil) -> UserID? {
        if case .account(let user) = value(fact, app: app) { return user }
        return nil
    }
}
