import EntraSharedDeviceProvider
import SSOPolicyTestSupport
import Testing

/// entra-shared-device passes the checks every provider runs, in the one call every provider makes
/// (`ProviderConformance`). Its evaluate ≡ run check is `EntraEvaluateRunAgreementTests`.
@Suite struct EntraConformanceTests {
    @Test func entraConforms() {
        let failures = ProviderConformance.failures(EntraSharedDeviceProvider())
        #expect(failures == [], "\(failures.prefix(8).joined(separator: "\n"))")
    }
}
