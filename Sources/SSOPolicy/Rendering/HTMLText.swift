/// Escaping for the HTML the guide and the playground write. Every text that reaches a page goes through
/// `escape` (element content) or `attribute` (a double-quoted attribute value), so a title or a pasted policy can
/// never add markup.
///
/// The work is done on UTF-8 bytes, never on `Character`s: a grapheme cluster can hold a markup character after a
/// scalar that glues to it (U+0600 is a "Prepend" scalar, so `"\u{0600}<"` is one `Character` that is not `"<"`),
/// while the browser reads scalars. Every byte below 0x80 in UTF-8 is the ASCII scalar itself, so no other scalar
/// can hide one.
package enum HTMLText {
    /// Element content: `&`, `<` and `>` as character references.
    package static func escape(_ text: String) -> String {
        replacing(text) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            default: nil
            }
        }
    }

    /// A quoted attribute value: also `"` and `'`, so it is safe between either quote.
    package static func attribute(_ text: String) -> String {
        replacing(text) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            default: nil
            }
        }
    }

    /// Text with Markdown code spans (`like this`) as `<code>`; everything else escaped. Spans are split at the
    /// backtick scalar.
    package static func inline(_ text: String) -> String {
        let parts = text.unicodeScalars.split(separator: "`", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        guard parts.count >= 3, parts.count % 2 == 1 else { return escape(text) }
        return parts.enumerated().map { index, part in
            index % 2 == 1 ? "<code>\(escape(part))</code>" : escape(part)
        }.joined()
    }

    /// A JSON document inside `<script type="application/json">`: each `<` byte is written `\u003c` (it occurs only
    /// inside JSON strings, where the escape means the same), so no string in it can close the element (`</script`)
    /// or open a comment (`<!--`), the only ways out of script data.
    package static func scriptJSON(_ json: String) -> String {
        replacing(json) { $0 == UInt8(ascii: "<") ? "\\u003c" : nil }
    }

    /// `text` with each ASCII byte that `replacement` names replaced; the text itself when none is.
    static func replacing(_ text: String, _ replacement: (UInt8) -> StaticString?) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { replacement($0) != nil }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + utf8.count / 8 + 16)
        for byte in utf8 {
            if let escaped = replacement(byte) {
                escaped.withUTF8Buffer { out.append(contentsOf: $0) }
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
