import ImprivataMAMProvider
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// Plays events through one imprivata-mam state, the way the core's scenario runner does, without the core.
struct ImprivataHarness {
    typealias Step = NamedOutcome

    static let descriptor = ImprivataMAMProvider().descriptor

    let provider = ImprivataMAMProvider()
    let configuration: PolicyConfiguration
    let policy: ImprivataPolicy
    var state: ImprivataState
    var users: UserDirectory
    var clock = 7 * 3600

    init(
        settings: [String: String] = [:], apps: [(id: String, keys: [String: String])] = Self.twoApps,
        facts: [String: String] = [:]
    ) throws {
        configuration = try ConfigurationBuilder.make(Self.descriptor, settings: settings, apps: apps)
        var diagnostics = Diagnostics()
        policy = try #require(provider.compile(configuration, diagnostics: &diagnostics), "\(diagnostics.all)")
        users = UserDirectory(["alice"])
        let values = try FactBuilder.make(Self.descriptor, appCount: apps.count, device: facts, users: &users)
        state = provider.initialState(policy, facts: values)
    }

    static let twoApps: [(id: String, keys: [String: String])] = [
        ("timesheet", ["logout_method": "universal_link_callback"]), ("rover", ["logout_method": "epic_rover"]),
    ]

    /// `at` is `HH:MM`; without it the step is a minute after the previous one.
    @discardableResult
    mutating func step(
        _ event: String, _ target: String, user: String? = nil, at: String? = nil, conditions: [String: String] = [:],
        mode: RuleTrace.Mode = .fired
    ) throws -> Step {
        if let at {
            let parts = at.split(separator: ":").compactMap { Int($0) }
            clock = parts[0] * 3600 + parts[1] * 60
        } else {
            clock += 60
        }
        let eventID = try #require(Self.descriptor.event(event), "unknown event \(event)")
        let declaration = Self.descriptor.allEvents[Int(eventID.index)]
        let resolved: ProviderEvent.Target
        switch declaration.target {
        case .choice: resolved = .word(target)
        case .app, .appOrAll:
            resolved =
                target == "all"
                ? .allApps : .app(try #require(configuration.app(named: target), "unknown app \(target)"))
        }
        var stepConditions = StepConditions()
        for (key, text) in conditions {
            let id = try #require(Self.descriptor.stepCondition(key))
            stepConditions.set(id, try #require(Self.descriptor.stepConditions[Int(id.index)].kind.parse(text)))
        }
        var trace = RuleTrace(mode)
        let outcome = provider.apply(
            ProviderEvent(
                event: eventID, target: resolved, user: user.map { users.intern($0) }, time: clock,
                conditions: stepConditions), to: &state, policy: policy, trace: &trace)
        return Step(outcome: outcome, trace: trace, descriptor: Self.descriptor, users: users)
    }

    @discardableResult
    mutating func open(_ app: String, _ user: String = "alice", at: String? = nil) throws -> Step {
        try step("open", app, user: user, at: at)
    }

    @discardableResult
    mutating func checkOut(_ user: String, at: String? = nil, conditions: [String: String] = [:]) throws -> Step {
        try step("check_out", "hub", user: user, at: at, conditions: conditions)
    }

    @discardableResult
    mutating func checkIn(_ user: String, at: String? = nil, conditions: [String: String] = [:]) throws -> Step {
        try step("check_in", "hub", user: user, at: at, conditions: conditions)
    }

    var configurationFindings: [String] {
        provider.configurationFindings(policy).map { Self.descriptor.findings[Int($0.finding.index)].id }
    }
}
