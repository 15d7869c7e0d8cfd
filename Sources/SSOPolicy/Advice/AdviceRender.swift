import SSOPolicyProviderKit

/// `advise`'s text, Markdown and JSON (spec 3.5; docs/advise.md lists the fields added to the contract).
extension Advice {
    static let reported: [Severity] = [.critical, .high, .medium, .low]

    static func findingsText(_ state: State) -> String {
        reported.map { "\(state.findings[$0] ?? 0) \($0.name)" }.joined(separator: ", ")
    }

    static func effortText(_ state: State) -> String {
        state.effort.isEmpty
            ? "no sign-in" : state.effort.map { "\($0.user) \(Comparison.seconds($0.seconds))" }.joined(separator: ", ")
    }

    /// Who could not work, or nil when everyone could.
    static func strandedText(_ state: State) -> String? {
        state.couldNotWork.isEmpty
            ? nil
            : "could not work: " + state.couldNotWork.joined(separator: ", ") + " (every access attempt denied)"
    }

    static func addedText(_ seconds: Int) -> String {
        seconds == 0
            ? "no added effort"
            : seconds > 0 ? "+\(Comparison.seconds(seconds)) of sign-in" : "saves \(Comparison.seconds(-seconds))"
    }

    static func changeText(_ change: AdviceChange) -> String {
        change.text + (change.kind == .appBuild ? " (app_build: ask the app's maker)" : "")
    }

    static func obstacleText(_ obstacle: Obstacle) -> String {
        obstacleSummary(obstacle) + (obstacle.sources.isEmpty ? "" : " - " + obstacle.sources.text)
    }

    /// What stands in the way, once for the device groups where it stands alike (`[phones, tablets]`), in order
    /// of first appearance: a fleet's text, Markdown and HTML (its JSON keeps one entry per group).
    var unreachableAcrossGroups: [Obstacle] {
        Self.acrossGroups(
            unreachable.map { obstacle in
                var alike = obstacle
                alike.group = nil
                return (alike, obstacle.group)
            }
        ).map { obstacle, groups in
            var merged = obstacle
            merged.group = groups.isEmpty ? nil : groups.joined(separator: ", ")
            return merged
        }
    }

    static func stopsWorkText(_ left: StopsWork) -> String {
        left.changes.map(changeText).joined(separator: "; ") + " (" + left.workers.joined(separator: ", ")
            + " could not work: every access attempt denied)"
    }

    /// The heading of the sets left out since they stop the work.
    static let stopsWorkHeading = "Left out, since they leave no finding only by keeping workers from working:"

    var title: String {
        "Advice for \(setup.map { "setup \($0) of fleet \(subject)" } ?? subject) (\(provider)) on scenario "
            + "\(scenario): no finding at \(goal.name) or worse"
    }

    // MARK: Text

    package func text() -> String {
        var out = wrap(title, indent: "", hanging: "  ") + "\n"
        for missing in notPlayed { out += wrap(missing.reason, indent: "  ", hanging: "    ") + "\n" }
        out += wrap("before: " + Self.findingsText(before), indent: "  ", hanging: "    ") + "\n"
        out += wrap("effort: " + Self.effortText(before), indent: "  ", hanging: "    ") + "\n"
        if let stranded = Self.strandedText(before) { out += wrap(stranded, indent: "  ", hanging: "    ") + "\n" }
        out += "\n" + wrap(verdictSentence(limit: nil), indent: "", hanging: "  ") + "\n"
        if alreadyMeets { return out }
        if suggestions.isEmpty {
            for (index, suggestion) in closest.enumerated() {
                out += suggestionText(suggestion, number: index + 1)
            }
            if !unreachable.isEmpty {
                out += "\nWhat still stands in the way:\n"
                for obstacle in unreachableAcrossGroups {
                    out += wrap(Self.obstacleText(obstacle), indent: "  - ", hanging: "    ") + "\n"
                }
            }
        } else {
            for (index, suggestion) in suggestions.enumerated() {
                out += suggestionText(suggestion, number: index + 1)
            }
        }
        if !stopsWork.isEmpty {
            out += "\n" + Self.stopsWorkHeading + "\n"
            for left in stopsWork { out += wrap(Self.stopsWorkText(left), indent: "  - ", hanging: "    ") + "\n" }
        }
        return out
    }

