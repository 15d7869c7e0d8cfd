import SSOPolicy

/// The replay as one self-contained HTML file (no script, no external resource): the counts, the worst intervals,
/// then each device with its timeline drawn as SVG and its intervals in a table. Every value from the input is
/// escaped by Unicode scalars.
package enum ReplayHTML {
    static let page = HTMLPage(
        title: "Sign-in replay", style: PageStyle.replay, lightAndDark: false, upperCaseDoctype: true)

    package static func render(_ report: ReplayReport, naming: Naming, limit: Int) -> String {
        var out = ""
        write(report, naming: naming, limit: limit) { out += $0 }
        return out
    }

    /// Writes the page: the counts and the worst intervals, then each device (its timeline and table) as it goes.
    package static func write(_ report: ReplayReport, naming: Naming, limit: Int, to write: (String) -> Void) {
        let h = HTMLText.attribute
        let summary = report.summary
        var out = page.opening
        out += "<h1>Sign-in replay</h1>\n"
        if let notice = summary.custodyNotice {
            out += "<p class=\"attention\"><strong>Attention:</strong> \(h(notice))</p>\n"
        }
        out += "<table>\n"
        for row in ReplaySummaryRow.rows(report) {
            let style = row.verdict.map { " class=\"\($0.rawValue)\"" } ?? ""
            out += "<tr\(style)><th>\(h(row.label))</th><td>\(h(row.value))</td></tr>\n"
        }
        out += "</table>\n"
        if naming.isPseudonymous {
            out += "<p class=\"note\">People are shown as pseudonyms (worker-1, worker-2, … in report order).</p>\n"
        }
        if !summary.warnings.isEmpty {
            out += "<ul class=\"note\">\n" + summary.warnings.map { "<li>\(h($0))</li>\n" }.joined() + "</ul>\n"
        }
        let worst = report.worst(including: [.exposed, .maybeExposed, .unreplayable], limit: limit).intervals
        if !worst.isEmpty {
            out += "<h2>Worst first</h2>\n"
            for interval in worst { out += detail(interval, report: report, naming: naming) }
        }
        out += "<h2>Devices</h2>\n"
        write(out)
        var group: [ReplayInterval] = []
        func flush() {
            guard let device = group.first?.device else { return }
            var section = "<h3>\(h(device))</h3>\n"
            section += TimelineSVG.render(group, report: report, naming: naming)
            section += "<table>\n<tr><th>from</th><th>to</th><th>who</th><th>verdict</th><th>reason</th></tr>\n"
            for interval in group {
                section += "<tr class=\"\(interval.verdict.rawValue)\"><td>\(h(report.time(interval.start)))</td>"
                section += "<td>\(h(report.time(interval.end)))</td><td>\(h(ReplayText.who(interval, naming)))</td>"
                section += "<td>\(h(interval.verdict.words))</td><td>\(h(interval.reason.text(naming)))</td></tr>\n"
            }
            write(section + "</table>\n")
            group.removeAll(keepingCapacity: true)
        }
        for interval in report.intervals {
            if let device = group.first?.device, device != interval.device { flush() }
            group.append(interval)
        }
        flush()
        write(HTMLPage.closing)
    }

    static func detail(_ interval: ReplayInterval, report: ReplayReport, naming: Naming) -> String {
        let h = HTMLText.attribute
        var out = "<h3 class=\"\(interval.verdict.rawValue)\">\(h(interval.verdict.words)): \(h(interval.device)), "
        out += "\(h(report.time(interval.start)))</h3>\n"
        out += "<p>\(h(ReplayText.who(interval, naming))). \(h(interval.reason.text(naming)))</p>\n"
        if !interval.evidence.isEmpty {
            out += "<table>\n<tr><th>role</th><th>time</th><th>account</th><th>app</th><th>interactive</th>"
            out += "<th>outcome</th><th>correlation id</th><th>row</th></tr>\n"
            for evidence in interval.evidence {
                out += "<tr><td>\(h(evidence.role.rawValue))</td><td>\(h(report.time(evidence.time)))</td>"
                out += "<td>\(h(naming.name(evidence.account)))</td><td>\(h(evidence.app))</td>"
                out += "<td>\(h(evidence.interactivity.name))</td><td>\(h(evidence.outcome.name))"
                out += h(evidence.errorCode.map { $0 == 0 ? "" : " \($0)" } ?? "") + "</td>"
                out += "<td>\(h(evidence.correlationID ?? ""))</td><td>\(h(evidence.position.description))</td></tr>\n"
            }
            out += "</table>\n"
        }
        if let model = interval.model {
            out += "<p>Model: <strong>\(h(model.prediction.rawValue))</strong>, \(h(model.agreement.words)): "
            out += "\(h(model.reason))</p>\n"
        }
        return out
    }
}
