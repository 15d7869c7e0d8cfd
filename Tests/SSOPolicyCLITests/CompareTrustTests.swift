import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// Comparisons an architect can trust: the vendor-neutral handover, the verdict rule, and mistakes as errors.
struct CompareTrustTests {
    static let engine = SSOPolicyEngine(
        registry: ProviderRegistry([
            AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
            AnyPolicyProvider(ImprivataMAMProvider()),
            AnyPolicyProvider(AppleSharedIPadProvider()),
        ]))

    static let handover = """
        scenario: handover-test
        steps:
          - { at: "08:00", user: alice, open: inventory }
          - { at: "08:05", user: alice, open: timesheet }
          - { at: "12:00", handover: { from: alice, to: bob } }
          - { at: "12:01", user: bob, open: timesheet }
          - { at: "12:02", user: bob, open: inventory }
        """

    static func step(_ json: String, _ number: Int) throws -> [String: Any] {
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let steps = try #require(object["steps"] as? [[String: Any]])
        return steps[number - 1]
    }

    // MARK: Handover

    @Test func entraHandoverIsAGlobalSignOutThroughTheFirstSharedDeviceAwareApp() throws {
        let folder = Fixtures.folder()
        let scenario = Fixtures.write(Self.handover, to: "handover.yaml", in: folder)
        // The first app is not shared-device aware: the rule picks the first one that is.
        let policy = Fixtures.write(
            """
            policy: legacy-first
            provider: entra-shared-device
            settings: { platform: ios, os_version: "17.4", shared_device_mode: true, authenticator: installed,
                        sso_extension: enabled }
            apps:
              - { id: legacy, msal: none }
              - { id: inventory, msal: single_account }
              - { id: timesheet, msal: single_account }
            """, to: "legacy-first.yaml", in: folder)
        let result = ssopolicy("run", "--scenario", scenario, policy, "--format", "json")
        #expect(result.code == 0, "\(result.err)")
        let step = try Self.step(result.out, 3)
        #expect(step["event"] as? String == "handover")
        #expect(step["user"] as? String == "bob")
        let handover = try #require(step["handover"] as? [String: Any])
        #expect(handover["events"] as? [String] == ["alice sign_out inventory"])
        let sources = try #require(handover["sources"] as? [[String: String]])
        #expect(sources.contains { $0["locator"]?.contains("Globally sign out a user") == true }, "\(sources)")
        #expect(sources.allSatisfy { EntraSharedDeviceProvider().descriptor.sourceDocument($0["id"] ?? "") != nil })
        #expect((step["details"] as? [String: String])?["sign_out_scope"] == "global")
        // Bob then signs in on his own.
        let next = try Self.step(result.out, 4)
        #expect(next["session_user"] as? String == "bob")
        #expect(next["prompts"] as? [String] == ["interactive_sign_in"])
    }

