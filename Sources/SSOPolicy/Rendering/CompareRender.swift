import SSOPolicyProviderKit

/// `compare` output: JSON per the contract, and text that fits an 80-column terminal.
package enum CompareRender {
    package static func json(_ comparison: Comparison, diffOnly: Bool) -> JSONValue {
        let allViews = comparison.results.map(\.views)
        let differences = Comparison.differences(allViews)
        let differing = Set(differences)
        let results = zip(comparison.results, allViews).map { result, views -> JSONValue in
            guard case .object(var fields) = RunJSON.run(result) else { return .null }
            if diffOnly, let index = fields.firstIndex(where: { $0.0 == "steps" }),
                case .array(let steps) = fields[index].1
            {
                fields[index].1 = .array(
                    steps.filter { step in
                        guard case .object(let pairs) = step,
                            case .int(let number)? = pairs.first(where: { $0.0 == "step" })?.1
                        else { return false }
                        return differing.contains(number)
                    })
            }
            let totals = Comparison.totals(result, views: views)
            fields.append(
                (
                    "totals",
                    .object([
                        ("prompts", .int(totals.prompts)),
                        ("prompts_per_user", .object(totals.promptsPerUser.map { ($0.user, .int($0.prompts)) })),
                        ("denied_per_user", .object(totals.deniedPerUser.map { ($0.user, .int($0.denied)) })),
                        ("could_not_work", .strings(totals.workers.filter(\.couldNotWork).map(\.user))),
                        (
                            "effort_seconds_per_user",
                            .object(totals.effortPerUser.map { ($0.user, .int($0.seconds)) })
                        ),
                        ("findings", findingsJSON(totals)),
                        ("worst_finding", worstFindingJSON(totals.worstFinding)),
                        ("handovers", .array(totals.handovers.map(handoverJSON))),
                        ("verdict", .string(Comparison.verdict(totals))),
                    ])
                ))
            return .object(fields)
        }
        return .object([
            ("scenario", .string(comparison.scenario.id)), ("results", .array(results)),
            ("differences", .array(differences.map(JSONValue.int))), ("notes", .strings(comparison.notes)),
        ])
    }

    /// The step findings of a run by severity: `{"critical": 1, "high": 2, "medium": 0, "low": 0, "info": 0}`.
    static func findingsJSON(_ totals: Comparison.Totals) -> JSONValue {
        .object([Severity.critical, .high, .medium, .low, .info].map { ($0.name, .int(totals.findings[$0] ?? 0)) })
    }

    static func worstFindingJSON(_ worst: Comparison.WorstFinding?) -> JSONValue {
        guard let worst else { return .null }
        return .object([
            ("id", .string(worst.id)), ("severity", .string(worst.severity.name)), ("step", .int(worst.step)),
        ])
    }

    static func handoverJSON(_ handover: Comparison.Handover) -> JSONValue {
        .object([
            ("user", .string(handover.user)), ("from", .string(handover.previousUser)), ("step", .int(handover.step)),
            ("safe_from_step", handover.safeFromStep.map(JSONValue.int) ?? .null),
            ("seconds_until_safe", handover.secondsUntilSafe.map(JSONValue.int) ?? .null),
            ("at_once", .bool(handover.safeAtOnce)),
            ("last_unsafe_step", handover.lastUnsafeStep.map(JSONValue.int) ?? .null),
            ("first_productive_step", handover.firstProductiveStep.map(JSONValue.int) ?? .null),
            (
                "seconds_to_first_productive_access",
                handover.secondsToFirstProductiveAccess.map(JSONValue.int) ?? .null
            ),
        ])
    }

    /// One block per step (policies one per line, so any number of policies fits 80 columns), then totals.
    package static func text(_ comparison: Comparison, diffOnly: Bool, explain: Bool) -> String {
        let allViews = comparison.results.map(\.views)
        let differenceList = Comparison.differences(allViews)
        let differences = Set(differenceList)
        let names = comparison.results.map(\.policy.configuration.id)
        let width = names.map(\.count).max() ?? 0
        var header = "Scenario \(comparison.scenario.id)"
        if let title = comparison.scenario.title { header += ": \(title)" }
        var out = wrap(header, indent: "", hanging: "  ") + "\n"
        for (name, result) in zip(names, comparison.results) {
            var detail = result.policy.descriptor.id
            if let title = result.policy.configuration.title { detail += " - \(title)" }
            out +=
                wrap(detail, indent: "  \(name.padding(width)) ", hanging: String(repeating: " ", count: width + 3))
                + "\n"
        }
        for note in comparison.notes { out += wrap("note: " + note, indent: "", hanging: "  ") + "\n" }
        out += "\n"
        guard let first = allViews.first else { return out }
        for index in first.indices {
            let step = first[index]
            if diffOnly && !differences.contains(step.number) { continue }
            let mark = differences.contains(step.number) ? " *differs*" : ""
            let sentence = EventPhrase.sentence(user: step.user, event: step.event, app: step.app)
            out += wrap("\(step.number). \(step.at) \(sentence)\(mark)", indent: "", hanging: "   ") + "\n"
            if let note = comparison.scenario.steps[index].note {
                out += wrap(note, indent: "   ", hanging: "   ") + "\n"
            }
            for (name, views) in zip(names, allViews) {
                let view = views[index]
                let line =
                    "\(name.padding(width))  \(RunText.promptsText(view.prompts))  ->  \(RunText.sessionText(view))"
                out += wrap(line, indent: "   ", hanging: "     ") + "\n"
                out += RunText.stepNotes(view, explain: explain)
            }
        }
        out += "\nTotals\n"
        for (index, (name, result)) in zip(names, comparison.results).enumerated() {
            let totals = Comparison.totals(result, views: allViews[index])
            let perUser = totals.promptsPerUser.map { "\($0.user) \($0.prompts)" }.joined(separator: ", ")
            let findings = [Severity.critical, .high, .medium, .low].map { "\(totals.findings[$0] ?? 0) \($0.name)" }
            out += "  \(name)\n"
            out +=
                wrap(
                    "prompts: \(totals.prompts) (\(perUser.isEmpty ? "none" : perUser))", indent: "    ",
                    hanging: "      ") + "\n"
            let effort = totals.effortPerUser.map { "\($0.user) \(Comparison.seconds($0.seconds))" }
            out +=
                wrap(
                    "sign-in effort: " + (effort.isEmpty ? "none" : effort.joined(separator: ", ")), indent: "    ",
                    hanging: "      ") + "\n"
            out += "    findings: " + findings.joined(separator: ", ") + "\n"
            out += wrap("verdict: " + Comparison.verdict(totals), indent: "    ", hanging: "      ") + "\n"
            for finding in result.policyFindingViews {
                out +=
                    wrap(
                        "config \(finding.severity.name) \(finding.id): \(finding.message)", indent: "    ! ",
                        hanging: "      ") + "\n"
            }
        }
        let list = differenceList.map(String.init).joined(separator: ", ")
        out += "\nSteps that differ: \(list.isEmpty ? "none" : list)\n"
        return out
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
