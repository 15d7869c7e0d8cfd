/// Escapes control characters in text bound for a terminal or a log.
///
/// Titles, names and batch lines are user input: a raw ESC can recolour or rewrite a terminal, BEL rings it, NUL and
/// CR hide what came before. Every control character except line feed and tab (C0, DEL, C1) becomes `\u00XX`, which
/// reads plainly in text and is a valid escape inside a JSON string, so JSON output stays valid JSON.
public enum ControlCharacterEscaping {
    /// `text` with every control character but `\n` and `\t` written as `\u00XX`.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
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

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}