    @Test func airWatchHandoverChecksInThenChecksOutInHub() throws {
        let folder = Fixtures.folder()
        let scenario = Fixtures.write(Self.handover, to: "handover.yaml", in: folder)
        let result = ssopolicy("run", "--scenario", scenario, "warehouse-airwatch", "--format", "json")
        #expect(result.code == 0, "\(result.err)")
        let step = try Self.step(result.out, 3)
        let handover = try #require(step["handover"] as? [String: Any])
        #expect(handover["events"] as? [String] == ["alice check_in hub", "bob check_out hub"])
        let findings = (step["findings"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(findings.contains("check-out-data-not-separated"))
        // Hub check-out makes the next access bob's own session.
        #expect(try Self.step(result.out, 4)["session_user"] as? String == "bob")
    }

    @Test func explainSaysTheStepIsAHandoverAndWhichProcedure() throws {
        let folder = Fixtures.folder()
        let scenario = Fixtures.write(Self.handover, to: "handover.yaml", in: folder)
        let result = ssopolicy("run", "--scenario", scenario, "frontline-entra", "--explain")
        #expect(result.code == 0)
        // The step reads as a sentence (the run is too wide for a table, so it is a block per step).
        #expect(result.out.contains("alice hands the device to bob"))
        #expect(result.out.contains("handover: the leaving worker signs out through a shared-device-aware app"))
        #expect(result.out.contains("alice sign_out inventory"))
    }

    @Test func everyShippedProviderDeclaresAConsistentHandover() {
        for provider in Self.engine.registry.providers {
            let descriptor = provider.descriptor
            #expect(descriptor.handover != nil, "\(descriptor.id) declares no handover")
            #expect(descriptor.handover?.problems(in: descriptor) == [])
        }
        let text = ssopolicy("providers").out
        #expect(text.contains("handover (the 'handover: { from, to }' step)"))
        #expect(text.contains("2. to: check_out hub"))
    }

    @Test func aProviderWithoutAHandoverSeesTheStepAsNotApplicable() throws {
        let engine = SSOPolicyEngine(
            registry: ProviderRegistry([
                AnyPolicyProvider(BadgeProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
            ]))
        let scenario = try engine.loadScenario(yaml: Self.handover, file: "handover.yaml")
        let policy = try engine.loadPolicy(path: repository + "/Policies/entra/frontline-entra.yaml")
        let run = try engine.run(scenario, against: policy)
        #expect(run.steps[2].bound.event != nil)
        let badge = try engine.loadPolicy(
            yaml: "policy: b\nprovider: badge-kiosk\napps:\n  - id: inventory\n  - id: timesheet\n", file: "b.yaml")
        let badgeRun = try engine.run(scenario, against: badge)
        #expect(badgeRun.steps[2].bound.notApplicableReason == "badge-kiosk declares no handover procedure")
    }

    @Test func handoverMistakesArePositionedErrors() {
        func errors(_ steps: String) -> [String] {
            Fixtures.scenarioErrors("scenario: s\nsteps:\n" + steps, engine: Self.engine)
        }
        #expect(
            errors("  - { user: alice, open: inventory }\n  - { handover: { from: alice, to: alice } }\n")
                == ["s.yaml:4:36: error: handover: 'from' and 'to' are both 'alice'; a handover is between two workers"]
        )
        #expect(
            errors("  - { user: alice, open: inventory }\n  - { handover: { from: alise, to: bob } }\n")
                == ["s.yaml:4:25: error: step 2: handover from 'alise', but the device's last user is 'alice' (step 1)"]
        )
        #expect(
            errors("  - { handover: { from: alise, to: bob } }\n")
                == ["s.yaml:3:25: error: step 1: handover from 'alise', who has not used the device before"])
        #expect(
            errors("  - { user: alice, open: inventory }\n  - { user: bob, handover: { from: alice, to: bob } }\n")
                == ["s.yaml:4:7: error: step 2: a handover names its workers with 'from' and 'to'; remove 'user'"])
        #expect(
            errors("  - { user: alice, open: inventory }\n  - { handover: { from: alice, too: bob } }\n")
                == [
                    "s.yaml:4:17: error: handover: missing required key 'to'",
                    "s.yaml:4:32: error: unknown key 'too' in handover; did you mean 'to'?",
                ])
    }

    /// `handover: { to: W }` is the first worker taking the device: before anyone has used it, never after.
    @Test func aHandoverWithoutFromIsTheFirstWorkerTakingTheDevice() {
        func errors(_ steps: String) -> [String] {
            Fixtures.scenarioErrors("scenario: s\nsteps:\n" + steps, engine: Self.engine)
        }
        #expect(errors("  - { handover: { to: alice } }\n  - { user: alice, open: inventory }\n") == [])
        #expect(
            errors("  - { user: alice, open: inventory }\n  - { handover: { to: bob } }\n")
                == [
                    "s.yaml:4:23: error: step 2: handover to 'bob' without 'from', but 'alice' used the device at step 1: "
                        + "write from: alice"
                ])
        #expect(errors("  - { handover: {} }\n") == ["s.yaml:3:17: error: handover: missing required key 'to'"])
    }

    /// Each vendor plays its own way of taking the device: a badge tap at Imprivata's dock, a Hub check-out with
    /// credentials at Workspace ONE; Entra and Shared iPad have no step of their own (the first access signs in).
    /// A worker no handover gives the device, where the vendor's workers take it, is told how.
    @Test func eachVendorPlaysItsOwnWayOfTakingTheDevice() throws {
        let folder = Fixtures.folder()
        let scenario = Fixtures.write(
            """
            scenario: pickup
            steps:
              - { at: "07:00", handover: { to: alice } }
              - { at: "07:05", user: alice, open: inventory }

            """, to: "pickup.yaml", in: folder)
        func firstStep(_ policy: String) throws -> (prompts: [String], session: String) {
            let result = ssopolicy("run", "--scenario", scenario, policy, "--format", "json")
            #expect(result.code == 0, "\(result.err)")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            let step = try #require((json["steps"] as? [[String: Any]])?.first)
            return (step["prompts"] as? [String] ?? [], step["session"] as? String ?? "")
        }
        let imprivata = try firstStep("hospital-imprivata")
        #expect(imprivata.prompts.first == "badge" && imprivata.session == "shared_new", "\(imprivata)")
        let entra = try firstStep("frontline-entra")
        #expect(entra.prompts.isEmpty && entra.session == "not_applicable", "\(entra)")

        let without = Fixtures.write(
            "scenario: no-pickup\nsteps:\n  - { at: \"07:05\", user: alice, open: inventory }\n", to: "none.yaml",
            in: folder)
        let stranded = ssopolicy("run", "--scenario", without, "hospital-imprivata")
        let verdict = stranded.out.split(separator: "Verdict: ").last.map { $0.split(whereSeparator: \.isWhitespace) }
        #expect(
            verdict?.joined(separator: " ").contains("no step gives alice the device (a handover plays check_out hub)")
                == true, "\(stranded.out)")
        let working = ssopolicy("run", "--scenario", scenario, "hospital-imprivata")
        #expect(!working.out.contains("no step gives"), "\(working.out)")
    }

    // MARK: The verdict

    static let laterStepBreaks = """
        scenario: later-step-breaks
        steps:
          - { at: "08:00", user: alice, open: inventory }
          - { at: "08:10", user: alice, open: legacy-scanner }
          - { at: "12:00", handover: { from: alice, to: bob } }
          - { at: "12:01", user: bob, open: inventory }
          - { at: "12:05", user: bob, open: legacy-scanner }
        """

    @Test func aLaterStepThatPutsTheWorkerInThePreviousSessionMeansNeverSafe() throws {
        let folder = Fixtures.folder()
        let scenario = Fixtures.write(Self.laterStepBreaks, to: "s.yaml", in: folder)
        let text = ssopolicy("compare", "--scenario", scenario, "legacy-app-entra", "frontline-entra")
        #expect(text.code == 0, "\(text.err)")
        // The worst finding leads; then bob's turn, prompts and denied attempts per worker.
        #expect(
            text.out.contains(
                "verdict: critical previous-user-session-active at step 5 (findings: 1\n"
                    + "      critical, 2 high); bob never safe (step 5 shows another user's session or\n"
                    + "      data), working in 1m40s; effort alice 1m, bob 40s\n"), "\(text.out)")
        #expect(text.out.contains("verdict: bob safe from step 4 (at once; working in 1m40s); effort alice 40s,"))
        let markdown = ssopolicy(
            "compare", "--scenario", scenario, "legacy-app-entra", "frontline-entra", "--format",
            "markdown")
        #expect(
            markdown.out.contains(
                "| verdict | critical previous-user-session-active at step 5 (findings: 1 critical, 2 high); bob never "
                    + "safe (step 5"))
        let json = ssopolicy(
            "compare", "--scenario", scenario, "legacy-app-entra", "frontline-entra", "--format",
            "json")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        let totals = try #require(results[0]["totals"] as? [String: Any])
        let handovers = try #require(totals["handovers"] as? [[String: Any]])
        #expect(handovers.count == 1)
        #expect(handovers[0]["user"] as? String == "bob")
        #expect(handovers[0]["from"] as? String == "alice")
        #expect(handovers[0]["step"] as? Int == 3)
        #expect(handovers[0]["safe_from_step"] is NSNull)
        #expect(handovers[0]["last_unsafe_step"] as? Int == 5)
        #expect(
            (totals["verdict"] as? String)?.hasPrefix(
                "critical previous-user-session-active at step 5 (findings: 1 critical, 2 high); bob never safe")
                == true)
    }

    @Test func aWorkerWithTwoTurnsIsJudgedPerTurnWithoutContradiction() {
        // Bob meets Alice's lock screen at 12:05 (his first turn), then has the device checked out to him at 19:02.
        let text = ssopolicy("run", "--scenario", "restart-during-shift", "hospital-imprivata", "--format", "json")
        #expect(text.code == 0, "\(text.err)")
        #expect(text.out.contains("bob's turn from step 4 never safe (no access in their own session)"), "\(text.out)")
        #expect(text.out.contains("bob's turn from step 7 safe from step 7 (at once; working in 41s)"), "\(text.out)")
        #expect(!text.out.contains("; bob never safe"), "\(text.out)")
    }

    @Test func aWorkerSafeOnlyAfterAnUnsafeStepIsSafeFromTheLaterStep() throws {
        let folder = Fixtures.folder()
        let scenario = Fixtures.write(
            """
            scenario: safe-later
            steps:
              - { at: "08:00", user: alice, open: inventory }
              - { at: "08:10", user: alice, open: legacy-scanner }
              - { at: "12:00", handover: { from: alice, to: bob } }
              - { at: "12:01", user: bob, open: legacy-scanner }
              - { at: "12:05", user: bob, open: inventory }
            """, to: "s.yaml", in: folder)
        let text = ssopolicy("compare", "--scenario", scenario, "legacy-app-entra", "frontline-entra")
        // Step 4 serves alice's session in the legacy app; step 5 is bob's own, and nothing after it breaks that.
        #expect(
            text.out.contains("critical, 2 high); bob safe from step 5 (after 5m; working in 5m40s);"), "\(text.out)"
        )
        // legacy-scanner is not applicable to frontline-entra: its first access is step 5.
        #expect(text.out.contains("verdict: bob safe from step 5 (at once; working in 5m40s); effort alice 40s,"))
    }

    @Test func totalsLookAtEachStepOnceWhateverTheNumberOfHandovers() throws {
        // 10 000 alternating steps: 9 999 handovers. The totals once rescanned the rest of the run at each one.
        var yaml = "scenario: alternating\nsteps:\n"
        for index in 0..<10_000 { yaml += "  - {user: \(index % 2 == 0 ? "alice" : "bob"), open: inventory}\n" }
        let scenario = try Self.engine.loadScenario(yaml: yaml, file: "alternating.yaml")
        let policies = try ["airwatch/warehouse-airwatch", "entra/frontline-entra"].map {
            try Self.engine.loadPolicy(path: repository + "/Policies/\($0).yaml")
        }
        let comparison = try Comparison.run(scenario, policies: policies)
        for result in comparison.results {
            let totals = Comparison.totals(result)
            #expect(totals.handovers.count == 9_999)
            #expect(totals.stepsExamined == 10_000)
        }
    }

    // MARK: Mistakes are errors

    @Test func anAppNoComparedPolicyHasIsAnErrorWithASuggestion() {
        let folder = Fixtures.folder()
        let scenario = Fixtures.write(
            """
            scenario: typo
            steps:
              - { user: alice, open: inventory }
              - { user: alice, sign_out: inventroy }
              - { user: bob, open: inventory }
            """, to: "typo.yaml", in: folder)
        let result = ssopolicy("compare", "--scenario", scenario, "warehouse-airwatch", "frontline-entra")
        #expect(result.code == 1)
        #expect(
            result.err.contains(
                "typo.yaml:4:30: error: step 2: no compared policy has an app 'inventroy'; did you mean 'inventory'?"),
            "\(result.err)")
        #expect(result.out.isEmpty)
    }

    @Test func anAppOnlyAnotherComparedPolicyHasIsNotApplicable() {
        let result = ssopolicy("compare", "--scenario", "legacy-app", "legacy-app-entra", "frontline-entra")
        #expect(result.code == 0)
        #expect(result.out.contains("2. 08:10 alice opens legacy-scanner *differs*\n"))
        #expect(result.out.contains("   frontline-entra - -> not_applicable\n"))
    }

    @Test func aConditionNoComparedProviderDeclaresIsAPositionedErrorAndOneSomeDeclareIsANote() {
        let folder = Fixtures.folder()
        let scenario = Fixtures.write(
            """
            scenario: foreign
            steps:
              - { user: alice, open: inventory, silent_login: fails }
              - { user: bob, open: inventory }
              - { user: bob, open: timesheet, silent_login: fails }
            """, to: "foreign.yaml", in: folder)
        // AirWatch's `silent_login` in a comparison of two Entra policies: no compared vendor knows the word.
        let result = ssopolicy("compare", "--scenario", scenario, "frontline-entra", "legacy-app-entra")
        #expect(result.code == 1)
        #expect(
            result.err
                == scenario + ":3:37: error: step 1: no compared provider declares the step condition 'silent_login' "
                + "(entra-shared-device)\n" + scenario
                + ":5:35: error: step 3: no compared provider declares the step condition 'silent_login' "
                + "(entra-shared-device)\n", "\(result.err)")
        #expect(result.out.isEmpty)
        // Some compared provider declares it: a note for the others, played there without it.
        let mixed = ssopolicy("compare", "--scenario", scenario, "warehouse-airwatch", "frontline-entra")
        #expect(mixed.code == 0)
        #expect(
            mixed.out.contains(
                "note: the step condition 'silent_login' (steps 1, 3) is not declared by the\n"
                    + "  provider of 'frontline-entra' (entra-shared-device): played there without it\n"),
            "\(mixed.out)")
        // `run` against one vendor plays a vendor-neutral scenario with the note.
        let run = ssopolicy("run", "--scenario", scenario, "frontline-entra")
        #expect(run.code == 0)
        #expect(run.err.hasPrefix("note: the step condition 'silent_login' (steps 1, 3)"))
    }

    @Test func anEventNoComparedProviderDeclaresIsNotApplicableWithANoteAndATypoIsAnError() throws {
        let folder = Fixtures.folder()
        let scenario = Fixtures.write(
            """
            scenario: foreign-event
            steps:
              - { user: alice, open: inventory }
              - { user: bob, check_out: hub }
            """, to: "foreign-event.yaml", in: folder)
        let note = "'check_out' (step 2) is not declared by the provider of "
        let none = ssopolicy(
            "compare", "--scenario", scenario, "frontline-entra", "legacy-app-entra", "--format", "json")
        #expect(none.code == 0, "\(none.err)")
        let noneObject = try #require(JSONSerialization.jsonObject(with: Data(none.out.utf8)) as? [String: Any])
        #expect(
            noneObject["notes"] as? [String] == [
                note + "'frontline-entra', 'legacy-app-entra' (entra-shared-device): not applicable there"
            ])
        let mixed = ssopolicy(
            "compare", "--scenario", scenario, "warehouse-airwatch", "frontline-entra", "--format", "json")
        #expect(mixed.code == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(mixed.out.utf8)) as? [String: Any])
        #expect(
            object["notes"] as? [String] == [note + "'frontline-entra' (entra-shared-device): not applicable there"])
        // A word no registered provider declares is a mistake, in `compare` as in `run`.
        let typo = Fixtures.write(
            """
            scenario: typo
            steps:
              - { user: alice, open: inventory }
              - { user: bob, chek_out: hub }
            """, to: "typo.yaml", in: folder)
        for arguments in [
            ["compare", "--scenario", typo, "frontline-entra", "legacy-app-entra"],
            ["run", "--scenario", typo, "frontline-entra"],
        ] {
            let result = ssopolicy(arguments)
            #expect(result.code == 1)
            #expect(
                result.err.contains(
                    "typo.yaml:4:18: error: unknown key 'chek_out' in step 2; did you mean 'check_out'?"))
        }
    }

    @Test func checkFlagsASuiteExpectationItsProviderCanNeverProduce() {
        let folder = Fixtures.folder()
        Fixtures.write(
            """
            suite: impossible
            policy: \(repository)/Policies/entra/frontline-entra.yaml
            scenario: \(repository)/Policies/scenarios/shift-change.yaml
            expect:
              - { step: 1, prompts: [badge] }
            """, to: "impossible.yaml", in: folder)
        let result = ssopolicy("check", folder, "--allow-outside-references")
        #expect(result.code == 1)
        #expect(
            result.err.contains(
                "impossible.yaml:5:5: error: prompts: 'badge' is never shown by provider 'entra-shared-device'"),
            "\(result.err)")
    }

    @Test func everyPromptABundledSuiteRunShowsIsDeclared() throws {
        let report = SuiteRunner(engine: Self.engine).run(paths: [repository + "/Policies"])
        var seen = 0
        for suite in report.suites {
            guard let policy = suite.policy else { continue }
            let declared = Set(policy.descriptor.producedPrompts.map(\.name))
            for expectation in suite.expectations {
                for prompt in expectation.view?.prompts ?? [] {
                    #expect(declared.contains(prompt), "\(policy.descriptor.id) shows undeclared \(prompt)")
                    seen += 1
                }
            }
        }
        #expect(seen > 0)
    }
}

