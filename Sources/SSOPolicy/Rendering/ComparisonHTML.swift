import SSOPolicyProviderKit

/// A comparison as an HTML table with its totals and verdict lines, readable without scripts. Its markup uses
/// only classes under `ssopolicy-embed`, and `style` scopes them, so the same fragment sits in the HTML guide, in
/// the playground and, pasted, in a wiki page.
package enum ComparisonHTML {
    /// The fragment's own style: light and dark, printable, scoped to `.ssopolicy-embed` (`PageStyle.comparison`).
    package static let style = PageStyle.comparison

    package static func prompts(_ prompts: [String]) -> String {
        prompts.isEmpty
            ? "<span class=\"none\">no prompt</span>"
            : "<span class=\"prompts\">" + prompts.map { HTMLText.escape($0) }.joined(separator: " → ") + "</span>"
    }

    static func findings(_ findings: [StepView.FindingView]) -> String {
        guard !findings.isEmpty else { return "" }
        return "<ul>"
            + findings.map {
                "<li class=\"sev-\($0.severity.name)\" title=\"\(HTMLText.attribute($0.message))\">"
                    + "\($0.severity.name) \(HTMLText.escape($0.id))</li>"
            }.joined() + "</ul>"
    }

    static func appName(_ app: String, _ comparison: Comparison) -> String {
        let named = comparison.results.lazy.compactMap { result in
            result.policy.configuration.apps.first { $0.id == app }?.name
        }.first
        return named.map { "\(HTMLText.escape($0)) (\(HTMLText.escape(app)))" } ?? HTMLText.escape(app)
    }

    /// The table, totals, configuration findings and notes of one comparison, wrapped in `.ssopolicy-embed`.
    package static func table(_ comparison: Comparison, diffOnly: Bool = false, heading: String? = nil) -> String {
        let allViews = comparison.results.map(\.views)
        let differences = Set(Comparison.differences(allViews))
        let names = comparison.results.map(\.policy.configuration.id)
        var out = "<div class=\"ssopolicy-embed\">\n"
        if let heading { out += heading }
        out += "<table>\n<caption>Scenario " + HTMLText.escape(comparison.scenario.id)
        if let title = comparison.scenario.title { out += ": " + HTMLText.escape(title) }
        out += "</caption>\n<thead><tr><th scope=\"col\">#</th><th scope=\"col\">at</th><th scope=\"col\">user</th>"
        out += "<th scope=\"col\">event</th>"
        out += names.map { "<th scope=\"col\">\(HTMLText.escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        if let first = allViews.first {
            for index in first.indices {
                let step = first[index]
                let differs = differences.contains(step.number)
                if diffOnly && !differs { continue }
                out += differs ? "<tr class=\"differs\">" : "<tr>"
                out += "<th scope=\"row\">\(step.number)\(differs ? "<span class=\"note\"> ≠</span>" : "")</th>"
                out += "<td>\(HTMLText.escape(step.at))</td><td>\(HTMLText.escape(step.user ?? "-"))</td>"
                out += "<td>\(HTMLText.escape(step.event)) \(appName(step.app, comparison))"
                if let note = step.note { out += "<br><span class=\"note\">\(HTMLText.escape(note))</span>" }
                out += "</td>"
                for views in allViews {
                    let view = views[index]
                    out += "<td>" + prompts(view.prompts) + "<br>" + HTMLText.escape(view.session)
                    if let user = view.sessionUser { out += " (\(HTMLText.escape(user)))" }
                    out += findings(view.findings) + "</td>"
                }
                out += "</tr>\n"
            }
        }
        out += "</tbody>\n</table>\n"
        let totals = zip(comparison.results, allViews).map { Comparison.totals($0, views: $1) }
        out += "<table>\n<caption>Totals</caption>\n<thead><tr><th scope=\"col\">total</th>"
        out += names.map { "<th scope=\"col\">\(HTMLText.escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        func row(_ label: String, _ cells: [String]) -> String {
            "<tr><th scope=\"row\">\(label)</th>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
        }
        out += row("prompts", totals.map { String($0.prompts) })
        out += row(
            "prompts per user",
            totals.map {
                HTMLText.escape($0.promptsPerUser.map { "\($0.user) \($0.prompts)" }.joined(separator: ", "))
            })
        out += row(
            "denied per user",
            totals.map {
                HTMLText.escape($0.deniedPerUser.map { "\($0.user) \($0.denied)" }.joined(separator: ", "))
            })
        for severity in [Severity.critical, .high, .medium, .low] {
            out += row("\(severity.name) findings", totals.map { String($0.findings[severity] ?? 0) })
        }
        out += row("verdict", totals.map { HTMLText.escape(Comparison.verdict($0)) })
        out += "</tbody>\n</table>\n"
        let configurationFindings = comparison.results.flatMap { result in
            result.policyFindingViews.map { (result.policy.configuration.id, $0) }
        }
        if !configurationFindings.isEmpty {
            out += "<p>Findings of the configurations themselves:</p>\n<ul>\n"
            for (policy, finding) in configurationFindings {
                out +=
                    "<li>\(HTMLText.escape(policy)): <span class=\"sev-\(finding.severity.name)\">"
                    + "\(finding.severity.name) \(HTMLText.escape(finding.id))</span>: "
                    + "\(HTMLText.escape(finding.message))</li>\n"
            }
            out += "</ul>\n"
        }
        for note in comparison.notes { out += "<p class=\"note\">Note: \(HTMLText.escape(note))</p>\n" }
        let list = Comparison.differences(allViews).map(String.init).joined(separator: ", ")
        out += "<p>Steps that differ: \(list.isEmpty ? "none" : list)</p>\n</div>\n"
        return out
    }
}
