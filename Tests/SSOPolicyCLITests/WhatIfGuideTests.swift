import Foundation
import SSOPolicy
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicyCLI

/// What a guide's reader sees is `evaluate`'s minimal form, bounded: decision tables are the distinct answers with
/// their deciding conditions, the HTML explorer's data is the what-if leaves (per setting change too), and a part
/// that does not fit its work or size bound is left out with a sentence saying so and the command that answers.
struct WhatIfGuideTests {
    static let engine = SSOPolicyEngine(registry: TestCommandTests.registry)

    static func policy(_ name: String, argument: String? = nil) throws -> GuideContent.Policy {
        let path = repository + "/Policies"
        let file = ["warehouse-airwatch": "airwatch", "frontline-entra": "entra", "hospital-imprivata": "imprivata"][
            name]!
        return GuideContent.Policy(
            argument: argument ?? name, compiled: try engine.loadPolicy(path: "\(path)/\(file)/\(name).yaml"))
    }

    /// The answer fields of `evaluate`'s JSON for one attempt with every fact (and `settings`) given.
    static func answer(
        _ policy: CompiledPolicy, app: String, user: String, facts: [(key: String, value: String)],
        settings: [(key: String, value: String)] = []
    ) throws -> String {
        let result = try AttemptEvaluator(traceMode: .off).evaluate(
            EvaluateRequest(app: app, user: user, facts: facts, settings: settings), policy: policy)
        return JSONValue.object(RunJSON.answer(result.outcomes[0].view)).serialized(pretty: false)
    }

    /// Every combination of the facts lies in exactly one stored leaf, whose answer is `evaluate`'s with every fact
    /// given.
    static func expectLeavesAgree(
        _ table: WhatIfTable, list: Int, app: String, user: String, settings: [(key: String, value: String)] = []
    ) throws {
        let facts = table.policy.descriptor.facts
        let values = facts.map { WhatIfTable.values($0) }
        var combinations: [[Int]] = [[]]
        for fact in values { combinations = combinations.flatMap { prefix in fact.indices.map { prefix + [$0] } } }
        for combination in combinations {
            let holding = table.lists[list].filter { leaf in
                combination.indices.allSatisfy { leaf[$0 + 1] < 0 || leaf[$0 + 1] == combination[$0] }
            }
            #expect(holding.count == 1, "\(combination) lies in \(holding.count) leaves")
            guard let leaf = holding.first else { continue }
            let given = combination.indices.map { fact in
                let value = values[fact][combination[fact]]
                return (key: facts[fact].key, value: value == WhatIfTable.actingUser ? user : value)
            }
            let expected = try answer(table.policy, app: app, user: user, facts: given, settings: settings)
            #expect(table.answer(leaf[0], user: user).serialized(pretty: false) == expected, "\(given)")
        }
    }

