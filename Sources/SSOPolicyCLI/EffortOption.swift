import ArgumentParser
import SSOPolicy

/// `--effort kind=seconds`: what a prompt costs a worker, over the documented defaults and a fleet's `effort:`.
struct EffortOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds a prompt kind costs a worker (repeatable), e.g. --effort badge=2 --effort interactive_sign_in=30; "
                + "over the defaults (docs/fleets.md) and a fleet's effort:.", valueName: "kind=seconds"))
    var effort: [String] = []

    func validate() throws {
        for text in effort {
            if case .failure(let error) = EffortTable.parse(text) {
                throw ValidationError("--effort: " + error.description)
            }
        }
    }

    var overrides: [(Prompt, Int)] {
        effort.compactMap { text in
            if case .success(let value) = EffortTable.parse(text) { return value }
            return nil
        }
    }

    /// The defaults (the providers' declared figures over the core's assumptions) with the overrides, for a run of
    /// policies.
    func table(_ registry: ProviderRegistry) -> EffortTable {
        var table = EffortTable(declaredBy: registry.providers.map(\.descriptor))
        for (prompt, seconds) in overrides { table.set(prompt, seconds) }
        return table
    }
}
