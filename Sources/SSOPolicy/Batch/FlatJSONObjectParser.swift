import SSOPolicyProviderKit

/// A scalar of a batch line: facts are words, so only strings, booleans and `null` (unknown) are meaningful.
package enum FlatJSONScalar: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case null

    /// The text a fact is parsed from (`true`/`false` for booleans); nil for `null`.
    package var text: String? {
        switch self {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return nil
        }
    }
}

/// Why a batch line is not a flat JSON object, with the 1-based byte column where the problem starts.
package struct FlatJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    package var column: Int
    package var message: String

    package var description: String { "column \(column): \(message)" }
}

/// Parses one line as a JSON object whose values are scalars (`{"passcode_set": true, "session_user": "alice"}`),
/// on the package's JSON reader (`JSONCursor`).
///
/// Batch input is written by people and scripts, so the object is flat instead of general: it never recurses (a
/// nested object or array is an error at its first byte, so a line nested 10 000 deep costs nothing), refuses
/// numbers (no fact is numeric), caps the number of keys, and touches each byte once. Foundation's
/// JSONSerialization would build a tree of boxed values per line.
package struct FlatJSONObjectParser: Sendable {
    /// More keys than any provider has facts, with room for `app`, `user` and `event`.
    package var maxKeys: Int

    package init(maxKeys: Int = 256) { self.maxKeys = maxKeys }

    package func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<
        [(key: String, value: FlatJSONScalar)], FlatJSONError
    > {
        var cursor = JSONCursor(bytes, describe: Self.found)
        do throws(JSONReadError) {
            return .success(try object(&cursor))
        } catch {
            return .failure(FlatJSONError(column: error.offset + 1, message: error.message))
        }
    }

    package func parse(_ bytes: [UInt8]) -> Result<[(key: String, value: FlatJSONScalar)], FlatJSONError> {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    /// What a byte is, for "found …": a line is the user's own text, so a printable byte is shown as itself.
    static func found(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the line" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    func object(_ cursor: inout JSONCursor) throws(JSONReadError) -> [(key: String, value: FlatJSONScalar)] {
        cursor.skipWhitespace()
        guard cursor.current == UInt8(ascii: "{") else {
            throw cursor.failure("expected a JSON object of facts ('{'), found \(Self.found(cursor.current))")
        }
        cursor.index += 1
        var pairs: [(key: String, value: FlatJSONScalar)] = []
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "}") {
            cursor.index += 1
        } else {
            while true {
                cursor.skipWhitespace()
                guard cursor.current == UInt8(ascii: "\"") else {
                    throw cursor.failure("expected a key in double quotes, found \(Self.found(cursor.current))")
                }
                guard pairs.count < maxKeys else { throw cursor.failure("more than \(maxKeys) keys") }
                let key = try cursor.string()
                cursor.skipWhitespace()
                guard cursor.current == UInt8(ascii: ":") else {
                    throw cursor.failure("expected ':' after key '\(key)', found \(Self.found(cursor.current))")
                }
                cursor.index += 1
                cursor.skipWhitespace()
                pairs.append((key, try scalar(&cursor, key: key)))
                cursor.skipWhitespace()
                guard let byte = cursor.current else {
                    throw cursor.failure("unterminated object: expected ',' or '}'")
                }
                if byte == UInt8(ascii: ",") {
                    cursor.index += 1
                    continue
                }
                guard byte == UInt8(ascii: "}") else {
                    throw cursor.failure("expected ',' or '}', found \(Self.found(byte))")
                }
                cursor.index += 1
                break
            }
        }
        cursor.skipWhitespace()
        guard cursor.atEnd else { throw cursor.failure("unexpected \(Self.found(cursor.current)) after the object") }
        return pairs
    }

    func scalar(_ cursor: inout JSONCursor, key: String) throws(JSONReadError) -> FlatJSONScalar {
        guard let byte = cursor.current else {
            throw cursor.failure("expected a value for '\(key)', found the end of the line")
        }
        switch byte {
        case UInt8(ascii: "\""): return .string(try cursor.string())
        case UInt8(ascii: "t"):
            try cursor.literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try cursor.literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try cursor.literal("null")
            return .null
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            throw cursor.failure(
                "'\(key)': nested objects and arrays are not fact values; use a string or true/false")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            throw cursor.failure("'\(key)': numbers are not fact values; use a string or true/false")
        default:
            throw cursor.failure("expected a value for '\(key)', found \(Self.found(byte))")
        }
    }
}
