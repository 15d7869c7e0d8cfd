import Foundation
import SSOPolicy
import SSOPolicyImport
import SSOPolicyTestSupport
import Testing

/// Every hand-composed export imports to policies that `check` accepts with no error and that play the bundled
/// shift change exactly as the hand-written equivalent (its unknowns written at the provider's defaults) does.
struct RoundTripTests {
    static let cases: [(inputs: [String], policy: String)] = [
        (["intune-ios-azuread.json"], "ios-shared-sso-plug-in"),
        (["intune-ios-redirect-deprecated.json"], "ward-iphones-redirect"),
        (["intune-android-enrollment.json", "intune-android-mhs.json"], "ward-handhelds-shared"),
        (["intune-backup"], "front-desk-ipads"),
        (["sso-plugin.mobileconfig"], "shared-iphones-sso-plug-in"),
        (["sso-plugin-binary.mobileconfig"], "shared-iphones-binary"),
        (["sso-plugin-signed.mobileconfig"], "shared-iphones-sso-plug-in"),
        (["sso-plugin-signed-ber.mobileconfig"], "shared-iphones-sso-plug-in"),
    ]

    @Test(arguments: cases)
    func importsCheckCleanAndRunAsTheHandWrittenEquivalent(inputs: [String], policy id: String) throws {
        let outcome = importer.run(paths: inputs.map { exports + "/" + $0 })
        #expect(outcome.errorMessages.isEmpty)
        let imported = try #require(outcome.policies.first { $0.id == id })
        let folder = Fixtures.folder()
        let path = Fixtures.write(PolicyYAMLWriter.yaml(imported), to: imported.fileName, in: folder)
        let report = engine.check(paths: [path])
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.description))")
        #expect(report.noteCount > 0)
        let scenario = try engine.loadScenario(path: repository + "/Policies/scenarios/shift-change.yaml")
        let mine = try engine.run(scenario, against: try engine.loadPolicy(path: path))
        let theirs = try engine.run(scenario, against: try engine.loadPolicy(path: fixtures + "/expected/\(id).yaml"))
        #expect(RunJSON.run(mine).serialized() == RunJSON.run(theirs).serialized())
        #expect(mine.policy.configuration.hasUnknowns)
    }

    @Test func everyExportMakesTheExpectedPoliciesAndNoOthers() {
        let outcome = importer.run(paths: [exports])
        #expect(outcome.errorMessages.isEmpty)
        #expect(
            outcome.policies.map(\.id) == [
                "ward-handhelds-shared", "front-desk-ipads", "ios-shared-sso-plug-in", "ward-iphones-redirect",
                "shared-iphones-binary", "shared-iphones-sso-plug-in", "shared-iphones-sso-plug-in-2",
                "shared-iphones-sso-plug-in-3", "ward-shared-ipads",
            ])
    }
}
