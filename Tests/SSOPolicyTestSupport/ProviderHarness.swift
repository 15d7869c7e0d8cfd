import SSOPolicy

/// Plays events through one provider's state, the way the core's scenario runner does, without the core: the one
/// harness every provider's tests use (each adds its own shortcuts, e.g. `checkOut`, in an extension).
///
/// ```swift
/// typealias BadgeHarness = ProviderHarness<BadgeProvider>
/// var h = try BadgeHarness(settings: ["timeout": "15m"], apps: [("timesheet", [:])])
/// let step = try h.open("timesheet", "alice", at: "08:00")
/// #expect(step.prompts == ["credentials"])
/// ```
public struct ProviderHarness<Provider: PolicyProvider> {
    public typealias Step = NamedOutcome
    public typealias App = (id: String, keys: [String: String])

    public let provider: Provider
    public let descriptor: ProviderDescriptor
    public let configuration: PolicyConfiguration
    public let policy: Provider.Policy
    public var state: Provider.State
    public var users: UserDirectory
    /// Seconds since midnight of the last step.
    public var clock: Int

    /// A policy of `settings` and `apps`, started from `facts` (device facts, and per app index its own facts);
    /// `users` are interned first, in order, so their ids are stable.
    public init(
        _ provider: Provider, settings: [String: String] = [:], apps: [App], facts: [String: String] = [:],
        perApp: [Int: [String: String]] = [:], users names: [String] = ["alice"], clock: String = "08:00"
    ) throws {
        self.provider = provider
        descriptor = provider.descriptor
        configuration = try ConfigurationBuilder.make(descriptor, settings: settings, apps: apps)
        var diagnostics = Diagnostics()
        guard let compiled = provider.compile(configuration, diagnostics: &diagnostics) else {
            throw DiagnosticsError(diagnostics.all)
        }
        policy = compiled
        var users = UserDirectory(names)
        let values = try FactBuilder.make(
            descriptor, appCount: apps.count, device: facts, perApp: perApp, users: &users)
        self.users = users
        state = try provider.initialState(compiled, facts: values)
        self.clock = try Self.seconds(clock)
    }

    /// `HH:MM` as seconds since midnight.
    public static func seconds(_ text: String) throws -> Int {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2 else { throw Self.problem("expected HH:MM, found '\(text)'") }
        return parts[0] * 3600 + parts[1] * 60
    }

    /// Plays one event; `at` is `HH:MM`, without it the step is a minute after the previous one. `target` is an
    /// app id, `all` or one of the event's words.
    @discardableResult
    public mutating func step(
        _ event: String, _ target: String, user: String? = nil, at: String? = nil, conditions: [String: String] = [:],
        mode: RuleTrace.Mode = .fired, mutation: RuleTrace.Mutation? = nil
    ) throws -> Step {
        clock = try at.map(Self.seconds) ?? clock + 60
        guard let eventID = descriptor.event(event) else { throw Self.problem("unknown event '\(event)'") }
        let resolved: ProviderEvent.Target
        switch descriptor.allEvents[Int(eventID.index)].target {
        case .choice: resolved = .word(target)
        case .app, .appOrAll:
            if target == "all" {
                resolved = .allApps
            } else {
                guard let app = configuration.app(named: target) else { throw Self.problem("unknown app '\(target)'") }
                resolved = .app(app)
            }
        }
        var stepConditions = StepConditions()
        for (key, text) in conditions {
            guard let id = descriptor.stepCondition(key),
                let value = descriptor.stepConditions[Int(id.index)].kind.parse(text)
            else { throw Self.problem("bad step condition '\(key): \(text)'") }
            stepConditions.set(id, value)
        }
        let userID = user.map { users.intern($0) }
        var trace = RuleTrace(mode, mutation: mutation)
        let outcome = try provider.apply(
            ProviderEvent(event: eventID, target: resolved, user: userID, time: clock, conditions: stepConditions),
            to: &state, policy: policy, trace: &trace)
        return Step(outcome: outcome, trace: trace, descriptor: descriptor, users: users)
    }

    /// An access attempt.
    @discardableResult
    public mutating func open(
        _ app: String, _ user: String = "alice", at: String? = nil, conditions: [String: String] = [:],
        mode: RuleTrace.Mode = .fired
    ) throws -> Step {
        try step("open", app, user: user, at: at, conditions: conditions, mode: mode)
    }

    @discardableResult
    public mutating func signOut(
        _ app: String, _ user: String = "alice", at: String? = nil, conditions: [String: String] = [:]
    ) throws -> Step {
        try step("sign_out", app, user: user, at: at, conditions: conditions)
    }

    /// The app's process ends; `all` restarts the device.
    @discardableResult
    public mutating func terminate(_ target: String, at: String? = nil) throws -> Step {
        try step("terminate", target, at: at)
    }

    /// Ids of the configuration's findings, in catalogue order.
    public var configurationFindings: [String] {
        provider.configurationFindings(policy).map { descriptor.findings[Int($0.finding.index)].id }
    }

    static func problem(_ message: String) -> DiagnosticsError {
        DiagnosticsError([.error(at: SourcePosition(file: "<test>", line: 0, column: 0), message)])
    }
}
