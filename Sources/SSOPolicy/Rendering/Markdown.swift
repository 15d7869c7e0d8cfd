/// Markdown helpers shared by every Markdown output.
///
/// Two kinds of text reach Markdown. The providers' own words (meanings, summaries, citations) may use Markdown on
/// purpose and go through `cell`. Text from the user's files (titles, app names, step notes, file names) must never
/// become markup, since many renderers pass raw HTML through: it goes through `text`, or `code` for a code span.
/// Both work on Unicode scalars, never on `Character`s (a scalar such as U+0600 glues to the next one in a grapheme
/// cluster, which would hide a `<` from a comparison of characters).
package enum Markdown {
    /// A table cell of the providers' own text: pipes escaped, line breaks flattened.
    package static func cell(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "|": out.append(contentsOf: "\\|".unicodeScalars)
            case "\n": out.append(" ")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Text from a user's file as literal Markdown text, in a paragraph or a table cell: `&`, `<` and `>` as
    /// character references (no HTML, no autolink), the characters that start emphasis, code, links, strikethrough
    /// or headings and the table's pipe escaped with a backslash, a leading list marker escaped, line breaks
    /// flattened. It renders as the text itself.
    package static func text(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        // "- ", "+ ", "1. " or "1) " at the start of a paragraph begins a list: that marker is escaped.
        let digits = scalars.prefix { ("0"..."9").contains($0) }.count
        let markerEnd = digits == 0 ? 1 : digits + 1
        let marker =
            scalars.count >= markerEnd && (digits == 0 ? "-+" : ".)").unicodeScalars.contains(scalars[markerEnd - 1])
            && digits <= 9 && (scalars.count == markerEnd || [" ", "\t", "\n", "\r"].contains(scalars[markerEnd]))
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\n", "\r": out.append(" ")
            case "\\", "`", "*", "_", "[", "]", "|", "~", "#":
                out.append("\\")
                out.append(scalar)
            default:
                if marker && index == markerEnd - 1 { out.append("\\") }
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Text from a user's file (a path, a command line) as a code span: its fence is one backtick longer than the
    /// longest run of backticks in it, so nothing in it ends the span; line breaks flattened. In a table cell
    /// (`inTable`) pipes are escaped as GitHub-flavoured tables require, even inside a code span.
    package static func code(_ text: String, inTable: Bool = false) -> String {
        var body = String.UnicodeScalarView()
        var run = 0
        var longest = 0
        for scalar in text.unicodeScalars {
            if scalar == "`" {
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
            switch scalar {
            case "\n", "\r": body.append(" ")
            case "|" where inTable: body.append(contentsOf: "\\|".unicodeScalars)
            default: body.append(scalar)
            }
        }
        guard !body.isEmpty else { return "" }
        let fence = String(repeating: "`", count: longest + 1)
        // A span that starts or ends with a backtick needs a space inside each fence (CommonMark strips one).
        let padded = body.first == "`" || body.last == "`" || body.first == " " && body.last == " "
        let inner = String(body)
        return padded ? fence + " " + inner + " " + fence : fence + inner + fence
    }
}