    func suggestionText(_ suggestion: Suggestion, number: Int) -> String {
        var out =
            "\n" + wrap("\(number). " + suggestion.changes.map(Self.changeText).joined(separator: "; "), hanging: "   ")
            + "\n"
        if suggestion.remaining > 0 {
            out +=
                "   leaves \(suggestion.remaining) finding\(suggestion.remaining == 1 ? "" : "s") at \(goal.name) or worse\n"
        }
        if !suggestion.removes.isEmpty {
            out +=
                wrap(
                    "removes: " + Self.removedSummary(suggestion.removes), indent: "   ",
                    hanging: "     ")
                + "\n"
        }
        out += wrap("after: " + Self.findingsText(suggestion.after), indent: "   ", hanging: "     ") + "\n"
        out +=
            wrap(
                "effort: " + Self.effortText(suggestion.after) + " (" + Self.addedText(suggestion.addedEffort) + ")",
                indent: "   ", hanging: "     ") + "\n"
        if let stranded = Self.strandedText(suggestion.after) {
            out += wrap(stranded, indent: "   ", hanging: "     ") + "\n"
        }
        for need in suggestion.needs {
            out += wrap("needs \(need.kind.rawValue): \(need.text)", indent: "   ", hanging: "     ") + "\n"
        }
        if !suggestion.sources.isEmpty {
            out += wrap("sources: " + suggestion.sources.text, indent: "   ", hanging: "     ") + "\n"
        }
        out += "   paste:\n" + suggestion.yaml.map { "     " + $0 + "\n" }.joined()
        return out
    }

    // MARK: Markdown

    /// Every suggestion, laid out as the guide's "How to make it safe" section (AdviceSection.swift).
    package func markdown() -> String { sectionMarkdown(level: 1, limit: nil) }

    // MARK: JSON

    static func stateJSON(_ state: State) -> JSONValue {
        .object([
            ("findings", .object(reported.map { ($0.name, .int(state.findings[$0] ?? 0)) })),
            ("effort_seconds", .object(state.effort.map { ($0.user, .int($0.seconds)) })),
            ("could_not_work", .strings(state.couldNotWork)),
        ])
    }

    static func changeJSON(_ change: AdviceChange) -> JSONValue {
        guard let app = change.app else {
            return .object([("setting", .string(change.key)), ("value", .string(change.value))])
        }
        var fields: [(String, JSONValue)] = [
            ("app", .string(app)), ("key", .string(change.key)), ("value", .string(change.value)),
        ]
        if change.kind == .appBuild { fields.append(("kind", .string(change.kind.rawValue))) }
        return .object(fields)
    }

    func suggestionJSON(_ suggestion: Suggestion) -> JSONValue {
        .object([
            ("changes", .array(suggestion.changes.map(Self.changeJSON))),
            (
                "removes",
                .array(
                    suggestion.removes.map { removed in
                        var fields: [(String, JSONValue)] = [("id", .string(removed.id)), ("step", .int(removed.step))]
                        if let group = removed.group { fields.append(("group", .string(group))) }
                        if let app = removed.app { fields.append(("app", .string(app))) }
                        return .object(fields)
                    })
            ),
            ("after", Self.stateJSON(suggestion.after)),
            ("remaining", .int(suggestion.remaining)),
            ("added_effort_seconds", .int(suggestion.addedEffort)),
            ("needs", .strings(suggestion.needs.map { "\($0.kind.rawValue): \($0.text)" })),
            ("sources", ProviderDocumentation.citationsJSON(suggestion.sources)),
            ("yaml", .strings(suggestion.yaml)),
        ])
    }

    /// The fields after the policy's (or setup's) name.
    var bodyJSON: [(String, JSONValue)] {
        [
            ("provider", .string(provider)),
            ("scenario", .string(scenario)), ("goal", .string(goal.name)), ("max_changes", .int(maxChanges)),
            ("before", Self.stateJSON(before)), ("already_meets", .bool(alreadyMeets)),
            ("suggestions", .array(suggestions.map(suggestionJSON))),
            ("closest", .array(closest.map(suggestionJSON))),
            (
                "unreachable",
                .array(
                    unreachable.map { obstacle in
                        .object([
                            ("finding", .string(obstacle.finding)), ("severity", .string(obstacle.severity.name)),
                            ("step", .int(obstacle.step)), ("app", .optional(obstacle.app)),
                            ("group", .optional(obstacle.group)), ("rule", .optional(obstacle.rule)),
                            ("sources", ProviderDocumentation.citationsJSON(obstacle.sources)),
                        ])
                    })
            ),
            (
                "stops_work",
                .array(
                    stopsWork.map { left in
                        .object([
                            ("changes", .array(left.changes.map(Self.changeJSON))),
                            ("could_not_work", .strings(left.workers)),
                        ])
                    })
            ),
            ("tried", .int(tried)), ("stopped", .optional(stopped)),
        ] + (isFleet ? [("does_not_play_on", .strings(notPlayed.map(\.group)))] : [])
    }

    package func json() -> JSONValue {
        .object([("policy", .string(subject))] + bodyJSON)
    }
}

