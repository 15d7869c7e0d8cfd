/// A public document a declaration cites: a vendor page, a source repository, an issue thread.
///
/// Providers declare the documents they cite in `ProviderDescriptor.sources`; the core declares its own few
/// (`SourceDocument.core`). Every citation names one of them by `id`, so a user can open what a rule rests on and
/// see how old it is: vendors change behaviour between versions.
public struct SourceDocument: Sendable, Hashable {
    /// Stable, short, lowercase (`ws1-sdk-sso-ios`); what citations name.
    public var id: String
    public var title: String
    public var publisher: String
    /// Where anyone can read it (a web page, or a repository whose files the locators name).
    public var url: String
    /// BCP 47 language tag of the text read (`en`, `zh-CN`).
    public var language: String
    /// The date (or version) the content read is documented as of, starting with a year: `2024-06-14`,
    /// `2017 (AirWatch 9.2)`.
    public var documentedAsOf: String
    public var note: String?

    public init(
        _ id: String, title: String, publisher: String, url: String, language: String, documentedAsOf: String,
        note: String? = nil
    ) {
        self.id = id
        self.title = title
        self.publisher = publisher
        self.url = url
        self.language = language
        self.documentedAsOf = documentedAsOf
        self.note = note
    }

    /// The id of the core's description of its file formats and vocabulary.
    public static let formatsID = "ssopolicy-formats"

    /// The core's own entries: the vocabulary and file formats every provider shares.
    public static let core: [SourceDocument] = [
        SourceDocument(
            formatsID, title: "ssopolicy file formats and vocabulary", publisher: "ssopolicy",
            url: "docs/FORMATS.md", language: "en", documentedAsOf: "2026-11-23",
            note: "this repository's description of policies, scenarios, suites and the shared vocabulary")
    ]
}

/// One reference to a catalogue entry: the entry's id and where in it (`§Identify`, a file path, a quote).
///
/// Declarations hold their citations as typed values, so nothing is interpolated into a string and a locator can
/// hold any text; the self-check and tests reject a citation whose id is not in the catalogue.
///
/// ```swift
/// RuleDefinition("badge.session.live", summary: "a live tap serves the attempt",
///                sources: [BadgeSource.manual["§Sessions"]], when: [.when(.tapLive)])
/// ```
public struct Citation: Sendable, Hashable {
    /// The catalogue entry's id (`SourceDocument.id`).
    public var source: String
    /// Where in the document: a section, a file, a quote; may be empty.
    public var locator: String

    public init(_ source: String, _ locator: String = "") {
        self.source = source
        self.locator = locator
    }

    public static let separator = "; "

    /// `ID LOCATOR`, the compact form text output shows (`ssopolicy sources ID` has the rest).
    public var text: String { locator.isEmpty ? source : source + " " + locator }
}

extension Array where Element == Citation {
    /// The citations in their compact form, `ID LOCATOR; ID LOCATOR`.
    public var text: String { map(\.text).joined(separator: Citation.separator) }
}

extension ProviderDescriptor {
    /// The documents this provider's citations may name: its own, then the core's.
    public var citableSources: [SourceDocument] { sources + SourceDocument.core }

    public func sourceDocument(_ id: String) -> SourceDocument? {
        citableSources.first { $0.id == id }
    }

    /// Every citation list the provider declares, with what declares it ("rule 'x'"), for the self-check and tests.
    public var citationLists: [(owner: String, citations: [Citation])] {
        var all: [(String, [Citation])] = []
        all += settings.map { ("setting '\($0.key)'", $0.sources) }
        all += modelOptions.flatMap { option in
            option.readings.map { ("model option '\(option.key)' reading '\($0.value)'", $0.sources) }
        }
        all += appKeys.map { ("app key '\($0.key)'", $0.sources) }
        all += facts.map { ("fact '\($0.key)'", $0.sources) }
        all += allEvents.map { ("event '\($0.name)'", $0.sources) }
        all += stepConditions.map { ("step condition '\($0.key)'", $0.sources) }
        all += findings.map { ("finding '\($0.id)'", $0.sources) }
        all += rules.map { ("rule '\($0.id)'", $0.sources) }
        all += properties.map { ("property '\($0.id)'", $0.sources) }
        if let handover { all.append(("handover", handover.sources)) }
        return all
    }

    /// Problems with the catalogue and with citations that name no catalogue entry.
    public func citationProblems() -> [String] {
        var problems: [String] = []
        var seen = Set<String>()
        for document in citableSources where !seen.insert(document.id).inserted {
            problems.append("duplicate source document '\(document.id)'")
        }
        for document in sources {
            if document.title.isEmpty || document.url.isEmpty || document.publisher.isEmpty
                || document.language.isEmpty
            {
                problems.append("source document '\(document.id)' lacks a title, publisher, URL or language")
            }
            if !document.documentedAsOf.prefix(4).allSatisfy(\.isNumber) || document.documentedAsOf.count < 4 {
                problems.append("source document '\(document.id)' has no documented-as-of year")
            }
        }
        for (owner, citations) in citationLists {
            if citations.isEmpty { problems.append("\(owner) cites no source") }
            for citation in citations where sourceDocument(citation.source) == nil {
                problems.append("\(owner) cites unknown source '\(citation.source)'")
            }
            for citation in citations where citation.locator.contains(Citation.separator) {
                problems.append("\(owner): the locator of a citation of '\(citation.source)' holds '; ' (write two)")
            }
        }
        return problems
    }

    /// Citations as users read them: each as the document's title, date, locator and URL.
    public func renderCitations(_ citations: [Citation]) -> String {
        citations.map { citation in
            guard let document = sourceDocument(citation.source) else { return citation.text }
            var out = "\(document.title) (\(document.documentedAsOf))"
            if !citation.locator.isEmpty { out += " \(citation.locator)" }
            return out + ", \(document.url)"
        }.joined(separator: Citation.separator)
    }

    /// The same in Markdown: the title links to the document.
    public func renderCitationsMarkdown(_ citations: [Citation]) -> String {
        citations.map { citation in
            guard let document = sourceDocument(citation.source) else { return citation.text }
            var out = "[\(document.title)](\(document.url)) (\(document.documentedAsOf))"
            if !citation.locator.isEmpty { out += " \(citation.locator)" }
            return out
        }.joined(separator: Citation.separator)
    }
}
