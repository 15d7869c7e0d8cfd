import Foundation
import ImprivataMAMProvider
import SSOPolicyTestSupport
import Testing

/// Issue 39, reproducers 01 and 10: questions that once ended the process with "arithmetic overflow" answer. An
/// Entra sign-in frequency or Managed Home Screen automatic sign-out whose fact is unknown (the clock was a sentinel
/// time subtracted from the step's), and Imprivata questions giving four to six facts (combinations that cannot
/// happen read as the decision tree's "mixed" marker). The server's side is `OnceTrappedRequestTests`.
struct OverflowReproducerTests {
    @Test func anEntraSignInFrequencyWithItsFactUnknownIsAFactTheAnswerSplitsOn() {
        let result = ssopolicy(
            "evaluate", "frontline-entra", "--app", "inventory", "--user", "bob", "--setting", "sign_in_frequency=1h")
        #expect(result.code == 0, "\(result.err)")
        // Another user's session is served only while the frequency has not passed.
        #expect(
            result.out.contains(
                "! critical previous-user-session-active when signed_in=another-user and\n"
                    + "      sign_in_frequency_passed=false"), "\(result.out)")
        #expect(result.out.contains("entra.sign-in-frequency.reauthenticate"))
    }

    @Test func anAutomaticSignOutWithItsFactUnknownIsAFactTheAnswerSplitsOn() {
        let result = ssopolicy(
            "evaluate", "android-frontline-entra", "--app", "inventory", "--user", "bob", "--setting",
            "mhs_auto_sign_out=true")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("inactivity_passed=false"), "\(result.out)")
    }

    @Test func aPolicyFileWithASignInFrequencyAnswersEvaluateAndTheHTMLGuide() throws {
        let folder = Fixtures.folder()
        let shown = ssopolicy("show", "frontline-entra").out
        #expect(shown.contains("  sso_extension: enabled\n"))
        let path = Fixtures.write(
            shown.replacingOccurrences(
                of: "  sso_extension: enabled\n", with: "  sso_extension: enabled\n  sign_in_frequency: 8h\n"),
            to: "sif.yaml", in: folder)
        let evaluate = ssopolicy("evaluate", path, "--app", "inventory", "--user", "bob", "--fact", "signed_in=alice")
        #expect(evaluate.code == 0, "\(evaluate.err)")
        #expect(evaluate.out.contains("sign_in_frequency_passed"))
        let guide = ssopolicy(
            "guide", path, "--scenario", "shift-change", "--format", "html", "--output", folder + "/guide.html")
        #expect(guide.code == 0, "\(guide.err)")
        let html = try String(contentsOfFile: folder + "/guide.html", encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("sign_in_frequency_passed"))
    }

    @Test func thePolicyImportedFromAnAutomaticSignOutExportAnswers() throws {
        let folder = Fixtures.folder()
        let enrollment = Fixtures.write(
            #"{"value": [{"id": "e1", "displayName": "Ward handhelds", "enrollmentMode": "corporateOwnedDedicatedDevice", "#
                + #""enrollmentTokenType": "corporateOwnedDedicatedDeviceWithAzureADSharedMode"}]}"#,
            to: "enroll.json", in: folder)
        let homeScreen = Fixtures.write(
            ##"{"@odata.type": "#microsoft.graph.androidDeviceOwnerGeneralDeviceConfiguration", "id": "m1", "##
                + #""displayName": "MHS", "kioskModeApps": [{"appId": "com.example.inventory"}], "#
                + #""kioskModeManagedHomeScreenAutoSignout": true, "#
                + #""kioskModeManagedHomeScreenInactiveSignOutDelayInSeconds": 300}"#,
            to: "mhs.json", in: folder)
        let imported = ssopolicy("import", enrollment, homeScreen, "--output", folder + "/out")
        #expect(imported.code == 0, "\(imported.err)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter {
            $0.hasSuffix(".yaml")
        }
        #expect(written == ["ward-handhelds.yaml"])
        for file in written {
            let path = folder + "/out/" + file
            #expect(try String(contentsOfFile: path, encoding: .utf8).contains("mhs_auto_sign_out: true"))
            let result = ssopolicy("evaluate", path, "--app", "inventory", "--user", "bob")
            #expect(result.code == 0, "\(result.err)")
            #expect(result.out.contains("inactivity_passed"))
        }
    }

    static let imprivataQuestions = [
        [
            "--fact", "session_owner=dave", "--fact", "data_owner=carol", "--fact", "entra_account=carol", "--fact",
            "passcode_owner=bob",
        ],
        [
            "--fact", "logout_dialogs_accepted=true", "--fact", "lending_period_passed=true", "--fact",
            "device_locked=false", "--fact", "rebooted=false", "--fact", "autofill_second_factor_done=true",
        ],
    ]

    @Test(arguments: ["hospital-imprivata", "weak-logout-imprivata", "microsoft-sdm-imprivata"])
    func imprivataQuestionsGivingSomeFactsAnswerOnEveryEvent(policy: String) throws {
        let app = policy == "microsoft-sdm-imprivata" ? "teams" : "rover"
        let shown = ssopolicy("show", policy).out
        try #require(shown.contains("- id: \(app)"), "\(policy) has no app \(app)")
        for event in ImprivataMAMProvider().descriptor.allEvents.map(\.name) {
            for facts in Self.imprivataQuestions {
                let result = ssopolicy(
                    ["evaluate", policy, "--app", app, "--user", "alice", "--event", event, "--format", "json"] + facts)
                #expect([0, 1].contains(result.code), "\(policy) \(event) \(facts): \(result.err)")
                if event == "open" { #expect(result.code == 0 && result.out.contains("\"outcomes\"")) }
            }
        }
        // And as lines of a batch, which ended at the first such line.
        let lines =
            #"{"session_owner": "dave", "data_owner": "carol", "entra_account": "carol", "passcode_owner": "bob"}"#
            + "\n"
            + #"{"logout_dialogs_accepted": "true", "lending_period_passed": "true", "device_locked": "false", "#
            + #""rebooted": "false", "autofill_second_factor_done": "true"}"# + "\n"
        let batch = ssopolicy(
            input: Array(lines.utf8), "evaluate", policy, "--app", app, "--user", "alice", "--batch", "-")
        #expect(batch.code == 0, "\(batch.err)")
        #expect(batch.out.split(separator: "\n").count == 2)
    }
}
