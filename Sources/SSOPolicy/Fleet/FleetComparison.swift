import SSOPolicyProviderKit

/// A scenario played by every setup of a fleet on every device group its provider models: one comparison over the
/// pairs that play, and a cell per setup and group, an unsupported platform included (never dropped).
package struct FleetComparison: Sendable {
    package struct Cell: Sendable {
        package var setup: Fleet.Setup
        package var group: Fleet.Group
        /// Index into `comparison.results`, or nil when the setup's provider does not model the group's platform.
        package var result: Int?
        package var supportedPlatforms: [DevicePlatform]
    }

    package var fleet: Fleet
    package var comparison: Comparison
    /// Setup by setup, group by group.
    package var cells: [Cell]

    /// Plays `scenario` on every pair; each result counts effort with the fleet's table.
    package static func run(
        _ scenario: Scenario, fleet: Fleet, traceMode: RuleTrace.Mode = .fired
    ) throws(DiagnosticsError) -> FleetComparison {
        var comparison = try Comparison.run(scenario, policies: fleet.policies, traceMode: traceMode)
        for index in comparison.results.indices { comparison.results[index].effort = fleet.effort }
        var cells: [Cell] = []
        var next = 0
        for pair in fleet.pairs {
            var result: Int?
            if pair.policy != nil {
                result = next
                next += 1
            }
            cells.append(
                Cell(
                    setup: fleet.setups[pair.setup], group: fleet.groups[pair.group], result: result,
                    supportedPlatforms: pair.supportedPlatforms))
        }
        var notes = comparison.notes
        for cell in cells where cell.result == nil {
            notes.append(unsupported(cell))
        }
        comparison.notes = notes
        return FleetComparison(fleet: fleet, comparison: comparison, cells: cells)
    }

    /// A device group a setup does not play on, and why (`unsupported`).
    package struct NotPlayed: Sendable, Hashable {
        package var group: String
        package var reason: String
    }

    /// The device groups each setup of `fleet` does not play on (by setup index), each with why.
    static func notPlayed(_ fleet: Fleet) -> [Int: [NotPlayed]] {
        var result: [Int: [NotPlayed]] = [:]
        for pair in fleet.pairs where pair.policy == nil {
            let cell = Cell(
                setup: fleet.setups[pair.setup], group: fleet.groups[pair.group], result: nil,
                supportedPlatforms: pair.supportedPlatforms)
            result[pair.setup, default: []].append(NotPlayed(group: cell.group.group.id, reason: unsupported(cell)))
        }
        return result
    }

    /// "setup airwatch does not play on group handhelds: airwatch-sdk models ios, ipados, not android".
    static func unsupported(_ cell: Cell) -> String {
        "setup \(cell.setup.id) does not play on group \(cell.group.group.id): \(cell.setup.providerID) models "
            + cell.supportedPlatforms.map(\.rawValue).joined(separator: ", ") + ", not "
            + cell.group.group.platform.rawValue
    }

    package static func groupLabel(_ group: DeviceGroup) -> String {
        var words = [group.platform.rawValue]
        if let version = group.osVersion { words[0] += " \(version)" }
        if let count = group.count { words.append("\(count) device" + (count == 1 ? "" : "s")) }
        return "\(group.id) (" + words.joined(separator: ", ") + ")"
    }

    // MARK: Rendering

    /// The table (a block per setup, a line per group), then the comparison's steps and totals.
    package func text(diffOnly: Bool, explain: Bool) -> String {
        var out =
            wrap(
                "Fleet \(fleet.id)" + (fleet.title.map { ": \($0)" } ?? "") + " - scenario \(comparison.scenario.id)",
                indent: "", hanging: "  ") + "\n\n"
        out += table()
        out += "\n" + CompareRender.text(comparison, diffOnly: diffOnly, explain: explain)
        return out
    }

    /// Setups × groups: each cell the pair's verdict, or why it does not play.
    package func table() -> String {
        var out = ""
        for setup in fleet.setups {
            out += "\(setup.id) (\(setup.providerID))" + (setup.title.map { " - \($0)" } ?? "") + "\n"
            for cell in cells where cell.setup.id == setup.id {
                out += wrap(Self.groupLabel(cell.group.group) + ":", indent: "  ", hanging: "    ") + "\n"
                out += wrap(verdict(cell), indent: "    ", hanging: "      ") + "\n"
            }
        }
        return out
    }

    func verdict(_ cell: Cell) -> String {
        guard let index = cell.result else { return "not modelled: " + Self.unsupported(cell) }
        return Comparison.verdict(Comparison.totals(comparison.results[index]))
    }

    package func markdown(diffOnly: Bool) -> String {
        var out = "# Fleet \(Markdown.text(fleet.displayTitle)) on \(Markdown.text(comparison.scenario.id))\n\n"
        out += markdownTable() + "\n"
        out += GuideMarkdown.compare(comparison, diffOnly: diffOnly)
        return out
    }

    /// Setups as rows, groups as columns.
    package func markdownTable() -> String {
        var out =
            "| setup | " + fleet.groups.map { Markdown.text(Self.groupLabel($0.group)) }.joined(separator: " | ")
            + " |\n|---|" + String(repeating: "---|", count: fleet.groups.count) + "\n"
        for setup in fleet.setups {
            let row = cells.filter { $0.setup.id == setup.id }.map { Markdown.cell(verdict($0)) }
            out += "| \(Markdown.text(setup.id)) (\(setup.providerID)) | " + row.joined(separator: " | ") + " |\n"
        }
        return out
    }

    package func json(diffOnly: Bool) -> JSONValue {
        guard case .object(var fields) = CompareRender.json(comparison, diffOnly: diffOnly) else { return .null }
        fields.insert(("fleet", .string(fleet.id)), at: 0)
        fields.append(
            (
                "pairs",
                .array(
                    cells.map { cell in
                        .object([
                            ("setup", .string(cell.setup.id)), ("provider", .string(cell.setup.providerID)),
                            ("group", .string(cell.group.group.id)),
                            ("platform", .string(cell.group.group.platform.rawValue)),
                            (
                                "policy",
                                cell.result.map {
                                    .string(comparison.results[$0].policy.configuration.id)
                                } ?? .null
                            ),
                            ("supported", .bool(cell.result != nil)),
                            ("verdict", .string(verdict(cell))),
                        ])
                    })
            ))
        fields.append(("effort_seconds", Self.effortJSON(fleet.effort)))
        return .object(fields)
    }

    /// Seconds per prompt kind, in the glossary's order.
    static func effortJSON(_ effort: EffortTable) -> JSONValue {
        .object(Prompt.allCases.map { ($0.name, .int(effort.seconds($0))) })
    }
}
