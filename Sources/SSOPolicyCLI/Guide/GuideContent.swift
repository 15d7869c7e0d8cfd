import SSOPolicy

/// Everything an onboarding guide shows, computed by the model once; the Markdown and HTML renderers only lay it
/// out, so both formats say the same thing. Built either for the bundled library (`Policies/GUIDE.md`) or for the
/// policies a guide author names (their own fleet).
struct GuideContent {
    /// The policies a guide covers, with where they came from (the argument as given).
    struct Policy {
        var argument: String
        var compiled: CompiledPolicy
        /// The setup and device group of a fleet's pair (`argument` is then the fleet).
        var pair: (setup: String, group: String)? = nil

        /// What `evaluate` is given to answer for this policy: the argument, and a fleet pair's `--setup` and
        /// `--group`.
        var evaluateArguments: [String] {
            [argument] + (pair.map { ["--setup", $0.setup, "--group", $0.group] } ?? [])
        }
    }

    /// Decision tables with the sentence that introduces them (Markdown inline syntax: backticks only).
    struct Matrices {
        var intro: String
        var tables: [GuideDecisionTable]
    }

    /// What the policies section says when no policy is derived (a fleet whose setups play on none of its groups).
    static let noPolicies =
        "None: no setup of the fleet plays on any of its device groups (the decision below says why for each)."

    var title: String
    /// The command that regenerates the guide, shown at its top.
    var command: String
    var bundled: Bool
    var policies: [Policy]
    var comparisons: [Comparison]
    /// Bundled scenarios left out because the policies cannot play them, with why (fleet guides only).
    var skippedScenarios: [(scenario: String, reason: String)]
    /// The providers the guide's policies use, in registry order.
    var descriptors: [ProviderDescriptor]
    var sequencesHeading: String
    var sequences: [RunResult]
    var matrices: Matrices
    var verification: VerificationGuideSection.Reports
    var explorer: [WhatIfTable]
    /// For each fleet a guide is given, the decision on each scenario it compares (`decide`'s content).
    var decisions: [FleetDecision] = []
    /// "How to make it safe": `advise` per policy (per setup of a fleet) on the first scenario the guide compares
    /// it on.
    var advice: [GuideAdviceSection.Entry] = []
    /// The values its policies and fleets leave unknown, played at their defaults: one note per policy file, one per
    /// fleet setup (as `compare` says them), for standard error.
    var notes: [String] = []

    /// Users the what-if explorer offers: every user of the compared scenarios, in order of appearance (a worker
    /// costs the page no bytes when the model answers every worker alike: `WhatIfTable` keeps answers as templates).
    static func users(_ comparisons: [Comparison]) -> [String] {
        var users: [String] = []
        var seen: Set<String> = []
        for comparison in comparisons {
            for view in comparison.results.first?.views ?? [] {
                if let user = view.user, user != AttemptEvaluator.anotherUser, seen.insert(user).inserted {
                    users.append(user)
                }
            }
        }
        return users.isEmpty ? ["alice", "bob"] : users
    }

    /// Every finding a reader meets in the guide (steps and configurations), with the provider that declares it,
    /// in order of first appearance.
    var findings: [(provider: ProviderDescriptor, finding: FindingDeclaration)] {
        var seen: Set<String> = []
        var out: [(ProviderDescriptor, FindingDeclaration)] = []
        func add(_ id: String, _ descriptor: ProviderDescriptor) {
            guard seen.insert(descriptor.id + "/" + id).inserted,
                let declaration = descriptor.findings.first(where: { $0.id == id })
            else { return }
            out.append((descriptor, declaration))
        }
        for comparison in comparisons {
            for result in comparison.results {
                for finding in result.policyFindingViews { add(finding.id, result.policy.descriptor) }
                for view in result.views {
                    for finding in view.findings { add(finding.id, result.policy.descriptor) }
                }
            }
        }
        return out
    }

    // MARK: Building

