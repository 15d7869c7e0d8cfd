import Foundation
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

@testable import EntraSharedDeviceProvider

/// `evaluate` and `run` agree for entra-shared-device: the core's generic check with Entra's reading of its state
/// (`signed_in` = the broker's account; `data_owner` = the app's data owner, its MSAL account and tokens).
@Suite("entra-shared-device evaluate/run agreement")
struct EntraEvaluateRunAgreementTests {
    static let engine = SSOPolicyEngine(registry: ProviderRegistry([AnyPolicyProvider(EntraSharedDeviceProvider())]))
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Policies/entra")

    /// The facts that describe `state` for an access to `app`, or nil when they cannot (the app's MSAL account
    /// or tokens differ from its data owner).
    /// With Managed Home Screen (`device`), the idle clock and the PIN screen are facts too; wrong PINs already
    /// entered are not.
    static func describe(
        _ state: EntraState, app: Int, users: [String], device: EntraDevicePolicy? = nil, clock: Int = 0
    ) -> [String: String]? {
        let entry = state.apps[app]
        guard entry.principal.stored == entry.dataOwner.stored, entry.tokens.stored == entry.dataOwner.stored else {
            return nil
        }
        func name(_ user: UserID?) -> String { user.map { users[Int($0.index)] } ?? "none" }
        var facts = ["signed_in": name(state.deviceAccount.stored), "data_owner": name(entry.dataOwner.stored)]
        if let device, device.mhsAutoSignOut {
            facts["inactivity_passed"] = String(state.lastActivity.stored.hasPassed(device.inactivityDelay, at: clock))
        }
        if let device, device.mhs.locks {
            guard state.wrongSessionPINs == 0 else { return nil }
            facts["session_pin_locked"] = String(state.sessionPINLocked.stored)
        }
        return facts
    }

    static func mismatches() throws -> (found: [String], compared: Int) {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        var found: [String] = []
        var compared = 0
        for file in names.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let policy = try engine.loadPolicy(yaml: text, file: file)
            var diagnostics = Diagnostics()
            let device = EntraSharedDeviceProvider().compile(policy.configuration, diagnostics: &diagnostics)?.device
            let report = EvaluateRunAgreement.check(policy, engine: engine, as: EntraState.self, depth: 3) {
                state, app, clock, users in describe(state, app: app, users: users, device: device, clock: clock)
            }
            found += report.mismatches.map { "\(policy.configuration.id): \($0)" }
            compared += report.compared
        }
        return (found, compared)
    }

    @Test func evaluateAgreesWithRunOnEveryReachedState() throws {
        let (found, compared) = try Self.mismatches()
        #expect(compared > 100)
        #expect(found == [], "\(found.prefix(6).joined(separator: "\n"))")
    }
}