    @Test func theExplorersLeavesAreEvaluatesAnswersWithAndWithoutASettingChanged() throws {
        let table = try WhatIfTable.build(Self.policy("frontline-entra"), users: ["alice", "bob"])
        #expect(table.leftOut == nil)
        let row = try #require(table.rows.first { $0.key == "timesheet bob" })
        let lists = Dictionary(uniqueKeysWithValues: row.lists.map { ($0.change, $0.list) })
        try Self.expectLeavesAgree(table, list: try #require(lists[""]), app: "timesheet", user: "bob")
        try Self.expectLeavesAgree(
            table, list: try #require(lists["sso_extension=missing"]), app: "timesheet", user: "bob",
            settings: [("sso_extension", "missing")])
        try Self.expectLeavesAgree(
            table, list: try #require(lists["timesheet.msal=multiple_account"]), app: "timesheet", user: "bob",
            settings: [("timesheet.msal", "multiple_account")])
        // Every value of every setting the explorer offers, except the policy's own, has its list.
        let offered = table.settings.filter { $0.app == nil || $0.app == "timesheet" }
        #expect(row.lists.count == 1 + offered.reduce(0) { $0 + $1.values.count - 1 })
        #expect(table.settings.contains { $0.key == "sso_extension" && $0.current == "enabled" && $0.app == nil })
    }

    @Test func theExplorersDataGrowsWithTheAnswersNotTheProduct() throws {
        let table = try WhatIfTable.build(Self.policy("warehouse-airwatch"), users: ["alice", "bob"])
        let row = try #require(table.rows.first { $0.key == "inventory alice" })
        let leaves = table.lists[row.lists[0].list]
        let space = FactSpace(table.policy.descriptor, actingUser: "alice")
        #expect(leaves.count * 4 <= space.count, "\(leaves.count) leaves for \(space.count) combinations")
        // A list is stored once however many setting changes give it.
        #expect(table.lists.count < table.rows.reduce(0) { $0 + $1.lists.count })
    }

    @Test func anExplorerPastItsWorkBoundLeavesOutWhatDoesNotFitAndSaysSo() throws {
        let policy = try Self.policy("frontline-entra", argument: "my entra.yaml")
        let none = try WhatIfTable.build(policy, users: ["alice", "bob"], maxWork: 3)
        #expect(none.rows.isEmpty && none.answers.isEmpty && none.settings.isEmpty)
        #expect(
            none.leftOut
                == "its what-if needs more than 3 units of work; ask `ssopolicy evaluate 'my entra.yaml' --app APP --user USER`"
        )
        // The work of the leaves with nothing changed fits (each app and user has a quarter of the budget); the
        // settings' does not.
        var evaluator = AttemptEvaluator(traceMode: .off)
        evaluator.mergesAnswers = false
        evaluator.summarizesFindings = false
        var most = 0
        for app in ["inventory", "timesheet"] {
            for user in ["alice", "bob"] {
                let budget = WorkBudget()
                try WorkBudget.$current.withValue(budget) {
                    _ = try evaluator.evaluate(EvaluateRequest(app: app, user: user), policy: policy.compiled)
                }
                most = max(most, budget.unitsSpent)
            }
        }
        let base = try WhatIfTable.build(policy, users: ["alice", "bob"], maxWork: most * 4)
        #expect(base.rows.count == 4 && base.rows.allSatisfy { $0.lists.map(\.change) == [""] })
        #expect(base.settings.isEmpty)
        #expect(base.leftOut?.hasPrefix("changed settings are left out: they need more than ") == true)
    }

    @Test func explorerDataPastThePagesSizeBoundIsLeftOut() throws {
        let tables = try WhatIfTable.build(
            [Self.policy("frontline-entra"), Self.policy("warehouse-airwatch")], users: ["alice"], maxBytes: 2_000)
        #expect(tables.allSatisfy { $0.rows.isEmpty })
        #expect(tables[0].leftOut?.contains("would take the page's what-if data past 2000 bytes") == true)
    }