    /// The bundled guide: the three vendors' recommended setups side by side on the shift change `ssopolicy` opens
    /// with, then each beside its misconfigurations, then the stories one configuration is about.
    static let bundledComparisons: [(scenario: String, policies: [String])] = [
        ("day-shift-handover", ["frontline-airwatch", "frontline-entra", "hospital-imprivata"]),
        ("nursing-shift-change", ["frontline-entra", "frontline-airwatch", "hospital-imprivata"]),
        ("nursing-shift-change", ["hospital-imprivata", "weak-logout-imprivata", "microsoft-sdm-imprivata"]),
        ("forgotten-check-in", ["hospital-imprivata", "frontline-airwatch"]),
        ("logout-callback-fails", ["hospital-imprivata", "microsoft-sdm-imprivata"]),
        ("shift-change-handover", ["frontline-airwatch", "warehouse-airwatch", "sso-requirements-missing"]),
        (
            "shift-change-handover",
            ["frontline-entra", "default-mode-entra", "misconfigured-entra", "non-compliant-apps-entra"]
        ),
        ("shift-change", ["frontline-airwatch", "warehouse-airwatch", "frontline-entra"]),
        ("forgotten-sign-out", ["frontline-airwatch", "frontline-entra"]),
        ("lunch-break", ["frontline-airwatch", "frontline-entra"]),
        ("legacy-app", ["frontline-airwatch", "legacy-app-entra"]),
        ("status-query", ["frontline-airwatch", "sso-requirements-missing", "frontline-entra"]),
        ("device-restart", ["frontline-airwatch", "frontline-entra"]),
    ]

    static func bundled(context: CLIContext, resolver: FileResolver, explorer: Bool) throws -> GuideContent {
        var comparisons: [Comparison] = []
        var names: [String] = []
        for (scenarioName, policyNames) in bundledComparisons {
            let scenario = try resolver.scenario(scenarioName)
            let policies = try policyNames.map { name throws(DiagnosticsError) in try resolver.policy(name) }
            comparisons.append(try Comparison.run(scenario, policies: policies))
            for name in policyNames where !names.contains(name) { names.append(name) }
        }
        let shiftChange = try resolver.scenario("shift-change-handover")
        let sequences = try ["frontline-airwatch", "frontline-entra"].map { name in
            try context.engine.run(shiftChange, against: try resolver.policy(name))
        }
        let intro =
            "Each distinct answer of the model with the conditions that decide it (`ssopolicy evaluate`; `ssopolicy\n"
            + "matrix` lists every combination instead). First AirWatch's table for every authentication type, SSO setting\n"
            + "and common authentication (the seed's table in the AirWatch 9.2 SSO Explanation page), for one app of\n"
            + "`warehouse-airwatch` (initial check done, no previous session user, no Hub check-out); then the Entra table\n"
            + "over who is signed in and whose data the app holds:"
        let airwatch = try resolver.policy("warehouse-airwatch")
        let tables = [
            try GuideDecisionTable.build(
                Policy(argument: "warehouse-airwatch", compiled: airwatch),
                facts: [("initial_check_done", "true"), ("session_user", "none"), ("checked_out_user", "none")],
                settings: airwatch.descriptor.settings.filter(\.isMatrixDimension).map { ($0.key, "?") }),
            // Safari's web session changes only `open_browser`, not the app's answer.
            try GuideDecisionTable.build(
                Policy(argument: "frontline-entra", compiled: try resolver.policy("frontline-entra")),
                facts: [("safari_session", "none")]),
        ]
        let policies = try resolver.bundledPolicies()
        let listed = try names.map { name in Policy(argument: name, compiled: try resolver.policy(name)) }
        var content = GuideContent(
            title: "Shared-device SSO: the bundled comparison guide",
            command: "ssopolicy guide --output Policies/GUIDE.md", bundled: true, policies: listed,
            comparisons: comparisons, skippedScenarios: [], descriptors: context.registry.providers.map(\.descriptor),
            sequencesHeading: "Sequence diagrams: the shift change", sequences: sequences,
            matrices: Matrices(intro: intro, tables: tables),
            verification: try VerificationGuideSection.reports(policies, context: context),
            explorer: explorer ? try WhatIfTable.build(listed, users: users(comparisons)) : [])
        content.advice = try GuideAdviceSection.build(
            policies: listed, fleets: [], comparisons: comparisons,
            scenarioArguments: bundledComparisons.map(\.scenario))
        content.notes = policies.compactMap { PolicyNotes.playedDefaults(for: $0) }
        return content
    }

