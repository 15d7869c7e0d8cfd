/// `check --format json`: every diagnostic with its position, then the counts the text summary prints.
package enum CheckRender {
    package static func json(_ report: CheckReport, quiet: Bool) -> JSONValue {
        let shown = report.diagnostics.filter { !(quiet && $0.severity != .error) }
        return .object([
            ("files_checked", .int(report.filesChecked)), ("policies", .int(report.policies)),
            ("scenarios", .int(report.scenarios)), ("suites", .int(report.suites)),
            ("fleets", .int(report.fleets)), ("errors", .int(report.errorCount)),
            ("warnings", .int(report.warningCount)),
            ("notes", .int(report.noteCount)),
            ("diagnostics", .array(shown.map(diagnostic))),
        ])
    }

    /// One positioned diagnostic; also the shape of the server's error answers.
    package static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("file", .string(diagnostic.position.file)), ("line", .int(diagnostic.position.line)),
            ("column", .int(diagnostic.position.column)), ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)), ("id", .optional(diagnostic.id)),
        ])
    }

    /// The text summary line, `checked N files (...): E errors, W warnings` (and `, N notes` when there are notes:
    /// unknown values and where imported values came from).
    package static func summary(_ report: CheckReport) -> String {
        "checked \(counted(report.filesChecked, "file"))"
            + " (\(counted(report.policies, "policy", "policies")), \(counted(report.scenarios, "scenario")), "
            + "\(counted(report.suites, "suite"))"
            + (report.fleets > 0 ? ", \(counted(report.fleets, "fleet"))" : "") + "): "
            + "\(counted(report.errorCount, "error")), \(counted(report.warningCount, "warning"))"
            + (report.noteCount > 0 ? ", \(counted(report.noteCount, "note"))" : "") + "\n"
    }
}
