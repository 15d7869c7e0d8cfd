import SSOPolicyProviderKit

/// `run` as text: a row per step, findings under their step, the trace under `--explain`.
package enum RunText {
    package static func eventText(_ view: StepView) -> String { "\(view.event) \(view.app)" }

    package static func sessionText(_ view: StepView) -> String {
        view.sessionUser.map { "\(view.session) (\($0))" } ?? view.session
    }

    package static func promptsText(_ prompts: [String]) -> String {
        prompts.isEmpty ? "-" : prompts.joined(separator: ", ")
    }

    package static func render(_ result: RunResult, explain: Bool) -> String {
        let configuration = result.policy.configuration
        var out = "\(configuration.id) (\(result.policy.descriptor.id)) on scenario \(result.scenario.id)\n"
        if let title = configuration.title { out += wrap(title, indent: "  ", hanging: "  ") + "\n" }
        let policyFindings = result.policyFindingViews
        for finding in policyFindings {
            out +=
                wrap("\(finding.severity.name) \(finding.id): \(finding.message)", indent: "  ! ", hanging: "    ")
                + "\n"
        }
        out += "\n"
        let views = result.views
        let table = TextTable(
            header: ["#", "at", "user", "event", "prompts", "session"],
            rows: views.map {
                [String($0.number), $0.at, $0.user ?? "-", eventText($0), promptsText($0.prompts), sessionText($0)]
            })
        let lines = table.render().split(separator: "\n", omittingEmptySubsequences: false)
        if lines.contains(where: { $0.count > 80 }) {
            // Too wide for a terminal: a block per step, the answer on its own line, as `compare` writes it.
            for view in views {
                let sentence = EventPhrase.sentence(user: view.user, event: view.event, app: view.app)
                out += wrap("\(view.number). \(view.at) \(sentence)", indent: "", hanging: "   ") + "\n"
                out +=
                    wrap("\(promptsText(view.prompts))  ->  \(sessionText(view))", indent: "   ", hanging: "     ")
                    + "\n"
                out += stepNotes(view, explain: explain)
            }
        } else {
            out += lines[0] + "\n"
            for (index, view) in views.enumerated() {
                out += lines[index + 1] + "\n"
                out += stepNotes(view, explain: explain)
            }
        }
        let findings = views.flatMap(\.findings)
        out += "\n" + summary(prompts: views.reduce(0) { $0 + $1.prompts.count }, findings: findings) + "\n"
        let verdict = Comparison.verdict(Comparison.totals(result, views: views))
        out += wrap("Verdict: " + verdict, indent: "", hanging: "  ") + "\n"
        return out
    }

    /// Details, findings and (under explain) the trace of one step, indented under its row.
    package static func stepNotes(_ view: StepView, explain: Bool) -> String {
        var out = ""
        for finding in view.findings {
            out +=
                wrap("\(finding.severity.name) \(finding.id): \(finding.message)", indent: "    ! ", hanging: "      ")
                + "\n"
        }
        if explain {
            if let handover = view.handover {
                out +=
                    wrap(
                        "handover: \(handover.summary): "
                            + (handover.events.isEmpty
                                ? "nothing to play before the first access"
                                : handover.events.joined(separator: ", then "))
                            + " [\(handover.source)]", indent: "    ", hanging: "      ") + "\n"
            }
            if !view.details.isEmpty {
                out +=
                    wrap(
                        "details: " + view.details.map { "\($0.key)=\($0.value)" }.joined(separator: ", "),
                        indent: "    ", hanging: "      ") + "\n"
            }
            out += explanation(view.trace)
        }
        return out
    }

    /// The trace in sentences, wrapped to 80 columns: a fired rule with the conditions that held and its citation
    /// (catalogue ids and locators; `ssopolicy sources ID` gives the document);
    /// a rule of a decision list passed over, with the condition that failed; under `--explain all` the other
    /// rules that did not fire, and last those not evaluated at the step.
    package static func explanation(_ trace: [StepView.TraceView], indent: String = "    ") -> String {
        var out = ""
        for rule in trace where rule.evaluated {
            let text: String
            if rule.fired {
                text = "fired \(rule.rule): " + rule.because
            } else if let list = rule.list {
                text = "passed over \(rule.rule) (\(list)): " + rule.because
            } else {
                text = "not fired \(rule.rule): " + rule.because
            }
            out += wrap(text, indent: indent + "- ", hanging: indent + "  ") + "\n"
            if rule.fired {
                out += wrap("source: " + rule.citation, indent: indent + "  ", hanging: indent + "    ") + "\n"
            }
        }
        let unevaluated = trace.filter { !$0.evaluated }.map(\.rule)
        if !unevaluated.isEmpty {
            out +=
                wrap(
                    "not evaluated at this step: " + unevaluated.joined(separator: ", "), indent: indent + "- ",
                    hanging: indent + "  ") + "\n"
        }
        return out
    }

    package static func summary(prompts: Int, findings: [StepView.FindingView]) -> String {
        let counts = [Severity.critical, .high, .medium, .low].map { severity in
            "\(findings.filter { $0.severity == severity }.count) \(severity.name)"
        }
        return "Summary: \(prompts) prompt\(prompts == 1 ? "" : "s"); findings: " + counts.joined(separator: ", ")
    }
}
