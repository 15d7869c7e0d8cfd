import SSOPolicy
import SSOPolicyQueries

/// The page a playground view gets when it was not computed: over its time budget or its work bound, the server
/// busy, or a form that could not be read. It says why, what was left out (the part being computed when it stopped,
/// and so the whole view: a page shows everything it was asked for or nothing of it), what to try, and keeps the
/// form so the view can be changed and asked again. Its status is the error's: 503 for time, work and a busy server.
enum PlaygroundStoppedPage {
    static func html(
        error: APIError, progress: PlaygroundProgress.Snapshot, catalog: BundledCatalog, embed: Bool
    ) -> String {
        var out = PlaygroundPage.opening(embed: embed)
        if !embed { out += "<h1>What happens if… — ssopolicy playground</h1>\n" }
        out += "<div class=\"error\" role=\"alert\">\n<p><strong>\(HTMLText.escape(headline(error)))</strong></p>\n"
        out += "<p>\(HTMLText.escape(sentence(error.message)))</p>\n"
        if !error.diagnostics.isEmpty {
            out += "<ul>"
            for diagnostic in error.diagnostics {
                out += "<li><code>\(HTMLText.escape(diagnostic.description))</code></li>"
            }
            out += "</ul>\n"
        }
        out += "<p>\(HTMLText.escape(leftOut(progress)))</p>\n"
        let tips = tips(error, progress)
        if !tips.isEmpty {
            out += "<p>What to try:</p>\n<ul class=\"tips\">\n"
            for tip in tips {
                out += "<li>\(HTMLText.escape(tip.text))"
                if let link = tip.link {
                    out += " <a href=\"\(HTMLText.attribute(link.href))\">\(HTMLText.escape(link.label))</a>"
                }
                out += "</li>\n"
            }
            out += "</ul>\n"
        }
        out += "</div>\n"
        if let query = progress.query, !embed {
            out += "<form method=\"post\" action=\"/\" aria-label=\"What if\">\n"
            out += PlaygroundPage.choices(query, catalog: catalog)
            out += "</form>\n"
        } else if !embed {
            out += "<p><a href=\"/\">Back to the playground</a></p>\n"
        }
        return out + "</main>\n" + HTMLPage.closing
    }

    static func headline(_ error: APIError) -> String {
        if error.exceededWork { return "This view asks for more work than one request may do." }
        switch error.status.code {
        case 503 where error.message.contains("busy"): return "The server is busy: this view was not computed."
        case 503: return "This view was not finished within the server's time budget."
        default: return "This view could not be read."
        }
    }

    /// What the page leaves out: the part being computed when the view stopped, and so the whole view.
    static func leftOut(_ progress: PlaygroundProgress.Snapshot) -> String {
        guard let query = progress.query else { return "Left out: the whole view; nothing of it was computed." }
        var asked: [PlaygroundProgress.Part] = [.comparison]
        if query.view == "matrix" { asked.append(.matrix) }
        if query.view == "advice" { asked.append(.advice) }
        if query.ask { asked.append(.whatIf) }
        guard let current = progress.current else {
            let when = progress.finished.isEmpty ? "" : " (it stopped while writing the page)"
            return "Left out: the whole view (" + list(asked.map(\.rawValue)) + ")" + when + "."
        }
        var text = "Left out: the whole view (" + list(asked.map(\.rawValue)) + "); the server stopped while working "
        text += "out " + describe(current, query, progress.question)
        if !progress.finished.isEmpty {
            text += ", after " + list(progress.finished.map(\.rawValue)) + " had been computed"
        }
        return text + ". A page shows all of a view or none of it."
    }

    static func describe(
        _ part: PlaygroundProgress.Part, _ query: PlaygroundQuery, _ question: PlaygroundProgress.Question?
    ) -> String {
        switch part {
        case .comparison:
            let count = query.policies.count + query.policyYAML.count
            let scenario = query.scenarioYAML == nil ? "the scenario \(query.scenario)" : "your scenario"
            return "the comparison of \(count) \(count == 1 ? "policy" : "policies") over \(scenario)"
        case .matrix:
            return "the decision table" + (query.matrixPolicy.map { " of \($0)" } ?? "")
                + (query.matrixApp.map { " for the app \($0)" } ?? " for its first app")
        case .advice:
            return "the advice within \(query.maxChanges ?? AdviseRequestBody.defaultMaxChanges) changes"
        case .whatIf:
            guard let question else { return part.rawValue }
            return "the what-if answer for \(question.user) in \(question.app) under \(question.policy) with "
                + "\(question.unknownFacts.count) unknown \(question.unknownFacts.count == 1 ? "fact" : "facts")"
        }
    }

    struct Tip {
        var text: String
        var link: (label: String, href: String)?
    }

    static func tips(_ error: APIError, _ progress: PlaygroundProgress.Snapshot) -> [Tip] {
        let overTime = error.status.code == 503
        guard overTime || error.exceededWork else { return [] }
        if overTime && error.message.contains("busy") {
            return [Tip(text: "Ask again in a moment: other requests were using every worker.")]
        }
        guard let query = progress.query else { return [] }
        var tips: [Tip] = []
        switch progress.current {
        case .whatIf?:
            if let question = progress.question, !question.unknownFacts.isEmpty {
                tips.append(
                    Tip(
                        text: "Fewer unknown facts: each unknown fact multiplies the combinations to work out; give a "
                            + "value to some of " + list(question.unknownFacts) + "."))
            }
            var plain = query
            plain.ask = false
            if let link = plain.link() {
                tips.append(Tip(text: "The view without the what-if question:", link: ("open it", link)))
            } else {
                tips.append(Tip(text: "The view without the what-if question: press Compare rather than Ask."))
            }
        case .advice?:
            tips.append(Tip(text: "Fewer changes at once (at most 1), or one policy at a time."))
            if let link = query.link(view: "compare") {
                tips.append(Tip(text: "The side-by-side view instead:", link: ("open it", link)))
            }
        case .matrix?:
            tips.append(Tip(text: "The decision table of one app (its app field), or of a policy with fewer settings."))
            if let link = query.link(view: "compare") {
                tips.append(Tip(text: "The side-by-side view instead:", link: ("open it", link)))
            } else {
                tips.append(Tip(text: "The side-by-side view instead: pick it under view."))
            }
        default:
            tips.append(Tip(text: "A smaller scenario: fewer steps, or fewer users and apps."))
            if query.policies.count + query.policyYAML.count > 1 {
                tips.append(Tip(text: "Fewer policies compared at once."))
            }
        }
        if overTime {
            tips.append(Tip(text: "Ask again when the server is less busy: time spent waiting counts."))
        }
        tips.append(
            Tip(
                text: "The command line has no time budget: ssopolicy compare, ssopolicy matrix, ssopolicy evaluate "
                    + "and ssopolicy advise give the same answers for any size."))
        return tips
    }

    /// A message as a sentence: its first letter capitalized, a full stop at the end.
    static func sentence(_ message: String) -> String {
        guard let first = message.unicodeScalars.first else { return message }
        let rest = String(String.UnicodeScalarView(message.unicodeScalars.dropFirst()))
        return String(first).uppercased() + rest + (message.hasSuffix(".") ? "" : ".")
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
