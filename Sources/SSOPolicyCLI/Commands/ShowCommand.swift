import ArgumentParser
import SSOPolicy

/// `ssopolicy show NAME`: prints a bundled file verbatim, the quickest start for one's own policy or scenario.
struct ShowCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a bundled policy, scenario, suite or fleet, or the policy a fleet derives.",
        discussion: """
            NAME is a name from 'ssopolicy list' (or its path under Policies/). The file is printed exactly as \
            bundled, so it can be redirected into a new file and edited. With --setup and --group, NAME is a fleet \
            (a file or a bundled name) and the policy that setup derives on that device group is printed: an \
            ordinary policy file that 'run' answers exactly as the fleet's pair.

            Examples:
              ssopolicy show frontline-entra
              ssopolicy show shift-change > my-scenario.yaml
              ssopolicy show scenarios/lunch-break.yaml
              ssopolicy show ward-fleet --setup entra --group ward-iphones > ward-entra.yaml
            """)

    @Argument(help: "The bundled file's name (see 'ssopolicy list'), or a fleet with --setup and --group.")
    var name: String

    @OptionGroup var pair: FleetPairOption

    func run(in context: CLIContext) throws -> Int32 {
        if pair.setup != nil || pair.group != nil {
            let fleet = try context.queries.fleet(name)
            guard let policy = try pair.policy(in: fleet),
                let document = fleet.pairs.first(where: { $0.policy === policy })?.document
            else { return 1 }
            context.write(
                FleetDerivation.yaml(
                    document, fleetFile: fleet.file, effort: fleet.effort,
                    defaults: EffortTable(declaredBy: context.registry.providers.map(\.descriptor))))
            return 0
        }
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
