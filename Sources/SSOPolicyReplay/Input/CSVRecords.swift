#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits a CSV stream (RFC 4180: `"` quotes, `""` inside quotes, line breaks allowed in quoted cells, CRLF or LF)
/// into records of cells, in constant memory. The delimiter is taken from the header line: `,`, `;` or a tab,
/// whichever occurs most outside quotes. Cells are handed over as byte slices, unquoted, valid during the call.
///
/// No quote hides a row: a `"` that does not start a cell (`Ward 12" tablet`) is a literal and the record is handed
/// over with `strayQuote` set; a quoted cell still open at a line that reads as a row of its own (no quote problem,
/// as many cells as the header) ends its record there, handed over as `.unclosedQuote`, and the row is read; so does
/// one still open at the end of the input.
final class CSVRecords {
    private let window: ByteWindow
    private var cells: UnsafeMutablePointer<ByteSlice>
    private var cellCapacity = 64
    private let scratch: UnsafeMutablePointer<UInt8>
    private let scratchCapacity: Int
    private var delimiter: UInt8 = 0x2C
    private(set) var tooLong = 0
    private let maxRecordBytes: Int
    /// The header's cell count, once read: a line with as many cells and clean quoting is a row of its own.
    private var headerCells = 0
    /// The first quote of the record being handed over that does not open or close a cell (read as a literal), as
    /// a line and a column in Unicode scalars; nil when its quoting is clean. Valid during the hand-over.
    private(set) var strayQuote: (line: Int, column: Int)?

