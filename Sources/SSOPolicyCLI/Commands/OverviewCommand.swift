import ArgumentParser
import SSOPolicy

/// The main job on embedded defaults: the bundled policies of each vendor on the bundled shift-change scenario.
struct OverviewCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "Compare the bundled policies on the bundled shift-change scenario (the default command).",
        discussion: """
            Runs from any directory: the bundled library is compiled into the tool.

            Examples:
              ssopolicy
              ssopolicy overview --format markdown
            """)

    /// The policies compared by default: one realistic configuration per vendor.
    static let defaultPolicies = ["airwatch/warehouse-airwatch.yaml", "entra/frontline-entra.yaml"]
    static let defaultScenario = "scenarios/shift-change.yaml"

    @OptionGroup var output: FormatOptions<TextJSONOrMarkdown>

    func run(in context: CLIContext) throws -> Int32 {
        try output.require(for: "overview")
        let resolver = FileResolver(context: context)
        let policies = try Self.defaultPolicies.map { path throws(DiagnosticsError) in try resolver.policy(path) }
        let scenario = try resolver.scenario(Self.defaultScenario)
        let comparison = try Comparison.run(scenario, policies: policies, traceMode: output.explain ? .explain : .fired)
        switch output.format {
        case .json: context.write(JSONAnswer.compare(comparison, diffOnly: false))
        case .markdown: context.write(GuideMarkdown.compare(comparison, diffOnly: false))
        default:
            context.write(CompareRender.text(comparison, diffOnly: false, explain: output.explain))
            context.write(
                "\nOn your own files: ssopolicy compare --scenario my-scenario.yaml my-policy.yaml other-policy.yaml\n")
        }
        return 0
    }
}
