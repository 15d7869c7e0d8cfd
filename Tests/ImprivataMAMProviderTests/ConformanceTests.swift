import ImprivataMAMProvider
import SSOPolicyTestSupport
import Testing

/// imprivata-mam passes the checks every provider runs, in the one call every provider makes
/// (`ProviderConformance`). Its evaluate ≡ run check is `EvaluateRunAgreementTests`.
@Suite struct ConformanceTests {
    @Test func imprivataConforms() {
        let failures = ProviderConformance.failures(ImprivataMAMProvider())
        #expect(failures == [], "\(failures.prefix(8).joined(separator: "\n"))")
    }
}
