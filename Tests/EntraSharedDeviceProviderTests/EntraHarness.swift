import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

@testable import EntraSharedDeviceProvider

/// Plays steps against one compiled policy, the way the core's scenario runner does, without depending on it.
struct EntraHarness {
    let provider = EntraSharedDeviceProvider()
    let configuration: PolicyConfiguration
    let policy: EntraPolicy
    var state: EntraState
    var users = UserDirectory(["alice", "bob", "carol"])
    var time = 8 * 3600

    init(
        settings: [String: String] = [:], apps: [(id: String, keys: [String: String])] = EntraHarness.twoApps,
        facts: [String: String] = [:], perApp: [Int: [String: String]] = [:]
    ) throws {
        let descriptor = EntraSharedDeviceProvider().descriptor
        configuration = try ConfigurationBuilder.make(descriptor, settings: settings, apps: apps)
        var diagnostics = Diagnostics()
        guard let compiled = EntraSharedDeviceProvider().compile(configuration, diagnostics: &diagnostics) else {
            throw DiagnosticsError(diagnostics.all)
        }
        policy = compiled
        var users = UserDirectory(["alice", "bob", "carol"])
        let values = try FactBuilder.make(
            descriptor, appCount: apps.count, device: facts, perApp: perApp, users: &users)
        self.users = users
        state = EntraSharedDeviceProvider().initialState(compiled, facts: values)
    }

    static let twoApps: [(id: String, keys: [String: String])] = [
        (id: "inventory", keys: [:]), (id: "timesheet", keys: [:]),
    ]

    /// Parses `HH:MM`.
    static func clock(_ text: String) -> Int {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        return parts[0] * 3600 + parts[1] * 60
    }

    mutating func step(
        _ event: String, _ target: String, user: String? = nil, at clock: String? = nil,
        conditions: [String: String] = [:], mode: RuleTrace.Mode = .fired, mutation: RuleTrace.Mutation? = nil
    ) -> EntraResult {
        let descriptor = provider.descriptor
        if let clock { time = Self.clock(clock) } else { time += 60 }
        let eventID = descriptor.event(event)!
        let declaration = descriptor.allEvents[Int(eventID.index)]
        let resolved: ProviderEvent.Target
        if target == "all" {
            resolved = .allApps
        } else if case .choice = declaration.target {
            resolved = .word(target)
        } else {
            resolved = .app(configuration.app(named: target)!)
        }
        var stepConditions = StepConditions()
        for (key, value) in conditions {
            let id = descriptor.stepCondition(key)!
            stepConditions.set(id, descriptor.stepConditions[Int(id.index)].kind.parse(value)!)
        }
        let userID = user.map { users.intern($0) }
        var trace = RuleTrace(mode, mutation: mutation)
        let providerEvent = ProviderEvent(
            event: eventID, target: resolved, user: userID, time: time, conditions: stepConditions)
        let outcome = provider.apply(providerEvent, to: &state, policy: policy, trace: &trace)
        return EntraResult(outcome: outcome, trace: trace, descriptor: descriptor, users: users)
    }

    mutating func open(_ app: String, _ user: String, at clock: String? = nil) -> EntraResult {
        step("open", app, user: user, at: clock)
    }

    mutating func signOut(
        _ app: String, _ user: String, at clock: String? = nil, conditions: [String: String] = [:]
    ) -> EntraResult {
        step("sign_out", app, user: user, at: clock, conditions: conditions)
    }

    func app(_ id: String) -> EntraAppState { state.apps[configuration.app(named: id)!.int] }

    func user(_ name: String) -> UserID? { users.id(name) }

    var deviceAccount: String { users.name(state.deviceAccount) }
}

/// One step's outcome rendered into names, for readable expectations.
typealias EntraResult = NamedOutcome
