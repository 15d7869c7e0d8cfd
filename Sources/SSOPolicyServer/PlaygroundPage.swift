import SSOPolicy
import SSOPolicyQueries

/// The playground's HTML, rendered on the server with no script at all: one form (POSTed, so pasted YAML never
/// enters a URL) to pick or paste policies and a scenario and to ask a what-if question, then the comparison (the
/// same fragment as the HTML guide's), the timeline or the decision table, and the what-if answer beside it.
enum PlaygroundPage {
    static func html(query: PlaygroundQuery, answers: PlaygroundAnswers, catalog: BundledCatalog, embed: Bool)
        -> String
    {
        var out = opening(embed: embed)
        if embed {
            out += error(answers.error)
            if let comparison = answers.comparison { out += ComparisonHTML.table(comparison, diffOnly: query.diff) }
            if let link = query.link() {
                out += "<p><a href=\"\(HTMLText.attribute(link))\" target=\"_blank\" rel=\"noopener\">"
                out += "Open in the ssopolicy playground</a></p>\n"
            }
            return out + "</main>\n" + HTMLPage.closing
        }
        out += "<h1>What happens if… — ssopolicy playground</h1>\n"
        if query.ignoredYAMLInURL {
            out += "<p class=\"error\" role=\"alert\">Pasted YAML is accepted only in the form's POST body, never in "
            out += "a URL; the YAML in this link was ignored.</p>\n"
        }
        out += "<form method=\"post\" action=\"/\" aria-label=\"What if\">\n"
        out += choices(query, catalog: catalog)
        out += "<div class=\"columns\">\n<div class=\"result\">\n<h2>Result</h2>\n"
        out += views(query)
        out += error(answers.error)
        if let decision = answers.decision { out += decision.html(id: "decision", level: 3) }
        if let comparison = answers.comparison {
            switch query.view {
            case "timeline": out += timeline(comparison)
            case "matrix":
                out += error(answers.matrixError)
                if let matrix = answers.matrix { out += matrixTable(matrix) }
                out += matrixChoice(query, comparison)
            case "advice": out += advice(query, answers)
            default: out += ComparisonHTML.table(comparison, diffOnly: query.diff)
            }
        }
        out += "</div>\n<div class=\"whatif\">\n"
        out += whatIf(query, comparison: answers.comparison)
        out += error(answers.evaluationError)
        if let evaluation = answers.evaluation { out += outcomes(evaluation, query: query) }
        out += "</div>\n</div>\n</form>\n"
        out += share(query)
        return out + "</main>\n" + HTMLPage.closing
    }

    /// The page up to its content: the head with the one inline style the content security policy allows.
    static func opening(embed: Bool) -> String {
        HTMLPage(title: "ssopolicy what-if playground", style: css, bodyClass: embed ? "embed" : "full").opening
            + "<main id=\"app\">\n"
    }

    static func error(_ error: APIError?) -> String {
        guard let error else { return "" }
        var out = "<div class=\"error\" role=\"alert\"><p><strong>\(HTMLText.escape(error.message))</strong></p>"
        if !error.diagnostics.isEmpty {
            out += "<ul>"
            for diagnostic in error.diagnostics {
                out += "<li><code>\(HTMLText.escape(diagnostic.description))</code></li>"
            }
            out += "</ul>"
        }
        return out + "</div>\n"
    }

