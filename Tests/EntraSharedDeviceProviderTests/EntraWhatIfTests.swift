import EntraSharedDeviceProvider
import Foundation
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// The what-if splits only where an Entra decision reads: on every bundled policy, every app and every access
/// event, the split agrees with full enumeration combination by combination, and it waits for a fact only where the
/// decision needs it.
@Suite struct EntraWhatIfTests {
    static let engine = SSOPolicyEngine(registry: ProviderRegistry([AnyPolicyProvider(EntraSharedDeviceProvider())]))
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Policies/entra")

    static func policy(_ name: String) throws -> CompiledPolicy {
        let file = folder.appendingPathComponent(name + ".yaml")
        return try engine.loadPolicy(yaml: String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
    }

    static var policyNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test(arguments: policyNames) func theSplitAgreesWithEnumeration(_ name: String) throws {
        let policy = try Self.policy(name)
        var leaves = 0
        var combinations = 0
        for app in policy.configuration.apps {
            for event in ["open", "sign_in", "open_browser"] {
                let report = try WhatIfAgreement.check(policy, app: app.id, event: event)
                #expect(report.failures == [], "\(name) \(app.id) \(event)")
                #expect(report.combinations > 1 && report.leaves <= report.combinations, "\(name) \(app.id) \(event)")
                leaves += report.leaves
                combinations += report.combinations
            }
        }
        #expect(leaves < combinations, "\(name): the split reads every fact everywhere")
    }

    /// A shared-mode app reads who is signed in and whose data it holds, never Safari; an app that is not
    /// shared-device aware reads only its own data; Safari reads the device account (the SSO plug-in) and, without
    /// one, its web session. Without sign_in_frequency or Managed Home Screen nothing waits for their facts.
    @Test func eachDecisionWaitsOnlyForTheFactsItReads() throws {
        let legacy = try Self.policy("legacy-app-entra")
        let shared = try WhatIfAgreement.check(legacy, app: "inventory")
        #expect(shared.failures == [] && shared.combinations == 108 && shared.leaves == 9)
        let notAware = try WhatIfAgreement.check(legacy, app: "legacy-scanner")
        #expect(notAware.failures == [] && notAware.leaves == 3)
        let browser = try WhatIfAgreement.check(legacy, app: "inventory", event: "open_browser")
        #expect(browser.failures == [] && browser.leaves == 5)
    }
}
