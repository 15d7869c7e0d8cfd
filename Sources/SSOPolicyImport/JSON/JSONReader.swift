import SSOPolicyProviderKit

/// A bounded JSON reader (RFC 8259) that keeps where each value starts.
///
/// Foundation's JSONSerialization gives no positions, and Graph exports are read by people who need `file:line:col`
/// when a hand-edited export is broken. Depth, value count and size are bounded by `InputLimits`; strings are
/// checked for valid UTF-8 and unescaped control characters; duplicate keys in one object are refused, and so are
/// keys that differ only in case (an export with two `enableSharedDeviceMode` keys, or with `EnableSharedDeviceMode`
/// beside it, is ambiguous); the error names both positions.
struct JSONReader: Sendable {
    let limits: InputLimits

    init(limits: InputLimits = .exports) { self.limits = limits }

    func read(_ bytes: [UInt8]) -> Result<JSONNode, ReadFailure> {
        guard bytes.count <= limits.maxBytes else {
            return .failure(ReadFailure(at: 0, "more than \(limits.maxBytes) bytes"))
        }
        var parser = Parser(bytes: bytes, limits: limits)
        do throws(ReadFailure) {
            parser.skipWhitespace()
            let root = try parser.value(depth: 1)
            parser.skipWhitespace()
            guard parser.index == bytes.count else {
                throw parser.failure("unexpected \(ReadFailure.describe(parser.current)) after the JSON value")
            }
            return .success(root)
        } catch {
            return .failure(error)
        }
    }

    struct Parser: ByteParser {
        let bytes: [UInt8]
        let limits: InputLimits
        var index = 0
        var nodes = 0

        init(bytes: [UInt8], limits: InputLimits) {
            self.bytes = bytes
            self.limits = limits
        }

        mutating func value(depth: Int) throws(ReadFailure) -> JSONNode {
            nodes += 1
            if nodes > limits.maxNodes { throw failure("more than \(limits.maxNodes) JSON values") }
            let start = index
            guard let byte = current else { throw failure("expected a JSON value, found the end of the file") }
            switch byte {
            case UInt8(ascii: "{"):
                guard depth <= limits.maxDepth else { throw failure("nesting deeper than \(limits.maxDepth) levels") }
                return JSONNode(.object(try object(depth: depth)), offset: start)
            case UInt8(ascii: "["):
                guard depth <= limits.maxDepth else { throw failure("nesting deeper than \(limits.maxDepth) levels") }
                return JSONNode(.array(try array(depth: depth)), offset: start)
            case UInt8(ascii: "\""): return JSONNode(.string(try string()), offset: start)
            case UInt8(ascii: "t"):
                try literal("true")
                return JSONNode(.bool(true), offset: start)
            case UInt8(ascii: "f"):
                try literal("false")
                return JSONNode(.bool(false), offset: start)
            case UInt8(ascii: "n"):
                try literal("null")
                return JSONNode(.null, offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(.number(try number()), offset: start)
            default:
                throw failure("expected a JSON value, found \(ReadFailure.describe(byte))")
            }
        }

        mutating func object(depth: Int) throws(ReadFailure) -> [JSONMember] {
            index += 1
            var members: [JSONMember] = []
            var seen: [String: Int] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return members
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else {
                    throw failure("expected a key in double quotes, found \(ReadFailure.describe(current))")
                }
                let keyOffset = index
                let key = try string()
                let folded = key.lowercased()
                if let first = seen[folded] {
                    let earlier = members.first { $0.keyOffset == first }?.key ?? key
                    let at = TextLines(bytes).position(ofByte: first, file: "")
                    throw failure(
                        (earlier == key
                            ? "duplicate key \(Excerpt.quoted(key)) in one object"
                            : "keys \(Excerpt.quoted(key)) and \(Excerpt.quoted(earlier)) in one object differ only in case: "
                                + "which one counts would depend on the reader, so neither is taken")
                            + " (the first at \(at.line):\(at.column)); keep one of them", at: keyOffset)
                }
                seen[folded] = keyOffset
                skipWhitespace()
                guard current == UInt8(ascii: ":") else {
                    throw failure("expected ':' after a key, found \(ReadFailure.describe(current))")
                }
                index += 1
                skipWhitespace()
                members.append(JSONMember(key: key, keyOffset: keyOffset, value: try value(depth: depth + 1)))
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard current == UInt8(ascii: "}") else {
                    throw failure("expected ',' or '}' in an object, found \(ReadFailure.describe(current))")
                }
                index += 1
                return members
            }
        }

        mutating func array(depth: Int) throws(ReadFailure) -> [JSONNode] {
            index += 1
            var items: [JSONNode] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return items
            }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard current == UInt8(ascii: "]") else {
                    throw failure("expected ',' or ']' in an array, found \(ReadFailure.describe(current))")
                }
                index += 1
                return items
            }
        }

        mutating func literal(_ word: String) throws(ReadFailure) {
            let start = index
            for byte in word.utf8 {
                guard current == byte else {
                    throw failure("expected '\(word)', found \(ReadFailure.describe(current))", at: start)
                }
                index += 1
            }
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as written.
        mutating func number() throws(ReadFailure) -> String {
            let start = index
            func digits(_ parser: inout Parser) -> Int {
                var count = 0
                while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    parser.index += 1
                    count += 1
                }
                return count
            }
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
            } else if digits(&self) == 0 {
                throw failure("expected a digit in a number, found \(ReadFailure.describe(current))")
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits(&self) > 0 else {
                    throw failure("expected a digit after '.', found \(ReadFailure.describe(current))")
                }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else {
                    throw failure("expected a digit in an exponent, found \(ReadFailure.describe(current))")
                }
            }
            if index - start > 64 { throw failure("a number longer than 64 characters", at: start) }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A string at its opening quote: escapes decoded, UTF-8 validated, control characters refused.
        mutating func string() throws(ReadFailure) -> String {
            let open = index
            index += 1
            var out: [UInt8] = []
            while true {
                guard let byte = current else { throw failure("unterminated string", at: open) }
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return try Self.validated(out, at: open)
                case UInt8(ascii: "\\"):
                    try escape(into: &out)
                case 0x00..<0x20:
                    throw failure("control character in a string (escape it)")
                default:
                    out.append(byte)
                    index += 1
                }
            }
        }

        mutating func escape(into out: inout [UInt8]) throws(ReadFailure) {
            let start = index
            do {
                index = try bytes.withUnsafeBufferPointer { buffer throws(JSONEscape.Problem) in
                    try JSONEscape.decode(buffer, at: start, loneSurrogates: .reject) { out.append($0) }
                }
            } catch {
                throw failure(error.message, at: start)
            }
        }

        /// Decoding repairs invalid UTF-8 with U+FFFD, so a round trip that differs means the bytes were invalid.
        static func validated(_ bytes: [UInt8], at offset: Int) throws(ReadFailure) -> String {
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.utf8.elementsEqual(bytes) else { throw ReadFailure(at: offset, "invalid UTF-8 in a string") }
            return text
        }
    }
}
