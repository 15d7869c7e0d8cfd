import SSOPolicyProviderKit

extension Fleet {
    /// The policy that setup `setup` derives for device group `group`: what `--setup S --group G` names on the
    /// command line and `"setup"`, `"group"` in a request (`options` are the names the errors use). Both must be
    /// given; an unknown name, with the nearest one suggested, and a pair that does not play are positioned errors at
    /// the fleet.
    public func pairPolicy(
        setup: String?, group: String?, options: (setup: String, group: String) = ("--setup", "--group")
    ) throws(DiagnosticsError) -> CompiledPolicy {
        let origin = SourcePosition(file: file, line: position.line, column: position.column)
        let setups = self.setups.map(\.id)
        let groups = self.groups.map(\.group.id)
        guard let setup, let group else { throw pairNeeded(options: options) }
        // An unknown setup or group, each named with the nearest one and the fleet's list.
        let problems: [Diagnostic] = [
            (options.setup, "setup", setup, setups), (options.group, "group", group, groups),
        ].compactMap { option, kind, name, known in
            known.contains(name)
                ? nil
                : .error(
                    at: origin,
                    "\(option): no \(kind) '\(name)'" + Suggestion.didYouMean(name, in: known)
                        + "; the fleet's \(kind)s: "
                        + known.joined(separator: ", "))
        }
        if !problems.isEmpty { throw DiagnosticsError(problems) }
        guard let pair = pair(setup: setup, group: group), let policy = pair.policy else {
            // At the group's platform, which the setup's provider does not model; with the groups it plays on.
            let device = self.groups.first { $0.group.id == group }
            let provider = self.setups.first { $0.id == setup }?.providerID ?? ""
            let playing = self.groups(playedBy: setup)
            throw DiagnosticsError([
                .error(
                    at: device.flatMap { $0.keyPositions[.platform] } ?? origin,
                    "setup '\(setup)' does not play on group '\(group)': \(provider) does not model "
                        + (device?.group.platform.rawValue ?? "")
                        + (playing.isEmpty
                            ? "" : "; it plays on " + playing.map { "'\($0)'" }.joined(separator: ", ")))
            ])
        }
        return policy
    }

    /// The device groups setup `setup` plays on (its provider models their platform), in fleet order.
    package func groups(playedBy setup: String) -> [String] {
        pairs.filter { setups[$0.setup].id == setup && $0.policy != nil }.map { groups[$0.group].group.id }
    }

    /// The error for a fleet named where one policy is asked for, or with half a pair: it lists the setups and groups.
    public func pairNeeded(options: (setup: String, group: String) = ("--setup", "--group")) -> DiagnosticsError {
        DiagnosticsError([
            .error(
                at: SourcePosition(file: file, line: position.line, column: position.column),
                "a fleet file: name both \(options.setup) (" + setups.map(\.id).joined(separator: ", ") + ") and "
                    + "\(options.group) ("
                    + groups.map(\.group.id).joined(separator: ", ") + ") to choose the policy one setup derives for "
                    + "one device group")
        ])
    }
}
