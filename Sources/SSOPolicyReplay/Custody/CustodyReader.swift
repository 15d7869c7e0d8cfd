import Foundation
import SSOPolicy
import SSOPolicyProviderKit

/// Reads a custody timeline (who held which device when) from the shapes `docs/replay.md` documents, found by
/// their column names (CSV) or keys (JSON, one object per line):
///
/// - intervals: `device, user, checked_out_at, checked_in_at` (an empty check-in: never checked in);
/// - a roster: `device, user, date, start, end` (local times; an end before the start is the next day);
/// - Imprivata MAM "Send Webhook" calls as a receiving endpoint logged them: `received_at_utc` (or `received_at`),
///   `workflow` (`Check Out` / `Check In`), `timing` (only `after_success` counts), `device_serial`, `device_user`;
/// - Workspace ONE assignments: `time, device, enrollment_user` (an empty user: back to staging, checked in), or the
///   SDK's check-out status as an app logged it: `time, device, Username, CheckedOut` (0 checked out, 1 checked in).
///
/// Times with an offset (`Z`, `+01:00`) are instants; times without one are local to `zone` (`--tz`), except in a
/// column whose name says UTC. Bad rows are positioned errors and skipped.
struct CustodyReader {
    var zone: TimeZoneRules?

    /// The longest custody row read (a longer one is skipped, with an error).
    static let maxRowBytes = 64 * 1024

    struct Result {
        var records: [CustodyRecord] = []
        var diagnostics: [Diagnostic] = []
        var shape: String = ""
    }

    enum Shape: String {
        case intervals, roster, imprivata = "imprivata-webhook", workspaceOne = "workspace-one-assignment"
        case workspaceOneStatus = "workspace-one-checkout-status"
    }

    /// The columns of a source: lower-cased names and their cells' index.
    final class Columns: Sendable {
        let index: [String: Int]
        init(_ names: [String]) {
            index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        }
        var names: Set<String> { Set(index.keys) }
    }

    /// One row of the source: its cells, its columns, and where it starts.
    struct Row {
        var cells: [String]
        var columns: Columns
        var line: Int
        var column: Int

        func has(_ key: String) -> Bool { columns.index[key] != nil }

        /// The cell of a column, without spaces or tabs at either end ("" when absent).
        func value(_ key: String) -> String {
            guard let index = columns.index[key], index < cells.count else { return "" }
            let text = cells[index]
            let utf8 = text.utf8
            guard let first = utf8.first, let last = utf8.last,
                first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
            else { return text }
            var scalars = Substring(text).unicodeScalars
            while let head = scalars.first, head == " " || head == "\t" { scalars.removeFirst() }
            while let tail = scalars.last, tail == " " || tail == "\t" { scalars.removeLast() }
            return String(scalars)
        }
    }

    func read(path: String, bytes: [UInt8]) -> Result { read(path: path, read: Self.reader(bytes)) }

    /// A read function handing over `bytes`.
    static func reader(_ bytes: [UInt8]) -> (UnsafeMutableRawBufferPointer) -> Int {
        var offset = 0
        return { buffer in
            let count = min(buffer.count, bytes.count - offset)
            for index in 0..<count { buffer[index] = bytes[offset + index] }
            offset += count
            return count
        }
    }

    /// The window a source is read through, a row at a time (custody is never held whole: only its records are),
    /// and whether it holds JSON lines (its first byte after spaces is `{`).
    private static func window(
        _ read: @escaping (UnsafeMutableRawBufferPointer) -> Int
    ) -> (window: ByteWindow, json: Bool) {
        let window = ByteWindow(maxRecordBytes: maxRowBytes, read: read)
        while true {
            let p = window.base
            var first = 0
            if window.end >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { first = 3 }
            while first < window.end, ASCII.isSpace(p[first]) { first += 1 }
            if first < window.end { return (window, p[first] == UInt8(ascii: "{")) }
            if window.exhausted || window.refill(keeping: 0) != .more { return (window, false) }
        }
    }

