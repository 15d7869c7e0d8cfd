import ArgumentParser
import SSOPolicy

struct RunCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a scenario against one policy: a row per step.",
        discussion: """
            Each row says which prompts the user sees, what session results and whose session it is; findings \
            follow their step. Files may be paths or names from the bundled library.

            Examples:
              ssopolicy run --scenario shift-change warehouse-airwatch
              ssopolicy run --scenario Policies/scenarios/shift-change.yaml my-policy.yaml --format json
              ssopolicy run --scenario forgotten-sign-out frontline-entra --explain
            """)

    @Option(name: .long, help: "The scenario file (or bundled scenario name).")
    var scenario: String

    @Argument(help: "The policy file (or bundled policy name).")
    var policy: String

    @OptionGroup var output: FormatOptions<AnyFormat>

    func run(in context: CLIContext) throws -> Int32 {
        try output.require(for: "run")
        let result = try context.queries.run(scenario: scenario, policy: policy, explain: output.explain)
        switch output.format {
        case .json: context.write(JSONAnswer.run(result))
        case .text: context.write(RunText.render(result, explain: output.explain))
        case .markdown: context.write(GuideMarkdown.run(result, explain: output.explain))
        case .mermaid: context.write(MermaidDiagram.sequence(result))
        }
        return 0
    }
}
