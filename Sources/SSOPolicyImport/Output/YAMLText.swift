/// Text that goes into a written policy file: scalars that read back as exactly the same text, and comments that
/// stay on their line whatever the export held.
enum YAMLText {
    /// Plain when every YAML reader takes it as the same text, else double-quoted with every character a YAML
    /// reader could take as a line break, a control or a byte order mark escaped.
    ///
    /// Plain means a word of letters, digits, `_`, `-` and `.` that starts with a letter and is none of the words
    /// YAML 1.1 (https://yaml.org/type/bool.html, https://yaml.org/type/null.html) or the YAML 1.2 core schema
    /// (https://yaml.org/spec/1.2.2/#1032-tag-resolution) reads as a boolean or null, in any case: `null`, `Null`,
    /// `NULL`, `true`, `yes`, `on`, `y`, `n`, .... Starting with a letter rules out every number (`1e3`, `0x1F`,
    /// `.inf`, `.nan`, `1_000`, `1:20`), date and timestamp, `~`, `=` and `<<`; the empty string, spaces, `:` and
    /// `#` are never plain.
    static func scalar(_ text: String) -> String {
        isPlainText(text) ? text : quoted(text)
    }

    /// A setting or app key's value: as `scalar`, except that `true` and `false` stay plain, since both schemas read
    /// them as the boolean they mean for a boolean setting (the loader reads the text either way).
    static func value(_ text: String) -> String {
        text == "true" || text == "false" ? text : scalar(text)
    }

    /// Words YAML 1.1 or 1.2 reads as a boolean or null, lower-cased.
    static let specialWords: Set<String> = ["yes", "no", "on", "off", "y", "n", "true", "false", "null"]

    static func isPlainText(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first),
            text.unicodeScalars.count <= 64
        else { return false }
        return text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "_-.".unicodeScalars.contains($0)
        } && !specialWords.contains(text.lowercased())
    }

    /// A double-quoted YAML scalar.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if needsEscape(scalar) {
                    out += escaped(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Comment text on one line: line breaks (including NEL, LS and PS, which libyaml breaks at), controls and
    /// byte order marks are written as `\u{…}`; longer than `limit` characters is cut with `…`.
    static func comment(_ text: String, limit: Int = 400) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            if needsEscape(scalar) || scalar == "\n" || scalar == "\t" {
                out += escaped(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029 || scalar.value == 0xFEFF
    }

    static func escaped(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
