/// A JSON value with ordered object keys, serialized the same way every time (byte-identical output).
public indirect enum JSONValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// An array or object serialized once, copied wherever it recurs (`JSONFragment`).
    case fragment(JSONFragment)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// Neither an array nor an object.
    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        case .fragment(let fragment): return fragment.value.isScalar
        default: return true
        }
    }

    public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    public static func strings(_ texts: [String]) -> JSONValue { .array(texts.map(JSONValue.string)) }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// Pretty (2-space indent, one key per line) or compact (one line, for batch output).
    public func serialized(pretty: Bool = true) -> String {
        var out: [UInt8] = []
        write(to: &out, pretty: pretty)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the serialization's UTF-8 bytes to `out`: what batch output and the server's bodies are made of,
    /// written as bytes rather than appended to a `String` piece by piece.
    public func write(to out: inout [UInt8], pretty: Bool) {
        write(to: &out, indent: pretty ? 0 : nil)
    }

    func write(to out: inout [UInt8], indent: Int?) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): out.append(contentsOf: String(number).utf8)
        case .double(let number):
            out.append(contentsOf: (number.isFinite ? format2(number) : "null").utf8)
        case .string(let text): JSONValue.escape(text, into: &out)
        case .fragment(let fragment): fragment.write(to: &out, indent: indent)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            // Arrays of scalars stay on one line: prompts and ids read best that way.
            let scalars = items.allSatisfy(\.isScalar)
            if scalars || indent == nil {
                out.append(UInt8(ascii: "["))
                for (index, item) in items.enumerated() {
                    if index > 0 { out.append(contentsOf: (indent == nil ? "," : ", ").utf8) }
                    item.write(to: &out, indent: nil)
                }
                out.append(UInt8(ascii: "]"))
                return
            }
            let inner = (indent ?? 0) + 2
            out.append(contentsOf: "[\n".utf8)
            for (index, item) in items.enumerated() {
                Self.pad(inner, into: &out)
                item.write(to: &out, indent: inner)
                out.append(contentsOf: (index == items.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.pad(indent ?? 0, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            if pairs.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            guard let indent else {
                out.append(UInt8(ascii: "{"))
                for (index, (key, value)) in pairs.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    JSONValue.escape(key, into: &out)
                    out.append(UInt8(ascii: ":"))
                    value.write(to: &out, indent: nil)
                }
                out.append(UInt8(ascii: "}"))
                return
            }
            let inner = indent + 2
            out.append(contentsOf: "{\n".utf8)
            for (index, (key, value)) in pairs.enumerated() {
                Self.pad(inner, into: &out)
                JSONValue.escape(key, into: &out)
                out.append(contentsOf: ": ".utf8)
                value.write(to: &out, indent: inner)
                out.append(contentsOf: (index == pairs.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.pad(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func pad(_ count: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    private func format2(_ number: Double) -> String {
        let rounded = (number * 1000).rounded() / 1000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, everything else copied as
    /// UTF-8. Runs of bytes that need no escape (almost all text) are copied whole.
    static func escape(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ escapeBytes($0, into: &out) }) == nil {
            Array(text.utf8).withUnsafeBufferPointer { escapeBytes($0, into: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func escapeBytes(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var plainStart = 0
        while true {
            let index = ByteScan.firstIndex(
                in: bytes, from: plainStart,
                wordMayHold: {
                    ByteScan.anyBelow($0, 0x20) || ByteScan.anyEqual($0, UInt8(ascii: "\""))
                        || ByteScan.anyEqual($0, UInt8(ascii: "\\"))
                },
                where: { bytes[$0] < 0x20 || bytes[$0] == UInt8(ascii: "\"") || bytes[$0] == UInt8(ascii: "\\") })
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
            guard index < bytes.count else { return }
            plainStart = index + 1
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            default:
                // Lower-case hex, four digits: \u001b.
                func digit(_ value: UInt8) -> UInt8 {
                    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
                }
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(digit(byte >> 4))
                out.append(digit(byte & 0xF))
            }
        }
    }
}
