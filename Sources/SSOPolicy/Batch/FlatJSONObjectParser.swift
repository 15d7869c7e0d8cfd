/// A scalar of a batch line: facts are words, so only strings, booleans and `null` (unknown) are meaningful.
public enum FlatJSONScalar: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case null

    /// The text a fact is parsed from (`true`/`false` for booleans); nil for `null`.
    public var text: String? {
        switch self {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return nil
        }
    }
}

/// Why a batch line is not a flat JSON object, with the 1-based byte column where the problem starts.
public struct FlatJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    public var column: Int
    public var message: String

    public var description: String { "column \(column): \(message)" }
}

/// Parses one line as a JSON object whose values are scalars (`{"passcode_set": true, "session_user": "alice"}`).
///
/// Batch input is written by people and scripts, so the parser is small and bounded instead of general: it never
/// recurses (a nested object or array is an error at its first byte, so a line nested 10 000 deep costs nothing),
/// refuses numbers (no fact is numeric), validates UTF-8 and control characters in strings, caps the number of
/// keys, and touches each byte once. Foundation's JSONSerialization would build a tree of boxed values per line.
public struct FlatJSONObjectParser: Sendable {
    /// More keys than any provider has facts, with room for `app`, `user` and `event`.
    public var maxKeys: Int

    public init(maxKeys: Int = 256) { self.maxKeys = maxKeys }

    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<
        [(key: String, value: FlatJSONScalar)], FlatJSONError
    > {
        var cursor = Cursor(bytes: bytes)
        do {
            return .success(try object(&cursor))
        } catch {
            return .failure(error)
        }
    }

    public func parse(_ bytes: [UInt8]) -> Result<[(key: String, value: FlatJSONScalar)], FlatJSONError> {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool { index >= bytes.count }
        var current: UInt8 { bytes[index] }
        var column: Int { index + 1 }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        func fail(_ message: String) -> FlatJSONError { FlatJSONError(column: column, message: message) }

        func found() -> String {
            guard !atEnd else { return "the end of the line" }
            let byte = current
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }

    func object(_ cursor: inout Cursor) throws(FlatJSONError) -> [(key: String, value: FlatJSONScalar)] {
        cursor.skipWhitespace()
        guard !cursor.atEnd, cursor.current == UInt8(ascii: "{") else {
            throw cursor.fail("expected a JSON object of facts ('{'), found \(cursor.found())")
        }
        cursor.index += 1
        var pairs: [(key: String, value: FlatJSONScalar)] = []
        cursor.skipWhitespace()
        if !cursor.atEnd && cursor.current == UInt8(ascii: "}") {
            cursor.index += 1
        } else {
            while true {
                cursor.skipWhitespace()
                guard !cursor.atEnd, cursor.current == UInt8(ascii: "\"") else {
                    throw cursor.fail("expected a key in double quotes, found \(cursor.found())")
                }
                guard pairs.count < maxKeys else { throw cursor.fail("more than \(maxKeys) keys") }
                let key = try string(&cursor)
                cursor.skipWhitespace()
                guard !cursor.atEnd, cursor.current == UInt8(ascii: ":") else {
                    throw cursor.fail("expected ':' after key '\(key)', found \(cursor.found())")
                }
                cursor.index += 1
                cursor.skipWhitespace()
                pairs.append((key, try scalar(&cursor, key: key)))
                cursor.skipWhitespace()
                guard !cursor.atEnd else { throw cursor.fail("unterminated object: expected ',' or '}'") }
                if cursor.current == UInt8(ascii: ",") {
                    cursor.index += 1
                    continue
                }
                guard cursor.current == UInt8(ascii: "}") else {
                    throw cursor.fail("expected ',' or '}', found \(cursor.found())")
                }
                cursor.index += 1
                break
            }
        }
        cursor.skipWhitespace()
        guard cursor.atEnd else { throw cursor.fail("unexpected \(cursor.found()) after the object") }
        return pairs
    }

    func scalar(_ cursor: inout Cursor, key: String) throws(FlatJSONError) -> FlatJSONScalar {
        guard !cursor.atEnd else { throw cursor.fail("expected a value for '\(key)', found the end of the line") }
        switch cursor.current {
        case UInt8(ascii: "\""): return .string(try string(&cursor))
        case UInt8(ascii: "t"):
            try literal("true", &cursor)
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false", &cursor)
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null", &cursor)
            return .null
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            throw cursor.fail("'\(key)': nested objects and arrays are not fact values; use a string or true/false")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            throw cursor.fail("'\(key)': numbers are not fact values; use a string or true/false")
        default:
            throw cursor.fail("expected a value for '\(key)', found \(cursor.found())")
        }
    }

    func literal(_ word: StaticString, _ cursor: inout Cursor) throws(FlatJSONError) {
        let start = cursor.index
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in text {
            guard !cursor.atEnd, cursor.current == byte else {
                cursor.index = start
                throw cursor.fail("expected '\(word)', found \(cursor.found())")
            }
            cursor.index += 1
        }
    }

    /// A string at the cursor's opening quote; the fast path (ASCII, no escapes) copies the bytes once.
    func string(_ cursor: inout Cursor) throws(FlatJSONError) -> String {
        let open = cursor.index
        cursor.index += 1
        let start = cursor.index
        var plain = true
        while true {
            guard !cursor.atEnd else {
                cursor.index = open
                throw cursor.fail("unterminated string")
            }
            let byte = cursor.current
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw cursor.fail("control character in a string (escape it)") }
            if byte == UInt8(ascii: "\\") {
                plain = false
                cursor.index += 2
                continue
            }
            if byte >= 0x80 { plain = false }
            cursor.index += 1
        }
        let end = cursor.index
        cursor.index += 1
        let raw = UnsafeBufferPointer(rebasing: cursor.bytes[start..<end])
        if plain { return String(decoding: raw, as: UTF8.self) }
        return try decode(raw, offset: start, cursor: cursor)
    }

    /// Unescapes and validates a string with escapes or non-ASCII bytes.
    func decode(_ raw: UnsafeBufferPointer<UInt8>, offset: Int, cursor: Cursor) throws(FlatJSONError) -> String {
        func fail(_ at: Int, _ message: String) -> FlatJSONError {
            FlatJSONError(column: offset + at + 1, message: message)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                index += 1
                continue
            }
            do {
                index = try JSONEscape.decode(raw, at: index, loneSurrogates: .reject) { bytes.append($0) }
            } catch {
                throw fail(index, error.message)
            }
        }
        // Decoding repairs invalid sequences with U+FFFD, so a round trip that differs means invalid UTF-8.
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else {
            throw FlatJSONError(column: offset, message: "invalid UTF-8 in a string")
        }
        return text
    }
}
