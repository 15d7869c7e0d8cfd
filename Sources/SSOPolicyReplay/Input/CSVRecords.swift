#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits a CSV stream (RFC 4180: `"` quotes, `""` inside quotes, line breaks allowed in quoted cells, CRLF or LF)
/// into records of cells, in constant memory. The delimiter is taken from the header line: `,`, `;` or a tab,
/// whichever occurs most outside quotes. Cells are handed over as byte slices, unquoted, valid during the call.
final class CSVRecords {
    private let window: ByteWindow
    private var cells: UnsafeMutablePointer<ByteSlice>
    private var cellCapacity = 64
    private let scratch: UnsafeMutablePointer<UInt8>
    private let scratchCapacity: Int
    private var delimiter: UInt8 = 0x2C
    private(set) var tooLong = 0
    private let maxRecordBytes: Int

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
            if end.tooLong || end.last - start > maxRecordBytes {
                tooLong += 1
                body(.tooLong, recordLine, 1)
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
                first = false
                body(.cells(UnsafeBufferPointer(start: cells, count: count)), recordLine, 1)
            }
            start = end.next
        }
    }

    /// The end of the record starting at `start`: `last` excludes the line break, `next` is the next record's start,
    /// `lines` the line breaks passed. Refills as needed (`start` shifts with the window); nil at the end of input.
    private func recordEnd(from start: inout Int) -> (last: Int, next: Int, tooLong: Bool, lines: Int)? {
        var scanned = start
        var quotes = 0
        var lines = 0
        while true {
            let p = window.base
            let end = window.end
            while scanned < end {
                guard let found = memchr(p + scanned, 0x0A, end - scanned) else {
                    quotes += Self.count(p, scanned, end)
                    scanned = end
                    break
                }
                let newline = UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - p
                quotes += Self.count(p, scanned, newline)
                scanned = newline + 1
                lines += 1
                if quotes % 2 == 0 {
                    var last = newline
                    if last > start, p[last - 1] == 0x0D { last -= 1 }
                    return (last, newline + 1, false, lines)
                }
            }
            if window.exhausted {
                guard start < end else { return nil }
                var last = end
                if last > start, p[last - 1] == 0x0D { last -= 1 }
                return (last, end, false, lines)
            }
            let keep = start
            switch window.refill(keeping: keep) {
            case .more, .exhausted:
                scanned -= keep
                start = 0
            case .full:
                // Too long: drop bytes up to a line break outside quotes, however far.
                var inQuotes = quotes % 2 == 1
                while true {
                    if window.refill(keeping: window.end) == .exhausted, window.end == 0 {
                        start = 0
                        return (0, 0, true, lines)
                    }
                    let q = window.base
                    var i = 0
                    while i < window.end {
                        if q[i] == 0x22 { inQuotes.toggle() }
                        if q[i] == 0x0A {
                            lines += 1
                            if !inQuotes {
                                start = 0
                                return (0, i + 1, true, lines)
                            }
                        }
                        i += 1
                    }
                }
            }
        }
    }

    /// How many `"` are in `p[from..<to]`, eight bytes at a time.
    @inline(__always)
    private static func count(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var count = 0
        var i = from
        while to - i >= 8 {
            let x = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) ^ 0x2222_2222_2222_2222
            // A byte of x is zero where a quote was: only those keep their top bit clear here.
            let nonZero = ((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x
            count += (~nonZero & 0x8080_8080_8080_8080).nonzeroBitCount
            i += 8
        }
        while i < to {
            if p[i] == 0x22 { count += 1 }
            i += 1
        }
        return count
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
                if let target = out {
                    if close > k {
                        (target + n).update(from: p + k, count: close - k)
                        n += close - k
                    }
                    cells[count] = ByteSlice(start: UnsafePointer(target), count: n)
                    used += n
                } else {
                    cells[count] = ByteSlice(p, i + 1, close)
                }
                count += 1
                // Past the closing quote to the delimiter (anything between is dropped).
                i = close + 1 < to ? Self.next(delimiter, p, close + 1, to) : to
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
