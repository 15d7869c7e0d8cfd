import SSOPolicyProviderKit

/// `compare` output: JSON per the contract, and text that fits an 80-column terminal.
public enum CompareRender {
    public static func json(_ comparison: Comparison, diffOnly: Bool) -> JSONValue {
        let differences = comparison.differences
        let results = comparison.results.map { result -> JSONValue in
            guard case .object(var fields) = RunJSON.run(result) else { return .null }
            if diffOnly, let index = fields.firstIndex(where: { $0.0 == "steps" }),
                case .array(let steps) = fields[index].1
            {
                fields[index].1 = .array(
                    steps.filter { step in
                        guard case .object(let pairs) = step,
                            case .int(let number)? = pairs.first(where: { $0.0 == "step" })?.1
                        else { return false }
                        return differences.contains(number)
                    })
            }
            let totals = Comparison.totals(result)
            fields.append(
                (
                    "totals",
                    .object([
                        ("prompts", .int(totals.prompts)),
                        ("prompts_per_user", .object(totals.promptsPerUser.map { ($0.user, .int($0.prompts)) })),
                        (
                            "findings",
                            .object(
                                [Severity.critical, .high, .medium, .low, .info].map {
                                    ($0.name, .int(totals.findings[$0] ?? 0))
                                })
                        ),
                        (
                            "handovers",
                            .array(
                                totals.handovers.map { handover in
                                    .object([
                                        ("user", .string(handover.user)),
                                        ("seconds_until_safe", handover.secondsUntilSafe.map(JSONValue.int) ?? .null),
                                    ])
                                })
                        ),
                    ])
                ))
            return .object(fields)
        }
        return .object([
            ("scenario", .string(comparison.scenario.id)), ("results", .array(results)),
            ("differences", .array(differences.map(JSONValue.int))),
        ])
    }

    static func handoverText(_ seconds: Int?) -> String {
        guard let seconds else { return "never" }
        return seconds == 0 ? "at once" : "after " + Duration.format(seconds)
    }

    /// One block per step (policies one per line, so any number of policies fits 80 columns), then totals.
    public static func text(_ comparison: Comparison, diffOnly: Bool, explain: Bool) -> String {
        let differences = Set(comparison.differences)
        let allViews = comparison.results.map(\.views)
        let names = comparison.results.map(\.policy.configuration.id)
        let width = names.map(\.count).max() ?? 0
        var out = "Scenario \(comparison.scenario.id)"
        if let title = comparison.scenario.title { out += ": \(title)" }
        out += "\n"
        for (name, result) in zip(names, comparison.results) {
            out += "  \(name.padding(width)) \(result.policy.descriptor.id)"
            if let title = result.policy.configuration.title { out += " - \(title)" }
            out += "\n"
        }
        out += "\n"
        guard let first = allViews.first else { return out }
        for index in first.indices {
            let step = first[index]
            if diffOnly && !differences.contains(step.number) { continue }
            let mark = differences.contains(step.number) ? " *differs*" : ""
            out += "\(step.number). \(step.at) \(step.user ?? "-") \(step.event) \(step.app)\(mark)\n"
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
        for (name, result) in zip(names, comparison.results) {
            let totals = Comparison.totals(result)
            let perUser = totals.promptsPerUser.map { "\($0.user) \($0.prompts)" }.joined(separator: ", ")
            let findings = [Severity.critical, .high, .medium, .low].map { "\(totals.findings[$0] ?? 0) \($0.name)" }
            out += "  \(name)\n"
            out +=
                wrap(
                    "prompts: \(totals.prompts) (\(perUser.isEmpty ? "none" : perUser))", indent: "    ",
                    hanging: "      ") + "\n"
            out += "    findings: " + findings.joined(separator: ", ") + "\n"
            for handover in totals.handovers {
                out +=
                    "    \(handover.user) works safely in their own session: \(handoverText(handover.secondsUntilSafe))\n"
            }
            for finding in result.policyFindingViews {
                out +=
                    wrap(
                        "config \(finding.severity.name) \(finding.id): \(finding.message)", indent: "    ! ",
                        hanging: "      ") + "\n"
            }
        }
        let list = comparison.differences.map(String.init).joined(separator: ", ")
        out += "\nSteps that differ: \(list.isEmpty ? "none" : list)\n"
        return out
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
