import ArgumentParser
import SSOPolicy

struct CompareCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "The same scenario against two or more policies, or every setup of a fleet, side by side.",
        discussion: """
            Totals give prompts per user, findings by severity and a verdict per policy: its worst finding first, \
            each worker who could not work at all, how soon each next user works safely in their own session, then \
            prompts and denied attempts per worker. Steps naming an app a policy lacks, or an event its provider does \
            not declare, are not_applicable for it (the latter with a note, as in 'run'). --diff keeps only the \
            steps where the policies decide differently.

            Given one fleet file (docs/fleets.md), every setup plays on every device group its provider models, \
            with a table of setups by groups first (a group a setup does not model is shown as such). Sign-in \
            effort counts each prompt in seconds (--effort kind=seconds overrides a default).

            Examples:
              ssopolicy compare --scenario shift-change warehouse-airwatch frontline-entra
              ssopolicy compare --scenario forgotten-sign-out warehouse-airwatch frontline-entra --diff
              ssopolicy compare --scenario shift-change warehouse-airwatch frontline-entra --format markdown
              ssopolicy compare --scenario shift-change mine-a.yaml mine-b.yaml --fail-on critical   # a CI gate
              ssopolicy compare --scenario day-shift-handover ward-fleet
            """)

    @Option(name: .long, help: "The scenario file (or bundled scenario name).")
    var scenario: String

    @Argument(help: "Two or more policy files (or bundled policy names), or one fleet file.")
    var policies: [String]

    @Flag(name: .long, help: "Show only the steps where the policies differ.")
    var diff = false

    @OptionGroup var output: FormatOptions<TextJSONOrMarkdown>

    @OptionGroup var gate: FailOnOption

    @OptionGroup var effort: EffortOption

    func validate() throws {
        if policies.isEmpty { throw ValidationError("compare needs at least two policies, or one fleet") }
    }

    func run(in context: CLIContext) throws -> Int32 {
        try output.require(for: "compare")
        if policies.count == 1 {
            guard context.queries.isFleet(policies[0]) else {
                throw ValidationError("compare needs at least two policies, or one fleet")
            }
            let fleet = try context.queries.compareFleet(
                scenario: scenario, fleet: policies[0], effort: effort.overrides, explain: output.explaining)
            for note in fleet.fleet.playedDefaultsNotes { context.writeError(note + "\n") }
            switch output.format {
            case .json: context.write(JSONAnswer.document(fleet.json(diffOnly: diff)))
            case .markdown: context.write(fleet.markdown(diffOnly: diff))
            default: context.write(fleet.text(diffOnly: diff, explain: output.explaining))
            }
            return gate.exitCode(for: fleet.comparison.results, context: context)
        }
        var comparison = try context.queries.compare(scenario: scenario, policies: policies, explain: output.explaining)
        for index in comparison.results.indices { comparison.results[index].effort = effort.table(context.registry) }
        for result in comparison.results {
            if let note = PolicyNotes.playedDefaults(for: result.policy) { context.writeError(note + "\n") }
        }
        switch output.format {
        case .json: context.write(JSONAnswer.compare(comparison, diffOnly: diff))
        case .markdown: context.write(GuideMarkdown.compare(comparison, diffOnly: diff))
        default: context.write(CompareRender.text(comparison, diffOnly: diff, explain: output.explaining))
        }
        return gate.exitCode(for: comparison.results, context: context)
    }
}
