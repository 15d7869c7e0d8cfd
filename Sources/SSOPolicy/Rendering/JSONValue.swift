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

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    public static func strings(_ texts: [String]) -> JSONValue { .array(texts.map(JSONValue.string)) }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// Pretty (2-space indent, one key per line) or compact (one line, for batch output).
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(to: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(to out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let number): out += String(number)
        case .double(let number):
            out += number.isFinite ? String(format2(number)) : "null"
        case .string(let text): JSONValue.escape(text, into: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            // Arrays of scalars stay on one line: prompts and ids read best that way.
            let scalars = items.allSatisfy {
                switch $0 {
                case .array, .object: return false
                default: return true
                }
            }
            if scalars || indent == nil {
                out += "["
                for (index, item) in items.enumerated() {
                    if index > 0 { out += indent == nil ? "," : ", " }
                    item.write(to: &out, indent: nil)
                }
                out += "]"
                return
            }
            let inner = (indent ?? 0) + 2
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += String(repeating: " ", count: inner)
                item.write(to: &out, indent: inner)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent ?? 0) + "]"
        case .object(let pairs):
            if pairs.isEmpty {
                out += "{}"
                return
            }
            guard let indent else {
                out += "{"
                for (index, (key, value)) in pairs.enumerated() {
                    if index > 0 { out += "," }
                    JSONValue.escape(key, into: &out)
                    out += ":"
                    value.write(to: &out, indent: nil)
                }
                out += "}"
                return
            }
            let inner = indent + 2
            out += "{\n"
            for (index, (key, value)) in pairs.enumerated() {
                out += String(repeating: " ", count: inner)
                JSONValue.escape(key, into: &out)
                out += ": "
                value.write(to: &out, indent: inner)
                out += index == pairs.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    private func format2(_ number: Double) -> String {
        let rounded = (number * 1000).rounded() / 1000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    static func escape(_ text: String, into out: inout String) {
        out += "\""
        // Fast path (almost every string): nothing to escape, so append it whole instead of scalar by scalar.
        let plain =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    return false
                }
                return true
            } ?? !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        if plain {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
