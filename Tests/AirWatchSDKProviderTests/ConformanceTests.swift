import AirWatchSDKProvider
import SSOPolicyTestSupport
import Testing

/// airwatch-sdk passes the checks every provider runs (self-check, rule table, rule examples). Its evaluate ≡ run
/// check is `EvaluateRunAgreementTests` (it reads the compiled policy), and the mutants run over every bundled suite
/// in `TestCommandTests`, which registers all three providers.
@Suite struct ConformanceTests {
    @Test func airWatchConforms() {
        let failures = ProviderConformance.failures(AirWatchSDKProvider())
        #expect(failures == [], "\(failures.prefix(8).joined(separator: "\n"))")
    }
}
