import ArgumentParser
import SSOPolicy

struct CheckCommand: ParsableCommand, ContextualCommand {
    static let formats: [OutputFormat] = [.text, .json]
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate policies, scenarios and test suites (folders recursively).",
        discussion: """
            Prints every problem as file:line:col: error: message, and configuration risks of policies as warnings. \
            Exits 1 if any file has an error. With --format json, prints one JSON report instead: every diagnostic \
            with file, line, column, severity and message, and the counts.

            Examples:
              ssopolicy check Policies
              ssopolicy check my-policy.yaml my-scenario.yaml
              ssopolicy check Policies --format json
            """)

    @Argument(help: "Files or folders to check.")
    var paths: [String]

    @Flag(name: .long, help: "Only print errors, not configuration warnings.")
    var quiet = false

    @Flag(name: .long, help: "Let suites name policies and scenarios outside the folders being checked.")
    var allowOutsideReferences = false

    @Option(name: .long, help: ArgumentHelp("Output format: \(OutputFormat.list(Self.formats)).", valueName: "format"))
    var format: OutputFormat = .text

    func run(in context: CLIContext) throws -> Int32 {
        guard Self.formats.contains(format) else {
            throw ValidationError("'check' supports --format text, json")
        }
        let report = context.engine.check(
            paths: paths, references: SuiteReferenceScope(allowsOutside: allowOutsideReferences))
        if format == .json {
            context.write(JSONAnswer.check(report, quiet: quiet))
            return report.errorCount == 0 ? 0 : 1
        }
        for diagnostic in report.diagnostics where !(quiet && diagnostic.severity != .error) {
            context.writeError(diagnostic.description + "\n")
        }
        context.write(CheckRender.summary(report))
        return report.errorCount == 0 ? 0 : 1
    }
}
