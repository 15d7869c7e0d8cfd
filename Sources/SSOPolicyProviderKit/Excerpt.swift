/// A short, quoted excerpt of user text for an error message.
///
/// An error may be about a file that is not YAML at all (a suite naming a credentials file, say): messages quote at
/// most the first line's first 40 characters, with control characters escaped, so a file's content is never
/// echoed whole.
public enum Excerpt {
    public static let maxCharacters = 40

    /// `'text'`, cut at the first line break or after `maxCharacters` characters (marked with `…`).
    public static func quoted(_ text: String) -> String {
        var out = ""
        var count = 0
        var cut = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || count == maxCharacters {
                cut = true
                break
            }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return "'" + out + (cut ? "…" : "") + "'"
    }
}