    func read(path: String, read: @escaping (UnsafeMutableRawBufferPointer) -> Int) -> Result {
        var result = Result()
        var shape: Shape?
        var rejected = false
        var events: [Event] = []
        var problems: [Diagnostic] = []
        // Rows are handled as they are read, so only the records (or events) they give are kept.
        func take(_ row: Row) {
            if rejected { return }
            if shape == nil {
                guard let found = Self.shape(of: row.columns.names) else {
                    rejected = true
                    problems.append(
                        .error(
                            at: SourcePosition(file: path, line: 1, column: 1),
                            "not a custody file: expected the columns 'device, user, checked_out_at, checked_in_at' "
                                + "(or a roster 'device, user, date, start, end', an Imprivata webhook log with "
                                + "'device_serial, device_user, workflow', or a Workspace ONE log with 'time, device, "
                                + "enrollment_user')"))
                    return
                }
                shape = found
            }
            switch shape! {
            case .intervals: interval(row, path: path, &result)
            case .roster: roster(row, path: path, &result)
            case .imprivata, .workspaceOne, .workspaceOneStatus:
                if let event = event(row, shape: shape!, path: path, &result) { events.append(event) }
            }
        }
        let (window, json) = Self.window(read)
        if json {
            jsonRows(window, path: path, take) { problems.append($0) }
        } else {
            csvRows(window, path: path, take) { problems.append($0) }
        }
        if window.failed {
            problems.append(
                .error(
                    at: SourcePosition(file: path, line: 1, column: 1), "reading stopped: the file could not be read"))
        }
        result.diagnostics += problems
        result.diagnostics.sort { $0.position < $1.position }
        result.shape = shape?.rawValue ?? ""
        if !events.isEmpty { close(events, &result) }
        return result
    }

    /// A device map (`--device-map`): `custody_device,log_device` lines naming, for a device custody knows by one
    /// name (a serial), the Entra device id or display name the sign-in log gives it.
    func deviceMap(path: String, bytes: [UInt8]) -> (pairs: [(custody: String, log: String)], diagnostics: [Diagnostic])
    {
        deviceMap(path: path, read: Self.reader(bytes))
    }

    func deviceMap(
        path: String, read: @escaping (UnsafeMutableRawBufferPointer) -> Int
    ) -> (pairs: [(custody: String, log: String)], diagnostics: [Diagnostic]) {
        var pairs: [(custody: String, log: String)] = []
        var diagnostics: [Diagnostic] = []
        var refused = false
        let window = ByteWindow(maxRecordBytes: Self.maxRowBytes, read: read)
        csvRows(
            window, path: path,
            { row in
                guard !refused else { return }
                guard row.has("custody_device"), row.has("log_device") else {
                    refused = true
                    diagnostics.append(
                        .error(
                            at: SourcePosition(file: path, line: 1, column: 1),
                            "not a device map: expected the columns 'custody_device,log_device'"))
                    return
                }
                let custody = row.value("custody_device")
                let log = row.value("log_device")
                guard !custody.isEmpty, !log.isEmpty else {
                    diagnostics.append(
                        .error(
                            at: SourcePosition(file: path, line: row.line, column: row.column),
                            "'custody_device' and 'log_device' must both be given; the row is skipped"))
                    return
                }
                pairs.append((custody, log))
            }
        ) { diagnostics.append($0) }
        if window.failed {
            diagnostics.append(
                .error(
                    at: SourcePosition(file: path, line: 1, column: 1), "reading stopped: the file could not be read"))
        }
        return (pairs, diagnostics)
    }

    static func shape(of keys: Set<String>) -> Shape? {
        if keys.isSuperset(of: ["device", "user", "checked_out_at"]) { return .intervals }
        if keys.isSuperset(of: ["device", "user", "date", "start", "end"]) { return .roster }
        if keys.isSuperset(of: ["device_serial", "device_user", "workflow"]) { return .imprivata }
        if keys.isSuperset(of: ["time", "device", "enrollment_user"]) { return .workspaceOne }
        if keys.isSuperset(of: ["time", "device", "username", "checkedout"]) { return .workspaceOneStatus }
        return nil
    }

    // MARK: Shapes

