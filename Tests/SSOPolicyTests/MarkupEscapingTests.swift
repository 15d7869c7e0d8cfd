import SSOPolicyTestSupport
import Testing

@testable import SSOPolicy

/// Markup is escaped by Unicode scalars: a scalar that glues to the next one in a grapheme cluster (U+0600 is a
/// "Prepend", U+0301 a combining mark, U+200D a joiner) must never hide a `<`, `>`, `&` or quote from the escaping.
struct MarkupEscapingTests {
    /// Scalars that join a neighbour into one `Character`: prepend marks, combining and spacing marks, joiners,
    /// variation selectors, emoji modifiers, regional indicators, Hangul jamo, and line breaks (CR LF is one
    /// `Character`).
    static let glue: [Unicode.Scalar] = [
        "\u{0600}", "\u{0601}", "\u{0605}", "\u{06DD}", "\u{070F}", "\u{0890}", "\u{08E2}", "\u{0D4E}", "\u{110BD}",
        "\u{111C2}", "\u{0300}", "\u{0301}", "\u{036F}", "\u{0903}", "\u{0E33}", "\u{200C}", "\u{200D}", "\u{FE0F}",
        "\u{E0100}", "\u{1F3FB}", "\u{1F1E6}", "\u{1F1FA}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{00AD}",
        "\u{FEFF}", "\u{2028}", "\r", "\n",
    ]
    static let markup: [Unicode.Scalar] = ["<", ">", "&", "\"", "'", "`", "|", "*", "_", "[", "]", "\\", "#", "a"]

    /// Many short strings over the glue and markup scalars, the same ones on every run.
    static func samples(_ count: Int = 3000) -> [String] {
        var random = SplitMix(state: 0x5EED_0600)
        let alphabet = glue + markup
        var samples: [String] = []
        for scalar in glue {
            for mark in markup {
                samples += [[scalar, mark], [mark, scalar], [scalar, mark, scalar]].map {
                    String(String.UnicodeScalarView($0))
                }
            }
        }
        for _ in 0..<count {
            let length = Int.random(in: 1...12, using: &random)
            let scalars = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            samples.append(String(String.UnicodeScalarView(scalars)))
        }
        return samples
    }

    /// Reverses the HTML escaping (the entities `HTMLText` writes), by scalars.
    static func unescapeHTML(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        let entities = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'"]
        while let amp = rest.unicodeScalars.firstIndex(of: "&") {
            out += rest[..<amp]
            let tail = rest[amp...]
            guard
                let (entity, scalar) = entities.first(where: { tail.unicodeScalars.starts(with: $0.key.unicodeScalars) }
                )
            else {
                Issue.record("a bare '&' in \(Array(text.unicodeScalars))")
                return out
            }
            out += scalar
            rest = Substring(tail.unicodeScalars.dropFirst(entity.unicodeScalars.count))
        }
        return out + rest
    }

    @Test func thePrependScalarNoLongerHidesMarkup() {
        #expect(HTMLText.escape("Warehouse \u{0600}<img src=x>") == "Warehouse \u{0600}&lt;img src=x&gt;")
        #expect(HTMLText.escape("\u{0600}>\u{0600}&") == "\u{0600}&gt;\u{0600}&amp;")
        #expect(HTMLText.attribute("\"\u{0301}'\u{0301}") == "&quot;\u{0301}&#39;\u{0301}")
        #expect(HTMLText.scriptJSON("\"\u{0600}</script>\"") == "\"\u{0600}\\u003c/script>\"")
        #expect(HTMLText.inline("a \u{0600}`<b>` c") == "a \u{0600}<code>&lt;b&gt;</code> c")
        #expect(Markdown.text("\u{0600}<script>") == "\u{0600}&lt;script&gt;")
    }