/// A fleet's advice: one per setup.
package struct FleetAdvice: Sendable {
    /// A setup that plays on no device group of the fleet: nothing was played, so nothing is advised.
    package struct PlaysNowhere: Sendable {
        package var setup: String
        package var provider: String
        package var notPlayed: [FleetComparison.NotPlayed]

        /// The words every format gives it.
        package var sentence: String {
            "Setup \(setup) (\(provider)) plays on no device group of the fleet, so there is nothing to advise: "
                + notPlayed.map(\.reason).joined(separator: "; ") + "."
        }
    }

    package var fleet: String
    package var scenario: String
    package var setups: [Advice]
    /// The setups that play on no device group, said rather than dropped.
    package var playsNowhere: [PlaysNowhere] = []
    /// The fleet's notes of values played at their defaults (`Fleet.playedDefaultsNotes`), for standard error.
    package var notes: [String] = []

    package init(fleet: String, scenario: String, setups: [Advice]) {
        self.fleet = fleet
        self.scenario = scenario
        self.setups = setups
    }

    package func text() -> String {
        (setups.map { $0.text() } + playsNowhere.map { wrap($0.sentence, indent: "", hanging: "  ") + "\n" })
            .joined(separator: "\n")
    }

    package func markdown() -> String { sectionMarkdown(level: 1, limit: nil) }

    package func json() -> JSONValue {
        .object([
            ("fleet", .string(fleet)), ("scenario", .string(scenario)),
            ("setups", .array(setups.map { .object([("setup", .string($0.setup ?? ""))] + $0.bodyJSON) })),
            (
                "plays_nowhere",
                .array(
                    playsNowhere.map { setup in
                        .object([
                            ("setup", .string(setup.setup)), ("provider", .string(setup.provider)),
                            ("does_not_play_on", .strings(setup.notPlayed.map(\.group))),
                        ])
                    })
            ),
        ])
    }
}

extension FleetAdvice {
    /// Advice per setup of the fleet: a setup's changes must meet the goal on every device group it plays on.
    package static func advise(_ scenario: Scenario, fleet: Fleet, request: AdviceRequest) throws -> FleetAdvice {
        var setups: [Advice] = []
        var nowhere: [PlaysNowhere] = []
        let catalogueApps = Set(fleet.apps.filter { $0.profile.microsoft != nil }.map(\.profile.id))
        let notPlayed = FleetComparison.notPlayed(fleet)
        for (index, setup) in fleet.setups.enumerated() {
            let subjects = fleet.pairs.filter { $0.setup == index }.compactMap { pair in
                pair.policy.map {
                    AdviceSubject(
                        policy: $0, group: fleet.groups[pair.group].group.id, effort: fleet.effort, lenient: true)
                }
            }
            guard !subjects.isEmpty else {
                nowhere.append(
                    PlaysNowhere(setup: setup.id, provider: setup.providerID, notPlayed: notPlayed[index] ?? []))
                continue
            }
            var advice = try Advice.advise(
                scenario, subjects: subjects, request: request, subject: fleet.id, setup: setup.id,
                catalogueApps: catalogueApps)
            advice.notPlayed = notPlayed[index] ?? []
            let groups = fleet.pairs.filter { $0.setup == index && $0.policy != nil }.map {
                fleet.groups[$0.group].group
            }
            if let reading = subjects[0].policy.descriptor.fleet {
                advice.suggestions = advice.suggestions.map { profiled($0, fleet, groups, reading, setup.id) }
                advice.closest = advice.closest.map { profiled($0, fleet, groups, reading, setup.id) }
            }
            setups.append(advice)
        }
        var advice = FleetAdvice(fleet: fleet.id, scenario: scenario.id, setups: setups)
        advice.playsNowhere = nowhere
        advice.notes = fleet.playedDefaultsNotes
        return advice
    }

    /// A fleet suggestion's app build changes written into the fleet's app profiles, in the profile's words, and
    /// its needs saying so.
    static func profiled(
        _ suggestion: Advice.Suggestion, _ fleet: Fleet, _ groups: [DeviceGroup], _ reading: FleetReading,
        _ setup: String
    ) -> Advice.Suggestion {
        guard suggestion.needsAppBuild else { return suggestion }
        var edits: [AdviceChange: AdviceFleetProfile.Edit] = [:]
        for change in suggestion.changes where change.kind == .appBuild {
            guard let profile = fleet.apps.first(where: { $0.profile.id == change.app })?.profile,
                let edit = AdviceFleetProfile.edit(for: change, profile: profile, groups: groups, reading: reading)
            else { continue }
            edits[change] = edit
        }
        var changed = suggestion
        changed.yaml = AdviceFleetProfile.yaml(suggestion.changes, edits: edits, setup: setup)
        changed.needs = suggestion.needs.enumerated().map { offset, need in
            let change = suggestion.changes[offset]
            guard need.kind == .appBuild else { return need }
            let profile =
                edits[change].map { "the fleet's app profile of \($0.app) then says \($0.key.rawValue): \($0.value)" }
                ?? "no app profile key gives it"
            return FleetNeed(.appBuild, need.text + " (" + profile + ")")
        }
        return changed
    }
}
