import AirWatchSDKProvider
import SSOPolicyTestSupport
import Testing

/// airwatch-sdk passes the checks every provider runs, in the one call every provider makes (`ProviderConformance`).
/// Its evaluate ≡ run check is `EvaluateRunAgreementTests` (it reads the compiled policy).
@Suite struct ConformanceTests {
    @Test func airWatchConforms() {
        let failures = ProviderConformance.failures(AirWatchSDKProvider())
        #expect(failures == [], "\(failures.prefix(8).joined(separator: "\n"))")
    }
}
