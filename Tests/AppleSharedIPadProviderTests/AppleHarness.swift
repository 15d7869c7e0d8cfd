import AppleSharedIPadProvider
import SSOPolicyTestSupport

/// The provider harness for apple-shared-ipad: Teams and a charting app with its own login by default, the clock at
/// 08:00, and the iPad's events as shortcuts.
typealias AppleHarness = ProviderHarness<AppleSharedIPadProvider>

extension ProviderHarness where Provider == AppleSharedIPadProvider {
    static var wardApps: [App] {
        [("teams", [:]), ("charting", ["kind": "app_credentials", "data_location": "cloud"])]
    }

    init(settings: [String: String] = [:], apps: [App] = Self.wardApps, facts: [String: String] = [:]) throws {
        try self.init(AppleSharedIPadProvider(), settings: settings, apps: apps, facts: facts, clock: "08:00")
    }

    @discardableResult
    mutating func device(
        _ event: String, _ target: String = "device", _ user: String? = nil, at: String? = nil,
        conditions: [String: String] = [:]
    ) throws -> Step {
        try step(event, target, user: user, at: at, conditions: conditions)
    }
}