    /// A guide for the author's own policies (paths or bundled names): every named scenario, or else every bundled
    /// scenario the policies can play together, compared on all of them.
    static func fleet(
        policies arguments: [String], scenarios scenarioArguments: [String], command: String, context: CLIContext,
        resolver: FileResolver, explorer: Bool
    ) throws -> GuideContent {
        var loaded: [CompiledPolicy] = []
        var listed: [Policy] = []
        var fleets: [Fleet] = []
        var fleetArguments: [String] = []
        var notes: [String] = []
        var problems: [Diagnostic] = []
        /// What the guide is for, as the user named it: `fleet ramp-ops`, a policy's id.
        var subjects: [String] = []
        for argument in arguments {
            do {
                // A fleet stands for the policies its setups derive on its device groups.
                if context.queries.isFleet(argument) {
                    let fleet = try context.queries.fleet(argument)
                    subjects.append("fleet \(fleet.id)")
                    fleets.append(fleet)
                    fleetArguments.append(argument)
                    notes += fleet.playedDefaultsNotes
                    loaded += fleet.policies
                    listed += fleet.pairs.compactMap { pair in
                        pair.policy.map {
                            Policy(
                                argument: argument, compiled: $0,
                                pair: (fleet.setups[pair.setup].id, fleet.groups[pair.group].group.id))
                        }
                    }
                } else {
                    let policy = try resolver.policy(argument)
                    subjects.append(policy.configuration.id)
                    loaded.append(policy)
                    listed.append(Policy(argument: argument, compiled: policy))
                    if let note = PolicyNotes.playedDefaults(for: policy) { notes.append(note) }
                }
            } catch { problems.append(contentsOf: error.diagnostics) }
        }
        var scenarios: [Scenario] = []
        for argument in scenarioArguments {
            do { scenarios.append(try resolver.scenario(argument)) } catch {
                problems.append(contentsOf: error.diagnostics)
            }
        }
        if !problems.isEmpty { throw DiagnosticsError(problems) }
        var comparisons: [Comparison] = []
        var skipped: [(String, String)] = []
        if scenarioArguments.isEmpty {
            for scenario in try resolver.bundledScenarios() {
                // A bundled scenario about another vendor's procedure would be a table of not_applicable steps.
                if let foreign = UndeclaredStepWord.find(in: scenario, policies: loaded).first(where: \.declaredByNone)
                {
                    let step = foreign.steps.first ?? 0
                    skipped.append(
                        (
                            scenario.id,
                            "step \(step): no compared provider declares "
                                + (foreign.kind == .event
                                    ? "'\(foreign.name)'" : "the step condition '\(foreign.name)'")
                        ))
                    continue
                }
                do { comparisons.append(try Comparison.run(scenario, policies: loaded)) } catch {
                    skipped.append((scenario.id, error.diagnostics.first?.message ?? "cannot be played"))
                }
            }
        } else {
            for scenario in scenarios { comparisons.append(try Comparison.run(scenario, policies: loaded)) }
        }
        let used = Set(loaded.map(\.descriptor.id))
        let descriptors = context.registry.providers.map(\.descriptor).filter { used.contains($0.id) }
        let tables = try listed.map { try GuideDecisionTable.build($0) }
        let names = loaded.map { "`\($0.configuration.id)`" }
        var content = GuideContent(
            title: "Shared-device SSO: onboarding guide for " + subjects.joined(separator: ", "),
            command: command, bundled: false,
            policies: listed, comparisons: comparisons,
            skippedScenarios: skipped, descriptors: descriptors, sequencesHeading: "Sequence diagrams",
            sequences: comparisons.flatMap(\.results),
            matrices: Matrices(
                intro: "Each distinct answer of the model, with the conditions on the facts that decide it, for the "
                    + "first app of " + names.joined(separator: ", ")
                    + " (`ssopolicy evaluate`; `ssopolicy matrix` lists every combination instead, and the what-if"
                    + " explorer of the HTML guide covers every app):",
                tables: tables),
            verification: try VerificationGuideSection.reports(loaded, context: context),
            explorer: explorer ? try WhatIfTable.build(listed, users: users(comparisons)) : [],
            decisions: try decide(fleets, on: comparisons.map(\.scenario)))
        content.advice = try GuideAdviceSection.build(
            policies: listed, fleets: Array(zip(fleetArguments, fleets)), comparisons: comparisons,
            scenarioArguments: scenarioArguments.isEmpty ? comparisons.map(\.scenario.id) : scenarioArguments)
        content.notes = notes
        return content
    }

    /// Each fleet decided on each scenario the guide compares.
    static func decide(_ fleets: [Fleet], on scenarios: [Scenario]) throws(DiagnosticsError) -> [FleetDecision] {
        var decided: [FleetDecision] = []
        for fleet in fleets {
            for scenario in scenarios {
                let comparison = try FleetComparison.run(scenario, fleet: fleet)
                decided.append(FleetDecision.decide(comparison))
            }
        }
        return decided
    }
}
