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
        while true {
            if start >= window.end, window.exhausted { return }
            // The record's position, taken before a long record's bytes are dropped.
            let (line, column) = window.position(of: start)
            guard let end = recordEnd(from: &start) else { return }
            if end.tooLong || end.last - start > maxRecordBytes {
                tooLong += 1
                body(.tooLong, line, column)
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
                body(.cells(UnsafeBufferPointer(start: cells, count: count)), line, column)
            }
            start = end.next
        }
    }

    /// The end of the record starting at `start`: `last` excludes the line break, `next` is the next record's start.
    /// Refills as needed (`start` shifts with the window); nil at the end of input.
    private func recordEnd(from start: inout Int) -> (last: Int, next: Int, tooLong: Bool)? {
        var scanned = start
        var quotes = 0
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
                if quotes % 2 == 0 {
                    var last = newline
                    if last > start, p[last - 1] == 0x0D { last -= 1 }
                    return (last, newline + 1, false)
                }
            }
            if window.exhausted {
                guard start < end else { return nil }
                var last = end
                if last > start, p[last - 1] == 0x0D { last -= 1 }
                return (last, end, false)
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
                        return (0, 0, true)
                    }
                    let q = window.base
                    var i = 0
                    while i < window.end {
                        if q[i] == 0x22 { inQuotes.toggle() }
                        if q[i] == 0x0A, !inQuotes {
                            start = 0
                            return (0, i + 1, true)
                        }
                        i += 1
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func count(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var count = 0
        var i = from
        while i < to, let found = memchr(p + i, 0x22, to - i) {
            count += 1
            i = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - p + 1
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

    /// Splits `p[from..<to]` into cells; returns how many.
    private func split(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var count = 0
        var i = from
        var used = 0
        while true {
            ensureRoom(count)
            if i < to, p[i] == 0x22 {
                // A quoted cell: up to the closing quote; `""` is a quote.
                var j = i + 1
                var doubled = false
                while j < to {
                    if p[j] == 0x22 {
                        if j + 1 < to, p[j + 1] == 0x22 {
                            doubled = true
                            j += 2
                            continue
                        }
                        break
                    }
                    j += 1
                }
                if doubled {
                    let out = scratch + used
                    var n = 0
                    var k = i + 1
                    while k < j {
                        out[n] = p[k]
                        n += 1
                        k += p[k] == 0x22 ? 2 : 1
                    }
                    cells[count] = ByteSlice(start: UnsafePointer(out), count: n)
                    used += n
                } else {
                    cells[count] = ByteSlice(p, i + 1, j)
                }
                count += 1
                // Past the closing quote to the delimiter (anything between is dropped).
                i = j + 1
                while i < to, p[i] != delimiter { i += 1 }
            } else {
                var j = i
                while j < to, p[j] != delimiter { j += 1 }
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
