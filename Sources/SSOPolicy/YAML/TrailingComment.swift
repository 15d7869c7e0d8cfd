import SSOPolicyProviderKit

/// Reads the comment at the end of a value's line from a YAML file's text: libyaml drops comments, so the node tree
/// never has them.
///
/// Only the line of the value is read, from the value's column: a quoted scalar is skipped to its closing quote,
/// then the first `#` at the start or after a space or tab begins the comment (YAML's rule for plain scalars). That
/// is exact for the one-line values settings and app keys take.
struct TrailingComment: Sendable {
    private let lines: TextLines

    init(_ bytes: [UInt8]) { lines = TextLines(bytes) }

    /// The comment's text after `#`, trimmed, on the line of `position` after its column; nil if there is none.
    func comment(after position: SourcePosition) -> String? {
        guard let text = lines.line(position.line) else { return nil }
        let line = Array(String(decoding: text, as: UTF8.self).unicodeScalars)
        var index = max(position.column - 1, 0)
        guard index < line.count else { return nil }
        if line[index] == "\"" {
            index += 1
            while index < line.count {
                if line[index] == "\\" {
                    index += 2
                    continue
                }
                index += 1
                if line[index - 1] == "\"" { break }
            }
        } else if line[index] == "'" {
            index += 1
            while index < line.count {
                if line[index] == "'" {
                    if index + 1 < line.count, line[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                index += 1
            }
        }
        while index < line.count {
            if line[index] == "#", index == 0 || line[index - 1] == " " || line[index - 1] == "\t" {
                var text = String.UnicodeScalarView(line[(index + 1)...])
                while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
                while let last = text.last, last == " " || last == "\t" { text.removeLast() }
                return String(text)
            }
            index += 1
        }
        return nil
    }

    /// Where the value came from, from a trailing `# from: WHERE` comment (what `ssopolicy import` writes).
    func provenance(after position: SourcePosition) -> String? {
        guard let comment = comment(after: position), comment.hasPrefix("from:") else { return nil }
        let text = comment.dropFirst("from:".count).drop { $0 == " " }
        return text.isEmpty ? nil : String(text)
    }
}
