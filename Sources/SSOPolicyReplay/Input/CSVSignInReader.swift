import SSOPolicyProviderKit

/// Reads sign-in rows from CSV: the Entra portal's download (`Date (UTC)`, `Username`, `Application`, `Device ID`,
/// `Status`, `Sign-in error code`, `Correlation ID`, …) and Log Analytics' export of `SigninLogs` and
/// `AADNonInteractiveUserSignInLogs` (`TimeGenerated [UTC]`, `UserPrincipalName`, `DeviceDetail` as JSON, `Status`
/// as JSON, `ResultType`, `CorrelationId`, `Type`, …). Columns are found by their header, ignoring case, spaces at
/// either end and a `[UTC]` suffix; other columns are ignored.
final class CSVSignInReader<Sink: SignInSink> {
    enum Column {
        case time, fallbackTime, account, appName, appID, deviceID, deviceName, operatingSystem, deviceDetail, status
        case errorCode
        case correlation, isInteractive, table, eventTypes, count, other
    }

    /// Header names (lowercased, without a `[utc]` suffix) and the column each means.
    static var headers: [(String, Column)] {
        [
            ("date (utc)", .time), ("createddatetime", .time),
            ("timegenerated", .fallbackTime), ("time", .fallbackTime),
            ("username", .account), ("userprincipalname", .account), ("user principal name", .account),
            ("application", .appName), ("appdisplayname", .appName), ("app display name", .appName),
            ("application id", .appID), ("appid", .appID), ("app id", .appID),
            ("device id", .deviceID), ("deviceid", .deviceID), ("device name", .deviceName),
            ("operating system", .operatingSystem), ("operatingsystem", .operatingSystem),
            ("devicedetail", .deviceDetail),
            ("status", .status),
            ("sign-in error code", .errorCode), ("resulttype", .errorCode), ("errorcode", .errorCode),
            ("error code", .errorCode),
            ("correlation id", .correlation), ("correlationid", .correlation),
            ("isinteractive", .isInteractive), ("is interactive", .isInteractive),
            ("type", .table), ("category", .table),
            ("signineventtypes", .eventTypes), ("sign-in event types", .eventTypes),
            ("# sign-ins", .count), ("sign-ins", .count),
        ]
    }

    private let records: CSVRecords
    private let parser: JSONRowParser
    private let sink: Sink
    private let file: Int32
    private let implied: Interactivity
    private var columns: [Column] = []
    /// A problem with the header: nothing is read.
    private(set) var headerProblem: String?
    /// Quotes read as literals (a `"` that does not open a cell), positioned: the rows are read, and replay exits 1.
    private(set) var quoteProblems: [(line: Int, column: Int, message: String)] = []
    private var strayQuotes = 0
    static var reportedStrayQuotes: Int { 20 }

    private let maxRowBytes: Int

    init(
        records: CSVRecords, parser: JSONRowParser, sink: Sink, file: Int32, implied: Interactivity, maxRowBytes: Int
    ) {
        self.maxRowBytes = maxRowBytes
        self.records = records
        self.parser = parser
        self.sink = sink
        self.file = file
        self.implied = implied
    }

    func read() {
        var header = true
        records.forEach { record, line, column in
            let position = RowPosition(file: file, line: Int32(clamping: line), column: Int32(clamping: column))
            let cells: UnsafeBufferPointer<ByteSlice>
            switch record {
            case .cells(let found): cells = found
            case .tooLong:
                var fields = SignInFields()
                fields.fail("the row is longer than \(maxRowBytes) bytes (--max-row-bytes)")
                sink.take(&fields, at: position)
                return
            case .unclosedQuote(let quoteLine, let quoteColumn, let atEnd):
                var fields = SignInFields()
                fields.fail(
                    "the quoted cell opened at \(quoteLine):\(quoteColumn) is not closed "
                        + (atEnd ? "by the end of the file" : "before the next row")
                        + " (a '\"' inside a cell is written '\"\"', in a quoted cell)")
                sink.take(&fields, at: position)
                return
            }
            if let stray = records.strayQuote { strayQuote(at: stray) }
            if header {
                header = false
                readHeader(cells)
                return
            }
            guard headerProblem == nil else { return }
            var fields = SignInFields()
            fields.impliedInteractivity = implied
            for (index, cell) in cells.enumerated() {
                guard let start = cell.start, let found = ByteCheck.first(start, 0, cell.count) else { continue }
                fields.fail("cell \(index + 1) holds \(found.problem.phrase)")
                sink.take(&fields, at: position)
                return
            }
            parser.beginRow()
            let count = min(cells.count, columns.count)
            for index in 0..<count {
                let kind = columns[index]
                if kind == .other { continue }
                cell(cells[index].trimmed, kind, into: &fields)
            }
            sink.take(&fields, at: position)
        }
    }

