import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// The what-if on imprivata-mam splits only on the facts an access reads (the state's facts are `@Given`), and
/// answers exactly what full enumeration answers, on every app of every bundled policy.
@Suite("imprivata-mam what-if")
struct WhatIfTests {
    @Test(arguments: ["hospital-imprivata", "weak-logout-imprivata", "microsoft-sdm-imprivata"])
    func theSplitAgreesWithEnumerationOnEveryApp(_ name: String) throws {
        let policy = try PolicyFileTests.policy(name)
        for app in policy.configuration.apps.map(\.id) {
            let report = try WhatIfAgreement.check(policy, app: app, limit: 60_000)
            #expect(report.failures == [], "\(name) \(app): \(report.failures.prefix(4))")
            // Eleven unknown facts: 5 statuses × 3 accounts for each of 6 account facts × 2 for each of 4 booleans.
            #expect(report.combinations == 58_320)
            print("what-if \(name) \(app): \(report.leaves) leaves of \(report.combinations)")
        }
    }
}
