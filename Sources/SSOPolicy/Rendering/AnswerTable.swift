/// `evaluate`'s answer as the table a reader sees: one row per distinct answer (`EvaluateResult.outcomes`) with the
/// conditions that decide it, the prompts, the session and its user, and the findings. Its size follows the
/// distinct answers, never the product of the facts' values (that is `matrix`, on request). The guide's decision
/// tables (Markdown and HTML) and the playground's decision table are this table.
package enum AnswerTable {
    /// An outcome's conditions in words, any of which gives it: `["always"]` when none matters.
    package static func conditions(_ outcome: EvaluateResult.Outcome) -> [String] {
        outcome.when.allSatisfy(\.isAlways) ? ["always"] : outcome.when.map(\.text)
    }

    /// Whether some answer has details (a column then shows them: answers may differ only there).
    static func hasDetails(_ result: EvaluateResult) -> Bool {
        result.outcomes.contains { !$0.view.details.isEmpty }
    }

    static func details(_ view: StepView) -> String {
        view.details.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    /// The table in Markdown (header, rows, blank line); conditions as code spans, one alternative per line.
    package static func markdown(_ result: EvaluateResult) -> String {
        let withDetails = hasDetails(result)
        let header =
            ["#", "when", "prompts", "session", "session user"] + (withDetails ? ["details"] : []) + ["findings"]
        var out = "| " + header.joined(separator: " | ") + " |\n|" + header.map { _ in "---|" }.joined() + "\n"
        for (index, outcome) in result.outcomes.enumerated() {
            let view = outcome.view
            let cells =
                [
                    String(index + 1),
                    conditions(outcome).map { Markdown.code($0, inTable: true) }.joined(separator: " or<br>"),
                    GuideMarkdown.prompts(view.prompts), "`\(view.session)`", Markdown.text(view.sessionUser ?? ""),
                ] + (withDetails ? [Markdown.text(details(view))] : []) + [
                    view.findings.map { "`\($0.id)`" }.joined(separator: " ")
                ]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return out + "\n"
    }

    /// The table in HTML (`class="answers"`), with an optional caption.
    package static func html(_ result: EvaluateResult, caption: String? = nil) -> String {
        var out = "<div class=\"scroll\"><table class=\"answers\">\n"
        if let caption { out += "<caption>\(HTMLText.escape(caption))</caption>\n" }
        out += "<thead><tr><th scope=\"col\">#</th><th scope=\"col\">when</th><th scope=\"col\">prompts</th>"
        let withDetails = hasDetails(result)
        out += "<th scope=\"col\">session</th><th scope=\"col\">session user</th>"
        out += (withDetails ? "<th scope=\"col\">details</th>" : "") + "<th scope=\"col\">findings</th>"
        out += "</tr></thead>\n<tbody>\n"
        for (index, outcome) in result.outcomes.enumerated() {
            let view = outcome.view
            let when = conditions(outcome).map { "<code>\(HTMLText.escape($0))</code>" }.joined(separator: " or<br>")
            out +=
                "<tr><th scope=\"row\">\(index + 1)</th><td>\(when)</td>"
                + "<td>\(ComparisonHTML.prompts(view.prompts))</td><td>\(HTMLText.escape(view.session))</td>"
                + "<td>\(HTMLText.escape(view.sessionUser ?? ""))</td>"
                + (withDetails ? "<td>\(HTMLText.escape(details(view)))</td>" : "")
                + "<td>\(view.findings.map { HTMLText.escape($0.id) }.joined(separator: " "))</td></tr>\n"
        }
        return out + "</tbody>\n</table></div>\n"
    }

    /// "N distinct answers over M combinations of what is unknown" (the unknown facts and settings).
    package static func summary(_ result: EvaluateResult) -> String {
        counted(result.outcomes.count, "distinct answer") + " over "
            + counted(result.combinations, "combination") + " of what is unknown"
    }
}