    private func interval(_ row: Row, path: String, _ result: inout Result) {
        let position = SourcePosition(file: path, line: row.line, column: row.column)
        guard let (device, user) = deviceAndUser(row, userKey: "user", position, &result),
            let start = time(row, "checked_out_at", position, &result)
        else { return }
        var end: (Int64, String?)?
        if !row.value("checked_in_at").isEmpty {
            guard let value = time(row, "checked_in_at", position, &result) else { return }
            guard value.0 >= start.0 else {
                result.diagnostics.append(
                    .error(
                        at: position,
                        "checked_in_at \(row.value("checked_in_at")) is before checked_out_at "
                            + "\(row.value("checked_out_at")); the row is skipped"))
                return
            }
            end = value
        }
        result.records.append(
            CustodyRecord(
                device: device, user: user, start: start.0, end: end?.0, position: position,
                clockProblem: start.1 ?? end?.1))
    }

    private func roster(_ row: Row, path: String, _ result: inout Result) {
        let position = SourcePosition(file: path, line: row.line, column: row.column)
        guard let (device, user) = deviceAndUser(row, userKey: "user", position, &result) else { return }
        let date = row.value("date")
        guard let start = time(row, "start", position, &result, date: date),
            let end = time(row, "end", position, &result, date: date)
        else { return }
        var finish = end
        if finish.0 <= start.0 {
            // A night shift: the end is on the next day.
            guard let next = time(row, "end", position, &result, date: date, dayOffset: 1) else { return }
            finish = next
        }
        result.records.append(
            CustodyRecord(
                device: device, user: user, start: start.0, end: finish.0, position: position,
                clockProblem: start.1 ?? finish.1))
    }

    /// A check-out (with its user) or a check-in (no user) on a device.
    struct Event {
        var time: Int64
        var device: String
        var key: String
        var user: String?
        var position: SourcePosition
        var clockProblem: String?
    }

    /// The event of one row of an event source, or nil when the row is not one (a failed or early webhook).
    private func event(_ row: Row, shape: Shape, path: String, _ result: inout Result) -> Event? {
        let position = SourcePosition(file: path, line: row.line, column: row.column)
        let timeKey: String
        let deviceKey: String
        var user: String?
        switch shape {
        case .imprivata:
            timeKey = row.has("received_at_utc") ? "received_at_utc" : "received_at"
            deviceKey = "device_serial"
            let timing = row.value("timing").lowercased()
            if !timing.isEmpty, timing != "after_success" { return nil }
            switch row.value("workflow").lowercased() {
            case "check out", "checkout", "check_out": user = row.value("device_user")
            case "check in", "checkin", "check_in": user = nil
            default: return nil
            }
            if user?.isEmpty == true {
                result.diagnostics.append(.error(at: position, "a check-out without a device_user; skipped"))
                return nil
            }
        case .workspaceOne:
            timeKey = "time"
            deviceKey = "device"
            let name = row.value("enrollment_user")
            user = name.isEmpty ? nil : name
        default:
            timeKey = "time"
            deviceKey = "device"
            // Status 1 is the SDK's error: the check-out state it reports is not one.
            if !row.value("status").isEmpty, row.value("status") != "0" { return nil }
            switch row.value("checkedout") {
            case "0": user = row.value("username")
            case "1": user = nil
            default: return nil
            }
        }
        let device = row.value(deviceKey)
        guard !device.isEmpty else {
            result.diagnostics.append(.error(at: position, "'\(deviceKey)' is empty; the row is skipped"))
            return nil
        }
        guard let moment = time(row, timeKey, position, &result) else { return nil }
        return Event(
            time: moment.0, device: device, key: device.lowercased(), user: user, position: position,
            clockProblem: moment.1)
    }

    /// Check-out and check-in events, per device in time order, as intervals: a check-out opens one (ending the
    /// one open for someone else), a check-in closes it.
    private func close(_ events: [Event], _ result: inout Result) {
        let sorted = events.enumerated().sorted {
            ($0.element.key, $0.element.time, $0.offset) < ($1.element.key, $1.element.time, $1.offset)
        }.map(\.element)
        var open: CustodyRecord?
        var openDevice = ""
        func close(at time: Int64?) {
            guard var record = open else { return }
            record.end = time
            result.records.append(record)
            open = nil
        }
        for event in sorted {
            if event.key != openDevice {
                close(at: nil)
                openDevice = event.key
            }
            if let user = event.user {
                if let current = open, current.user.lowercased() == user.lowercased() { continue }
                close(at: nil)
                open = CustodyRecord(
                    device: event.device, user: user, start: event.time, end: nil, position: event.position,
                    clockProblem: event.clockProblem)
            } else {
                if var current = open, let problem = event.clockProblem {
                    current.clockProblem = current.clockProblem ?? problem
                    open = current
                }
                close(at: event.time)
            }
        }
        close(at: nil)
    }

