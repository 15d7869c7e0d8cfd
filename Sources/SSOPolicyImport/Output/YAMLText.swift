/// Text that goes into a written policy file: scalars that read back as exactly the same text, and comments that
/// stay on their line whatever the export held.
enum YAMLText {
    /// Plain when it is a word the loader reads back unchanged, else double-quoted with every character a YAML
    /// reader could take as a line break, a control or a byte order mark escaped.
    static func scalar(_ text: String) -> String {
        let plain =
            !text.isEmpty && text.count <= 64
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "_-.".unicodeScalars.contains($0)
            }
            && text.unicodeScalars.first.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) } == true
            && !["yes", "no", "on", "off", "y", "n", "null"].contains(text.lowercased())
        return plain ? text : quoted(text)
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