    static func choices(_ query: PlaygroundQuery, catalog: BundledCatalog) -> String {
        var out = "<div class=\"choices\">\n<fieldset><legend>Bundled policies</legend>\n"
        for entry in catalog.entries(of: .policy) {
            let checked = query.policies.contains(entry.name) ? " checked" : ""
            out +=
                "<label class=\"choice\"><input type=\"checkbox\" name=\"policies\" "
                + "value=\"\(HTMLText.attribute(entry.name))\"\(checked)> \(HTMLText.escape(entry.name)) "
                + "<span class=\"muted\">(\(HTMLText.escape(entry.provider ?? "")))</span></label>\n"
        }
        out += "</fieldset>\n<fieldset><legend>Your policies (YAML, compared too)</legend>\n"
        for index in 0..<Playground.maxPastedPolicies {
            let text = index < query.policyYAML.count ? query.policyYAML[index] : ""
            out +=
                "<label for=\"policy_yaml_\(index + 1)\">policy \(index + 1)</label>"
                + "<textarea name=\"policy_yaml\" id=\"policy_yaml_\(index + 1)\" spellcheck=\"false\" rows=\"5\">"
                + HTMLText.escape(text) + "</textarea>\n"
        }
        out += fleetChoice(query, catalog: catalog)
        out += "</fieldset>\n<fieldset><legend>Scenario</legend>\n<label for=\"scenario\">bundled</label> "
        out += "<select name=\"scenario\" id=\"scenario\">"
        for entry in catalog.entries(of: .scenario) {
            let selected = entry.name == query.scenario ? " selected" : ""
            out +=
                "<option value=\"\(HTMLText.attribute(entry.name))\"\(selected)>\(HTMLText.escape(entry.name))"
                + (entry.title.map { " — " + HTMLText.escape($0) } ?? "") + "</option>"
        }
        out += "</select>\n<label for=\"scenario_yaml\">or yours (YAML, replaces it)</label>"
        out += "<textarea name=\"scenario_yaml\" id=\"scenario_yaml\" spellcheck=\"false\" rows=\"6\">"
        out += HTMLText.escape(query.scenarioYAML ?? "") + "</textarea>\n"
        out += "<label for=\"view\">view</label> <select name=\"view\" id=\"view\">"
        for (value, label) in viewLabels {
            out += "<option value=\"\(value)\"\(value == query.view ? " selected" : "")>\(label)</option>"
        }
        out += "</select>\n<label class=\"choice\"><input type=\"checkbox\" name=\"diff\" value=\"1\""
        out += (query.diff ? " checked" : "") + "> only steps that differ</label>\n"
        out += "<button type=\"submit\">Compare</button>\n</fieldset>\n</div>\n"
        return out
    }

    static func views(_ query: PlaygroundQuery) -> String {
        guard query.link() != nil else { return "" }
        var out = "<nav class=\"views\" aria-label=\"Views\">"
        for (value, label) in viewLabels {
            let current = value == query.view ? " aria-current=\"page\"" : ""
            out += "<a href=\"\(HTMLText.attribute(query.link(view: value) ?? "/"))\"\(current)>\(label)</a> "
        }
        return out + "</nav>\n"
    }

    static func timeline(_ comparison: Comparison) -> String {
        var out = "<section id=\"timeline\" aria-label=\"Timeline\">\n"
        for result in comparison.results {
            out +=
                "<h3>\(HTMLText.escape(result.policy.configuration.id)) "
                + "<span class=\"muted\">(\(HTMLText.escape(result.policy.descriptor.id)))</span></h3>\n<ol>\n"
            for view in result.views {
                out +=
                    "<li><strong>\(HTMLText.escape(view.at)) \(HTMLText.escape(view.user ?? "-")) "
                    + "\(HTMLText.escape(view.event)) \(HTMLText.escape(view.app))</strong> — "
                    + ComparisonHTML.prompts(view.prompts) + " — \(HTMLText.escape(view.session))"
                    + (view.sessionUser.map { " (\(HTMLText.escape($0)))" } ?? "")
                out += findingList(view.findings)
                let fired = view.trace.filter(\.fired)
                if !fired.isEmpty {
                    out += "<ul class=\"why\">"
                    for rule in fired {
                        out += "<li>\(HTMLText.escape(rule.rule)): \(HTMLText.escape(rule.because))</li>"
                    }
                    out += "</ul>"
                }
                out += "</li>\n"
            }
            out += "</ol>\n"
        }
        return out + "</section>\n"
    }

    static func findingList(_ findings: [StepView.FindingView]) -> String {
        guard !findings.isEmpty else { return "" }
        return "<ul class=\"findings\">"
            + findings.map {
                "<li class=\"sev-\($0.severity.name)\"><strong>\($0.severity.name):</strong> "
                    + "\(HTMLText.escape($0.message)) [\(HTMLText.escape($0.id))]</li>"
            }.joined() + "</ul>"
    }

    /// The decision table: `evaluate`'s distinct answers with their deciding conditions (the full product of the
    /// facts' values is `ssopolicy matrix`).
    static func matrixTable(_ result: EvaluateResult) -> String {
        var out = "<div class=\"table-wrap\" id=\"matrix\">\n"
        out += AnswerTable.html(
            result,
            caption: "Decision table of \(result.policy.configuration.id) for app \(result.app), user \(result.user): "
                + AnswerTable.summary(result))
        let command = ShellCommand.line([
            "ssopolicy", "evaluate", result.policy.configuration.id, "--app", result.app, "--user", result.user,
        ])
        out += "<p class=\"muted\">The same answer: <code>\(HTMLText.escape(command))</code>; every combination, one "
        out +=
            "row each: <code>\(HTMLText.escape("ssopolicy matrix " + ShellCommand.word(result.policy.configuration.id)))"
        out += "</code>.</p>\n"
        return out + "</div>\n"
    }

