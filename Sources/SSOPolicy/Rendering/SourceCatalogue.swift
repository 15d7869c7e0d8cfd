import SSOPolicyProviderKit

/// `ssopolicy sources`: every document the core and the registered providers cite, with who cites it, so a
/// reader can open what each answer rests on and see the date its content is documented as of.
package enum SourceCatalogue {
    package struct Entry: Sendable {
        package var document: SourceDocument
        /// The providers whose declarations cite it (`core` for the core's own entries).
        package var citedBy: [String]
        package var citations: Int
    }

    /// The core's entries, then each provider's, in registry order.
    package static func entries(_ descriptors: [ProviderDescriptor]) -> [Entry] {
        var entries: [Entry] = SourceDocument.core.map { Entry(document: $0, citedBy: [], citations: 0) }
        for descriptor in descriptors {
            for document in descriptor.sources where !entries.contains(where: { $0.document.id == document.id }) {
                entries.append(Entry(document: document, citedBy: [], citations: 0))
            }
            for (_, citations) in descriptor.citationLists {
                for citation in citations {
                    guard let index = entries.firstIndex(where: { $0.document.id == citation.source }) else { continue }
                    entries[index].citations += 1
                    if !entries[index].citedBy.contains(descriptor.id) { entries[index].citedBy.append(descriptor.id) }
                }
            }
        }
        return entries
    }

    /// "Title. Publisher, as of DATE. URL (language)".
    package static func line(_ document: SourceDocument) -> String {
        "\(document.title). \(document.publisher), as of \(document.documentedAsOf). \(document.url) (\(document.language))"
    }

    package static func markdownLine(_ document: SourceDocument) -> String {
        "`\(document.id)`: [\(Markdown.cell(document.title))](\(document.url)). \(Markdown.cell(document.publisher)), "
            + "as of \(Markdown.cell(document.documentedAsOf)), \(document.language)."
            + (document.note.map { " " + Markdown.cell($0) + "." } ?? "")
    }

    package static func json(_ document: SourceDocument) -> JSONValue {
        .object([
            ("id", .string(document.id)), ("title", .string(document.title)),
            ("publisher", .string(document.publisher)), ("url", .string(document.url)),
            ("language", .string(document.language)), ("documented_as_of", .string(document.documentedAsOf)),
            ("note", .optional(document.note)),
        ])
    }

    package static func text(_ entries: [Entry]) -> String {
        var out = ""
        for entry in entries {
            let document = entry.document
            out += "\(document.id)\n"
            out += wrap(document.title, indent: "  title: ", hanging: "    ") + "\n"
            out += "  publisher: \(document.publisher)\n  url: \(document.url)\n  language: \(document.language)\n"
            out += "  documented as of: \(document.documentedAsOf)\n"
            if let note = document.note { out += wrap(note, indent: "  note: ", hanging: "    ") + "\n" }
            out +=
                "  cited by: " + (entry.citedBy.isEmpty ? "-" : entry.citedBy.joined(separator: ", "))
                + " (\(entry.citations) citation\(entry.citations == 1 ? "" : "s"))\n"
        }
        return out
    }

    package static func jsonValue(_ entries: [Entry]) -> JSONValue {
        .array(
            entries.map { entry in
                guard case .object(let fields) = json(entry.document) else { return json(entry.document) }
                return .object(fields + [("cited_by", .strings(entry.citedBy)), ("citations", .int(entry.citations))])
            })
    }

    package static func markdown(_ entries: [Entry]) -> String {
        entries.map { "- " + markdownLine($0.document) + "\n" }.joined()
    }
}
