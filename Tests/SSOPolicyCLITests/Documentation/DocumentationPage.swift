import Foundation

/// A Markdown page of the documentation (README.md or docs/*.md): its fenced code blocks, its links and the
/// anchors its headings make, read the way GitHub renders them.
struct DocumentationPage: Sendable {
    /// A fenced code block.
    struct CodeBlock: Sendable {
        /// The info string's first word (`sh`, `yaml`, `text`…).
        var language: String
        /// The 1-based line of the block's first content line.
        var firstLine: Int
        var lines: [String]
        /// Why the documentation test leaves the block alone: the text of a `<!-- not run: REASON -->` comment on
        /// the line before the opening fence.
        var notRun: String?
    }

    /// A link target as written, with the line it is on.
    struct Link: Sendable {
        var line: Int
        var target: String
    }

    /// The page's path relative to the repository (`README.md`, `docs/verification.md`).
    var path: String
    var codeBlocks: [CodeBlock] = []
    var links: [Link] = []
    /// The anchors of the page's headings (GitHub's slugs, `-1`, `-2`… for repeats) and of `<a id>` elements.
    var anchors: Set<String> = []

    /// The README and every Markdown page under docs/, by path relative to the repository.
    static var paths: [String] {
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: repository + "/docs")) ?? []
        return ["README.md"] + pages.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// Reads the page at `path` (relative to the repository).
    init(path: String) throws {
        try self.init(path: path, text: String(contentsOfFile: repository + "/" + path, encoding: .utf8))
    }

    init(path: String, text: String) {
        self.path = path
        let lines = text.components(separatedBy: "\n")
        var prose = lines
        var index = 0
        while index < lines.count {
            let opening = lines[index].trimmingCharacters(in: .whitespaces)
            guard opening.hasPrefix("```") else {
                index += 1
                continue
            }
            let language = opening.dropFirst(3).split(separator: " ").first.map(String.init) ?? ""
            let notRun = Self.notRunReason(before: index, in: lines)
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            let indent = lines[index].prefix { $0 == " " }.count
            let content = lines[(index + 1)..<min(end, lines.count)].map {
                String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count)))
            }
            codeBlocks.append(CodeBlock(language: language, firstLine: index + 2, lines: content, notRun: notRun))
            for blanked in index...min(end, lines.count - 1) { prose[blanked] = "" }
            index = end + 1
        }
        readProse(prose.joined(separator: "\n"))
    }

    /// The reason of a `<!-- not run: REASON -->` comment on the last non-blank line before `fence`, if any.
    private static func notRunReason(before fence: Int, in lines: [String]) -> String? {
        var line = fence - 1
        while line >= 0, lines[line].trimmingCharacters(in: .whitespaces).isEmpty { line -= 1 }
        guard line >= 0 else { return nil }
        let text = lines[line].trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("<!-- not run:"), text.hasSuffix("-->") else { return nil }
        return String(text.dropFirst("<!-- not run:".count).dropLast(3)).trimmingCharacters(in: .whitespaces)
    }

    /// Links and anchors from the text outside code blocks, with code spans (which may cross lines) blanked first.
    private mutating func readProse(_ text: String) {
        let withoutCode = Self.replacing(#"`[^`]*`"#, in: text) { span in
            String(span.map { $0 == "\n" ? "\n" : " " })
        }
        let lines = withoutCode.components(separatedBy: "\n")
        var slugs: [String: Int] = [:]
        for (offset, line) in lines.enumerated() {
            for target in Self.matches(#"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#, in: line) {
                links.append(Link(line: offset + 1, target: target))
            }
            for id in Self.matches(#"<a (?:id|name)="([^"]+)""#, in: line) { anchors.insert(id) }
        }
        for line in text.components(separatedBy: "\n") {
            guard let heading = Self.heading(line) else { continue }
            let slug = Self.slug(heading)
            let seen = slugs[slug, default: 0]
            slugs[slug] = seen + 1
            anchors.insert(seen == 0 ? slug : slug + "-\(seen)")
        }
    }

    /// The text of an ATX heading (`## Text`), or nil.
    private static func heading(_ line: String) -> String? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return String(line.dropFirst(hashes + 1))
    }

    /// GitHub's anchor for a heading: lower case, letters, digits, `-` and `_` kept, spaces made `-`, the rest
    /// (punctuation, backticks, emphasis) dropped.
    static func slug(_ heading: String) -> String {
        var slug = ""
        for scalar in heading.lowercased().unicodeScalars {
            if scalar == " " {
                slug += "-"
            } else if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug
    }

    private static func matches(_ pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    private static func replacing(_ pattern: String, in text: String, with change: (Substring) -> String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        var result = ""
        var rest = text.startIndex
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text) else { continue }
            result += text[rest..<range.lowerBound] + change(text[range])
            rest = range.upperBound
        }
        return result + text[rest...]
    }
}
