import ArgumentParser
import SSOPolicy

/// `ssopolicy decide FLEET --scenario S`: the decision on one screen (spec 4, docs/fleets.md).
struct DecideCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "decide",
        abstract: "Which setup for your fleet: worst finding, safety, effort, needs and apps that must change.",
        discussion: """
            Plays the scenario with every setup of the fleet on every device group its provider models. Per setup: \
            its worst finding, each group's verdict (from when each next worker is safe, sign-in effort in seconds \
            per worker, time to the first productive access after each handover, denied attempts), what it needs \
            (derived from the setup and the app profiles: docks, a broker, an SDK build, an integration) and which \
            apps no configuration can make safe. Setups are ranked by worst finding, then the groups where it \
            occurs or that they do not model, then how often it occurs on one group, then effort. Prompts cost the \
            seconds of docs/fleets.md; the fleet's effort: and --effort override them.

            Examples:
              ssopolicy decide ward-fleet --scenario day-shift-handover
              ssopolicy decide my-fleet.yaml --scenario my-shift.yaml --format markdown > decision.md
              ssopolicy decide my-fleet.yaml --scenario my-shift.yaml --effort badge=3 --format json
            """)

    @Argument(help: "The fleet file (or bundled fleet name).")
    var fleet: String

    @Option(name: .long, help: "The scenario file (or bundled scenario name).")
    var scenario: String

    @OptionGroup var effort: EffortOption

    @Option(name: .long, help: ArgumentHelp("Output format: text, json or markdown.", valueName: "format"))
    var format: OutputFormat = .text

    func run(in context: CLIContext) throws -> Int32 {
        try OutputFormat.require(format, in: TextJSONOrMarkdown.formats, for: "decide")
        let comparison = try context.queries.compareFleet(scenario: scenario, fleet: fleet, effort: effort.overrides)
        let decision = FleetDecision.decide(comparison)
        for note in comparison.fleet.playedDefaultsNotes { context.writeError(note + "\n") }
        switch format {
        case .json: context.write(JSONAnswer.document(decision.json()))
        case .markdown: context.write(decision.markdown())
        default: context.write(decision.text())
        }
        return 0
    }
}
