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

    /// The core's own entries: the vocabulary and file formats every provider shares.
    public static let core: [SourceDocument] = [
        SourceDocument(
            "ssopolicy-formats", title: "ssopolicy file formats and vocabulary", publisher: "ssopolicy",
            url: "docs/FORMATS.md", language: "en", documentedAsOf: "2026-11-23",
            note: "this repository's description of policies, scenarios, suites and the shared vocabulary")
    ]
}

/// One reference to a catalogue entry: the entry's id and where in it (`§Identify`, a file path, a quote).
///
/// Declarations keep their citations as text, `ID LOCATOR` pieces separated by `; `
/// (`ws1-sdk-sso-ios §Identify; aw-ios-sdk-17.6 CoreIdentitySetupOperation.swift`), so a provider writes them
/// as plainly as before and the self-check and tests reject any piece whose id is not in the catalogue.
public struct Citation: Sendable, Hashable {
    public var source: String
    public var locator: String

    public init(_ source: String, _ locator: String = "") {
        self.source = source
        self.locator = locator
    }

    public static let separator = "; "

    /// The citations of a declaration's `source` text.
    public static func parse(_ text: String) -> [Citation] {
        var pieces: [Substring] = []
        var rest = Substring(text)
        while let range = rest.firstRange(of: separator) {
            pieces.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        pieces.append(rest)
        return pieces.compactMap { piece in
            let trimmed = trim(piece)
            guard !trimmed.isEmpty else { return nil }
            guard let space = trimmed.firstIndex(of: " ") else { return Citation(String(trimmed)) }
            return Citation(String(trimmed[..<space]), String(trim(trimmed[trimmed.index(after: space)...])))
        }
    }

    private static func trim(_ text: Substring) -> Substring {
        var trimmed = text
        while trimmed.first == " " { trimmed = trimmed.dropFirst() }
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        return trimmed
    }
}

extension ProviderDescriptor {
    /// The documents this provider's citations may name: its own, then the core's.
    public var citableSources: [SourceDocument] { sources + SourceDocument.core }

    public func sourceDocument(_ id: String) -> SourceDocument? {
        citableSources.first { $0.id == id }
    }

    /// Every citation text the provider declares, with what declares it ("rule 'x'"), for the self-check and tests.
    public var citationTexts: [(owner: String, text: String)] {
        var all: [(String, String)] = []
        all += settings.map { ("setting '\($0.key)'", $0.source) }
        all += modelOptions.flatMap { option in
            option.readings.map { ("model option '\(option.key)' reading '\($0.value)'", $0.source) }
        }
        all += appKeys.map { ("app key '\($0.key)'", $0.source) }
        all += facts.map { ("fact '\($0.key)'", $0.source) }
        all += allEvents.map { ("event '\($0.name)'", $0.source) }
        all += stepConditions.map { ("step condition '\($0.key)'", $0.source) }
        all += findings.map { ("finding '\($0.id)'", $0.source) }
        all += rules.map { ("rule '\($0.id)'", $0.source) }
        all += properties.map { ("property '\($0.id)'", $0.source) }
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
        for (owner, text) in citationTexts {
            let citations = Citation.parse(text)
            if citations.isEmpty { problems.append("\(owner) cites no source") }
            for citation in citations where sourceDocument(citation.source) == nil {
                problems.append("\(owner) cites unknown source '\(citation.source)'")
            }
        }
        return problems
    }

    /// A citation text as users read it: each piece as the document's title, date, locator and URL.
    public func renderCitations(_ text: String) -> String {
        Citation.parse(text).map { citation in
            guard let document = sourceDocument(citation.source) else {
                return citation.source + " " + citation.locator
            }
            var out = "\(document.title) (\(document.documentedAsOf))"
            if !citation.locator.isEmpty { out += " \(citation.locator)" }
            return out + ", \(document.url)"
        }.joined(separator: "; ")
    }

    /// The same in Markdown: the title links to the document.
    public func renderCitationsMarkdown(_ text: String) -> String {
        Citation.parse(text).map { citation in
            guard let document = sourceDocument(citation.source) else {
                return citation.source + " " + citation.locator
            }
            var out = "[\(document.title)](\(document.url)) (\(document.documentedAsOf))"
            if !citation.locator.isEmpty { out += " \(citation.locator)" }
            return out
        }.joined(separator: "; ")
    }
}
