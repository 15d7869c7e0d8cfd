import SSOPolicyProviderKit
import SSOPolicyTestSupport

@testable import EntraSharedDeviceProvider

/// Plays steps against one compiled Entra policy: the shared harness with Entra's shortcuts.
typealias EntraHarness = ProviderHarness<EntraSharedDeviceProvider>

extension ProviderHarness where Provider == EntraSharedDeviceProvider {
    static var twoApps: [App] { [(id: "inventory", keys: [:]), (id: "timesheet", keys: [:])] }

    /// A policy of `settings` and `apps` (two plain apps by default) started from `facts`, with alice, bob and
    /// carol interned in that order.
    init(
        settings: [String: String] = [:], apps: [App] = twoApps, facts: [String: String] = [:],
        perApp: [Int: [String: String]] = [:]
    ) throws {
        try self.init(
            EntraSharedDeviceProvider(), settings: settings, apps: apps, facts: facts, perApp: perApp,
            users: ["alice", "bob", "carol"])
    }

    /// What app `id` remembers now.
    func app(_ id: String) -> EntraAppState {
        guard let app = configuration.app(named: id) else { preconditionFailure("no app '\(id)'") }
        return state.apps[app.int]
    }

    func user(_ name: String) -> UserID? { users.id(name) }

    /// The broker's device-wide account, by name (`none` when nobody is signed in).
    var deviceAccount: String { users.name(state.deviceAccount.stored) }
}
