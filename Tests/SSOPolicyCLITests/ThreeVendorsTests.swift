import Foundation
import SSOPolicyTestSupport
import Testing

/// Issue 30, "The first screen and the verdict": three vendors side by side on one shift change, verdicts first and
/// worst news first, one rule for an event a provider does not declare, a short `list`, and like configuration
/// findings for like reliance on a manual handover.
struct ThreeVendorsTests {
    static let recommended = ["frontline-airwatch", "frontline-entra", "hospital-imprivata", "nursing-cart-apple"]
    static let misconfigured = [
        "warehouse-airwatch", "sso-requirements-missing", "default-mode-entra", "misconfigured-entra",
        "non-compliant-apps-entra", "weak-logout-imprivata", "device-ca-apple",
    ]

    // MARK: The first screen

    @Test func noArgumentsShowsTheThreeVendorsAndEveryVerdictWithinOneScreen() throws {
        let result = ssopolicy()
        #expect(result.code == 0, "\(result.err)")
        let lines = result.out.components(separatedBy: "\n")
        let details = try #require(lines.firstIndex(of: "The details"), "\(result.out)")
        // The decision on the bundled ward fleet leads (FleetFirstScreenAndGuideTests), then the four vendors' verdicts,
        // then each misconfiguration's with its smallest fix under it (AdviseSurfacesTests).
        #expect(details <= 80, "the verdicts take \(details) lines")
        let screen = lines[..<details].joined(separator: "\n")
        #expect(screen.hasPrefix("Which setup for a fleet: the bundled ward-fleet"))
        #expect(screen.contains("\n\nEach vendor's recommended setup on one shift change: "))
        #expect(screen.contains("(scenario day-shift-handover; apps inventory, timesheet)"))
        // Each recommended setup with its vendor and a verdict line under it.
        for (policy, vendor) in zip(
            Self.recommended,
            [
                "AirWatch / Workspace ONE SDK SSO", "Microsoft Entra shared device mode", "Imprivata Mobile Access",
                "Apple Shared iPad",
            ])
        {
            let line = try #require(lines[..<details].firstIndex { $0.hasPrefix("  \(policy)  ") }, "no \(policy)")
            #expect(lines[line].contains(vendor))
        }
        #expect(screen.contains("    bob safe from step 4 (at once; working in 1m40s); effort alice 40s, bob 40s\n"))
        // Then each misconfiguration, verdict first: nothing about the details before them.
        let breaks = try #require(
            lines.firstIndex(of: "What breaks it, and the smallest fix: each bundled misconfiguration on it"))
        for policy in Self.misconfigured {
            #expect(lines[breaks..<details].contains { $0.hasPrefix("  \(policy) (") }, "no verdict for \(policy)")
        }
        #expect(screen.contains("  weak-logout-imprivata (imprivata-mam): critical previous-user-session-active"))
        #expect(!screen.contains("What each vendor needs"))
        // The details follow: each vendor's procedure with its source, and the steps side by side.
        #expect(result.out.contains("handover: the leaving worker docks the device at the hub"))
        #expect(result.out.contains("3. 12:00 alice hands the device to bob"))
    }

    @Test func theFirstScreensScenarioIsPlayedByEveryProviderWithoutANote() {
        for policy in Self.recommended {
            let run = ssopolicy("run", "--scenario", "day-shift-handover", policy)
            #expect(run.code == 0, "\(run.err)")
            #expect(!run.err.contains("note:"), "\(policy): \(run.err)")
            #expect(!run.out.contains("not_applicable"), "\(policy): \(run.out)")
        }
        let compare = ssopolicy(
            "compare", "--scenario", "day-shift-handover", "frontline-airwatch", "frontline-entra", "hospital-imprivata"
        )
        #expect(compare.code == 0)
        #expect(!compare.out.contains("note:"))
    }

    // MARK: The verdict

    @Test func aWorkerDeniedAllMorningIsCountedAndSaidToHaveNotWorked() throws {
        let run = ssopolicy("run", "--scenario", "shift-change-handover", "hospital-imprivata")
        #expect(run.code == 0, "\(run.err)")
        #expect(
            run.out.hasSuffix(
                "Verdict: alice could not work (all 2 access attempts denied); no step gives\n"
                    + "  alice the device (a handover plays check_out hub); bob safe from step 4 (at\n"
                    + "  once; working in 2m1s); effort alice 0s, bob 1m21s; denied alice 2, bob 0\n"),
            "\(run.out)")
        let compare = ssopolicy(
            "compare", "--scenario", "shift-change-handover", "hospital-imprivata", "frontline-entra")
        #expect(
            compare.out.contains(
                "    verdict: alice could not work (all 2 access attempts denied); no step gives\n"
                    + "      alice the device (a handover plays check_out hub); bob safe from step 4\n"
                    + "      (at once; working in 2m1s); effort alice 0s, bob 1m21s; denied alice 2,\n"
                    + "      bob 0\n"), "\(compare.out)")
        #expect(
            compare.out.contains(
                "    verdict: bob safe from step 4 (at once; working in 1m40s); effort alice 40s,\n      bob 40s\n"))
        let json = ssopolicy(
            "compare", "--scenario", "shift-change-handover", "hospital-imprivata", "frontline-entra", "--format",
            "json")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        let totals = try #require(results[0]["totals"] as? [String: Any])
        #expect(totals["denied_per_user"] as? [String: Int] == ["alice": 2, "bob": 0])
        #expect(totals["could_not_work"] as? [String] == ["alice"])
        let summary = try #require(results[0]["summary"] as? [String: Any])
        #expect((summary["verdict"] as? String)?.hasPrefix("alice could not work") == true)
    }

    @Test func aVerdictLeadsWithItsWorstFinding() throws {
        let result = ssopolicy(
            "compare", "--scenario", "shift-change-handover", "frontline-entra", "default-mode-entra")
        #expect(
            result.out.contains(
                "    verdict: critical previous-user-session-active at step 4 (findings: 1\n"
                    + "      critical, 2 high); bob safe from step 5 (after 2m; working in 2m40s);\n"
                    + "      effort alice 40s, bob 40s\n"), "\(result.out)")
        let json = ssopolicy(
            "compare", "--scenario", "shift-change-handover", "frontline-entra", "default-mode-entra", "--format",
            "json")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        let totals = try #require(results[1]["totals"] as? [String: Any])
        let worst = try #require(totals["worst_finding"] as? [String: Any])
        #expect(worst["id"] as? String == "previous-user-session-active")
        #expect(worst["severity"] as? String == "critical")
        #expect(worst["step"] as? Int == 4)
        #expect((results[0]["totals"] as? [String: Any])?["worst_finding"] is NSNull)
    }

    // MARK: One rule for an event a provider does not declare

    static let checkOutNote =
        "'check_out' (step 1) is not declared by the provider of 'frontline-entra' (entra-shared-device): "
        + "not applicable there"

    @Test func runNotesAnUndeclaredEventOnStandardErrorAsCompareNotesIt() throws {
        let run = ssopolicy("run", "--scenario", "nursing-shift-change", "frontline-entra")
        #expect(run.code == 0)
        #expect(run.err == "note: \(Self.checkOutNote)\n")
        #expect(run.out.contains("not_applicable"))
        let json = ssopolicy("run", "--scenario", "nursing-shift-change", "frontline-entra", "--format", "json")
        #expect(json.err == run.err)
        // compare: the same rule and the same words, whether some or none of the compared providers declare it.
        let none = ssopolicy(
            "compare", "--scenario", "nursing-shift-change", "frontline-entra", "android-frontline-entra", "--format",
            "json")
        #expect(none.code == 0, "\(none.err)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(none.out.utf8)) as? [String: Any])
        #expect(
            object["notes"] as? [String] == [
                "'check_out' (step 1) is not declared by the provider of 'frontline-entra', 'android-frontline-entra' "
                    + "(entra-shared-device): not applicable there"
            ])
        let some = ssopolicy("compare", "--scenario", "nursing-shift-change", "frontline-entra", "hospital-imprivata")
        #expect(some.out.contains("note: " + Self.checkOutNote.replacingOccurrences(of: " (entra", with: "\n  (entra")))
    }

    @Test func runNotesAnUndeclaredStepCondition() {
        let folder = Fixtures.folder()
        let scenario = Fixtures.write(
            """
            scenario: foreign-condition
            steps:
              - { user: alice, open: inventory, silent_login: fails }
            """, to: "foreign.yaml", in: folder)
        let run = ssopolicy("run", "--scenario", scenario, "frontline-entra")
        #expect(run.code == 0)
        #expect(
            run.err
                == "note: the step condition 'silent_login' (step 1) is not declared by the provider of "
                + "'frontline-entra' (entra-shared-device): played there without it\n")
    }

    // MARK: list

    @Test func listPrintsPoliciesAndScenariosOneLineEachAndSuitesOnRequest() throws {
        let result = ssopolicy("list")
        #expect(result.code == 0)
        #expect(!result.out.contains("Suites ("))
        #expect(!result.out.contains("-on-shift-change"))
        let lines = result.out.components(separatedBy: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        let files = try FileManager.default.subpathsOfDirectory(atPath: repository + "/Policies")
            .filter { $0.hasSuffix(".yaml") && !$0.hasPrefix("suites/") }
        for path in files {
            let name = String(path.split(separator: "/").last!.dropLast(5))
            let rows = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix(name + " ") }
            #expect(rows.count == 1, "\(name): \(rows)")
        }
        // One line per entry, plus three kind headings, four provider headings, the blank lines between the kinds,
        // the blank line and two lines of the footer, and the empty string after the last newline.
        #expect(lines.count == files.count + 3 + 4 + 2 + 3 + 1, "\(result.out)")
        #expect(result.out.hasSuffix("The test suites too: ssopolicy list --suites\n"))
        let withSuites = ssopolicy("list", "--suites")
        #expect(withSuites.out.contains("\nSuites ("))
        #expect(
            withSuites.out.contains(
                "  hospital-imprivata-on-day-shift-handover           What hospital-imprivata do…\n"))
        #expect(ssopolicy("list", "suites").out.hasPrefix("Suites ("))
        let help = ssopolicy("list", "--help")
        #expect(help.out.contains("--suites"))
        #expect(help.out.contains("ssopolicy list --suites"))
    }

    // MARK: Like configuration findings for like reliance

    /// Each recommended setup relies on the leaving worker's own step (sign-out, Hub check-in, docking); each should
    /// carry a finding of the same class that says nothing does it for them.
    @Test func everyRecommendedSetupCarriesAFindingForItsManualHandover() throws {
        // AirWatch's Hub check-in is as manual as the others: the SDK's authentication timeout locks the session, it
        // checks nobody in, and Workspace ONE's Shared Device settings offer no automatic log-out.
        let findings = [
            "frontline-entra": "no-automatic-sign-out", "hospital-imprivata": "no-automatic-check-in",
            "frontline-airwatch": "no-automatic-check-in",
        ]
        for (policy, finding) in findings {
            let run = ssopolicy("run", "--scenario", "day-shift-handover", policy)
            #expect(run.out.contains("  ! medium \(finding): "), "\(policy)")
        }
        // All three appear on the first screen, beside their verdicts.
        let screen = ssopolicy().out
        let recommended = try #require(screen.components(separatedBy: "What breaks it").first)
        #expect(recommended.contains("    ! config medium no-automatic-sign-out: "))
        #expect(recommended.components(separatedBy: "    ! config medium no-automatic-check-in: ").count == 3)
        #expect(
            recommended.contains(
                "  frontline-airwatch  AirWatch / Workspace ONE SDK SSO\n"
                    + "    bob safe from step 4 (at once; working in 1m35s); effort alice 15s, bob 35s\n"
                    + "    ! config medium no-automatic-check-in: nothing checks the device in at the\n"))
    }
}