    // MARK: Cells

    private func deviceAndUser(
        _ row: Row, userKey: String, _ position: SourcePosition, _ result: inout Result
    ) -> (String, String)? {
        let device = row.value("device")
        let user = row.value(userKey)
        guard !device.isEmpty, !user.isEmpty else {
            result.diagnostics.append(
                .error(at: position, "'device' and '\(userKey)' must both be given; the row is skipped"))
            return nil
        }
        return (device, user)
    }

    /// The instant of a time cell (milliseconds), and a clock problem when the local time was skipped or repeated.
    private func time(
        _ row: Row, _ key: String, _ position: SourcePosition, _ result: inout Result, date: String? = nil,
        dayOffset: Int = 0
    ) -> (Int64, String?)? {
        var text = row.value(key)
        if let date {
            text = date + "T" + text
        }
        guard var parsed = Timestamp.parse(text) else {
            result.diagnostics.append(
                .error(
                    at: position,
                    "\(key): expected a date and time like 2026-05-04T14:00:12Z (or local, with --tz), found "
                        + ValueDescription.described(row.value(key)) + "; the row is skipped"))
            return nil
        }
        parsed.wallMillis += Int64(dayOffset) * 86_400_000
        if parsed.offset != nil || key.hasSuffix("_utc") { return (parsed.utcMillis, nil) }
        guard let zone else {
            result.diagnostics.append(
                .error(
                    at: position,
                    "\(key): \(Excerpt.quoted(text)) has no time zone: pass --tz with the site's IANA zone "
                        + "(e.g. --tz Europe/Paris) or write the offset ('Z' for UTC); the row is skipped"))
            return nil
        }
        let seconds = parsed.wallMillis >= 0 ? parsed.wallMillis / 1000 : (parsed.wallMillis - 999) / 1000
        let millis = parsed.wallMillis - seconds * 1000
        let wall = CivilTime.format(wallClock: seconds)
        switch zone.resolve(wallClock: seconds) {
        case .unique(let moment): return (moment.instant * 1000 + millis, nil)
        case .skipped(let before, let after):
            return (
                (seconds - Int64(before)) * 1000 + millis,
                "\(key) \(wall) does not exist in \(zone.identifier): the clocks went forward from "
                    + "\(CivilTime.format(offset: before)) to \(CivilTime.format(offset: after))"
            )
        case .repeated(let first, let second):
            return (
                first.instant * 1000 + millis,
                "\(key) \(wall) happened twice in \(zone.identifier) (\(first.text) and \(second.text)): the clocks "
                    + "went back"
            )
        }
    }

    // MARK: Sources

