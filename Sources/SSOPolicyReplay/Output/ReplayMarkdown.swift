import SSOPolicy

/// The replay as Markdown, for a review or a ticket: the counts, the worst intervals with their deciding rows, then
/// every device's intervals.
package enum ReplayMarkdown {
    package static func render(_ report: ReplayReport, naming: Naming, limit: Int) -> String {
        var out = ""
        write(report, naming: naming, limit: limit) { out += $0 }
        return out
    }

    /// Writes the counts and the worst intervals, then each device's intervals as it goes.
    package static func write(_ report: ReplayReport, naming: Naming, limit: Int, to write: (String) -> Void) {
        let summary = report.summary
        let cell = Markdown.text
        var out = "# Sign-in replay\n\n"
        if let notice = summary.custodyNotice { out += "> **Attention:** " + cell(notice) + "\n\n" }
        out += "| | |\n|---|---|\n"
        for row in ReplaySummaryRow.rows(report) { out += "| \(cell(row.label)) | \(cell(row.value)) |\n" }
        if naming.isPseudonymous {
            out += "\nPeople are shown as pseudonyms (worker-1, worker-2, … in report order).\n"
        }
        if !summary.warnings.isEmpty {
            out += "\n" + summary.warnings.map { "- " + cell($0) }.joined(separator: "\n") + "\n"
        }
        let worst = report.worst(including: [.exposed, .maybeExposed, .unreplayable], limit: limit).intervals
        if !worst.isEmpty {
            out += "\n## Worst first\n\n"
            for interval in worst {
                out += "### \(interval.verdict.words): \(cell(interval.device)), \(report.time(interval.start))\n\n"
                out += cell(ReplayText.who(interval, naming)) + ". " + cell(interval.reason.text(naming)) + "\n\n"
                if !interval.evidence.isEmpty {
                    out += "| role | time | account | app | interactive | outcome | correlation id | row |\n"
                    out += "|---|---|---|---|---|---|---|---|\n"
                    for evidence in interval.evidence {
                        out += "| \(evidence.role.rawValue) | \(report.time(evidence.time)) | "
                        out += "\(cell(naming.name(evidence.account))) | \(cell(evidence.app)) | "
                        out += "\(evidence.interactivity.name) | \(evidence.outcome.name)"
                        out += evidence.errorCode.map { $0 == 0 ? "" : " \($0)" } ?? ""
                        out += " | \(cell(evidence.correlationID ?? "")) | \(cell(evidence.position.description)) |\n"
                    }
                    out += "\n"
                }
                if let model = interval.model {
                    out +=
                        "Model: **\(model.prediction.rawValue)**, \(model.agreement.words): \(cell(model.reason))\n\n"
                }
            }
        }
        out += "## Devices\n"
        write(out)
        var device: String?
        for interval in report.intervals {
            var line = ""
            if interval.device != device {
                device = interval.device
                line +=
                    "\n### \(cell(interval.device))\n\n| from | to | who | verdict | reason |\n|---|---|---|---|---|\n"
            }
            line += "| \(report.time(interval.start)) | \(report.time(interval.end)) | "
            line += "\(cell(ReplayText.who(interval, naming))) | \(interval.verdict.words) | "
            line += cell(interval.reason.text(naming)) + " |\n"
            write(line)
        }
    }
}
