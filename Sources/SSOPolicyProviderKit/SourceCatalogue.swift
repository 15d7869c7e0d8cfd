/// A provider's catalogue of the public documents it cites: an enum with one case per document, so a citation names
/// a case and the compiler, not a run-time check, rejects a document that is not in the catalogue.
///
/// ```swift
/// enum BadgeSource: String, SourceCatalogue {
///     case manual = "badge-kiosk-example"
///     var document: SourceDocument { switch self { case .manual: SourceDocument(rawValue, title: "…", …) } }
/// }
/// SettingDeclaration("timeout", .duration, default: "15m", meaning: "…", sources: [BadgeSource.manual["§Settings"]])
/// ```
public protocol SourceCatalogue: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// The document the case names; its `id` is the case's raw value.
    var document: SourceDocument { get }
}

extension SourceCatalogue {
    /// Every document, in case order: the descriptor's `sources`.
    public static var documents: [SourceDocument] { allCases.map(\.document) }

    /// A citation of this document at `locator` (a section, a heading, a quote; may be empty).
    public subscript(_ locator: String) -> Citation { Citation(self, locator) }

    /// Cases whose document's id is not the case's raw value (the provider's tests check none).
    public static var idProblems: [String] {
        allCases.compactMap { source in
            source.document.id == source.rawValue
                ? nil : "\(Self.self).\(source) names document '\(source.document.id)', expected '\(source.rawValue)'"
        }
    }
}

extension Citation {
    /// A citation of a document of the provider's catalogue.
    public init(_ source: some SourceCatalogue, _ locator: String = "") {
        self.init(source.rawValue, locator)
    }
}