    private func strayQuote(at position: (line: Int, column: Int)) {
        strayQuotes += 1
        guard strayQuotes <= Self.reportedStrayQuotes else { return }
        quoteProblems.append(
            (
                position.line, position.column,
                "a '\"' that does not open a quoted cell, read as a literal quote (a cell holding a quote is "
                    + "written in quotes, the quote doubled: \"Ward 12\"\" tablet\")"
            ))
    }

    /// Stray quotes beyond those reported.
    var unreportedQuotes: Int { max(0, strayQuotes - Self.reportedStrayQuotes) }

    private func readHeader(_ cells: UnsafeBufferPointer<ByteSlice>) {
        let table = Dictionary(Self.headers, uniquingKeysWith: { first, _ in first })
        columns = cells.map { cell in
            var name = cell.trimmed.string.lowercased()
            for suffix in [" [utc]", " [local time]", " (utc)"] where name.hasSuffix(suffix) && name != "date (utc)" {
                name.removeLast(suffix.count)
            }
            return table[name] ?? .other
        }
        var missing: [String] = []
        if !columns.contains(.time) && !columns.contains(.fallbackTime) {
            missing.append("a time ('Date (UTC)', 'CreatedDateTime' or 'TimeGenerated [UTC]')")
        }
        if !columns.contains(.account) { missing.append("an account ('Username' or 'UserPrincipalName')") }
        if !missing.isEmpty {
            headerProblem =
                "not a sign-in CSV: no column for " + missing.joined(separator: " or ")
                + "; the header is the first line"
        }
    }

    @inline(__always)
    private func cell(_ text: ByteSlice, _ kind: Column, into fields: inout SignInFields) {
        switch kind {
        case .time, .fallbackTime:
            guard !text.isEmpty else { return }
            guard let parsed = Timestamp.parse(text) else {
                fields.fail("the time is not a date and time, found " + JSONRowParser.excerpt(text))
                return
            }
            if kind == .time { fields.time = parsed.utcMillis } else { fields.fallbackTime = parsed.utcMillis }
        case .account: fields.account = text
        case .appName: fields.appName = text
        case .appID: fields.appID = text
        case .deviceID: fields.deviceID = text
        case .deviceName: fields.deviceName = text
        case .operatingSystem: fields.operatingSystem = text
        case .deviceDetail: parser.deviceDetail(text, into: &fields)
        case .status:
            if let start = text.start, text.count > 0, start[0] == 0x7B {
                parser.status(text, into: &fields)
            } else if fields.statusWord.isEmpty {
                fields.statusWord = text
            }
        case .errorCode: if !text.isEmpty { parser.code(text, into: &fields) }
        case .correlation: fields.correlation = text
        case .isInteractive:
            if text.equalsIgnoringCase("true") || text.equalsIgnoringCase("1") { fields.interactivity = .interactive }
            if text.equalsIgnoringCase("false") || text.equalsIgnoringCase("0") {
                fields.interactivity = .nonInteractive
            }
        case .table:
            if text.containsIgnoringCase("noninteractive") {
                fields.impliedInteractivity = .nonInteractive
            } else if text.equalsIgnoringCase("SigninLogs") || text.equalsIgnoringCase("SignInLogs") {
                fields.impliedInteractivity = .interactive
            }
        case .eventTypes:
            if text.containsIgnoringCase("noninteractiveuser") {
                fields.impliedInteractivity = .nonInteractive
            } else if text.containsIgnoringCase("interactiveuser") {
                fields.impliedInteractivity = .interactive
            }
        case .count:
            if let start = text.start, let count = JSONBytes.integer(start, 0, text.count), count >= 1 {
                fields.count = count
            }
        case .other: break
        }
    }
}
