/// Escaping for the HTML the guide and the playground write. Every text that reaches a page goes through
/// `escape` (element content) or `attribute` (a double-quoted attribute value), so a title or a pasted policy can
/// never add markup.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    public static func attribute(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    /// Text with Markdown code spans (`like this`) as `<code>`; everything else escaped.
    public static func inline(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.count % 2 == 1 else { return escape(text) }
        return parts.enumerated().map { index, part in
            index % 2 == 1 ? "<code>\(escape(String(part)))</code>" : escape(String(part))
        }.joined()
    }

    /// A JSON document inside `<script type="application/json">`: `<` is written `\u003c`, so no string in it
    /// can close the element.
    public static func scriptJSON(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c")
    }
}
