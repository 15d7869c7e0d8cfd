/// Escapes control characters in text bound for a terminal or a log.
///
/// Titles, names and batch lines are user input: a raw ESC can recolour or rewrite a terminal, BEL rings it, NUL and
/// CR hide what came before. Every control character except line feed and tab (C0, DEL, C1) becomes `\u00XX`, which
/// reads plainly in text and is a valid escape inside a JSON string, so JSON output stays valid JSON.
package enum ControlCharacterEscaping {
    /// `text` with every control character but `\n` and `\t` written as `\u00XX`.
    package static func escaped(_ text: String) -> String {
        guard mayNeedEscape(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A byte scan that rules out almost every text at memory speed (batch output is hundreds of megabytes): a C0
    /// control but `\n` and `\t` is one byte below 0x20, DEL is 0x7F, and a C1 control is 0xC2 0x80–0x9F in UTF-8.
    /// Eight bytes at a time: only a word with a byte below 0x20, a DEL or a 0xC2 is looked at byte by byte.
    static func mayNeedEscape(_ text: String) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let found = ByteScan.firstIndex(
                in: bytes, from: 0,
                wordMayHold: {
                    ByteScan.anyBelow($0, 0x20) || ByteScan.anyEqual($0, 0x7F) || ByteScan.anyEqual($0, 0xC2)
                },
                where: { index in
                    let byte = bytes[index]
                    if byte < 0x20 { return byte != 0x0A && byte != 0x09 }
                    if byte == 0x7F { return true }
                    return byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] >= 0x80
                        && bytes[index + 1] <= 0x9F
                })
            return found < bytes.count
        }
        if let found = text.utf8.withContiguousStorageIfAvailable(scan) { return found }
        return text.unicodeScalars.contains(where: needsEscape)
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}
