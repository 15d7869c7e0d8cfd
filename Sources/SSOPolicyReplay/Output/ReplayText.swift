import SSOPolicy

/// The replay for a person at a terminal: what was read, the verdict counts, and the worst intervals first with the
/// rows that decide them.
package enum ReplayText {
    package static func render(_ report: ReplayReport, naming: Naming, limit: Int) -> String {
        let summary = report.summary
        var out = ""
        if let notice = summary.custodyNotice {
            out += wrap("ATTENTION: " + notice, width: 100, indent: "", hanging: "  ") + "\n\n"
        }
        out += "Sign-ins: " + counted(summary.files.count, "file") + ", " + counted(summary.rowsRead, "row")
        out += " (\(summary.rowsUsed) used, \(summary.badRows) skipped as unreadable"
        if summary.notUserRows > 0 { out += ", \(summary.notUserRows) not a user's sign-in" }
        out += summary.devicelessRows > 0 ? "; \(summary.devicelessRows) of them without a device)" : ")"
        out += "\n"
        if let first = summary.firstRow, let last = summary.lastRow {
            out += "  rows from \(report.time(first)) to \(report.time(last))"
            if summary.coverFrom != first || summary.coverTo != last, let from = summary.coverFrom,
                let to = summary.coverTo
            {
                out += "; taken to cover \(report.time(from)) to \(report.time(to))"
            }
            out += "\n"
        }
        out +=
            "  \(summary.interactiveRows) interactive, \(summary.nonInteractiveRows) non-interactive"
            + (summary.unknownInteractivityRows > 0 ? ", \(summary.unknownInteractivityRows) unknown" : "")
            + (summary.groupedRows > 0 ? ", \(summary.groupedRows) grouped" : "") + "\n"
        if let file = summary.custodyFile {
            out +=
                "Custody: \(file) (\(summary.custodyShape ?? "empty")), " + counted(summary.custodyRecords, "record")
                + "\n"
        } else {
            out += "Custody: none given: each device's accounts are compared window by window (custody unknown)\n"
        }
        let intervals = report.intervals
        out += counted(summary.devices, "device") + ", " + counted(intervals.count, "interval") + ": "
        out += Verdict.allCases.map { "\($0.words) \(summary.verdicts[$0] ?? 0)" }.joined(separator: ", ") + "\n"
        if let policy = report.policy {
            let counts = report.agreements
            out += "Model \(policy): "
            out += ModelComparison.Agreement.allCases.map { "\($0.words) \(counts[$0] ?? 0)" }.joined(separator: ", ")
            out += "\n"
        }
        if naming.isPseudonymous { out += "People are shown as pseudonyms (worker-1, worker-2, … in report order).\n" }
        let bad = report.worst(including: [.exposed, .maybeExposed, .unreplayable], limit: limit)
        let pessimistic = report.worst(
            including: [.clean], limit: max(0, limit - bad.intervals.count),
            agreement: { $0 == .modelMorePessimistic })
        let shown = bad.intervals + pessimistic.intervals
        let total = bad.total + pessimistic.total
        out += "\n"
        if total == 0 {
            out += intervals.isEmpty ? "Nothing to judge.\n" : "Every interval is clean.\n"
        } else {
            out +=
                "Worst first (\(shown.count) of \(total)"
                + (total > shown.count ? "; --limit, or every interval in --format json, csv, markdown or html" : "")
                + "):\n"
            for (index, interval) in shown.enumerated() {
                out += "\n" + entry(interval, number: index + 1, report: report, naming: naming)
            }
        }
        if !summary.warnings.isEmpty {
            out += "\nWarnings:\n"
            for warning in summary.warnings { out += wrap(warning, width: 100, indent: "  - ", hanging: "    ") + "\n" }
        }
        return out
    }

    static func who(_ interval: ReplayInterval, _ naming: Naming) -> String {
        switch interval.kind {
        case .custody:
            let custodian = interval.custodian.map(naming.name) ?? "?"
            return interval.previousCustodian.map { naming.name($0) + " -> " + custodian } ?? custodian
        case .unknownCustody:
            return "custody unknown: "
                + (interval.accounts.isEmpty
                    ? "no account" : interval.accounts.map(naming.name).joined(separator: ", "))
        }
    }

    static func entry(_ interval: ReplayInterval, number: Int, report: ReplayReport, naming: Naming) -> String {
        var out = "\(number). \(interval.verdict.words.uppercased())  \(interval.device)"
        if let name = interval.deviceName { out += " (\(name))" }
        out += "  \(report.time(interval.start)) to \(report.time(interval.end))  \(who(interval, naming))\n"
        out += wrap(interval.reason.text(naming), width: 100, indent: "   ", hanging: "   ") + "\n"
        for evidence in interval.evidence {
            out += "   - " + evidenceLine(evidence, report: report, naming: naming) + "\n"
        }
        if let model = interval.model {
            out +=
                wrap(
                    "model \(report.policy ?? ""): \(model.prediction.rawValue), \(model.agreement.words): \(model.reason)",
                    width: 100, indent: "   ", hanging: "     ") + "\n"
        }
        return out
    }

    static func evidenceLine(_ evidence: Evidence, report: ReplayReport, naming: Naming) -> String {
        var parts = [report.time(evidence.time), naming.name(evidence.account)]
        if !evidence.app.isEmpty { parts.append(evidence.app) }
        parts.append(evidence.interactivity.name)
        parts.append(evidence.outcome.name + (evidence.errorCode.map { $0 == 0 ? "" : " \($0)" } ?? ""))
        if evidence.count > 1 { parts.append("×\(evidence.count)") }
        if let correlation = evidence.correlationID { parts.append("correlation \(correlation)") }
        return parts.joined(separator: "  ") + "  [\(evidence.role.rawValue); \(evidence.position)]"
    }
}
