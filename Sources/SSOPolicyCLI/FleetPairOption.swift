import ArgumentParser
import SSOPolicy

/// `--setup S --group G`: one setup of a fleet on one of its device groups, the policy that pair derives.
struct FleetPairOption: ParsableArguments {
    @Option(name: .long, help: "With a fleet: the setup (see its 'setups:').")
    var setup: String?

    @Option(name: .long, help: "With a fleet: the device group (see its 'devices:').")
    var group: String?

    /// The policy `argument` names: a policy file (or bundled name) without `--setup` and `--group`, or the policy
    /// that the named pair of a fleet file derives (`show FLEET --setup S --group G` prints it). A fleet without
    /// both options is a positioned error that lists its setups and groups.
    func resolvePolicy(_ argument: String, in context: CLIContext) throws -> CompiledPolicy {
        // Read once: whether it is a fleet is the document's top-level key.
        let (root, file) = try FileResolver(context: context).document(argument)
        guard (try? context.engine.kind(of: root)) == .fleet else {
            try requireNone()
            return try context.engine.loadPolicy(root, file: file)
        }
        let fleet = try context.engine.loadFleet(root, file: file)
        guard let policy = try policy(in: fleet) else { throw fleet.pairNeeded() }
        return policy
    }

    /// The words that name the same policy on another command line: the argument, and the pair for a fleet.
    func words(_ argument: String) -> [String] {
        guard let setup, let group else { return [argument] }
        return [argument, "--setup", setup, "--group", group]
    }

    /// Both options given for a file that is not a fleet are a mistake.
    func requireNone() throws {
        if setup != nil || group != nil { throw ValidationError("--setup and --group name a pair of a fleet file") }
    }

    /// The derived policy of the named pair; nil when neither option is given.
    func policy(in fleet: Fleet) throws -> CompiledPolicy? {
        guard setup != nil || group != nil else { return nil }
        return try fleet.pairPolicy(setup: setup, group: group)
    }
}
