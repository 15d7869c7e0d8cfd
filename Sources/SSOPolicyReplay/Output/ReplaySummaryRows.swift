/// The replay's counts as label–value rows, the one list the Markdown and HTML reports render (each escaping them its
/// own way): the files read, the rows, the time the logs cover, custody, devices, intervals, each verdict's count and,
/// with a policy, each agreement with the model.
struct ReplaySummaryRow {
    var label: String
    var value: String
    /// The verdict the row counts, if it counts one (the HTML colours it).
    var verdict: Verdict?

    static func rows(_ report: ReplayReport) -> [ReplaySummaryRow] {
        let summary = report.summary
        var rows = [
            ReplaySummaryRow(
                label: "sign-in files",
                value: summary.files.map { "\($0.path) (\($0.format), \($0.rows) rows)" }.joined(separator: "; ")),
            ReplaySummaryRow(
                label: "rows", value: "\(summary.rowsRead) read, \(summary.rowsUsed) used, \(summary.badRows) skipped"),
        ]
        if let from = summary.coverFrom, let to = summary.coverTo {
            rows.append(ReplaySummaryRow(label: "logs cover", value: "\(report.time(from)) to \(report.time(to))"))
        }
        rows.append(
            ReplaySummaryRow(
                label: "custody",
                value: summary.custodyFile.map { "\($0) (\(summary.custodyRecords) records)" } ?? "none"))
        rows.append(ReplaySummaryRow(label: "devices", value: String(summary.devices)))
        rows.append(ReplaySummaryRow(label: "intervals", value: String(report.intervals.count)))
        for verdict in Verdict.allCases {
            rows.append(
                ReplaySummaryRow(label: verdict.words, value: String(summary.verdicts[verdict] ?? 0), verdict: verdict))
        }
        if let policy = report.policy {
            let counts = report.agreements
            for agreement in ModelComparison.Agreement.allCases {
                rows.append(
                    ReplaySummaryRow(
                        label: "model \(policy): \(agreement.words)", value: String(counts[agreement] ?? 0)))
            }
        }
        return rows
    }
}
