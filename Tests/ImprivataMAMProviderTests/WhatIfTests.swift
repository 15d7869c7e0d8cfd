import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// The what-if on imprivata-mam splits only on the facts an access reads (the state's facts are `Given`), and
/// answers exactly what full enumeration answers, on every app of every bundled policy.
@Suite("imprivata-mam what-if")
struct WhatIfTests {
    /// An access always reads the custody (every step reports it); beyond that only what its rules reach: the app's
    /// own session and data, the lending period of a checked-out device, AutoFill's second factor, the Microsoft
    /// account for a Microsoft app, and for a checked-out device its lock screen (a restart, whose passcode, and
    /// whether the device restarted since: the custodian's unlock lets ClearPasscode reach it again). No access here
    /// reads the MDM user (no app signs in with its certificate), whether the phone is in service or the logout
    /// dialogs.
    @Test(arguments: zip(["hospital-imprivata", "weak-logout-imprivata", "microsoft-sdm-imprivata"], [318, 318, 294]))
    func theSplitAgreesWithEnumerationOnEveryApp(_ name: String, leaves: Int) throws {
        let policy = try PolicyFileTests.policy(name)
        for app in policy.configuration.apps.map(\.id) {
            let report = try WhatIfAgreement.check(policy, app: app, limit: 60_000)
            #expect(report.failures == [], "\(name) \(app): \(report.failures.prefix(4))")
            // Thirteen unknown facts: 5 statuses, 3 values for each of 6 account facts, 2 for each of 6 booleans.
            #expect(report.combinations == 233_280)
            #expect(report.leaves == leaves, "\(name) \(app)")
        }
    }

    /// An app whose login asks at every open holds no session whatever `session_owner` says: the what-if never
    /// splits on it, and still agrees with full enumeration.
    @Test func anAppThatAsksAtEveryOpenNeverWaitsForItsSessionOwner() throws {
        func leaves(asksEveryOpen: Bool) throws -> Int {
            let policy = try PolicyFileTests.engine.loadPolicy(
                yaml: """
                    policy: till
                    provider: imprivata-mam
                    apps:
                      - { id: pos, asks_every_open: \(asksEveryOpen), clears_data_on_user_change: true }
                    """, file: "till.yaml")
            let report = try WhatIfAgreement.check(policy, app: "pos", limit: 60_000)
            #expect(report.failures == [], "\(report.failures.prefix(4))")
            return report.leaves
        }
        #expect(try leaves(asksEveryOpen: true) < leaves(asksEveryOpen: false))
    }
}
