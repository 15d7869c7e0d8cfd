import ArgumentParser
import SSOPolicy

struct TestCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run test suites: expected prompts, sessions and findings per step, with a diff on failure.",
        discussion: """
            Finds suite files (a top-level 'suite:' key) below the paths, plays each suite's scenario against its \
            policy and checks every expectation. A failure prints the expectation's file:line:col, expected versus \
            actual for each field, and the trace of the step. Exits 1 if any expectation fails or a suite cannot run.

            --coverage reports, per provider and per policy, which rules fired at a step an expectation checks, \
            which fired only at unchecked steps, and for each rule no suite checked, why: an example that reaches \
            it, the setting that excludes it, or the condition that failed in a bounded search of the model.

            A suite's policy: and scenario: must lie inside the folder being tested (for a suite named as a file: \
            its own folder or the current folder), after resolving symbolic links; --allow-outside-references lifts \
            this.

            Examples:
              ssopolicy test Policies
              ssopolicy test Policies --filter warehouse-airwatch-shift-change
              ssopolicy test Policies --filter warehouse-airwatch-shift-change:4 --explain
              ssopolicy test Policies --coverage --format json
            """)

    @Argument(help: "Files or folders to search for suites (folders recursively).")
    var paths: [String]

    @Option(name: .long, help: "Run one suite, or one expectation: SUITE or SUITE:STEP.")
    var filter: String?

    @Flag(name: .long, help: "Report which provider rules the suites exercised and which they never reached.")
    var coverage = false

    @Flag(name: .long, help: "List passing expectations too.")
    var verbose = false

    @Flag(name: .long, help: "Let suites name policies and scenarios outside the folders being tested.")
    var allowOutsideReferences = false

    @OptionGroup var output: FormatOptions<TextOrJSON>

    func validate() throws {
        if let filter, SuiteRunner.Filter(parsing: filter) == nil {
            throw ValidationError("--filter '\(filter)': expected SUITE or SUITE:STEP (a step number from 1)")
        }
    }

    func run(in context: CLIContext) throws -> Int32 {
        try output.require(for: "test")
        let runner = SuiteRunner(
            engine: context.engine, traceMode: output.explaining ? .explain : .fired,
            references: SuiteReferenceScope(allowsOutside: allowOutsideReferences))
        let report = runner.run(paths: paths, filter: filter.flatMap(SuiteRunner.Filter.init(parsing:)))
        let coverage = coverage ? RuleCoverage.make(report, registry: context.registry) : nil
        switch output.format {
        case .json:
            context.write(TestReportJSON.render(report, coverage: coverage).serialized() + "\n")
        default:
            context.write(TestReportText.render(report, verbose: verbose))
            if let coverage { context.write(CoverageText.render(coverage)) }
        }
        return report.passed ? 0 : 1
    }
}
