import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// apple-shared-ipad passes the checks every provider runs: self-check, rule examples, and a bundled suite failing
/// for every rule broken on purpose that coverage calls checked.
@Suite struct ConformanceTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func appleConforms() {
        let failures = ProviderConformance.failures(
            AppleSharedIPadProvider(), suites: Self.repository + "/Policies",
            others: [
                AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
                AnyPolicyProvider(ImprivataMAMProvider()),
            ])
        #expect(failures == [], "\(failures.prefix(8).joined(separator: "\n"))")
    }
}