    init(window: ByteWindow, maxRecordBytes: Int) {
        self.window = window
        self.maxRecordBytes = maxRecordBytes
        // Records start lines: their lines are counted here, from the line breaks each record spans.
        window.tracksPositions = false
        cells = UnsafeMutablePointer<ByteSlice>.allocate(capacity: cellCapacity)
        scratchCapacity = window.capacity
        scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchCapacity)
    }

    deinit {
        cells.deallocate()
        scratch.deallocate()
    }

    /// What a record is handed over as.
    enum Record {
        case cells(UnsafeBufferPointer<ByteSlice>)
        /// Longer than the window: skipped.
        case tooLong
        /// A quoted cell opened at `line`:`column` is not closed before a line that reads as a row (or, with
        /// `atEnd`, before the end of the input): the record cannot be read, and is skipped.
        case unclosedQuote(line: Int, column: Int, atEnd: Bool)
    }

    /// Calls `body` with each record (the header first) and the line and column where it starts. Blank lines are
    /// skipped. A leading UTF-8 byte order mark is dropped.
    func forEach(_ body: (_ record: Record, _ line: Int, _ column: Int) -> Void) {
        var start = 0
        var first = true
        var line = 1
        while true {
            if start >= window.end, window.exhausted { return }
            let recordLine = line
            guard let end = recordEnd(from: &start) else { return }
            line += end.lines
            strayQuote = end.stray.map { (recordLine + $0.line, $0.column) }
            if end.tooLong || end.last - start > maxRecordBytes {
                tooLong += 1
                body(.tooLong, recordLine, 1)
                start = end.next
                continue
            }
            if let open = end.unclosed {
                body(
                    .unclosedQuote(line: recordLine + open.line, column: open.column, atEnd: open.atEnd), recordLine, 1)
                start = end.next
                continue
            }
            var from = start
            let p = window.base
            if first {
                if end.last - from >= 3, p[from] == 0xEF, p[from + 1] == 0xBB, p[from + 2] == 0xBF { from += 3 }
                delimiter = Self.delimiter(p, from, end.last)
            }
            if end.last > from {
                let count = split(p, from, end.last)
                if first { headerCells = count }
                first = false
                body(.cells(UnsafeBufferPointer(start: cells, count: count)), recordLine, 1)
            }
            start = end.next
        }
    }

    /// Where a record ends, as `recordEnd` finds it.
    private struct End {
        /// The end of the record's bytes (without the line break), the start of the next record, whether it is too
        /// long, and the line breaks it spans.
        var last: Int
        var next: Int
        var tooLong = false
        var lines: Int
        /// The first stray quote, its line counted from the record's first (0) and its column.
        var stray: (line: Int, column: Int)?
        /// The opening quote of a cell left open, likewise.
        var unclosed: (line: Int, column: Int, atEnd: Bool)?
    }

    /// The end of the record starting at `start`, read a whole line at a time. Refills as needed (`start` shifts
    /// with the window); nil at the end of input.
    private func recordEnd(from start: inout Int) -> End? {
        var lineStart = start
        var open: (line: Int, column: Int)?
        var stray: (line: Int, column: Int)?
        var lines = 0
        while true {
            let p = window.base
            let end = window.end
            var lineEnd = -1
            if lineStart < end, let found = memchr(p + lineStart, 0x0A, end - lineStart) {
                lineEnd = UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - p
            } else if window.exhausted {
                guard start < end else { return nil }
                if lineStart == end {
                    return End(
                        last: Self.withoutCR(p, start, end), next: end, lines: lines, stray: stray,
                        unclosed: open.map { ($0.line, $0.column, true) })
                }
                lineEnd = end
            }
            if lineEnd >= 0 {
                if let opened = open, headerCells > 1 {
                    // The cell left open may be a quote never closed: a line that is a row by itself ends it.
                    let alone = scan(p, lineStart, lineEnd, open: false)
                    if !alone.open, alone.stray == nil, alone.cells == headerCells {
                        return End(
                            last: Self.withoutCR(p, start, lineStart - 1), next: lineStart, lines: lines,
                            stray: stray, unclosed: (opened.line, opened.column, false))
                    }
                }
                let line = scan(p, lineStart, lineEnd, open: open != nil)
                if stray == nil, let index = line.stray { stray = (lines, Self.column(p, lineStart, index)) }
                if open == nil, let index = line.opened { open = (lines, Self.column(p, lineStart, index)) }
                if !line.open { open = nil }
                let next = min(lineEnd + 1, end)
                if lineEnd < end { lines += 1 }
                lineStart = next
                if open == nil || lineEnd == end {
                    if lineEnd == end, let opened = open {
                        return End(
                            last: Self.withoutCR(p, start, end), next: end, lines: lines, stray: stray,
                            unclosed: (opened.line, opened.column, true))
                    }
                    return End(
                        last: Self.withoutCR(p, start, lineEnd), next: next, lines: lines, stray: stray)
                }
                continue
            }
            let keep = start
            switch window.refill(keeping: keep) {
            case .more, .exhausted:
                lineStart -= keep
                start = 0
            case .full:
                // Too long: drop bytes up to a line break outside quotes, however far.
                var state: ByteState = open != nil ? .quoted : .cellStart
                var i = lineStart
                while true {
                    let q = window.base
                    while i < window.end {
                        let byte = q[i]
                        if byte == 0x0A {
                            lines += 1
                            if state != .quoted {
                                start = 0
                                return End(last: 0, next: i + 1, tooLong: true, lines: lines)
                            }
                        }
                        state = state.next(byte, delimiter: delimiter)
                        i += 1
                    }
                    if window.refill(keeping: window.end) == .exhausted, window.end == 0 {
                        start = 0
                        return End(last: 0, next: 0, tooLong: true, lines: lines)
                    }
                    i = 0
                }
            }
        }
    }

    /// The state of a byte-by-byte reading (for a record too long for the window).
    private enum ByteState {
        case cellStart, unquoted, quoted, quoteInQuoted

        func next(_ byte: UInt8, delimiter: UInt8) -> ByteState {
            switch self {
            case .cellStart:
                if byte == 0x22 { return .quoted }
                return byte == delimiter || byte == 0x0A ? .cellStart : .unquoted
            case .unquoted:
                return byte == delimiter || byte == 0x0A ? .cellStart : .unquoted
            case .quoted:
                return byte == 0x22 ? .quoteInQuoted : .quoted
            case .quoteInQuoted:
                if byte == 0x22 { return .quoted }
                return byte == delimiter || byte == 0x0A ? .cellStart : .unquoted
            }
        }
    }

    /// One line `p[from..<to]` (without its line break) read from a cell start, or inside a quoted cell when
    /// `open`: whether it ends inside a quoted cell, how many cells it ends or holds, the first quote that neither
    /// opens nor closes a cell, and the quote opening the cell it leaves open.
    private func scan(
        _ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int, open: Bool
    ) -> (open: Bool, cells: Int, stray: Int?, opened: Int?) {
        let delimiter = self.delimiter
        var i = from
        var cells = 0
        var stray: Int?
        var opened: Int?
        var inQuotes = open
        while true {
            if inQuotes {
                let quote = Self.next(0x22, p, i, to)
                if quote == to { return (true, cells, stray, opened) }
                if quote + 1 < to, p[quote + 1] == 0x22 {
                    i = quote + 2
                    continue
                }
                inQuotes = false
                opened = nil
                i = quote + 1
                if i == to || (i + 1 == to && p[i] == 0x0D) { return (false, cells + 1, stray, nil) }
                if p[i] != delimiter {
                    // Text after the closing quote: the quote did not close the cell, and the rest is literal.
                    if stray == nil { stray = quote }
                    i = Self.next(delimiter, p, i, to)
                    if i == to { return (false, cells + 1, stray, nil) }
                }
                cells += 1
                i += 1
                if i == to { return (false, cells + 1, stray, nil) }
                continue
            }
            if i < to, p[i] == 0x22 {
                inQuotes = true
                opened = i
                i += 1
                continue
            }
            let j = Self.next(delimiter, p, i, to)
            if stray == nil {
                let quote = Self.next(0x22, p, i, j)
                if quote < j { stray = quote }
            }
            cells += 1
            if j >= to { return (false, cells, stray, nil) }
            i = j + 1
            if i == to { return (false, cells + 1, stray, nil) }
        }
    }

    /// The column (in Unicode scalars) of `p[index]` on a line starting at `p[lineStart]`.
    private static func column(_ p: UnsafePointer<UInt8>, _ lineStart: Int, _ index: Int) -> Int {
        var column = 1
        for k in lineStart..<index where p[k] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// `to`, or one less when `p[to - 1]` is a carriage return of the record.
    private static func withoutCR(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        to > from && p[to - 1] == 0x0D ? to - 1 : max(from, to)
    }

    private static func delimiter(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> UInt8 {
        var counts: [UInt8: Int] = [0x2C: 0, 0x3B: 0, 0x09: 0]
        var inQuotes = false
        for i in from..<to {
            let byte = p[i]
            if byte == 0x22 { inQuotes.toggle() }
            if !inQuotes, counts[byte] != nil { counts[byte, default: 0] += 1 }
        }
        let best = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }
        return best.map { $0.value > 0 ? $0.key : 0x2C } ?? 0x2C
    }

    private func ensureRoom(_ count: Int) {
        guard count == cellCapacity else { return }
        let grown = UnsafeMutablePointer<ByteSlice>.allocate(capacity: cellCapacity * 2)
        grown.moveInitialize(from: cells, count: cellCapacity)
        cells.deallocate()
        cells = grown
        cellCapacity *= 2
    }

    /// The index of the first `byte` in `p[from..<to]`, or `to`, eight bytes at a time (the lowest byte a zero-byte
    /// test flags is always a true match).
    @inline(__always)
    private static func next(_ byte: UInt8, _ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        var i = from
        while to - i >= 8 {
            let x = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) ^ pattern
            let found = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
            if found != 0 { return i + found.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < to, p[i] != byte { i += 1 }
        return i
    }

    /// Splits `p[from..<to]` into cells in one pass over the bytes; returns how many.
    private func split(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var count = 0
        var i = from
        var used = 0
        let delimiter = self.delimiter
        while true {
            ensureRoom(count)
            if i < to, p[i] == 0x22 {
                // A quoted cell: up to the closing quote; `""` is a quote, copied once into the scratch area.
                var k = i + 1
                var out: UnsafeMutablePointer<UInt8>?
                var n = 0
                var close = to
                while k < to {
                    let quote = Self.next(0x22, p, k, to)
                    if quote + 1 < to, p[quote + 1] == 0x22 {
                        let target = out ?? (scratch + used)
                        out = target
                        (target + n).update(from: p + k, count: quote + 1 - k)
                        n += quote + 1 - k
                        k = quote + 2
                        continue
                    }
                    close = quote
                    break
                }
                if close + 1 < to, p[close + 1] != delimiter {
                    // Text after the closing quote: the cell is read as written, quotes and all (a stray quote).
                    let j = Self.next(delimiter, p, close + 1, to)
                    cells[count] = ByteSlice(p, i, j)
                    count += 1
                    i = j
                } else if let target = out {
                    if close > k {
                        (target + n).update(from: p + k, count: close - k)
                        n += close - k
                    }
                    cells[count] = ByteSlice(start: UnsafePointer(target), count: n)
                    used += n
                    count += 1
                    i = close + 1 < to ? close + 1 : to
                } else {
                    cells[count] = ByteSlice(p, i + 1, close)
                    count += 1
                    i = close + 1 < to ? close + 1 : to
                }
            } else {
                let j = Self.next(delimiter, p, i, to)
                cells[count] = ByteSlice(p, i, j)
                count += 1
                i = j
            }
            if i >= to { return count }
            i += 1  // the delimiter
            if i == to {
                ensureRoom(count)
                cells[count] = .empty
                return count + 1
            }
        }
    }
}
