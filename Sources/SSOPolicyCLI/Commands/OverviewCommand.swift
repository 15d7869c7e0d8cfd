import ArgumentParser
import SSOPolicy

/// The main job on embedded defaults: the four vendors' recommended shared-device setups on one shift change, with
/// one app set, each handing over with the vendor's own procedure; then what each bundled misconfiguration does to
/// the same shift change. Every verdict comes first, within one screen; the details follow.
struct OverviewCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "Compare the vendors' recommended setups on a shift change (the default command).",
        discussion: """
            First the decision on a bundled fleet (ward-fleet on ward-handover, as 'ssopolicy decide' gives it: \
            the setups best first, one line each) and how to run it on your own fleet. Then AirWatch, Entra, \
            Imprivata and Apple Shared iPad, each with its recommended setup and its own documented handover (the \
            scenario's 'handover' step), on one shift change that every provider can play. First the verdicts: \
            one per setup, then one per bundled misconfiguration of the same shift change, each leading with its \
            worst finding, with its smallest fix under it (as 'ssopolicy advise POLICY --scenario \
            day-shift-handover --max-changes 2' finds it). Then the details: what each vendor needs for a safe shift change, with its source, and \
            what each worker sees, step by step. Runs from any directory: the bundled library is compiled into the \
            tool.

            Examples:
              ssopolicy
              ssopolicy overview --format markdown
            """)

    static let formats: [OutputFormat] = [.text, .json, .markdown]

    /// Recommended against recommended: one setup per vendor, as each vendor's documents recommend it.
    static let defaultPolicies = [
        "airwatch/frontline-airwatch.yaml", "entra/frontline-entra.yaml", "imprivata/hospital-imprivata.yaml",
        "apple/nursing-cart-apple.yaml",
    ]
    /// One shift change every provider can play: its events (`open`, `handover`) are declared by all four, and the
    /// phone starts out checked out to the first worker where a vendor has a check-out (its `given` facts).
    static let defaultScenario = "scenarios/day-shift-handover.yaml"
    /// What breaks a shift change, vendor by vendor: the bundled policies titled "Misconfigured" whose mistake this
    /// scenario shows (`legacy-app-entra`'s legacy app is not in it: its own scenario is `legacy-app`).
    static let misconfigurations = [
        "airwatch/warehouse-airwatch.yaml", "airwatch/sso-requirements-missing.yaml", "entra/default-mode-entra.yaml",
        "entra/misconfigured-entra.yaml", "entra/non-compliant-apps-entra.yaml", "imprivata/weak-logout-imprivata.yaml",
        "apple/device-ca-apple.yaml",
    ]

    @OptionGroup var output: FormatOptions<TextJSONOrMarkdown>

    func run(in context: CLIContext) throws -> Int32 {
        try output.require(for: "overview")
        let resolver = FileResolver(context: context)
        let policies = try Self.defaultPolicies.map { path throws(DiagnosticsError) in try resolver.policy(path) }
        let scenario = try resolver.scenario(Self.defaultScenario)
        let comparison = try Comparison.run(
            scenario, policies: policies, traceMode: output.explaining ? .explain : .fired)
        switch output.format {
        case .json: context.write(JSONAnswer.compare(comparison, diffOnly: false))
        case .markdown: context.write(GuideMarkdown.compare(comparison, diffOnly: false))
        default:
            var broken: [RunResult] = []
            var fixes: [String] = []
            for path in Self.misconfigurations {
                let policy = try resolver.policy(path)
                let result = try context.engine.run(scenario, against: policy, traceMode: .off)
                broken.append(result)
                fixes.append(try Self.smallestFix(result))
            }
            context.write(try Self.fleetDecision(in: context))
            context.write(Self.verdicts(comparison, broken, fixes: fixes))
            context.write("\nThe details\n\n")
            context.write(Self.needs(policies))
            context.write(CompareRender.text(comparison, diffOnly: false, explain: output.explaining))
            context.write(Self.misconfigured(broken))
            context.write(
                "\nOn your own files: ssopolicy compare --scenario my-scenario.yaml my-policy.yaml other-policy.yaml\n"
                    + "Every bundled policy and scenario: ssopolicy list; the documents cited: ssopolicy sources\n")
        }
        return 0
    }

    /// The first screen: the verdict of each recommended setup (with its configuration findings above info), then
    /// the verdict of each misconfiguration with its smallest fix under it (`fixes[i]` for `broken[i]`).
    static func verdicts(_ comparison: Comparison, _ broken: [RunResult], fixes: [String]) -> String {
        let scenario = comparison.scenario
        let apps = appsUsed(comparison)
        var out =
            wrap(
                "Each vendor's recommended setup on one shift change: " + (scenario.title ?? scenario.id)
                    + " (scenario "
                    + scenario.id + (apps.isEmpty ? "" : "; apps " + apps.joined(separator: ", ")) + ")",
                indent: "", hanging: "  ") + "\n"
        for note in comparison.notes { out += wrap("note: " + note, indent: "", hanging: "  ") + "\n" }
        out += "\n"
        let width = comparison.results.map(\.policy.configuration.id.count).max() ?? 0
        for result in comparison.results {
            let id = result.policy.configuration.id
            let head = "  " + id + String(repeating: " ", count: max(0, width - id.count)) + "  "
            out +=
                wrap(result.policy.descriptor.name, indent: head, hanging: String(repeating: " ", count: head.count))
                + "\n"
            out += wrap(Comparison.verdict(Comparison.totals(result)), indent: "    ", hanging: "      ") + "\n"
            for finding in result.policyFindingViews where finding.severity < .info {
                out +=
                    wrap(
                        "config \(finding.severity.name) \(finding.id): \(finding.message)", indent: "    ! ",
                        hanging: "      ") + "\n"
            }
        }
        out += "\nWhat breaks it, and the smallest fix: each bundled misconfiguration on it\n"
        for (index, result) in broken.enumerated() {
            out +=
                wrap(
                    "\(result.policy.configuration.id) (\(result.policy.descriptor.id)): "
                        + Comparison.verdict(Comparison.totals(result)), indent: "  ", hanging: "    ") + "\n"
            if index < fixes.count { out += wrap("→ " + fixes[index], indent: "    ", hanging: "      ") + "\n" }
        }
        return out
    }

    /// The apps the scenario's steps name, in order of first use.
    static func appsUsed(_ comparison: Comparison) -> [String] {
        var apps: [String] = []
        let known = Set(comparison.results.flatMap { $0.policy.configuration.apps.map(\.id) })
        for step in comparison.scenario.steps where known.contains(step.target) && !apps.contains(step.target) {
            apps.append(step.target)
        }
        return apps
    }

    /// What each vendor needs for a safe shift change: its recommended setup and its documented handover.
    static func needs(_ policies: [CompiledPolicy]) -> String {
        var out =
            wrap(
                "What each vendor needs for a safe shift change (its recommended setup and its own handover):",
                indent: "", hanging: "") + "\n"
        for policy in policies {
            let descriptor = policy.descriptor
            out += "  \(descriptor.name) — policy \(policy.configuration.id)\n"
            if let title = policy.configuration.title { out += wrap(title, indent: "    ", hanging: "    ") + "\n" }
            if let handover = descriptor.handover {
                out += wrap("handover: \(handover.summary)", indent: "    ", hanging: "      ") + "\n"
                out +=
                    wrap(
                        "source: " + descriptor.renderCitations(handover.sources), indent: "      ", hanging: "        "
                    )
                    + "\n"
            }
        }
        return out + "\n"
    }

    /// What each misconfiguration is, in its own title, with its configuration findings above info.
    static func misconfigured(_ results: [RunResult]) -> String {
        var out = "\nThe misconfigurations (their verdicts are at the top)\n"
        for result in results {
            out += "  \(result.policy.configuration.id) (\(result.policy.descriptor.id))\n"
            if let title = result.policy.configuration.title {
                out += wrap(title, indent: "    ", hanging: "    ") + "\n"
            }
            for finding in result.policyFindingViews where finding.severity < .info {
                out +=
                    wrap(
                        "config \(finding.severity.name) \(finding.id): \(finding.message)", indent: "    ! ",
                        hanging: "      ") + "\n"
            }
        }
        return out
    }
}
