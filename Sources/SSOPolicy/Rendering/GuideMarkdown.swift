import SSOPolicyProviderKit

/// Markdown for onboarding guides: tables that render on common forges.
package enum GuideMarkdown {
    static func prompts(_ prompts: [String]) -> String {
        prompts.isEmpty ? "-" : prompts.map { "`\($0)`" }.joined(separator: " → ")
    }

    static func findings(_ findings: [StepView.FindingView]) -> String {
        findings.isEmpty ? "" : findings.map { "**\($0.severity.name)** `\($0.id)`" }.joined(separator: "<br>")
    }

    package static func run(_ result: RunResult, explain: Bool) -> String {
        let configuration = result.policy.configuration
        var out = "### `\(configuration.id)` on `\(result.scenario.id)`\n\n"
        if let title = configuration.title { out += "\(Markdown.text(title))\n\n" }
        out += "| # | at | user | event | prompts | session | session user | findings |\n"
        out += "|---:|---|---|---|---|---|---|---|\n"
        for view in result.views {
            out +=
                "| \(view.number) | \(view.at) | \(view.user ?? "") | `\(view.event)` \(view.app) | \(prompts(view.prompts)) | "
                + "`\(view.session)` | \(view.sessionUser ?? "") | \(findings(view.findings)) |\n"
        }
        out += "\nVerdict: " + Markdown.cell(Comparison.verdict(Comparison.totals(result))) + "\n"
        if explain {
            out += "\n"
            for view in result.views where !view.trace.isEmpty {
                out +=
                    "- Step \(view.number): "
                    + view.trace.map {
                        "`\($0.rule)` \($0.fired ? "fired" : "did not fire"): \(Markdown.cell($0.because)) (\($0.source))"
                    }.joined(separator: "; ") + "\n"
            }
        }
        return out + "\n"
    }

    /// "Inventory (`inventory`)" when a compared policy gives the app a display name.
    static func appName(_ app: String, _ comparison: Comparison) -> String {
        let named = comparison.results.lazy.compactMap { result in
            result.policy.configuration.apps.first { $0.id == app }?.name
        }.first
        return named.map { "\(Markdown.text($0)) (`\(app)`)" } ?? app
    }

    /// Each provider's shift-change procedure, as a scenario's `handover` step plays it.
    package static func handovers(_ descriptors: [ProviderDescriptor]) -> String {
        var out = "## Handover: each provider's shift-change procedure\n\n"
        out +=
            "A scenario step `handover: { from: alice, to: bob }` plays each provider's documented procedure; "
            + "`handover: { to: alice }`, before anyone has used the device, plays only the events of `to` (the first "
            + "worker taking the device):\n\n"
        out += "| provider | procedure | events | source |\n|---|---|---|---|\n"
        for descriptor in descriptors {
            guard let handover = descriptor.handover else {
                out += "| `\(descriptor.id)` | none declared (the step is not applicable) | | |\n"
                continue
            }
            let events = handover.actions.map {
                "`\($0.actor.rawValue)`: `\($0.event)` \(Markdown.cell($0.target.text))"
            }
            out +=
                "| `\(descriptor.id)` | \(Markdown.cell(handover.summary)) | " + events.joined(separator: "<br>")
                + " | \(descriptor.renderCitationsMarkdown(handover.sources)) |\n"
        }
        return out + "\n"
    }

    package static func compare(_ comparison: Comparison, diffOnly: Bool) -> String {
        let allViews = comparison.results.map(\.views)
        let differenceList = Comparison.differences(allViews)
        let differences = Set(differenceList)
        let names = comparison.results.map(\.policy.configuration.id)
        var out = "### Scenario `\(comparison.scenario.id)`"
        if let title = comparison.scenario.title { out += ": \(Markdown.text(title))" }
        out += "\n\n| # | at | user | event | " + names.map { "`\($0)`" }.joined(separator: " | ") + " |\n"
        out += "|---:|---|---|---|" + names.map { _ in "---|" }.joined() + "\n"
        guard let first = allViews.first else { return out }
        for index in first.indices {
            let step = first[index]
            if diffOnly && !differences.contains(step.number) { continue }
            let number = differences.contains(step.number) ? "**\(step.number)**" : "\(step.number)"
            var event = "`\(step.event)` \(appName(step.app, comparison))"
            if let note = step.note { event += "<br>*\(Markdown.text(note))*" }
            out += "| \(number) | \(step.at) | \(step.user ?? "") | \(event) | "
            out +=
                allViews.map { views in
                    let view = views[index]
                    var cell = prompts(view.prompts) + "<br>`\(view.session)`"
                    if let user = view.sessionUser { cell += " (\(user))" }
                    let found = findings(view.findings)
                    if !found.isEmpty { cell += "<br>" + found }
                    return cell
                }.joined(separator: " | ") + " |\n"
        }
        out +=
            "\n| totals | " + names.map { "`\($0)`" }.joined(separator: " | ") + " |\n|---|"
            + names.map { _ in "---|" }.joined() + "\n"
        let totals = zip(comparison.results, allViews).map { Comparison.totals($0, views: $1) }
        out += "| prompts | " + totals.map { String($0.prompts) }.joined(separator: " | ") + " |\n"
        out +=
            "| prompts per user | "
            + totals.map { $0.promptsPerUser.map { "\($0.user) \($0.prompts)" }.joined(separator: ", ") }.joined(
                separator: " | ") + " |\n"
        out +=
            "| denied per user | "
            + totals.map { $0.deniedPerUser.map { "\($0.user) \($0.denied)" }.joined(separator: ", ") }.joined(
                separator: " | ") + " |\n"
        for severity in [Severity.critical, .high, .medium, .low] {
            out +=
                "| \(severity.name) findings | "
                + totals.map { String($0.findings[severity] ?? 0) }.joined(separator: " | ") + " |\n"
        }
        out += "| verdict | " + totals.map { Markdown.cell(Comparison.verdict($0)) }.joined(separator: " | ") + " |\n"
        let configurationFindings = comparison.results.flatMap { result in
            result.policyFindingViews.map { (result.policy.configuration.id, $0) }
        }
        if !configurationFindings.isEmpty {
            out += "\nFindings of the configurations themselves:\n\n"
            for (policy, finding) in configurationFindings {
                out +=
                    "- `\(policy)`: **\(finding.severity.name)** `\(finding.id)`: \(Markdown.cell(finding.message))\n"
            }
        }
        for note in comparison.notes { out += "\nNote: \(Markdown.cell(note))\n" }
        let list = differenceList.map(String.init).joined(separator: ", ")
        out += "\nSteps that differ: \(list.isEmpty ? "none" : list)\n\n"
        return out
    }
}