    @Test func htmlEscapingLeavesNoMarkupScalarAndReadsBackAsTheText() {
        for sample in Self.samples() {
            let content = HTMLText.escape(sample)
            #expect(!content.utf8.contains(UInt8(ascii: "<")) && !content.utf8.contains(UInt8(ascii: ">")))
            #expect(Self.unescapeHTML(content).unicodeScalars.elementsEqual(sample.unicodeScalars))
            let attribute = HTMLText.attribute(sample)
            for byte in "<>\"'".utf8 { #expect(!attribute.utf8.contains(byte), "\(Array(sample.unicodeScalars))") }
            #expect(Self.unescapeHTML(attribute).unicodeScalars.elementsEqual(sample.unicodeScalars))
            let json = HTMLText.scriptJSON(sample)
            #expect(!json.utf8.contains(UInt8(ascii: "<")))
        }
    }

    @Test func markdownTextHasNoActiveCharacterAndReadsBackAsTheText() {
        let active = Set("\\`*_[]|~#".unicodeScalars)
        for sample in Self.samples() {
            let text = Markdown.text(sample)
            #expect(!text.utf8.contains(UInt8(ascii: "<")) && !text.utf8.contains(UInt8(ascii: ">")))
            #expect(!text.unicodeScalars.contains("\n") && !text.unicodeScalars.contains("\r"))
            // Read back as CommonMark does: a backslash before punctuation is the punctuation, then the entities.
            var unescaped = String.UnicodeScalarView()
            var iterator = text.unicodeScalars.makeIterator()
            while let scalar = iterator.next() {
                if scalar == "\\" {
                    let next = iterator.next()
                    #expect(next.map { active.contains($0) || "-+.)".unicodeScalars.contains($0) } == true)
                    if let next { unescaped.append(next) }
                } else {
                    #expect(!active.contains(scalar), "unescaped \(scalar) in \(Array(sample.unicodeScalars))")
                    unescaped.append(scalar)
                }
            }
            let expected = String(
                String.UnicodeScalarView(sample.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
            #expect(Self.unescapeHTML(String(unescaped)).unicodeScalars.elementsEqual(expected.unicodeScalars))
        }
    }

    @Test func aMarkdownCodeSpanIsNeverClosedFromInside() {
        for sample in Self.samples() {
            let span = Markdown.code(sample, inTable: true)
            let fence = span.unicodeScalars.prefix { $0 == "`" }.count
            #expect(fence >= 1)
            let inner = span.unicodeScalars.dropFirst(fence).dropLast(fence)
            var run = 0
            for scalar in inner {
                run = scalar == "`" ? run + 1 : 0
                #expect(run < fence, "\(Array(sample.unicodeScalars))")
            }
            #expect(!span.unicodeScalars.contains("\n") && !span.unicodeScalars.contains("\r"))
            // Every pipe is escaped (checked by scalars: "|\u{0300}" is one Character).
            let scalars = Array(span.unicodeScalars)
            #expect(scalars.indices.allSatisfy { scalars[$0] != "|" || ($0 > 0 && scalars[$0 - 1] == "\\") })
        }
        #expect(Markdown.code("a`b") == "``a`b``")
        #expect(Markdown.code("`x") == "`` `x ``")
        #expect(Markdown.code("Policies/GUIDE.md") == "`Policies/GUIDE.md`")
    }

    @Test func aLeadingListMarkerIsEscaped() {
        #expect(Markdown.text("- item") == "\\- item")
        #expect(Markdown.text("12. item") == "12\\. item")
        #expect(Markdown.text("3) item") == "3\\) item")
        #expect(Markdown.text("13.5 hours after") == "13.5 hours after")
        #expect(Markdown.text("-5 degrees") == "-5 degrees")
        #expect(Markdown.text("+") == "\\+")
        #expect(Markdown.text("a - b 1. c") == "a - b 1. c")
        #expect(Markdown.text("Alice's badge (cart)") == "Alice's badge (cart)")
    }

    @Test func mermaidLabelsCarryNoMarkup() {
        for sample in Self.samples(500) {
            // Mermaid's own entity codes (`#lt;`) are the only `#` and `;` left.
            var label = Substring(MermaidDiagram.safe(sample)).unicodeScalars
            for byte in "<>\n\r".unicodeScalars { #expect(!label.contains(byte)) }
            while let hash = label.firstIndex(of: "#") {
                let rest = label[hash...]
                let entity = ["#lt;", "#gt;", "#amp;"].first { rest.starts(with: $0.unicodeScalars) }
                #expect(entity != nil)
                label = rest.dropFirst(entity?.unicodeScalars.count ?? 1)
                #expect(!label.prefix { $0 != "#" }.contains(";"))
            }
        }
        #expect(MermaidDiagram.safe("a<b>&c;#d") == "a#lt;b#gt;#amp;c,d")
    }
}