    @Test func aDecisionTablePastItsWorkBoundIsLeftOutWithTheCommand() throws {
        let table = try GuideDecisionTable.build(Self.policy("warehouse-airwatch", argument: "w.yaml"), maxWork: 3)
        #expect(table.result == nil)
        #expect(
            table.markdown
                == "### Decision table: `warehouse-airwatch`, app `inventory`, user alice\n\nLeft out: it needs more "
                + "than 3 units of work; ask `ssopolicy evaluate w.yaml --app inventory --user alice`.\n\n")
    }

    @Test func theGuidesDecisionTablesAreEvaluatesDistinctAnswers() throws {
        let files = try FleetGuideTests.fleet()
        let guide = ssopolicy("guide", files.entra, files.airwatch, "--scenario", "shift-change")
        #expect(guide.code == 0, "\(guide.err)")
        for (file, policy) in [(files.entra, "frontline-entra"), (files.airwatch, "warehouse-airwatch")] {
            let evaluated = ssopolicy("evaluate", file, "--app", "inventory", "--user", "alice", "--format", "json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(evaluated.out.utf8)) as? [String: Any])
            let answers = try #require(json["answers"] as? [[String: Any]])
            let heading = "### Decision table: `\(policy)`, app `inventory`, user alice\n\n"
            let start = try #require(guide.out.range(of: heading))
            let section = guide.out[start.upperBound...]
            let body = String(section[..<(section.range(of: "\n\n#")?.lowerBound ?? section.endIndex)])
            #expect(body.hasPrefix("`ssopolicy evaluate \(file) --app inventory --user alice`: "))
            #expect(body.contains(counted(answers.count, "distinct answer") + " over "))
            let rows = body.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| # ") }
            #expect(rows.count == answers.count)
        }
    }

    @Test func theHTMLGuideNamesTheFileChartsPromptsAndFitsItsDiagrams() throws {
        let fixtures = repository + "/Benchmarks/fixtures"
        let result = ssopolicy(
            "guide", fixtures + "/ward-entra.yaml", fixtures + "/ward-airwatch.yaml", "--scenario",
            fixtures + "/ward-night.yaml", "--format", "html")
        #expect(result.code == 0, "\(result.err)")
        let html = result.out
        #expect(html.contains("\"file\":\"\(fixtures)/ward-entra.yaml\""))
        // One prompt chart per comparison, with the verdict's numbers in its description.
        #expect(
            html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"prompt-chart\"").count == 2)
        #expect(
            html.contains(
                "<desc id=\"prompts-1-desc\">ward-entra: alice 1, bob 1 (bob safe from step 8 (at once; working in 5m40s))"
            ))
        // Every sequence diagram is drawn at most 1200 pixels wide.
        let widths = html.components(separatedBy: "class=\"sequence\" role=\"img\" ").dropFirst().compactMap { svg in
            svg.split(separator: "\"").dropFirst(3).first.flatMap { Int($0) }
        }
        #expect(widths.count == 2)
        #expect(widths.allSatisfy { $0 <= 1200 }, "\(widths)")
    }

    @Test func aMatrixPastItsRowLimitWritesNothingAndExitsThree() {
        let small = ssopolicy("matrix", "warehouse-airwatch", "--max-rows", "100")
        #expect(small.code == 3)
        #expect(small.out.isEmpty)
        #expect(
            small.err.hasPrefix(
                "error: the decision table of warehouse-airwatch for app inventory has 216 rows (one per combination of "
                    + "the facts), more than the limit of 100; nothing was written. `ssopolicy evaluate "
                    + "warehouse-airwatch --app inventory --user alice` gives its distinct answers"))
        let imprivata = ssopolicy("matrix", "hospital-imprivata", "--format", "json")
        #expect(imprivata.code == 3 && imprivata.out.isEmpty)
        #expect(imprivata.err.contains("has 233280 rows"))
        #expect(ssopolicy("matrix", "warehouse-airwatch", "--max-rows", "216").code == 0)
        #expect(ssopolicy("matrix", "warehouse-airwatch", "--max-rows", "-1").code == 64)
    }

    @Test func anEvaluatePastItsAttemptsGivesNoPartialAnswer() {
        let stopped = ssopolicy(
            "evaluate", "warehouse-airwatch", "--app", "inventory", "--user", "bob", "--max-work", "5")
        #expect(stopped.code == 3)
        #expect(stopped.out.isEmpty)
        #expect(stopped.err.contains("the what-if needs more than 5 units of work (--max-work): no answer is given"))
        let known = ssopolicy(
            "evaluate", "warehouse-airwatch", "--app", "inventory", "--user", "bob", "--max-work", "5", "--fact",
            "passcode_set=true", "--fact", "session_live=true", "--fact", "silent_login=fails", "--fact",
            "initial_check_done=true", "--fact", "session_user=bob", "--fact", "checked_out_user=bob")
        #expect(known.code == 0, "\(known.err)")
    }

    @Test func theWardFixturesCheckCleanAndTheNightCrossesMidnightWithHandovers() {
        let fixtures = repository + "/Benchmarks/fixtures/"
        let files = [
            "ward-entra", "ward-airwatch", "ward-imprivata", "ward-night", "ward5-entra", "ward5-airwatch",
            "ward5-imprivata",
        ].map { fixtures + $0 + ".yaml" }
        let check = ssopolicy(["check"] + files)
        #expect(check.code == 0, "\(check.err)")
        #expect(check.out.contains("checked 7 files (6 policies, 1 scenario, 0 suites): 0 errors"), "\(check.out)")
        let run = ssopolicy("run", "--scenario", fixtures + "ward-night.yaml", fixtures + "ward-imprivata.yaml")
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("+1d 00:15"))
        let steps = ssopolicy(
            "run", "--scenario", fixtures + "ward-night.yaml", fixtures + "ward-entra.yaml", "--format", "json")
        #expect(steps.out.components(separatedBy: "\"step\": ").count - 1 == 17)
        #expect(steps.out.components(separatedBy: "\"event\": \"handover\"").count - 1 == 2)
    }

    @Test func commandWordsAreQuotedOnlyWhenAShellWouldReadThemOtherwise() {
        #expect(ShellCommand.word("Policies/ward-entra.yaml") == "Policies/ward-entra.yaml")
        #expect(ShellCommand.word("my ward.yaml") == "'my ward.yaml'")
        #expect(ShellCommand.word("it's.yaml") == "'it'\\''s.yaml'")
        #expect(ShellCommand.word("") == "''")
        #expect(ShellCommand.word("$(rm -rf x)") == "'$(rm -rf x)'")
    }
}
