import SSOPolicy

/// The replay as JSON for pipelines: the summary, then every interval with its verdict, reason, deciding rows and
/// (with a policy) the model's prediction, one interval per line, written as it goes. Times are ISO 8601 in the
/// shown zone (UTC by default).
package enum ReplayJSON {
    package static func render(_ report: ReplayReport, naming: Naming) -> String {
        var out = ""
        write(report, naming: naming) { out += $0 }
        return out
    }

    package static func write(_ report: ReplayReport, naming: Naming, to write: (String) -> Void) {
        let summary = summary(report, naming: naming).serialized().split(
            separator: "\n", omittingEmptySubsequences: false)
        let attention = report.summary.custodyNotice.map {
            "\n  \"attention\": " + JSONValue.string($0).serialized(pretty: false) + ","
        }
        write(
            "{" + (attention ?? "") + "\n  \"summary\": " + summary.joined(separator: "\n  ") + ",\n  \"intervals\": [")
        var first = true
        for interval in report.intervals {
            write(
                (first ? "\n    " : ",\n    ")
                    + self.interval(report, interval, naming: naming).serialized(pretty: false))
            first = false
        }
        write(first ? "]\n}\n" : "\n  ]\n}\n")
    }

    static func summary(_ report: ReplayReport, naming: Naming) -> JSONValue {
        let summary = report.summary
        var fields: [(String, JSONValue)] = [
            (
                "files",
                .array(
                    summary.files.map {
                        .object([("path", .string($0.path)), ("format", .string($0.format)), ("rows", .int($0.rows))])
                    })
            ),
            (
                "custody",
                summary.custodyFile.map {
                    .object([
                        ("file", .string($0)), ("shape", .optional(summary.custodyShape)),
                        ("records", .int(summary.custodyRecords)), ("devices", .int(summary.custodyDevices)),
                        ("devices_not_in_logs", .strings(summary.unmatchedCustodyDevices)),
                    ])
                } ?? .null
            ),
            (
                "rows",
                .object([
                    ("read", .int(summary.rowsRead)), ("used", .int(summary.rowsUsed)),
                    ("skipped", .int(summary.badRows)), ("not_user", .int(summary.notUserRows)),
                    ("without_device", .int(summary.devicelessRows)),
                    ("interactive", .int(summary.interactiveRows)),
                    ("non_interactive", .int(summary.nonInteractiveRows)),
                    ("unknown_interactivity", .int(summary.unknownInteractivityRows)),
                    ("grouped", .int(summary.groupedRows)),
                ])
            ),
            ("first_row", time(summary.firstRow, report)), ("last_row", time(summary.lastRow, report)),
            ("covers", .object([("from", time(summary.coverFrom, report)), ("to", time(summary.coverTo, report))])),
            ("time_zone", .string(report.zone?.identifier ?? "UTC")),
            ("devices", .int(summary.devices)), ("accounts", .int(summary.accounts)),
            ("intervals", .int(report.intervals.count)),
            ("verdicts", .object(Verdict.allCases.map { ($0.rawValue, .int(summary.verdicts[$0] ?? 0)) })),
        ]
        if let policy = report.policy {
            let counts = report.agreements
            fields.append(("policy", .string(policy)))
            fields.append(
                ("model", .object(ModelComparison.Agreement.allCases.map { ($0.rawValue, .int(counts[$0] ?? 0)) })))
        }
        fields.append(("pseudonymised", .bool(naming.isPseudonymous)))
        fields.append(("warnings", .strings(summary.warnings)))
        return .object(fields)
    }

    static func time(_ millis: Int64?, _ report: ReplayReport) -> JSONValue {
        millis.map { .string(report.time($0)) } ?? .null
    }

    static func interval(_ report: ReplayReport, _ interval: ReplayInterval, naming: Naming) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("device", .string(interval.device)), ("device_name", .optional(interval.deviceName)),
            ("kind", .string(interval.kind.rawValue)),
            ("custodian", .optional(interval.custodian.map(naming.name))),
            ("previous_custodian", .optional(interval.previousCustodian.map(naming.name))),
        ]
        if interval.kind == .unknownCustody {
            fields.append(("accounts", .strings(interval.accounts.map(naming.name))))
        }
        fields += [
            ("start", .string(report.time(interval.start))), ("end", .string(report.time(interval.end))),
            ("closed_by", .optional(interval.closure?.rawValue)),
            ("custody_record", .optional(interval.custodyPosition?.description)),
            ("verdict", .string(interval.verdict.rawValue)), ("reason", .string(interval.reason.text(naming))),
            ("rows", .int(interval.rows)), ("other_account_rows", .int(interval.otherAccountRows)),
            ("evidence", .array(interval.evidence.map { evidence($0, report, naming: naming) })),
        ]
        if let model = interval.model {
            fields.append(
                (
                    "model",
                    .object([
                        ("prediction", .string(model.prediction.rawValue)),
                        ("agreement", .string(model.agreement.rawValue)), ("reason", .string(model.reason)),
                        ("steps", .strings(model.steps)),
                    ])
                ))
        }
        return .object(fields)
    }

    static func evidence(_ evidence: Evidence, _ report: ReplayReport, naming: Naming) -> JSONValue {
        .object([
            ("role", .string(evidence.role.rawValue)), ("time", .string(report.time(evidence.time))),
            ("account", .string(naming.name(evidence.account))), ("app", .string(evidence.app)),
            ("app_id", .optional(evidence.appID)), ("correlation_id", .optional(evidence.correlationID)),
            ("interactive", .string(evidence.interactivity.name)), ("outcome", .string(evidence.outcome.name)),
            ("error_code", evidence.errorCode.map { .int($0) } ?? .null), ("count", .int(evidence.count)),
            ("device_id", .optional(evidence.deviceID)), ("row", .string(evidence.position.description)),
        ])
    }
}
