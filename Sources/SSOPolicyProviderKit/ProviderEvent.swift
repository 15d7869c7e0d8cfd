/// One event of a scenario step as a provider receives it: interned, timed, with its conditions.
public struct ProviderEvent: Sendable, Hashable {
    public enum Target: Sendable, Hashable {
        case app(AppID)
        /// `terminate: all` (a device restart).
        case allApps
        /// A word of an event declared with a `.choice` target.
        case word(String)
    }

    public var event: EventID
    public var target: Target
    public var user: UserID?
    /// Seconds since 00:00 of the scenario's first day; never decreases within a scenario.
    public var time: Int
    public var conditions: StepConditions

    @inlinable
    public init(event: EventID, target: Target, user: UserID?, time: Int, conditions: StepConditions = .init()) {
        self.event = event
        self.target = target
        self.user = user
        self.time = time
        self.conditions = conditions
    }

    /// The app the event names, if it names one.
    @inlinable
    public var app: AppID? {
        if case .app(let app) = target { return app }
        return nil
    }
}

/// The provider-specific conditions of one step (e.g. `silent_login: fails`), validated by the core.
public struct StepConditions: Sendable, Hashable {
    public private(set) var values: [StepConditionID: SettingValue] = [:]

    public init() {}

    public mutating func set(_ id: StepConditionID, _ value: SettingValue) { values[id] = value }

    public subscript(id: StepConditionID) -> SettingValue? { values[id] }

    @inlinable
    public func word(_ id: StepConditionID) -> String? {
        // Most steps have no conditions: skip hashing on the hot path.
        if values.isEmpty { return nil }
        if case .word(let word)? = values[id] { return word }
        return nil
    }

    @inlinable
    public func bool(_ id: StepConditionID) -> Bool? {
        if values.isEmpty { return nil }
        if case .bool(let flag)? = values[id] { return flag }
        return nil
    }

    public var isEmpty: Bool { values.isEmpty }
}
