import AirWatchSDKProvider
import SSOPolicyProviderKit
import SSOPolicyTestSupport

/// Plays events through one airwatch-sdk state: the one provider harness of test support.
typealias AirWatchHarness = ProviderHarness<AirWatchSDKProvider>

extension ProviderHarness where Provider == AirWatchSDKProvider {
    static var descriptor: ProviderDescriptor { AirWatchSDKProvider().descriptor }

    static var twoApps: [App] { [("inventory", [:]), ("timesheet", [:])] }

    /// A policy of `settings` over `apps` (by default inventory and timesheet), started from `facts`, at 08:00.
    init(settings: [String: String] = [:], apps: [App] = Self.twoApps, facts: [String: String] = [:]) throws {
        try self.init(AirWatchSDKProvider(), settings: settings, apps: apps, facts: facts)
    }
}