    static func matrixChoice(_ query: PlaygroundQuery, _ comparison: Comparison) -> String {
        var out = "<p><label for=\"matrix\">decision table of</label> <select name=\"matrix\" id=\"matrix-policy\">"
        for result in comparison.results {
            let id = result.policy.configuration.id
            out +=
                "<option value=\"\(HTMLText.attribute(id))\"\(id == query.matrixPolicy ? " selected" : "")>"
                + "\(HTMLText.escape(id))</option>"
        }
        out += "</select> <label for=\"matrix_app\">app</label> <input name=\"matrix_app\" id=\"matrix_app\" "
        out += "value=\"\(HTMLText.attribute(query.matrixApp ?? ""))\" placeholder=\"its first app\"> "
        return out + "<button type=\"submit\">Show</button></p>\n"
    }

    /// The what-if question: a compared policy, an app, a user and each fact known or unknown.
    static func whatIf(_ query: PlaygroundQuery, comparison: Comparison?) -> String {
        var out = "<fieldset class=\"ask\"><legend>What if… (<code>ssopolicy evaluate</code>)</legend>\n"
        guard let comparison else {
            return out + "<p>Pick policies that load to ask a question.</p></fieldset>\n"
        }
        let policies = comparison.results.map(\.policy)
        guard let first = policies.first else {
            return out + "<p>No policy to ask about: no setup of the fleet plays on any of its device groups.</p>"
                + "</fieldset>\n"
        }
        let chosen = policies.first { $0.configuration.id == query.whatIfPolicy } ?? first
        out += "<label for=\"whatif\">policy</label> <select name=\"whatif\" id=\"whatif\">"
        for policy in policies {
            let id = policy.configuration.id
            out +=
                "<option value=\"\(HTMLText.attribute(id))\"\(policy.configuration.id == chosen.configuration.id ? " selected" : "")>"
                + "\(HTMLText.escape(id))</option>"
        }
        out += "</select>\n<label for=\"app\">app</label> <select name=\"app\" id=\"app\">"
        var apps: [String] = []
        for policy in policies {
            for app in policy.configuration.apps where !apps.contains(app.id) { apps.append(app.id) }
        }
        let app = query.app ?? chosen.configuration.apps[0].id
        for id in apps {
            out += "<option value=\"\(HTMLText.attribute(id))\"\(id == app ? " selected" : "")>\(HTMLText.escape(id))"
            out += "</option>"
        }
        out += "</select>\n<label for=\"user\">user</label> <input name=\"user\" id=\"user\" size=\"10\" "
        out += "value=\"\(HTMLText.attribute(query.user ?? "bob"))\">\n"
        var seenProviders: [String] = []
        for policy in policies where !seenProviders.contains(policy.descriptor.id) {
            seenProviders.append(policy.descriptor.id)
            out += "<p class=\"muted\">facts of \(HTMLText.escape(policy.descriptor.id))"
            out += policy.descriptor.id == chosen.descriptor.id ? "" : " (used when the chosen policy is one of its)"
            out += "</p>\n<div class=\"facts\">\n"
            for fact in policy.descriptor.facts {
                let given = query.facts.first { $0.key == fact.key }?.value ?? ""
                let name = "fact:" + fact.key
                out += "<label title=\"\(HTMLText.attribute(fact.meaning))\">\(HTMLText.escape(fact.key)) "
                switch fact.domain {
                case .choice(let values):
                    out += "<select name=\"\(HTMLText.attribute(name))\"><option value=\"\">unknown</option>"
                    for value in values {
                        out +=
                            "<option value=\"\(HTMLText.attribute(value))\"\(value == given ? " selected" : "")>"
                            + "\(HTMLText.escape(value))</option>"
                    }
                    out += "</select>"
                case .account:
                    out +=
                        "<input name=\"\(HTMLText.attribute(name))\" size=\"10\" placeholder=\"unknown\" "
                        + "value=\"\(HTMLText.attribute(given))\">"
                }
                out += "</label>\n"
            }
            out += "</div>\n"
        }
        out += settingChoices(query, policy: chosen)
        out += "<p class=\"muted\">Leave a fact unknown to see every outcome; an account fact is a user name or "
        out += "<code>none</code>.</p>\n<button type=\"submit\" name=\"ask\" value=\"1\">Ask</button>\n</fieldset>\n"
        return out
    }

