import EntraSharedDeviceProvider
import SSOPolicyTestSupport
import Testing

/// entra-shared-device passes the checks every provider runs (self-check, rule table, rule examples). Its
/// evaluate ≡ run check is `EntraEvaluateRunAgreementTests`, and the mutants run over every bundled suite in
/// `TestCommandTests`, which registers all three providers.
@Suite struct EntraConformanceTests {
    @Test func entraConforms() {
        let failures = ProviderConformance.failures(EntraSharedDeviceProvider())
        #expect(failures == [], "\(failures.prefix(8).joined(separator: "\n"))")
    }
}
