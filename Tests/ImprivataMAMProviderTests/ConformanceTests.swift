import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// imprivata-mam passes the checks every provider runs: self-check, rule examples, a bundled suite failing for
/// every rule broken on purpose that coverage calls checked, and evaluate ≡ run on the bundled policies.
@Suite struct ConformanceTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func imprivataConforms() {
        let policies = ["hospital-imprivata", "weak-logout-imprivata", "microsoft-sdm-imprivata"].map {
            Self.repository + "/Policies/imprivata/\($0).yaml"
        }
        let failures = ProviderConformance.failures(
            ImprivataMAMProvider(), suites: Self.repository + "/Policies",
            others: [
                AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
                AnyPolicyProvider(AppleSharedIPadProvider()),
            ],
            agreement: .init(policies: policies) { state, app, clock, users, policy in
                EvaluateRunAgreementTests.describe(state, app: app, clock: clock, policy: policy, users: users)
            })
        #expect(failures == [], "\(failures.prefix(8).joined(separator: "\n"))")
    }
}