    /// The chosen policy's settings and model options that take a few values, each as the policy says, unknown
    /// (`?`) or one of its values: `evaluate --setting`. An app's key is asked by a link's `setting:APP.KEY`.
    static func settingChoices(_ query: PlaygroundQuery, policy: CompiledPolicy) -> String {
        let descriptor = policy.descriptor
        var out = "<details class=\"settings\"\(query.settings.contains { !$0.value.isEmpty } ? " open" : "")>"
        out += "<summary>settings of \(HTMLText.escape(policy.configuration.id)) (what if one were otherwise?)"
        out += "</summary>\n<div class=\"facts\">\n"
        for declaration in descriptor.settings + descriptor.modelOptions.map(\.setting) {
            guard let values = declaration.kind.enumeratedValues, values.count > 1 else { continue }
            let current = policy.configuration.settings[declaration.key]?.description ?? ""
            let given = query.settings.first { $0.key == declaration.key }?.value ?? ""
            out += "<label title=\"\(HTMLText.attribute(declaration.meaning))\">\(HTMLText.escape(declaration.key)) "
            out += "<select name=\"\(HTMLText.attribute("setting:" + declaration.key))\">"
            out += "<option value=\"\">\(HTMLText.escape(current)) (the policy's)</option>"
            out += "<option value=\"?\"\(given == "?" ? " selected" : "")>unknown</option>"
            for value in values where value != current {
                out +=
                    "<option value=\"\(HTMLText.attribute(value))\"\(value == given ? " selected" : "")>"
                    + "\(HTMLText.escape(value))</option>"
            }
            out += "</select></label>\n"
        }
        for (key, value) in query.settings where key.contains(".") && !value.isEmpty {
            out +=
                "<input type=\"hidden\" name=\"\(HTMLText.attribute("setting:" + key))\" "
                + "value=\"\(HTMLText.attribute(value))\">"
        }
        return out + "</div>\n</details>\n"
    }

    static func outcomes(_ result: EvaluateResult, query: PlaygroundQuery) -> String {
        let count = result.outcomes.count
        var out = "<section id=\"whatif-answer\" aria-label=\"What-if answer\">\n"
        out +=
            "<p><strong>"
            + HTMLText.escape(EventPhrase.sentence(user: result.user, event: result.event, app: result.app))
            + " under \(HTMLText.escape(result.policy.configuration.id)): \(counted(count, "outcome"))</strong></p>\n"
            + "<ol>\n"
        for outcome in result.outcomes {
            let when =
                outcome.when.allSatisfy(\.isAlways)
                ? "always" : "when " + outcome.when.map(\.text).joined(separator: " or ")
            out += "<li><div class=\"when\">\(HTMLText.escape(when))</div>"
            out += "<div>prompts: \(ComparisonHTML.prompts(outcome.view.prompts))</div>"
            out +=
                "<div>session: \(HTMLText.escape(outcome.view.session))"
                + (outcome.view.sessionUser.map { " (\(HTMLText.escape($0)))" } ?? "") + "</div>"
            out += findingList(outcome.view.findings) + "</li>\n"
        }
        out += "</ol>\n"
        var words = [
            "ssopolicy", "evaluate", result.policy.configuration.id, "--app", result.app, "--user", result.user,
        ]
        for (key, value) in query.facts where !value.isEmpty && result.policy.descriptor.fact(key) != nil {
            words += ["--fact", "\(key)=\(value)"]
        }
        for (key, value) in query.settings where !value.isEmpty { words += ["--setting", "\(key)=\(value)"] }
        let command = ShellCommand.line(words)
        out += "<p>The same answer: <code>\(HTMLText.escape(command))</code></p>\n</section>\n"
        return out
    }

    static func share(_ query: PlaygroundQuery) -> String {
        guard let link = query.link() else {
            return "<p class=\"muted\">This view holds pasted YAML, which is never put in a link; keep the YAML in a "
                + "file and use <code>ssopolicy compare</code> or <code>ssopolicy guide</code>.</p>\n"
        }
        var out = "<div class=\"share\">\n<p><a href=\"\(HTMLText.attribute(link))\">Link to this view</a></p>\n"
        out +=
            "<p>For an onboarding guide, <code>ssopolicy guide POLICY... --format html</code> writes a file with this "
        out +=
            "comparison and its embeddable snippets that needs no server; to frame this live comparison from a server "
        out += "your readers can reach: <code>"
        out += HTMLText.escape(
            "<iframe src=\"" + (query.link(path: "/embed", view: "compare") ?? "/embed")
                + "\" width=\"100%\" height=\"480\" title=\"ssopolicy comparison\"></iframe>")
        return out + "</code> (with this server's address before <code>/embed</code>).</p>\n</div>\n"
    }

    static let viewLabels = [
        ("compare", "Side by side"), ("timeline", "Timeline"), ("matrix", "Decision table"),
        ("advice", "How to make it safe"),
    ]

    /// The page's one inline style, which the content security policy allows by its hash.
    static let css = PageStyle.playground
}
