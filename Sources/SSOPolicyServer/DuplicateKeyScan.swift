/// Finds the first object key that appears twice in one JSON object. `JSONDecoder` keeps one of the two silently,
/// so `{"policy": "a", "policy": "b"}` would be answered for a policy the sender may not have meant; the API
/// refuses it instead. Keys are compared after unescaping (`"\u0061"` is `"a"`). The scan is one pass with an
/// explicit stack; text that is not JSON gives `nil` and is left to the decoder to report.
enum DuplicateKeyScan {
    static func firstDuplicate(in bytes: some Collection<UInt8>) -> String? {
        let bytes = Array(bytes)
        // One entry per open container: the keys seen so far, or nil for an array.
        var stack: [Set<String>?] = []
        var expectingKey = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append([])
                expectingKey = true
                index += 1
            case UInt8(ascii: "["):
                stack.append(nil)
                expectingKey = false
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !stack.isEmpty else { return nil }
                stack.removeLast()
                expectingKey = false
                index += 1
            case UInt8(ascii: ","):
                expectingKey = stack.last.map { $0 != nil } ?? false
                index += 1
            case UInt8(ascii: "\""):
                guard let (text, end) = string(bytes, from: index) else { return nil }
                if expectingKey, var keys = stack.last ?? nil {
                    if !keys.insert(text).inserted { return text }
                    stack[stack.count - 1] = keys
                    expectingKey = false
                }
                index = end
            default:
                index += 1
            }
        }
        return nil
    }

    /// The unescaped string starting at the quote at `start`, and the index after its closing quote.
    static func string(_ bytes: [UInt8], from start: Int) -> (String, Int)? {
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        var index = start + 1
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush()
                return (String(scalars), index + 1)
            }
            guard byte == UInt8(ascii: "\\") else {
                raw.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { return nil }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count,
                    let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                else { return nil }
                index += 4
                flush()
                // Surrogate halves are kept as a placeholder plus their value, which still tells keys apart.
                if let scalar = Unicode.Scalar(unit) {
                    scalars.append(scalar)
                } else {
                    scalars.append(contentsOf: "\u{FFFD}\(unit)".unicodeScalars)
                }
            case UInt8(ascii: "n"): raw.append(0x0A)
            case UInt8(ascii: "t"): raw.append(0x09)
            case UInt8(ascii: "r"): raw.append(0x0D)
            case UInt8(ascii: "b"): raw.append(0x08)
            case UInt8(ascii: "f"): raw.append(0x0C)
            default: raw.append(escape)
            }
        }
        return nil
    }
}
