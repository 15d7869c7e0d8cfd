/// Why JSON could not be read, and where: a byte offset into the bytes read (the caller makes it `line:col`, or a
/// column of a line).
package struct JSONReadError: Error, Sendable, Hashable {
    package var offset: Int
    package var message: String

    package init(at offset: Int, _ message: String) {
        self.offset = offset
        self.message = message
    }
}

/// A position in JSON bytes and the reading of one token there: strings (escapes decoded, UTF-8 validated,
/// control characters refused), literals, numbers and whitespace. Every failure is a `JSONReadError` at the byte
/// where the problem starts, in the order the bytes come (the first problem of a string is the one reported).
/// Batch lines, the server's request bodies and `import`'s tree (`JSONTreeReader`) read through it; what a reader
/// builds from the tokens, and its bounds, are its own.
package struct JSONCursor {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index = 0
    /// What a byte is, for "found …" in messages (nil: the end of the input).
    package let describe: (UInt8?) -> String

    package init(_ bytes: UnsafeBufferPointer<UInt8>, describe: @escaping (UInt8?) -> String) {
        self.bytes = bytes
        self.describe = describe
    }

    /// The byte at the position, nil at the end.
    @inlinable
    package var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    @inlinable
    package var atEnd: Bool { index >= bytes.count }

    /// A failure at `offset`, or at the position.
    @inlinable
    package func failure(_ message: String, at offset: Int? = nil) -> JSONReadError {
        JSONReadError(at: offset ?? index, message)
    }

    /// Moves past spaces, tabs and line ends.
    @inlinable
    package mutating func skipWhitespace() {
        while index < bytes.count, JSONBytes.isSpace(bytes[index]) { index += 1 }
    }

    /// `true`, `false` or `null` at the position; a mismatch fails at the word's first byte.
    @inlinable
    package mutating func literal(_ word: StaticString) throws(JSONReadError) {
        let start = index
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in text {
            guard current == byte else {
                let found = describe(current)
                index = start
                throw failure("expected '\(word)', found \(found)")
            }
            index += 1
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as written; at most 64 characters.
    package mutating func number() throws(JSONReadError) -> String {
        let start = index
        func digits(_ cursor: inout JSONCursor) -> Int {
            var count = 0
            while let byte = cursor.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                cursor.index += 1
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw failure("expected a digit in a number, found \(describe(current))")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw failure("expected a digit after '.', found \(describe(current))") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else {
                throw failure("expected a digit in an exponent, found \(describe(current))")
            }
        }
        if index - start > 64 { throw failure("a number longer than 64 characters", at: start) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// A string at its opening quote, the cursor left after its closing quote. Text that is ASCII without escapes
    /// (nearly every key and value) is copied once; otherwise escapes are decoded (a lone surrogate is refused)
    /// and the UTF-8 checked. Inlinable: batch reads every key and value of a line through it.
    @inlinable
    package mutating func string() throws(JSONReadError) -> String {
        let open = index
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            if byte == 0x5C || byte >= 0x80 { return try decodedString(open: open) }
            if byte < 0x20 { throw failure("control character in a string (escape it)") }
            index += 1
        }
        throw failure("unterminated string", at: open)
    }

    /// The rest of a string with escapes or non-ASCII bytes, decoded from its start.
    @usableFromInline
    mutating func decodedString(open: Int) throws(JSONReadError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(index - open + 16)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x22:
                index += 1
                // Decoding repairs invalid UTF-8 with U+FFFD, so a round trip that differs means invalid bytes.
                let text = String(decoding: out, as: UTF8.self)
                guard text.utf8.elementsEqual(out) else { throw failure("invalid UTF-8 in a string", at: open) }
                return text
            case 0x5C:
                let escape = index
                do {
                    index = try JSONEscape.decode(bytes, at: escape, loneSurrogates: .reject) { out.append($0) }
                } catch {
                    throw failure(error.message, at: escape)
                }
            case 0x00..<0x20:
                throw failure("control character in a string (escape it)")
            default:
                out.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string", at: open)
    }
}
