import ArgumentParser
import SSOPolicy

/// `ssopolicy show NAME`: prints a bundled file verbatim, the quickest start for one's own policy or scenario.
struct ShowCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a bundled policy, scenario or suite, to start your own from.",
        discussion: """
            NAME is a name from 'ssopolicy list' (or its path under Policies/). The file is printed exactly as \
            bundled, so it can be redirected into a new file and edited.

            Examples:
              ssopolicy show frontline-entra
              ssopolicy show shift-change > my-scenario.yaml
              ssopolicy show scenarios/lunch-break.yaml
            """)

    @Argument(help: "The bundled file's name (see 'ssopolicy list').")
    var name: String

    func run(in context: CLIContext) throws -> Int32 {
        let resolver = FileResolver(context: context)
        guard let file = resolver.bundled(name), file.path.hasSuffix(".yaml") else {
            let names = context.bundled.filter { $0.path.hasSuffix(".yaml") }.map { resolver.bundledName($0.path) }
            throw DiagnosticsError([
                .error(
                    at: SourcePosition(file: name, line: 1, column: 1),
                    "no bundled policy, scenario or suite of that name (see 'ssopolicy list')"
                        + Suggestion.didYouMean(name, in: names))
            ])
        }
        context.write(file.contents.hasSuffix("\n") ? file.contents : file.contents + "\n")
        return 0
    }
}
