import ArgumentParser
import SSOPolicy

struct MatrixCommand: ParsableCommand, ContextualCommand {
    static let formats: [OutputFormat] = [.text, .json, .markdown]
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "The full decision table of the policy's provider over its facts, for onboarding guides.",
        discussion: """
            One row per combination of facts for an access attempt (open) by 'alice' (or --user). With --all, also every value \
            of the settings that shape the table (for airwatch-sdk: authentication type and SSO, which regenerates \
            the vendor document's table from the model).

            The table is the full product of the facts' values, so it is bounded: past --max-rows rows (default \
            \(DecisionMatrix.defaultMaxRows)) nothing is written, the count is printed on standard error and the exit \
            status is 3. 'ssopolicy evaluate' answers the same question in its minimal form: each distinct answer with \
            its deciding conditions.

            Examples:
              ssopolicy matrix warehouse-airwatch
              ssopolicy matrix warehouse-airwatch --all --format markdown
              ssopolicy matrix frontline-entra --app timesheet --format json
            """)

    @Argument(help: "The policy file (or bundled policy name), or a fleet file with --setup and --group.")
    var policy: String

    @OptionGroup var pair: FleetPairOption

    @Option(name: .long, help: "The app (default: the policy's first app).")
    var app: String?

    @Option(name: .long, help: "The acting user (default: alice); account facts take none, this user and another-user.")
    var user: String = "alice"

    @Flag(name: .long, help: "Also enumerate the settings that shape the decision table.")
    var all = false

    @Option(name: .long, help: "Write nothing and exit 3 when the table has more rows than this.")
    var maxRows: Int = DecisionMatrix.defaultMaxRows

    @Option(name: .long, help: ArgumentHelp("Output format: \(OutputFormat.list(Self.formats)).", valueName: "format"))
    var format: OutputFormat = .text

    func run(in context: CLIContext) throws -> Int32 {
        guard Self.formats.contains(format) else {
            throw ValidationError("'matrix' supports --format text, json, markdown")
        }
        guard maxRows >= 0 else { throw ValidationError("--max-rows must be 0 or more") }
        let matrix: DecisionMatrix
        do {
            matrix = try context.queries.matrix(
                compiled: try pair.resolvePolicy(policy, in: context), app: app, all: all, user: user,
                maxRows: maxRows)
        } catch let error as EvaluateError {
            for diagnostic in error.diagnostics { context.writeError(diagnostic.description + "\n") }
            return 1
        } catch let error as DecisionMatrix.TooManyRows {
            context.writeError(
                "error: \(error.description); nothing was written. "
                    + "`"
                    + ShellCommand.line(
                        ["ssopolicy", "evaluate"] + pair.words(policy) + ["--app", error.app, "--user", user])
                    + "` gives its distinct answers with their deciding conditions; or give facts a value, or raise "
                    + "the limit with --max-rows \(error.rows)\n")
            return 3
        }
        switch format {
        case .json: context.write(JSONAnswer.matrix(matrix))
        case .markdown: context.write(matrix.markdown)
        default: context.write(matrix.text)
        }
        return 0
    }
}
