import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// The what-if that splits only where the decision reads (`FactSplit`) answers exactly what full enumeration
/// answers, for an access to every app of every bundled policy (and the extra ones of the evaluate/run check), and
/// needs fewer runs than the product of the facts' values.
@Suite("airwatch-sdk what-if split")
struct WhatIfTests {
    @Test(arguments: EvaluateRunAgreementTests.policyNumbers)
    func theSplitAgreesWithEnumeration(policyNumber: Int) throws {
        let policy = try EvaluateRunAgreementTests.policies()[policyNumber]
        for app in policy.configuration.apps.map(\.id) {
            let report = try WhatIfAgreement.check(policy, app: app)
            #expect(report.failures == [], "\(policy.configuration.id) \(app)")
            #expect(report.combinations == 2 * 2 * 3 * 2 * 3 * 3, "\(policy.configuration.id) \(app)")
            #expect(report.leaves < report.combinations, "\(policy.configuration.id) \(app): \(report.leaves)")
        }
    }
}
