/// One escape sequence of a JSON string (RFC 8259 §7), decoded to UTF-8: the one decoder behind the batch reader,
/// `import`'s JSON reader and `replay`'s sign-in scanner, which differ only in what a lone surrogate means.
///
/// ```swift
/// var out: [UInt8] = []
/// let next = try JSONEscape.decode(bytes, at: backslash, loneSurrogates: .reject) { out.append($0) }
/// ```
public enum JSONEscape {
    /// What a `\uD800`-`\uDFFF` escape that is not half of a pair becomes.
    public enum LoneSurrogates: Sendable {
        /// An error: the text is not Unicode (a policy, a batch line, an export).
        case reject
        /// U+FFFD, as a log reader wants: one bad name must not lose the row.
        case replace
    }

    public enum Problem: Error, Sendable, Hashable {
        case unterminated
        case unknownEscape
        case invalidUnicodeEscape
        case unpairedSurrogate

        public var message: String {
            switch self {
            case .unterminated: "unterminated escape"
            case .unknownEscape: #"invalid escape (expected one of \" \\ \/ \b \f \n \r \t \u)"#
            case .invalidUnicodeEscape: #"invalid \u escape (expected four hexadecimal digits)"#
            case .unpairedSurrogate: #"unpaired surrogate in a \u escape"#
            }
        }
    }

    /// Decodes the escape whose backslash is at `start` of `bytes`, hands each UTF-8 byte of it to `emit` and
    /// returns the index just after it. The decoded text is never longer than the escape.
    @inlinable
    public static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, loneSurrogates: LoneSurrogates,
        emit: (UInt8) -> Void
    ) throws(Problem) -> Int {
        guard start + 1 < bytes.count else { throw .unterminated }
        let simple: UInt8
        switch bytes[start + 1] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): return try unicode(bytes, at: start, loneSurrogates: loneSurrogates, emit: emit)
        default: throw .unknownEscape
        }
        emit(simple)
        return start + 2
    }

    /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, at `start`.
    @inlinable
    static func unicode(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, loneSurrogates: LoneSurrogates,
        emit: (UInt8) -> Void
    ) throws(Problem) -> Int {
        guard let high = hex4(bytes, at: start + 2) else { throw .invalidUnicodeEscape }
        var next = start + 6
        var value = high
        if (0xD800..<0xE000).contains(high) {
            if high < 0xDC00, next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"),
                bytes[next + 1] == UInt8(ascii: "u"), let low = hex4(bytes, at: next + 2),
                (0xDC00..<0xE000).contains(low)
            {
                value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            } else if loneSurrogates == .reject {
                throw .unpairedSurrogate
            } else {
                value = 0xFFFD
            }
        }
        // Every value left is a scalar: surrogates were paired or replaced, and a pair is at most U+10FFFF.
        UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}", into: emit)
        return next
    }

    /// Four hexadecimal digits at `index`, or nil.
    @inlinable
    static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index >= 0, index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in index..<index + 4 {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }
}
