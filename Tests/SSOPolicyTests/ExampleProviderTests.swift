import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// The example provider (Examples/BadgeKiosk) passes the conformance checks every provider runs, and the
/// conformance helper notices a provider that does not.
@Suite struct ExampleProviderTests {
    @Test func theExampleProviderConforms() {
        #expect(ProviderConformance.failures(BadgeProvider()) == [])
    }

    @Test func aRuleWithoutANonFiringExampleFailsTheSelfCheck() {
        var descriptor = BadgeProvider.declaration
        descriptor.rules[0].examples[1].fires = true
        #expect(
            descriptor.selfCheck() == [
                "rule 'badge.session.live' needs an example where it fires and one where it does not"
            ])
    }

    @Test func aProviderWithAWrongExampleFailsConformance() {
        var descriptor = BadgeProvider.declaration
        descriptor.rules[0].examples[0].facts = [:]
        let failures = ProviderConformance.failures(Relabelled(base: BadgeProvider(), descriptor: descriptor))
        #expect(failures.count == 1)
        #expect(failures.first?.contains("badge.session.live #1: expected to fire") == true)
    }

    /// The badge provider under a changed descriptor.
    struct Relabelled: PolicyProvider {
        let base: BadgeProvider
        let descriptor: ProviderDescriptor

        func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> BadgePolicy? {
            base.compile(configuration, diagnostics: &diagnostics)
        }
        func initialState(_ policy: BadgePolicy, facts: FactValues) throws -> BadgeState {
            try base.initialState(policy, facts: facts)
        }
        func apply(_ event: ProviderEvent, to state: inout BadgeState, policy: BadgePolicy, trace: inout RuleTrace)
            throws -> StepOutcome
        { try base.apply(event, to: &state, policy: policy, trace: &trace) }
    }
}
