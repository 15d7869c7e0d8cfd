import ArgumentParser
import SSOPolicy

struct SourcesCommand: ParsableCommand, ContextualCommand {
    static let formats: [OutputFormat] = [.text, .json, .markdown]
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List the public documents the rules, findings, settings and options cite.",
        discussion: """
            Every citation is a catalogue id and a place in the document ('airwatch-9.2-sso-ios (Identify)', a file \
            path of an SDK repository); traces, 'providers', the schema and the guide print it as the document's \
            title, date and URL. Each entry gives the title, publisher, public URL, language and the date its \
            content is documented as of.

            Examples:
              ssopolicy sources
              ssopolicy sources msal-objc
              ssopolicy sources --format markdown
            """)

    @Argument(help: "Only this catalogue entry.")
    var id: String?

    @Option(name: .long, help: ArgumentHelp("Output format: \(OutputFormat.list(formats)).", valueName: "format"))
    var format: OutputFormat = .text

    func run(in context: CLIContext) throws -> Int32 {
        try OutputFormat.require(format, in: Self.formats, for: "sources")
        var entries = SourceCatalogue.entries(context.registry.providers.map(\.descriptor))
        if let id {
            guard let entry = entries.first(where: { $0.document.id == id }) else {
                let ids = entries.map(\.document.id)
                context.writeError(
                    "error: unknown source '\(id)'" + Suggestion.didYouMean(id, in: ids) + "; run 'ssopolicy sources' "
                        + "for the catalogue\n")
                return 1
            }
            entries = [entry]
        }
        switch format {
        case .json: context.write(JSONAnswer.document(SourceCatalogue.jsonValue(entries)))
        case .markdown: context.write(SourceCatalogue.markdown(entries))
        default: context.write(SourceCatalogue.text(entries))
        }
        return 0
    }
}
