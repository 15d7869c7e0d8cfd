import ArgumentParser
import SSOPolicy

struct ProvidersCommand: ParsableCommand, ContextualCommand {
    static let formats: [OutputFormat] = [.text, .json, .markdown]
    static let configuration = CommandConfiguration(
        commandName: "providers",
        abstract: "List the registered providers: settings, app keys, facts, events, options, findings and rules.",
        discussion: """
            Everything a provider declares, each with its meaning and source. This is the reference for writing \
            policies and scenarios.

            Examples:
              ssopolicy providers
              ssopolicy providers airwatch-sdk
              ssopolicy providers --format json
            """)

    @Argument(help: "Only this provider.")
    var provider: String?

    @Option(name: .long, help: ArgumentHelp("Output format: \(OutputFormat.list(Self.formats)).", valueName: "format"))
    var format: OutputFormat = .text

    func run(in context: CLIContext) throws -> Int32 {
        guard Self.formats.contains(format) else {
            throw ValidationError("'providers' supports --format text, json, markdown")
        }
        var providers = context.registry.providers
        if let provider {
            guard let found = context.registry.provider(id: provider) else {
                context.writeError(
                    "error: unknown provider '\(provider)'" + Suggestion.didYouMean(provider, in: context.registry.ids)
                        + "; registered: " + context.registry.ids.joined(separator: ", ") + "\n")
                return 1
            }
            providers = [found]
        }
        let descriptors = providers.map(\.descriptor)
        switch format {
        case .json: context.write(JSONAnswer.providers(descriptors))
        case .markdown:
            context.write(ProviderDocumentation.markdown(descriptors) + "## Vocabulary\n\n" + Glossary.markdown())
        default: context.write(ProviderDocumentation.text(descriptors) + Glossary.text())
        }
        return 0
    }
}
