import ArgumentParser
import SSOPolicy

struct CheckCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate policies, scenarios and test suites (folders recursively).",
        discussion: """
            Prints every problem as file:line:col: error: message, and configuration risks of policies as warnings. \
            Exits 1 if any file has an error.

            Examples:
              ssopolicy check Policies
              ssopolicy check my-policy.yaml my-scenario.yaml
            """)

    @Argument(help: "Files or folders to check.")
    var paths: [String]

    @Flag(name: .long, help: "Only print errors, not configuration warnings.")
    var quiet = false

    func run(in context: CLIContext) throws -> Int32 {
        let report = context.engine.check(paths: paths)
        for diagnostic in report.diagnostics where !(quiet && diagnostic.severity != .error) {
            context.writeError(diagnostic.description + "\n")
        }
        var summary = "checked \(report.filesChecked) file\(report.filesChecked == 1 ? "" : "s")"
        summary += " (\(report.policies) policies, \(report.scenarios) scenarios, \(report.suites) suites): "
        summary += "\(report.errorCount) error\(report.errorCount == 1 ? "" : "s"), "
        summary += "\(report.warningCount) warning\(report.warningCount == 1 ? "" : "s")\n"
        context.write(summary)
        return report.errorCount == 0 ? 0 : 1
    }
}
