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
        guard let policy = try policy(in: fleet) else {
            throw DiagnosticsError([.error(at: Self.origin(of: fleet), Self.nameBoth(fleet))])
        }
        return policy
    }

    /// The words that name the same policy on another command line: the argument, and the pair for a fleet.
    func words(_ argument: String) -> [String] {
        guard let setup, let group else { return [argument] }
        return [argument, "--setup", setup, "--group", group]
    }

    static func origin(of fleet: Fleet) -> SourcePosition {
        SourcePosition(file: fleet.file, line: fleet.position.line, column: fleet.position.column)
    }

    static func nameBoth(_ fleet: Fleet) -> String {
        "a fleet file: name both --setup (" + fleet.setups.map(\.id).joined(separator: ", ") + ") and --group ("
            + fleet.groups.map(\.group.id).joined(separator: ", ") + ") to choose the policy one setup derives for "
            + "one device group"
    }

    /// Both options given for a file that is not a fleet are a mistake.
    func requireNone() throws {
        if setup != nil || group != nil { throw ValidationError("--setup and --group name a pair of a fleet file") }
    }

    /// The derived policy of the named pair; nil when neither option is given.
    func policy(in fleet: Fleet) throws -> CompiledPolicy? {
        guard setup != nil || group != nil else { return nil }
        let origin = Self.origin(of: fleet)
        let setups = fleet.setups.map(\.id)
        let groups = fleet.groups.map(\.group.id)
        guard let setup, let group else {
            throw DiagnosticsError([
                .error(
                    at: origin,
                    "name both --setup (" + setups.joined(separator: ", ") + ") and --group ("
                        + groups.joined(separator: ", ") + ")")
            ])
        }
        var problems: [Diagnostic] = []
        if !setups.contains(setup) {
            problems.append(
                .error(
                    at: origin,
                    "--setup: no setup '\(setup)'" + Suggestion.didYouMean(setup, in: setups) + "; the fleet's setups: "
                        + setups.joined(separator: ", ")))
        }
        if !groups.contains(group) {
            problems.append(
                .error(
                    at: origin,
                    "--group: no group '\(group)'" + Suggestion.didYouMean(group, in: groups) + "; the fleet's groups: "
                        + groups.joined(separator: ", ")))
        }
        if !problems.isEmpty { throw DiagnosticsError(problems) }
        guard let pair = fleet.pair(setup: setup, group: group), let policy = pair.policy else {
            let platform = fleet.groups.first { $0.group.id == group }?.group.platform.rawValue ?? ""
            let provider = fleet.setups.first { $0.id == setup }?.providerID ?? ""
            throw DiagnosticsError([
                .error(
                    at: origin,
                    "setup '\(setup)' does not play on group '\(group)': \(provider) does not model \(platform)")
            ])
        }
        return policy
    }
}
