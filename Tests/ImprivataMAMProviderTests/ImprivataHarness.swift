import ImprivataMAMProvider
import SSOPolicyTestSupport

/// The provider harness for imprivata-mam: a policy of two apps by default, the clock at 07:00, and the hub's
/// events as shortcuts.
typealias ImprivataHarness = ProviderHarness<ImprivataMAMProvider>

extension ProviderHarness where Provider == ImprivataMAMProvider {
    static var twoApps: [App] {
        [("timesheet", ["logout_method": "universal_link_callback"]), ("rover", ["logout_method": "epic_rover"])]
    }

    init(settings: [String: String] = [:], apps: [App] = Self.twoApps, facts: [String: String] = [:]) throws {
        try self.init(ImprivataMAMProvider(), settings: settings, apps: apps, facts: facts, clock: "07:00")
    }

    @discardableResult
    mutating func checkOut(_ user: String, at: String? = nil, conditions: [String: String] = [:]) throws -> Step {
        try step("check_out", "hub", user: user, at: at, conditions: conditions)
    }

    @discardableResult
    mutating func checkIn(_ user: String? = nil, at: String? = nil, conditions: [String: String] = [:]) throws -> Step {
        try step("check_in", "hub", user: user, at: at, conditions: conditions)
    }
}
