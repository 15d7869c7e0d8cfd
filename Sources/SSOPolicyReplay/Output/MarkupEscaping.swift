/// Escaping for the replay's HTML, Markdown and CSV, by Unicode scalars (never by `Character`, whose grapheme
/// clusters can hide a `<` or a `"` behind a combining mark). Log values are untrusted: an app name or a device
/// name can hold markup.
public enum MarkupEscaping {
    /// Element content and double- or single-quoted attribute values: `& < > " '` as entities, control
    /// characters (except tab and line feed) as U+FFFD.
    public static func html(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            default:
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" || (0x7F...0x9F).contains(scalar.value) {
                    out.append("\u{FFFD}")
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }

    /// A Markdown table cell: the characters Markdown or inline HTML would read (`\ | * _ [ ] < > ` ` # ~ !`)
    /// backslash-escaped or as entities, line breaks as spaces.
    public static func markdownCell(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "|", "*", "_", "[", "]", "`", "#", "~", "!", "(", ")":
                out.append("\\")
                out.append(scalar)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "\n", "\r", "\t": out.append(" ")
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out.append("\u{FFFD}")
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }

    /// An RFC 4180 cell: quoted when it holds a comma, a quote or a line break (quotes doubled); a cell a
    /// spreadsheet would run as a formula (starting with `= + - @`, a tab or a carriage return) gets a leading `'`.
    public static func csvCell(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { text = "'" + text }
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" { out.append("\"") }
            out.append(scalar)
        }
        out.append("\"")
        return String(out)
    }
}