/// `verify --assume hands-over`: the user changes only through the provider's declared handover.
struct HandsOverAssumptionTests {
    @Test func counterexamplesReplayTheHandoverStep() {
        let result = ssopolicy(
            "verify", "legacy-app-entra", "--assume", "hands-over", "--property", "no-foreign-session")
        #expect(result.code == 1)
        #expect(result.out.contains("assumptions: hands-over"))
        #expect(
            result.out.contains(
                """
                      - { after: 0, user: alice, open: legacy-scanner }
                      - { after: 0, handover: { from: alice, to: bob } }
                      - { after: 0, user: bob, open: legacy-scanner }
                """))
        #expect(result.out.contains("replayed by 'ssopolicy run': step 3 breaks no-foreign-session"))
    }

    @Test func aProperHandoverKeepsThePreviousUsersDataAwayUnderEntra() {
        let result = ssopolicy(
            "verify", "frontline-entra", "--assume", "hands-over", "--property", "no-previous-user-data")
        #expect(result.code == 0, "\(result.out)")
        #expect(result.out.contains("no-previous-user-data  holds up to depth 8"))
        // Safari keeps the web session through the handover (no signoutFromBrowser): found through the handover.
        #expect(
            ssopolicy("verify", "frontline-entra", "--assume", "hands-over", "--property", "no-foreign-session").out
                .contains("handover: { from: alice, to: bob }"))
    }
}
