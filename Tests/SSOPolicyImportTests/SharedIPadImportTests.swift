import Foundation
import SSOPolicyImport
import Testing

/// Intune's Automated Device Enrollment profiles with Shared iPad become `apple-shared-ipad` policies.
struct SharedIPadImportTests {
    @Test func theSharedIPadFieldsBecomeSettingsWithProvenance() throws {
        let file = exports + "/intune-ade-shared-ipad.json"
        let outcome = importer.run(paths: [file])
        #expect(outcome.errorMessages.isEmpty)
        #expect(outcome.policies.map(\.id) == ["ward-shared-ipads"])
        let yaml = try #require(outcome.yaml.first)
        #expect(yaml.contains("provider: apple-shared-ipad\n"))
        #expect(yaml.contains("  resident_users: \"8\"  # from: \(file)#/value/0/sharedIPadMaximumUserCount\n"))
        #expect(
            yaml.contains("  user_session_timeout: \"900s\"  # from: \(file)#/value/0/userSessionTimeoutInSeconds\n"))
        #expect(yaml.contains("  temporary_session_only: false  # from: \(file)#/value/0/forceTemporarySession\n"))
        #expect(
            yaml.contains(
                "  temporary_session_timeout: \"0\"  # from: \(file)#/value/0/temporarySessionTimeoutInSeconds\n")
        )
        #expect(
            yaml.contains(
                "  passcode_lock_grace_period: \"60s\"  # from: \(file)#/value/0/passcodeLockGracePeriodInSeconds\n"))
        #expect(
            yaml.contains("  entra_shared_device_mode: false  # from: \(file)#/value/0/userlessSharedAadModeEnabled\n"))
        #expect(yaml.contains("  os_version: unknown  # from: \(file)#/value/0 (not in the export)\n"))
        #expect(yaml.contains("online_auth_grace_days"))
        // The profile without Shared iPad is skipped with a note.
        #expect(
            outcome.messages.contains {
                $0.contains("/value/1: skipped a 'depIOSEnrollmentProfile' without enableSharedIPad")
            })
    }

    @Test func theImportedPolicyChecksAndPlays() throws {
        let folder = NSTemporaryDirectory() + "apple-import-\(UUID().uuidString)"
        let result = ssopolicy("import", exports + "/intune-ade-shared-ipad.json", "--output", folder)
        #expect(result.code == 0, "\(result.err)")
        let path = folder + "/ward-shared-ipads.yaml"
        #expect(ssopolicy("check", path).code == 0)
        let scenario = folder + "/handover.yaml"
        try """
        scenario: handover
        steps:
          - { at: "08:00", user: alice, open: app }
          - { at: "08:10", handover: { from: alice, to: bob } }
          - { at: "08:11", user: bob, open: app }

        """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let run = ssopolicy("run", "--scenario", scenario, path)
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("Verdict: bob safe from step 3"), "\(run.out)")
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func aWrongTypeIsAPositionedError() {
        let outcome = importing(
            ##"{"@odata.type": "#microsoft.graph.depIOSEnrollmentProfile", "enableSharedIPad": true, "##
                + ##""sharedIPadMaximumUserCount": "eight"}"##)
        #expect(outcome.errorMessages.count == 1)
        #expect(outcome.errorMessages.first?.contains("export.json:1:") == true)
        #expect(outcome.errorMessages.first?.contains("/sharedIPadMaximumUserCount: expected a whole number") == true)
    }
}
