import SSOPolicyProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads sign-in rows from JSON: one object per line (JSON lines, as Graph rows or Azure Monitor records are often
/// saved), a Graph collection page (`{"@odata.context": …, "value": [ … ]}`, on one line or pretty-printed, pages
/// one after another), or an array of rows (the portal's JSON download). Each row is framed, then parsed; a row that
/// does not parse is handed over with its problem and reading goes on with the next.
final class JSONSignInReader<Sink: SignInSink> {
    private let window: ByteWindow
    private let parser: JSONRowParser
    private let sink: Sink
    private let file: Int32
    private let implied: Interactivity
    /// Problems with the file's structure (not a row's): reading stops there.
    private(set) var problems: [(position: (line: Int, column: Int), message: String)] = []
    private(set) var tooLong = 0

    private let maxRowBytes: Int

    init(
        window: ByteWindow, parser: JSONRowParser, sink: Sink, file: Int32, implied: Interactivity, maxRowBytes: Int
    ) {
        self.maxRowBytes = maxRowBytes
        self.window = window
        self.parser = parser
        self.sink = sink
        self.file = file
        self.implied = implied
    }

    // MARK: JSON lines

    /// One JSON value per line: a row, a collection page or an array of rows.
    func readLines() {
        var start = 0
        var scanned = 0
        while true {
            let p = window.base
            if let found = memchr(p + scanned, 0x0A, window.end - scanned) {
                let newline = UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - p
                line(start, newline)
                start = newline + 1
                scanned = start
                continue
            }
            if window.exhausted {
                if start < window.end { line(start, window.end) }
                return
            }
            let searched = window.end - start
            switch window.refill(keeping: start) {
            case .more, .exhausted:
                scanned = searched
                start = 0
            case .full:
                tooLongRow(at: start)
                // Drop the rest of the line, however long.
                var dropped = false
                while !dropped {
                    if let found = memchr(window.base, 0x0A, window.end) {
                        let newline =
                            UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self))
                            - window.base
                        start = newline + 1
                        scanned = start
                        dropped = true
                    } else if window.refill(keeping: window.end) == .exhausted {
                        return
                    }
                }
            }
        }
    }

    private func line(_ from: Int, _ to: Int) {
        if to - from > maxRowBytes {
            tooLongRow(at: from)
            return
        }
        let p = UnsafePointer(window.base)
        var i = JSONBytes.skipSpace(p, from, to)
        var last = to
        while last > i, ASCII.isSpace(p[last - 1]) { last -= 1 }
        if i == last { return }
        if i == from, from == 0, last - i >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF {
            i = JSONBytes.skipSpace(p, 3, last)
            if i == last { return }
        }
        // A row is parsed at once (no framing pass); what does not parse to the end of the line is framed to say why.
        if p[i] == 0x7B {
            var fields = SignInFields()
            fields.impliedInteractivity = implied
            let position = self.position(i)
            if let e = parser.row(p, i, last, into: &fields), e == last {
                if let page = parser.collection, fields.problem == nil {
                    elements(p, page.start, page.end)
                } else {
                    check(p, i, last, &fields)
                    sink.take(&fields, at: position)
                }
                return
            }
            if case .end(let e) = JSONBytes.valueEnd(p, i, last), e == last {
                check(p, i, last, &fields)
                if fields.problem == nil { fields.fail("expected one JSON object on this line") }
                sink.take(&fields, at: position)
                return
            }
        } else if p[i] == 0x5B, case .end(let e) = JSONBytes.valueEnd(p, i, last), e == last {
            elements(p, i, e)
            return
        }
        badRow(at: i, "expected one JSON object on this line (a sign-in, or a page with a 'value' array)")
    }

    // MARK: Documents

    /// Pretty-printed or concatenated JSON: arrays of rows, collection pages, rows.
    func readDocument() {
        var i = 0
        while true {
            guard let at = skipSpaceRefilling(i) else { return }
            i = at
            let p = window.base
            if i == 0, window.end >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF {
                i = 3
                continue
            }
            switch p[i] {
            case 0x5B:
                guard let next = streamElements(from: i + 1) else { return }
                i = next
            case 0x7B:
                guard let next = object(at: i) else { return }
                i = next
            default:
                fatal(at: i, "expected a sign-in object '{', a page with a 'value' array, or an array '['")
                return
            }
        }
    }

    /// A top-level object: whole in the window (a row or a page), or, when longer, a page read element by element.
    private func object(at start: Int) -> Int? {
        var i = start
        while true {
            switch JSONBytes.valueEnd(window.base, i, window.end) {
            case .end(let e):
                row(window.base, i, e)
                return e
            case .malformed(let at):
                fatal(at: at, "the JSON is broken here (nesting too deep, or a stray character)")
                return nil
            case .incomplete:
                if window.exhausted {
                    fatal(at: i, "the file ends inside this object")
                    return nil
                }
                switch window.refill(keeping: i) {
                case .full: return streamPage(at: 0)
                case .more, .exhausted: i = 0
                }
            }
        }
    }

    /// A page longer than the window: its keys one by one, its `value` array element by element. An object without
    /// a `value` array is a row too long to read.
    private func streamPage(at start: Int) -> Int? {
        let objectPosition = position(start)
        var page = false
        var j = start + 1
        while true {
            guard let at = skipSpaceRefilling(j) else {
                fatal(at: window.end, "the file ends inside a page")
                return nil
            }
            j = at
            var p = window.base
            if p[j] == 0x7D {
                if !page { tooLongRow(at: objectPosition) }
                return j + 1
            }
            if p[j] == 0x2C {
                j += 1
                continue
            }
            // A key, its colon and the start of its value, whole in the window.
            var keyStart = j
            var escaped = false
            var valueStart = 0
            var isValue = false
            while true {
                p = window.base
                if p[keyStart] == 0x22, let close = JSONBytes.stringEnd(p, keyStart, window.end, escaped: &escaped) {
                    let colon = JSONBytes.skipSpace(p, close, window.end)
                    if colon < window.end {
                        guard p[colon] == 0x3A else {
                            fatal(at: colon, "expected ':' after a key")
                            return nil
                        }
                        let value = JSONBytes.skipSpace(p, colon + 1, window.end)
                        if value < window.end {
                            valueStart = value
                            isValue = SignInKey.classify(p + keyStart + 1, close - keyStart - 2) == .value
                            break
                        }
                    }
                } else if p[keyStart] != 0x22 {
                    fatal(at: keyStart, "expected a key in quotes")
                    return nil
                }
                if window.exhausted || window.refill(keeping: keyStart) != .more {
                    fatal(at: keyStart, "the file ends inside a page, or a key is too long")
                    return nil
                }
                keyStart = 0
            }
            if isValue, window.base[valueStart] == 0x5B {
                page = true
                guard let next = streamElements(from: valueStart + 1) else { return nil }
                j = next
                continue
            }
            guard let next = skipValue(at: valueStart) else { return nil }
            j = next
        }
    }

    /// The elements of an array whose `[` is just before `start`, each framed whole; returns the index after `]`.
    private func streamElements(from start: Int) -> Int? {
        var j = start
        while true {
            guard let at = skipSpaceRefilling(j) else {
                fatal(at: window.end, "the file ends inside an array")
                return nil
            }
            j = at
            let p = window.base
            if p[j] == 0x5D { return j + 1 }
            if p[j] == 0x2C {
                j += 1
                continue
            }
            switch JSONBytes.valueEnd(p, j, window.end) {
            case .end(let e):
                if e - j > maxRowBytes {
                    tooLongRow(at: j)
                } else if p[j] == 0x7B {
                    row(p, j, e)
                } else {
                    badRow(at: j, "expected a sign-in object in the array")
                }
                j = e
            case .malformed(let at):
                fatal(at: at, "the JSON is broken here (nesting too deep, or a stray character)")
                return nil
            case .incomplete:
                if window.exhausted {
                    fatal(at: j, "the file ends inside this row")
                    return nil
                }
                switch window.refill(keeping: j) {
                case .more, .exhausted: j = 0
                case .full:
                    tooLongRow(at: 0)
                    guard let next = skipValue(at: 0) else { return nil }
                    j = next
                }
            }
        }
    }

    /// Skips the value at `start` however long it is (strings and brackets followed across refills).
    private func skipValue(at start: Int) -> Int? {
        var i = start
        var depth = 0
        var inString = false
        var escapeNext = false
        var began = false
        while true {
            let p = window.base
            while i < window.end {
                let byte = p[i]
                if inString {
                    if escapeNext {
                        escapeNext = false
                    } else if byte == 0x5C {
                        escapeNext = true
                    } else if byte == 0x22 {
                        inString = false
                        if depth == 0 { return i + 1 }
                    }
                } else {
                    switch byte {
                    case 0x22: inString = true
                    case 0x7B, 0x5B: depth += 1
                    case 0x7D, 0x5D:
                        if depth == 0 { return i }
                        depth -= 1
                        if depth == 0 { return i + 1 }
                    case 0x2C where depth == 0: return i
                    default:
                        if depth == 0, began, ASCII.isSpace(byte) { return i }
                    }
                }
                began = true
                i += 1
            }
            if window.exhausted {
                fatal(at: max(0, window.end - 1), "the file ends inside a value")
                return nil
            }
            _ = window.refill(keeping: i)
            i = 0
        }
    }

    private func skipSpaceRefilling(_ start: Int) -> Int? {
        var i = start
        while true {
            i = JSONBytes.skipSpace(window.base, i, window.end)
            if i < window.end { return i }
            if window.exhausted { return nil }
            _ = window.refill(keeping: i)
            i = 0
        }
    }

    // MARK: Rows

    /// A framed object: a row, or a page whose `value` elements are the rows.
    private func row(_ p: UnsafePointer<UInt8>, _ i: Int, _ e: Int) {
        var fields = SignInFields()
        fields.impliedInteractivity = implied
        let position = self.position(i)
        if parser.row(p, i, e, into: &fields) != nil, let page = parser.collection, fields.problem == nil {
            elements(p, page.start, page.end)
            return
        }
        if e - i > maxRowBytes {
            tooLongRow(at: i)
            return
        }
        check(p, i, e, &fields)
        sink.take(&fields, at: position)
    }

    /// A row holding a NUL or bytes that are not UTF-8 is unreadable, whatever else it says (the first such
    /// byte's position is given).
    private func check(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int, _ fields: inout SignInFields) {
        guard let found = ByteCheck.first(p, from, to) else { return }
        let (line, column) = window.position(of: found.index)
        fields.problem = "the row holds \(found.problem.phrase) at \(line):\(column)"
    }

    /// The elements of a complete array `p[open..<close]` (`[` … `]`).
    private func elements(_ p: UnsafePointer<UInt8>, _ open: Int, _ close: Int) {
        var j = JSONBytes.skipSpace(p, open + 1, close)
        while j < close, p[j] != 0x5D {
            guard case .end(let e) = JSONBytes.valueEnd(p, j, close) else {
                badRow(at: j, "expected a sign-in object in the array")
                return
            }
            if e - j > maxRowBytes {
                tooLongRow(at: j)
            } else if p[j] == 0x7B {
                var fields = SignInFields()
                fields.impliedInteractivity = implied
                let position = self.position(j)
                _ = parser.row(p, j, e, into: &fields)
                if parser.collection != nil { fields.fail("a page inside a page") }
                check(p, j, e, &fields)
                sink.take(&fields, at: position)
            } else {
                badRow(at: j, "expected a sign-in object in the array")
            }
            j = JSONBytes.skipSpace(p, e, close)
            if j < close, p[j] == 0x2C { j = JSONBytes.skipSpace(p, j + 1, close) }
        }
    }

    private func position(_ index: Int) -> RowPosition {
        let (line, column) = window.position(of: index)
        return RowPosition(file: file, line: Int32(clamping: line), column: Int32(clamping: column))
    }

    private func badRow(at index: Int, _ message: String) { badRow(at: position(index), message) }

    private func badRow(at position: RowPosition, _ message: String) {
        var fields = SignInFields()
        fields.fail(message)
        sink.take(&fields, at: position)
    }

    private func tooLongRow(at index: Int) { tooLongRow(at: position(index)) }

    private func tooLongRow(at position: RowPosition) {
        tooLong += 1
        badRow(at: position, "the row is longer than \(maxRowBytes) bytes (--max-row-bytes)")
    }

    private func fatal(at index: Int, _ message: String) {
        problems.append((window.position(of: min(index, window.end)), message))
    }
}
