import ArgumentParser
import SSOPolicy

struct GlossaryCommand: ParsableCommand, ContextualCommand {
    static let formats: [OutputFormat] = [.text, .json, .markdown]
    static let configuration = CommandConfiguration(
        commandName: "glossary",
        abstract: "The vocabulary in plain words: prompts, sessions, severities and notation.",
        discussion: """
            The same words every output uses, generated from the declarations. The README's glossary is this \
            command's Markdown (a test keeps it current).

            Examples:
              ssopolicy glossary
              ssopolicy glossary --format markdown
            """)

    @Option(name: .long, help: ArgumentHelp("Output format: \(OutputFormat.list(formats)).", valueName: "format"))
    var format: OutputFormat = .text

    func run(in context: CLIContext) throws -> Int32 {
        try OutputFormat.require(format, in: Self.formats, for: "glossary")
        switch format {
        case .json: context.write(JSONAnswer.document(Glossary.json()))
        case .markdown: context.write(Glossary.markdown())
        default: context.write(Glossary.text())
        }
        return 0
    }
}
