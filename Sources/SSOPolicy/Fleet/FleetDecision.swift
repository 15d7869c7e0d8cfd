import SSOPolicyProviderKit

/// `decide FLEET --scenario S` (spec 4): per setup, its worst finding and from when each worker is safe on each
/// device group, the workers' effort, what it needs (from the setup's provider reading the app profiles), and which
/// apps no configuration can make safe (an app that must change). Setups are ranked by their worst finding, then
/// by the groups where it occurs, a worker could not work or the setup does not play, then by how many findings of
/// that severity one group has at most (the exposures of one device's shift), then by the workers' effort;
/// a setup under which no group's workers could all work (every access attempt of one of them denied) comes last,
/// since its findings say nothing of a shift that never happened.
package struct FleetDecision: Sendable {
    package struct GroupVerdict: Sendable {
        package var group: Fleet.Group
        /// Nil when the setup's provider does not model the group's platform.
        package var totals: Comparison.Totals?
        package var verdict: String
    }

    package struct Need: Sendable {
        package var need: FleetNeed
        /// The groups it applies to (all the setup plays on when it applies to each).
        package var groups: [String]
    }

    package struct AppChange: Sendable {
        package var app: String
        package var reasons: [String]
    }

    package struct SetupDecision: Sendable {
        package var setup: Fleet.Setup
        package var groups: [GroupVerdict]
        /// The worst step finding over the groups, with its group.
        package var worst: (finding: Comparison.WorstFinding, group: String)?
        package var needs: [Need]
        package var mustChange: [AppChange]

        /// Groups the setup does not play on.
        package var unsupportedCount: Int { groups.filter { $0.totals == nil }.count }
        /// Groups where a worker could not work (every access attempt denied).
        package var strandedGroups: [String] {
            groups.filter { $0.totals?.workers.contains(where: \.couldNotWork) == true }.map(\.group.group.id)
        }
        /// The workers who could not work on some group, in order of first appearance.
        package var strandedWorkers: [String] {
            Comparison.Totals.workersWhoCouldNotWork(in: groups.compactMap(\.totals))
        }
        /// Groups where the setup fails its workers: the worst finding occurs there, a worker could not work, or
        /// the setup does not play there.
        package var failingGroups: Int {
            groups.filter { group in
                guard let totals = group.totals else { return true }
                return totals.workers.contains(where: \.couldNotWork)
                    || (worst != nil && totals.worstFinding?.severity == worst?.finding.severity)
            }.count
        }
        /// The most findings of the worst finding's severity on one group it plays on: how often a device's shift
        /// exposes it, so that two setups alike in their worst finding are not told apart by effort alone.
        package var worstCount: Int {
            guard let severity = worst?.finding.severity else { return 0 }
            return groups.compactMap { $0.totals?.findings[severity] }.max() ?? 0
        }
        /// Its provider models no device group of the fleet: nothing was played, so no verdict, effort or change.
        package var playsNowhere: Bool { groups.allSatisfy { $0.totals == nil } }
        /// No group where it plays lets every worker work: nothing it does was seen in a shift.
        package var servesNoGroup: Bool {
            groups.allSatisfy { $0.totals?.workers.contains(where: \.couldNotWork) ?? true }
        }
        /// The largest total effort of one shift (every worker) over the groups it plays on.
        package var effortPerShift: Int {
            groups.compactMap(\.totals).map { totals in
                totals.workers.reduce(0) { min($0 + $1.effortSeconds, EffortTable.maximumTotal) }
            }.max() ?? 0
        }
    }

    package var fleet: Fleet
    package var scenario: Scenario
    package var setups: [SetupDecision]
    /// Setup ids, best first.
    package var ranking: [String]

    package static func decide(_ comparison: FleetComparison) -> FleetDecision {
        let fleet = comparison.fleet
        var setups: [SetupDecision] = []
        for (setupIndex, setup) in fleet.setups.enumerated() {
            var groups: [GroupVerdict] = []
            var worst: (finding: Comparison.WorstFinding, group: String)?
            var needs: [Need] = []
            var changes: [AppChange] = []
            func add(_ need: FleetNeed, group: String) {
                if let index = needs.firstIndex(where: { $0.need == need }) {
                    if !needs[index].groups.contains(group) { needs[index].groups.append(group) }
                } else {
                    needs.append(Need(need: need, groups: [group]))
                }
            }
            for cell in comparison.cells where cell.setup.id == setup.id {
                let group = cell.group.group
                guard let index = cell.result else {
                    groups.append(
                        GroupVerdict(
                            group: cell.group, totals: nil,
                            verdict: "not modelled: " + FleetComparison.unsupported(cell)))
                    continue
                }
                let result = comparison.comparison.results[index]
                let totals = Comparison.totals(result)
                groups.append(GroupVerdict(group: cell.group, totals: totals, verdict: Comparison.verdict(totals)))
                if let finding = totals.worstFinding, finding.severity < .info,
                    worst.map({ finding.severity < $0.finding.severity }) ?? true
                {
                    worst = (finding, group.id)
                }
                guard let reading = result.policy.descriptor.fleet,
                    let pair = fleet.pairs.first(where: {
                        $0.setup == setupIndex && fleet.groups[$0.group].group.id == group.id
                    })
                else { continue }
                for need in reading.deviceNeeds(group) { add(need, group: group.id) }
                for app in fleet.apps {
                    let values = FleetDerivation.appValues(fleet: fleet, pair: pair, app: app, reading: reading)
                    for need in reading.appNeeds(app.profile, group, values) {
                        switch need.kind {
                        case .appBuild:
                            let reason = need.text
                            if let at = changes.firstIndex(where: { $0.app == app.profile.id }) {
                                if !changes[at].reasons.contains(reason) { changes[at].reasons.append(reason) }
                            } else {
                                changes.append(AppChange(app: app.profile.id, reasons: [reason]))
                            }
                        case .device, .console:
                            add(FleetNeed(need.kind, "\(app.profile.id): \(need.text)"), group: group.id)
                        }
                    }
                }
            }
            setups.append(SetupDecision(setup: setup, groups: groups, worst: worst, needs: needs, mustChange: changes))
        }
        let ranking = setups.enumerated().sorted { lhs, rhs in
            if lhs.element.servesNoGroup != rhs.element.servesNoGroup { return !lhs.element.servesNoGroup }
            let l = (lhs.element.worst?.finding.severity.rawValue).map(Int.init) ?? Int.max
            let r = (rhs.element.worst?.finding.severity.rawValue).map(Int.init) ?? Int.max
            if l != r { return l > r }
            // A group the setup cannot play on, or where a worker could not work, counts as one where it fails.
            let lFailing = lhs.element.failingGroups
            let rFailing = rhs.element.failingGroups
            if lFailing != rFailing { return lFailing < rFailing }
            if lhs.element.worstCount != rhs.element.worstCount {
                return lhs.element.worstCount < rhs.element.worstCount
            }
            if lhs.element.effortPerShift != rhs.element.effortPerShift {
                return lhs.element.effortPerShift < rhs.element.effortPerShift
            }
            return lhs.offset < rhs.offset
        }.map(\.element.setup.id)
        return FleetDecision(
            fleet: fleet, scenario: comparison.comparison.scenario, setups: setups, ranking: ranking)
    }

    // MARK: Rendering

    /// Who could not work and where, then the worst finding.
    func worstText(_ setup: SetupDecision) -> String {
        if setup.playsNowhere { return "plays on no device group of the fleet" }
        let stranded = setup.strandedWorkers
        let finding =
            setup.worst.map { "\($0.finding.severity.name) \($0.finding.id) (\($0.group), step \($0.finding.step))" }
            ?? "no finding above info"
        guard !stranded.isEmpty else { return finding }
        return stranded.joined(separator: ", ") + " could not work ("
            + setup.strandedGroups.joined(separator: ", ") + "); " + finding
    }

    /// How the setups are ranked, as every format says it.
    static let rankingHeading =
        "Ranking (worst finding, then on how many groups it occurs, a worker could not work or the setup does not "
        + "play, then how often it occurs on one group, then effort; setups under which workers could not work on "
        + "every group last)"

    /// What the fleet leaves to defaults (`Fleet.assumptionWords`), under the heading every format gives it.
    static let assumedHeading = "Assumed (left out of the fleet or unknown, defaults played): "

    package func text() -> String {
        var out =
            wrap(
                "Decision for fleet \(fleet.id)" + (fleet.title.map { " (\($0))" } ?? "")
                    + " on scenario \(scenario.id)",
                indent: "", hanging: "  ") + "\n"
        let ranked = ranking.enumerated().map { "\($0.offset + 1). \(rankingLabel($0.element))" }.joined(
            separator: "  ")
        out +=
            wrap(
                Self.rankingHeading + ": " + ranked, indent: "", hanging: "  ")
            + "\n"
        for setup in setups {
            out +=
                "\n\(setup.setup.id) (\(setup.setup.providerID))" + (setup.setup.title.map { " - \($0)" } ?? "") + "\n"
            out += wrap("worst: " + worstText(setup), indent: "  ", hanging: "    ") + "\n"
            if !setup.playsNowhere {
                out +=
                    wrap(
                        "effort: up to \(Comparison.seconds(setup.effortPerShift)) of sign-in per shift (all workers)",
                        indent: "  ", hanging: "    ") + "\n"
            }
            for group in setup.groups {
                out +=
                    wrap(
                        FleetComparison.groupLabel(group.group.group) + ": " + group.verdict, indent: "  ",
                        hanging: "    ")
                    + "\n"
            }
            if !setup.needs.isEmpty {
                out += "  needs:\n"
                for need in setup.needs {
                    out += wrap(needText(need, setup), indent: "    - ", hanging: "      ") + "\n"
                }
            }
            if setup.playsNowhere {
                continue
            } else if setup.mustChange.isEmpty {
                out += "  apps that must change: none\n"
            } else {
                out += "  apps that must change (no configuration makes them safe):\n"
                for change in setup.mustChange {
                    out +=
                        wrap(
                            "\(change.app): " + change.reasons.joined(separator: "; "), indent: "    - ",
                            hanging: "      ")
                        + "\n"
                }
            }
        }
        let assumed = fleet.assumptionWords
        if !assumed.isEmpty {
            out +=
                "\n" + wrap(Self.assumedHeading + assumed.joined(separator: "; "), indent: "", hanging: "  ") + "\n"
        }
        return out
    }

    /// A setup as the ranking names it: its id, the device groups it does not play on and those where a worker
    /// could not work, if any: the line says what its rank does not weigh.
    func rankingLabel(_ id: String) -> String {
        guard let setup = setups.first(where: { $0.setup.id == id }) else { return id }
        let missing = setup.groups.filter { $0.totals == nil }.map(\.group.group.id)
        var clauses: [String] = []
        if !missing.isEmpty { clauses.append("does not play on " + missing.joined(separator: ", ")) }
        let stranded = setup.strandedGroups
        if !stranded.isEmpty { clauses.append("workers could not work on " + stranded.joined(separator: ", ")) }
        return clauses.isEmpty ? id : id + " (" + clauses.joined(separator: "; ") + ")"
    }

    func needText(_ need: Need, _ setup: SetupDecision) -> String {
        let played = setup.groups.filter { $0.totals != nil }.map(\.group.group.id)
        let scope = need.groups == played ? "" : " [" + need.groups.joined(separator: ", ") + "]"
        return "\(need.need.kind.rawValue): \(need.need.text)\(scope)"
    }

    /// The decision as Markdown; `level` is its heading's level (1 on its own, 2 as a section of the guide), each
    /// setup's one more.
    package func markdown(level: Int = 1) -> String {
        let heading = String(repeating: "#", count: max(1, min(level, 5)))
        var out = "\(heading) Decision: \(Markdown.text(fleet.displayTitle)) on \(Markdown.text(scenario.id))\n\n"
        out +=
            Self.rankingHeading + ": " + ranking.map { Markdown.text(rankingLabel($0)) }.joined(separator: ", ")
            + "\n\n"
        out +=
            "| setup | worst | effort per shift | "
            + fleet.groups.map { Markdown.text(FleetComparison.groupLabel($0.group)) }
            .joined(separator: " | ") + " |\n|---|---|---|" + String(repeating: "---|", count: fleet.groups.count)
            + "\n"
        for setup in setups {
            out +=
                "| \(Markdown.text(setup.setup.id)) (\(setup.setup.providerID)) | \(Markdown.cell(worstText(setup))) | "
                + (setup.playsNowhere ? "-" : Comparison.seconds(setup.effortPerShift)) + " | "
                + setup.groups.map { Markdown.cell($0.verdict) }.joined(separator: " | ") + " |\n"
        }
        for setup in setups {
            out += "\n\(heading)# \(Markdown.text(setup.setup.id))\n\n"
            if setup.playsNowhere {
                out += "It plays on no device group of the fleet: nothing was played.\n"
                continue
            }
            out += "Needs:\n\n"
            out += setup.needs.isEmpty ? "- nothing beyond its settings\n" : ""
            for need in setup.needs { out += "- " + Markdown.cell(needText(need, setup)) + "\n" }
            out += "\nApps that must change (no configuration makes them safe):\n\n"
            out += setup.mustChange.isEmpty ? "- none\n" : ""
            for change in setup.mustChange {
                out += "- \(Markdown.text(change.app)): " + Markdown.cell(change.reasons.joined(separator: "; ")) + "\n"
            }
        }
        let assumed = fleet.assumptionWords
        if !assumed.isEmpty {
            out += "\n" + Self.assumedHeading + Markdown.text(assumed.joined(separator: "; ")) + "\n"
        }
        return out
    }

    package func json() -> JSONValue {
        .object([
            ("fleet", .string(fleet.id)), ("title", .optional(fleet.title)), ("scenario", .string(scenario.id)),
            ("ranking", .strings(ranking)),
            ("setups", .array(setups.map(setupJSON))),
            (
                "assumptions",
                .array(
                    fleet.apps.filter { !$0.leftOut.isEmpty }.map { app in
                        .object([("app", .string(app.profile.id)), ("left_out", .strings(app.leftOut.map(\.rawValue)))])
                    })
            ),
            ("effort_seconds", FleetComparison.effortJSON(fleet.effort)),
        ])
    }

    func setupJSON(_ setup: SetupDecision) -> JSONValue {
        .object([
            ("setup", .string(setup.setup.id)), ("provider", .string(setup.setup.providerID)),
            (
                "worst_finding",
                setup.worst.map { worst in
                    .object([
                        ("id", .string(worst.finding.id)), ("severity", .string(worst.finding.severity.name)),
                        ("group", .string(worst.group)), ("step", .int(worst.finding.step)),
                    ])
                } ?? .null
            ),
            ("could_not_work_on", .strings(setup.strandedGroups)),
            ("effort_seconds_per_shift", .int(setup.effortPerShift)),
            ("groups", .array(setup.groups.map(groupJSON))),
            (
                "needs",
                .array(
                    setup.needs.map {
                        .object([
                            ("kind", .string($0.need.kind.rawValue)), ("text", .string($0.need.text)),
                            ("groups", .strings($0.groups)),
                        ])
                    })
            ),
            (
                "apps_that_must_change",
                .array(setup.mustChange.map { .object([("app", .string($0.app)), ("reasons", .strings($0.reasons))]) })
            ),
            (
                "played_defaults",
                .array(
                    fleet.playedDefaults.filter { $0.setup == setup.setup.id }.map { value in
                        var fields: [(String, JSONValue)] = []
                        if let app = value.app { fields.append(("app", .string(app))) }
                        fields += [
                            ("key", .string(value.key)), ("value", .string(value.played)),
                            ("groups", .strings(value.groups)),
                        ]
                        return .object(fields)
                    })
            ),
        ])
    }

    func groupJSON(_ group: GroupVerdict) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("group", .string(group.group.group.id)), ("platform", .string(group.group.group.platform.rawValue)),
            ("supported", .bool(group.totals != nil)), ("verdict", .string(group.verdict)),
        ]
        if let totals = group.totals {
            fields.append(
                (
                    "workers",
                    .array(
                        totals.workers.map { worker in
                            .object([
                                ("user", .string(worker.user)), ("effort_seconds", .int(worker.effortSeconds)),
                                ("prompts", .int(worker.prompts)), ("denied", .int(worker.denied)),
                                ("could_not_work", .bool(worker.couldNotWork)),
                            ])
                        })
                ))
            fields.append(("handovers", .array(totals.handovers.map(CompareRender.handoverJSON))))
            fields.append(("worst_finding", CompareRender.worstFindingJSON(totals.worstFinding)))
            fields.append(("findings", CompareRender.findingsJSON(totals)))
        }
        return .object(fields)
    }
}