    /// The rows of a CSV source; a row too long, or a quoted cell left open, is a problem and skipped; a quote that
    /// does not open a cell is a literal, and a problem.
    private func csvRows(_ window: ByteWindow, path: String, _ take: (Row) -> Void, problem: (Diagnostic) -> Void) {
        var columns: Columns?
        let records = CSVRecords(window: window, maxRecordBytes: Self.maxRowBytes)
        records.forEach { record, line, column in
            let cells: UnsafeBufferPointer<ByteSlice>
            switch record {
            case .cells(let found): cells = found
            case .tooLong:
                problem(
                    .error(
                        at: SourcePosition(file: path, line: line, column: 1),
                        "the row is longer than \(Self.maxRowBytes) bytes; skipped"))
                return
            case .unclosedQuote(let quoteLine, let quoteColumn, let atEnd):
                problem(
                    .error(
                        at: SourcePosition(file: path, line: quoteLine, column: quoteColumn),
                        "this quoted cell is not closed "
                            + (atEnd ? "by the end of the file" : "before the next row")
                            + "; the row is skipped (a '\"' inside a cell is written '\"\"', in a quoted cell)"))
                return
            }
            if let stray = records.strayQuote {
                problem(
                    .error(
                        at: SourcePosition(file: path, line: stray.line, column: stray.column),
                        "a '\"' that does not open a quoted cell, read as a literal quote (a cell holding a quote "
                            + "is written in quotes, the quote doubled)"))
            }
            for (index, cell) in cells.enumerated() {
                guard let start = cell.start, let found = ByteCheck.first(start, 0, cell.count) else { continue }
                problem(
                    .error(
                        at: SourcePosition(file: path, line: line, column: column),
                        "cell \(index + 1) holds \(found.problem.phrase); the row is skipped"))
                return
            }
            let texts = cells.map { $0.string }
            guard let columns else {
                columns = Columns(texts.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
                return
            }
            take(Row(cells: texts, columns: columns, line: line, column: column))
        }
    }

    /// The lines of a window, each handed over whole with its number; a line longer than `maxRowBytes` is a
    /// problem and skipped, however long.
    private func lines(
        _ window: ByteWindow, path: String, _ body: (ArraySlice<UInt8>, Int) -> Void, problem: (Diagnostic) -> Void
    ) {
        var start = 0
        var line = 1
        while true {
            let p = window.base
            if start < window.end, let found = memchr(p + start, 0x0A, window.end - start) {
                let newline = UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - p
                body(Array(UnsafeBufferPointer(start: p + start, count: newline - start))[...], line)
                line += 1
                start = newline + 1
                continue
            }
            if window.exhausted {
                if start < window.end {
                    body(Array(UnsafeBufferPointer(start: p + start, count: window.end - start))[...], line)
                }
                return
            }
            switch window.refill(keeping: start) {
            case .more, .exhausted: start = 0
            case .full:
                problem(
                    .error(
                        at: SourcePosition(file: path, line: line, column: 1),
                        "the line is longer than \(Self.maxRowBytes) bytes; skipped"))
                line += 1
                while true {
                    if let found = memchr(window.base, 0x0A, window.end) {
                        start = UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - window.base + 1
                        break
                    }
                    if window.refill(keeping: window.end) == .exhausted, window.end == 0 { return }
                }
            }
        }
    }

    private func jsonRows(
        _ window: ByteWindow, path: String, _ take: (Row) -> Void, problem: (Diagnostic) -> Void
    ) {
        lines(
            window, path: path,
            { text, line in
                let trimmed = text.drop { ASCII.isSpace($0) }
                guard !trimmed.isEmpty else { return }
                var reader = JSONTreeReader(limits: Self.jsonLimits, describe: { _ in "" })
                reader.keepsDuplicateKeys = true
                guard case .success(let object) = reader.read(Array(trimmed)), let members = object.members else {
                    problem(
                        .error(
                            at: SourcePosition(file: path, line: line, column: 1),
                            "expected one JSON object on this line; the line is skipped"))
                    return
                }
                var distinct = Set<String>()
                if let twice = members.lazy.map({ $0.key.lowercased() }).first(where: { !distinct.insert($0).inserted })
                {
                    // Keys are read ignoring case: which of two values the row meant is unknown.
                    problem(
                        .error(
                            at: SourcePosition(file: path, line: line, column: 1),
                            "the key '\(twice)' is given twice on this line (keys are read ignoring case); the line is "
                                + "skipped"))
                    return
                }
                var names: [String] = []
                var cells: [String] = []
                for member in members.sorted(by: { $0.key < $1.key }) {
                    guard let cell = Self.cell(member.value) else { continue }
                    cells.append(cell)
                    names.append(member.key.lowercased())
                }
                take(Row(cells: cells, columns: Columns(names), line: line, column: 1))
            }, problem: problem)
    }

    /// A custody line: one flat object of at most `maxRowBytes`.
    static let jsonLimits = InputLimits(maxBytes: maxRowBytes, maxDepth: JSONBytes.maxDepth, maxNodes: maxRowBytes)

    /// A value as a cell: text as it is; a number or a boolean as a number's text (`true` is `1`, as custody's
    /// `CheckedOut` column reads it; `1.0` stays `1.0`); nil for null, arrays and objects, which no column holds.
    static func cell(_ node: JSONNode) -> String? {
        switch node.value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "1" : "0"
        case .number(let text):
            if !text.utf8.contains(where: {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            }) {
                if let integer = Int(text) { return String(integer) }
                if let unsigned = UInt64(text) { return String(unsigned) }
            }
            return Double(text).map { String(describing: $0) } ?? text
        case .null, .array, .object: return nil
        }
    }
}
