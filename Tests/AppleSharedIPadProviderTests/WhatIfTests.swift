import AppleSharedIPadProvider
import Foundation
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// The what-if splits only where a Shared iPad decision reads: on every bundled policy and app, the split agrees
/// with full enumeration combination by combination, and the facts a decision does not need stay unknown.
@Suite struct AppleWhatIfTests {
    static let engine = SSOPolicyEngine(registry: ProviderRegistry([AnyPolicyProvider(AppleSharedIPadProvider())]))
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Policies/apple")

    static func policy(_ name: String) throws -> CompiledPolicy {
        let file = folder.appendingPathComponent(name + ".yaml")
        return try engine.loadPolicy(yaml: String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
    }

    /// The recommended cart and the Guest counter of the worked examples (each split takes seconds here).
    static let policyNames = ["ward3-shared-ipad", "store-counter-ipad"]

    @Test(arguments: policyNames) func theSplitAgreesWithEnumeration(_ name: String) throws {
        let policy = try Self.policy(name)
        let app = try #require(policy.configuration.apps.first)
        // The fact space has over 100 000 combinations: the first few hundred are checked against the leaves.
        let report = try WhatIfAgreement.check(policy, app: app.id, limit: 400)
        #expect(report.failures == [], "\(name) \(app.id)")
        #expect(report.leaves < report.combinations, "\(name): the split reads every fact everywhere")
    }

    /// At the login window nobody's session clock, Lock Screen or Guest session is read, nor the network for a
    /// resident whose passcode is checked locally.
    @Test func theLoginWindowWaitsOnlyForTheFactsItReads() throws {
        let policy = try Self.policy("ward3-shared-ipad")
        let loginWindow = try WhatIfAgreement.check(
            policy, app: "charting", given: ["screen": "login_window", "signed_in": "none"], limit: 400)
        #expect(loginWindow.failures == [])
        #expect(loginWindow.leaves < loginWindow.combinations / 8)
    }
}
