/// A JSON document read whole into a tree of `JSONNode`s that keep where each value starts (`import` reads vendor
/// exports this way, and reports `file:line:col` when a hand-edited export is broken; Foundation's
/// JSONSerialization gives no positions).
///
/// Bounded by `InputLimits`: size (before reading), depth, and values counted. Strings are read by `JSONCursor`;
/// duplicate keys in one object are refused, and so are keys that differ only in case (an export with two
/// `enableSharedDeviceMode` keys, or with `EnableSharedDeviceMode` beside it, is ambiguous); the error names both
/// positions.
package struct JSONTreeReader {
    let limits: InputLimits
    let describe: (UInt8?) -> String
    /// Keep a key given twice (both members, in order) for a caller that reports it in its own words.
    package var keepsDuplicateKeys = false

    /// `describe` says what a byte is in "found …" (an export's reader names classes of bytes, never content).
    package init(limits: InputLimits, describe: @escaping (UInt8?) -> String) {
        self.limits = limits
        self.describe = describe
    }

    package func read(_ bytes: [UInt8]) -> Result<JSONNode, JSONReadError> {
        guard bytes.count <= limits.maxBytes else {
            return .failure(JSONReadError(at: 0, "more than \(limits.maxBytes) bytes"))
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var builder = Builder(
                cursor: JSONCursor(buffer, describe: describe), limits: limits, keepsDuplicateKeys: keepsDuplicateKeys)
            do throws(JSONReadError) {
                builder.cursor.skipWhitespace()
                let root = try builder.value(depth: 1)
                builder.cursor.skipWhitespace()
                guard builder.cursor.atEnd else {
                    throw builder.cursor.failure(
                        "unexpected \(describe(builder.cursor.current)) after the JSON value")
                }
                return .success(root)
            } catch {
                return .failure(error)
            }
        }
    }

    struct Builder {
        var cursor: JSONCursor
        let limits: InputLimits
        let keepsDuplicateKeys: Bool
        var nodes = 0

        func failure(_ message: String, at offset: Int? = nil) -> JSONReadError {
            cursor.failure(message, at: offset)
        }

        func found() -> String { cursor.describe(cursor.current) }

        mutating func value(depth: Int) throws(JSONReadError) -> JSONNode {
            nodes += 1
            if nodes > limits.maxNodes { throw failure("more than \(limits.maxNodes) JSON values") }
            let start = cursor.index
            guard let byte = cursor.current else {
                throw failure("expected a JSON value, found the end of the file")
            }
            switch byte {
            case UInt8(ascii: "{"):
                guard depth <= limits.maxDepth else { throw failure("nesting deeper than \(limits.maxDepth) levels") }
                return JSONNode(.object(try object(depth: depth)), offset: start)
            case UInt8(ascii: "["):
                guard depth <= limits.maxDepth else { throw failure("nesting deeper than \(limits.maxDepth) levels") }
                return JSONNode(.array(try array(depth: depth)), offset: start)
            case UInt8(ascii: "\""): return JSONNode(.string(try cursor.string()), offset: start)
            case UInt8(ascii: "t"):
                try cursor.literal("true")
                return JSONNode(.bool(true), offset: start)
            case UInt8(ascii: "f"):
                try cursor.literal("false")
                return JSONNode(.bool(false), offset: start)
            case UInt8(ascii: "n"):
                try cursor.literal("null")
                return JSONNode(.null, offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(.number(try cursor.number()), offset: start)
            default:
                throw failure("expected a JSON value, found \(found())")
            }
        }

        mutating func object(depth: Int) throws(JSONReadError) -> [JSONMember] {
            cursor.index += 1
            var members: [JSONMember] = []
            var seen: [String: Int] = [:]
            cursor.skipWhitespace()
            if cursor.current == UInt8(ascii: "}") {
                cursor.index += 1
                return members
            }
            while true {
                cursor.skipWhitespace()
                guard cursor.current == UInt8(ascii: "\"") else {
                    throw failure("expected a key in double quotes, found \(found())")
                }
                let keyOffset = cursor.index
                let key = try cursor.string()
                let folded = key.lowercased()
                if !keepsDuplicateKeys, let first = seen[folded] {
                    let earlier = members.first { $0.keyOffset == first }?.key ?? key
                    let at = TextLines(Array(cursor.bytes)).position(ofByte: first, file: "")
                    throw failure(
                        (earlier == key
                            ? "duplicate key \(Excerpt.quoted(key)) in one object"
                            : "keys \(Excerpt.quoted(key)) and \(Excerpt.quoted(earlier)) in one object differ only in case: "
                                + "which one counts would depend on the reader, so neither is taken")
                            + " (the first at \(at.line):\(at.column)); keep one of them", at: keyOffset)
                }
                seen[folded] = keyOffset
                cursor.skipWhitespace()
                guard cursor.current == UInt8(ascii: ":") else {
                    throw failure("expected ':' after a key, found \(found())")
                }
                cursor.index += 1
                cursor.skipWhitespace()
                members.append(JSONMember(key: key, keyOffset: keyOffset, value: try value(depth: depth + 1)))
                cursor.skipWhitespace()
                if cursor.current == UInt8(ascii: ",") {
                    cursor.index += 1
                    continue
                }
                guard cursor.current == UInt8(ascii: "}") else {
                    throw failure("expected ',' or '}' in an object, found \(found())")
                }
                cursor.index += 1
                return members
            }
        }

        mutating func array(depth: Int) throws(JSONReadError) -> [JSONNode] {
            cursor.index += 1
            var items: [JSONNode] = []
            cursor.skipWhitespace()
            if cursor.current == UInt8(ascii: "]") {
                cursor.index += 1
                return items
            }
            while true {
                cursor.skipWhitespace()
                items.append(try value(depth: depth + 1))
                cursor.skipWhitespace()
                if cursor.current == UInt8(ascii: ",") {
                    cursor.index += 1
                    continue
                }
                guard cursor.current == UInt8(ascii: "]") else {
                    throw failure("expected ',' or ']' in an array, found \(found())")
                }
                cursor.index += 1
                return items
            }
        }
    }
}
