import ArgumentParser
import Foundation
import SSOPolicy

struct RunCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a scenario against one policy: a row per step.",
        discussion: """
            Each row says which prompts the user sees, what session results and whose session it is; findings \
            follow their step, and a verdict line ends the run (worst finding first, workers who could not work, \
            prompts and denied attempts per worker). A step whose event the policy's provider does not declare is \
            not_applicable, with a note on standard error ('compare' notes it in the same words). Files may be \
            paths or names from the bundled library.

            Examples:
              ssopolicy run --scenario shift-change warehouse-airwatch
              ssopolicy run --scenario Policies/scenarios/shift-change.yaml my-policy.yaml --format json
              ssopolicy run --scenario forgotten-sign-out frontline-entra --explain
              ssopolicy run --scenario shift-change my-policy.yaml --fail-on high   # a CI gate
              ssopolicy run --scenario my-scenario.yaml my-policy.yaml --emit-suite suites/my-policy.yaml
              ssopolicy run --scenario day-shift-handover ward-fleet                      # every setup × group
              ssopolicy run --scenario day-shift-handover ward-fleet --setup entra --group ward-iphones

            Given a fleet file (docs/fleets.md), run plays every setup on every device group, as 'compare' does, \
            or with --setup and --group the one policy that pair derives ('ssopolicy show FLEET --setup S --group \
            G' prints it).
            """)

    @Option(name: .long, help: "The scenario file (or bundled scenario name).")
    var scenario: String

    @Argument(help: "The policy file (or bundled policy name), or a fleet file.")
    var policy: String

    @OptionGroup var pair: FleetPairOption

    @OptionGroup var effort: EffortOption

    @OptionGroup var output: FormatOptions<AnyFormat>

    @OptionGroup var gate: FailOnOption

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write a test suite to this file that pins today's answers step by step (see 'ssopolicy test').",
            valueName: "file"))
    var emitSuite: String?

    func run(in context: CLIContext) throws -> Int32 {
        try output.require(for: "run")
        if emitSuite != nil { try requireFilesOnDisk(in: context) }
        var result: RunResult
        if context.queries.isFleet(policy) {
            if emitSuite != nil {
                throw ValidationError(
                    "--emit-suite names a policy file: write the pair's policy first (ssopolicy show FLEET --setup S "
                        + "--group G > pair.yaml) and run that")
            }
            let fleet = try context.queries.fleet(policy, effort: effort.overrides)
            guard let derived = try pair.policy(in: fleet) else {
                let comparison = try context.queries.compareFleet(
                    scenario: scenario, fleet: policy, effort: effort.overrides, explain: output.explaining)
                for note in comparison.fleet.playedDefaultsNotes { context.writeError(note + "\n") }
                switch output.format {
                case .json: context.write(JSONAnswer.document(comparison.json(diffOnly: false)))
                case .markdown: context.write(comparison.markdown(diffOnly: false))
                case .text, .mermaid, .html: context.write(comparison.text(diffOnly: false, explain: output.explaining))
                }
                return gate.exitCode(for: comparison.comparison.results, context: context)
            }
            result = try context.engine.run(
                try FileResolver(context: context).scenario(scenario), against: derived,
                traceMode: output.explaining ? .explain : .fired, explain: output.explainDetail)
            result.effort = fleet.effort
        } else {
            try pair.requireNone()
            result = try context.queries.run(
                scenario: scenario, policy: policy, explain: output.explaining, detail: output.explainDetail)
            result.effort = effort.table(context.registry)
        }
        if let note = PolicyNotes.playedDefaults(for: result.policy) { context.writeError(note + "\n") }
        for word in UndeclaredStepWord.find(in: result.scenario, policies: [result.policy]) {
            context.writeError("note: " + word.note + "\n")
        }
        if let emitSuite { Self.makeFolder(of: emitSuite) }
        switch output.format {
        case .json: context.write(JSONAnswer.run(result))
        case .text: context.write(RunText.render(result, explain: output.explaining))
        case .markdown: context.write(GuideMarkdown.run(result, explain: output.explaining))
        case .mermaid, .html: context.write(MermaidDiagram.sequence(result))
        }
        if let emitSuite {
            let suite = SuiteEmitter.suite(
                result, policyPath: SuiteReferencePath.from(suite: emitSuite, to: result.policy.configuration.file),
                scenarioPath: SuiteReferencePath.from(suite: emitSuite, to: result.scenario.file))
            do { try OutputFile(emitSuite).write(suite) } catch {
                context.writeError(error.description + "\n")
                return 1
            }
            context.writeError("wrote \(emitSuite)\n")
        }
        return gate.exitCode(for: [result], context: context)
    }

    /// The suite's folder, made when missing (as `verify --counterexample-dir` makes its folder); a folder that
    /// cannot be made is reported when the suite is written.
    private static func makeFolder(of file: String) {
        let folder = OutputFile.folder(of: file)
        guard !folder.isEmpty, folder != "." else { return }
        try? OutputFile.makeFolder(folder)
    }

    /// A suite names its policy and scenario by path, so both must be files on disk: a bundled name would be
    /// written as a path that does not exist, and the suite could never run.
    private func requireFilesOnDisk(in context: CLIContext) throws(DiagnosticsError) {
        let resolver = FileResolver(context: context)
        var problems: [Diagnostic] = []
        for (kind, argument) in [("scenario", scenario), ("policy", policy)]
        where !FileManager.default.fileExists(atPath: argument) && resolver.bundled(argument) != nil {
            let file = resolver.bundledName(argument) + ".yaml"
            problems.append(
                .error(
                    at: SourcePosition(file: EvaluateRequest.commandLine, line: 0, column: 0),
                    "--emit-suite: the \(kind) '\(argument)' is a bundled file, and a suite names its files by path; "
                        + "copy it first (ssopolicy show \(argument) > \(file)) and name the copy"))
        }
        if !problems.isEmpty { throw DiagnosticsError(problems) }
    }
}
