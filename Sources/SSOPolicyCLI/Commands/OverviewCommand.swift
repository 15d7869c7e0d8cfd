import ArgumentParser
import SSOPolicy

/// The main job on embedded defaults: each vendor's recommended shared-device setup on a shift change that uses the
/// vendor's own handover, then what each bundled misconfiguration does to the same shift change.
struct OverviewCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "Compare the vendors' recommended setups on a shift change (the default command).",
        discussion: """
            Each vendor is judged with its own recommended setup and its own documented handover (the scenario's \
            'handover' step): what each vendor needs for a safe shift change, with its source; what each worker \
            sees, step by step; a verdict per setup; then the same shift change under each bundled \
            misconfiguration. Runs from any directory: the bundled library is compiled into the tool.

            Examples:
              ssopolicy
              ssopolicy overview --format markdown
            """)

    static let formats: [OutputFormat] = [.text, .json, .markdown]

    /// Recommended against recommended: one setup per vendor, as each vendor's documents recommend it.
    static let defaultPolicies = ["airwatch/frontline-airwatch.yaml", "entra/frontline-entra.yaml"]
    static let defaultScenario = "scenarios/shift-change-handover.yaml"
    /// What breaks a shift change, vendor by vendor: the bundled policies titled "Misconfigured" whose mistake this
    /// scenario shows (`legacy-app-entra`'s legacy app is not in it: its own scenario is `legacy-app`).
    static let misconfigurations = [
        "airwatch/warehouse-airwatch.yaml", "airwatch/sso-requirements-missing.yaml", "entra/default-mode-entra.yaml",
        "entra/misconfigured-entra.yaml", "entra/non-compliant-apps-entra.yaml",
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
            context.write(Self.needs(policies))
            context.write(CompareRender.text(comparison, diffOnly: false, explain: output.explaining))
            var broken: [RunResult] = []
            for path in Self.misconfigurations {
                let policy = try resolver.policy(path)
                broken.append(try context.engine.run(scenario, against: policy, traceMode: .off))
            }
            context.write(Self.misconfigured(broken))
            context.write(
                "\nOn your own files: ssopolicy compare --scenario my-scenario.yaml my-policy.yaml other-policy.yaml\n"
                    + "Every bundled policy and scenario: ssopolicy list; the documents cited: ssopolicy sources\n")
        }
        return 0
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

    /// One verdict per misconfiguration on the same scenario: what breaks the shift change.
    static func misconfigured(_ results: [RunResult]) -> String {
        var out = "\nWhat breaks it: the same shift change under each bundled misconfiguration\n"
        for result in results {
            let totals = Comparison.totals(result)
            let severities = [Severity.critical, .high, .medium].map { "\(totals.findings[$0, default: 0]) \($0.name)" }
            out += "  \(result.policy.configuration.id) (\(result.policy.descriptor.id))\n"
            if let title = result.policy.configuration.title {
                out += wrap(title, indent: "    ", hanging: "    ") + "\n"
            }
            out +=
                wrap(
                    Comparison.verdict(totals) + "; findings: " + severities.joined(separator: ", "), indent: "    ",
                    hanging: "      ") + "\n"
        }
        return out
    }
}
