/// The replay as CSV: one line per interval, ordered by device and time, with its first deciding row.
package enum ReplayCSV {
    package static let header = [
        "device", "device_name", "kind", "custodian", "previous_custodian", "accounts", "start", "end", "closed_by",
        "verdict", "reason", "rows", "other_account_rows", "deciding_role", "deciding_time", "deciding_account",
        "deciding_app", "deciding_correlation_id", "deciding_row", "model_prediction", "model_agreement",
        "model_reason",
    ]

    package static func render(_ report: ReplayReport, naming: Naming) -> String {
        var out = ""
        write(report, naming: naming) { out += $0 }
        return out
    }

    /// Writes the header, then a line per interval as it goes; custody devices the logs never name are said first,
    /// in a line of one cell (`# attention: …`), so a spreadsheet or a script sees it before any count.
    package static func write(_ report: ReplayReport, naming: Naming, to write: (String) -> Void) {
        if let notice = report.summary.custodyNotice { write(cell("# attention: " + notice) + "\n") }
        write(header.joined(separator: ",") + "\n")
        for interval in report.intervals {
            let deciding = interval.evidence.first
            let cells: [String] = [
                interval.device, interval.deviceName ?? "", interval.kind.rawValue,
                interval.custodian.map(naming.name) ?? "", interval.previousCustodian.map(naming.name) ?? "",
                interval.accounts.map(naming.name).joined(separator: " "), report.time(interval.start),
                report.time(interval.end), interval.closure?.rawValue ?? "", interval.verdict.rawValue,
                interval.reason.text(naming), String(interval.rows), String(interval.otherAccountRows),
                deciding?.role.rawValue ?? "", deciding.map { report.time($0.time) } ?? "",
                deciding.map { naming.name($0.account) } ?? "", deciding?.app ?? "", deciding?.correlationID ?? "",
                deciding?.position.description ?? "", interval.model?.prediction.rawValue ?? "",
                interval.model?.agreement.rawValue ?? "", interval.model?.reason ?? "",
            ]
            write(cells.map(cell).joined(separator: ",") + "\n")
        }
    }

    /// An RFC 4180 cell that no spreadsheet runs as a formula, whatever its list separator (`,`, or `;` in most
    /// of continental Europe): a cell starting with `= + - @`, a tab or a carriage return gets a leading `'`, and so
    /// does every part of a cell after a `;` that starts with one of these or a quote (a reader splitting on `;`
    /// honours quotes only at the start of a field, so `Rounds;=cmd` would be two cells there); a cell holding
    /// `,`, `;`, a quote or a line break is quoted (quotes doubled). Works on Unicode scalars, never `Character`s.
    package static func cell(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var quoted = false
        var partStart = true
        for scalar in text.unicodeScalars {
            if partStart, "=+-@\t\r".unicodeScalars.contains(scalar) || (out.last == ";" && scalar == "\"") {
                out.append("'")
            }
            partStart = scalar == ";"
            switch scalar {
            case ",", ";", "\n", "\r": quoted = true
            case "\"":
                quoted = true
                out.append("\"")
            default: break
            }
            out.append(scalar)
        }
        guard quoted else { return String(out) }
        return "\"" + String(out) + "\""
    }
}
