/// The byte level of the package's one JSON reader (RFC 8259): where a string ends and whether it has escapes,
/// where a value ends (framing), whitespace, escape decoding into a buffer, and integers. Nothing here allocates;
/// indices are into `p[0..<end]`. `JSONCursor` reads values with positions on top of it (batch lines, request
/// bodies, and the tree `JSONTreeReader` builds for `import`); replay's streaming sign-in reader calls it directly
/// on its window, so the hot path decodes only the keys it reads and skips every other value by its framing.
package enum JSONBytes {
    /// How deep objects and arrays may nest inside one framed value (a bound on recursion and on the framing).
    package static let maxDepth = 64

    /// JSON's whitespace: space, tab, line feed, carriage return.
    @inlinable @inline(__always)
    package static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    @inlinable @inline(__always)
    package static func skipSpace(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        var i = i
        while i < end, isSpace(p[i]) { i += 1 }
        return i
    }

    /// The index just past the closing quote of the string whose opening quote is at `i`, or nil when the buffer
    /// ends first. `escaped` tells whether it holds a backslash. Eight bytes at a time: the lowest byte a zero-byte
    /// test flags is always a true match, for the quote and the backslash alike.
    @inlinable @inline(__always)
    package static func stringEnd(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, escaped: inout Bool) -> Int? {
        var j = i + 1
        escaped = false
        while true {
            var found = false
            while end - j >= 8 {
                let word = UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self)
                let quotes = word ^ 0x2222_2222_2222_2222
                let slashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let hits =
                    ((quotes &- 0x0101_0101_0101_0101) & ~quotes | (slashes &- 0x0101_0101_0101_0101) & ~slashes)
                    & 0x8080_8080_8080_8080
                if hits != 0 {
                    j += hits.trailingZeroBitCount / 8
                    found = true
                    break
                }
                j += 8
            }
            if !found {
                while j < end, p[j] != 0x22, p[j] != 0x5C { j += 1 }
                if j >= end { return nil }
            }
            if p[j] == 0x22 { return j + 1 }
            escaped = true
            j += 2
            if j > end { return nil }
        }
    }

    /// The result of framing a value.
    package enum Frame: Equatable {
        /// The value ends just before this index.
        case end(Int)
        /// The buffer ends inside the value.
        case incomplete
        /// Not a value here, or nested too deep.
        case malformed(Int)
    }

    /// Where the value starting at `i` ends: strings and brackets are followed, nothing else is checked (the
    /// reader of the value checks the rest).
    @inlinable
    package static func valueEnd(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Frame {
        guard i < end else { return .incomplete }
        var escaped = false
        switch p[i] {
        case 0x22:
            guard let close = stringEnd(p, i, end, escaped: &escaped) else { return .incomplete }
            return .end(close)
        case 0x7B, 0x5B:
            var depth = 0
            var j = i
            while j < end {
                switch p[j] {
                case 0x22:
                    guard let close = stringEnd(p, j, end, escaped: &escaped) else { return .incomplete }
                    j = close
                    continue
                case 0x7B, 0x5B:
                    depth += 1
                    if depth > maxDepth { return .malformed(j) }
                case 0x7D, 0x5D:
                    depth -= 1
                    if depth == 0 { return .end(j + 1) }
                default: break
                }
                j += 1
            }
            return .incomplete
        case 0x2C, 0x7D, 0x5D, 0x3A:
            return .malformed(i)
        default:
            // A number or a literal: up to the next delimiter.
            var j = i
            while j < end {
                let byte = p[j]
                if byte == 0x2C || byte == 0x7D || byte == 0x5D || isSpace(byte) { return .end(j) }
                if byte == 0x22 || byte == 0x7B || byte == 0x5B || byte == 0x3A { return .malformed(j) }
                j += 1
            }
            return .incomplete
        }
    }

    /// Decodes the escapes of a string's contents (`p[from..<to]`, without quotes) into `out`, returning the bytes
    /// written, or nil for a bad escape. `out` has room for `to - from` bytes (decoding never grows text). A lone
    /// surrogate becomes U+FFFD (a log reader keeps the row).
    package static func unescape(
        _ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int, into out: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        let bytes = UnsafeBufferPointer(start: p, count: to)
        var i = from
        var n = 0
        while i < to {
            guard p[i] == 0x5C else {
                out[n] = p[i]
                n += 1
                i += 1
                continue
            }
            guard
                let next = try? JSONEscape.decode(
                    bytes, at: i, loneSurrogates: .replace,
                    emit: { unit in
                        out[n] = unit
                        n += 1
                    })
            else { return nil }
            i = next
        }
        return n
    }

    /// A non-negative or negative integer at `p[from..<to]` (no fraction, no exponent, at most 18 digits), or nil.
    @inlinable
    package static func integer(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int? {
        var i = from
        var negative = false
        if i < to, p[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        guard i < to, to - i <= 18 else { return nil }
        var value = 0
        while i < to {
            let digit = p[i] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            i += 1
        }
        return negative ? -value : value
    }
}
