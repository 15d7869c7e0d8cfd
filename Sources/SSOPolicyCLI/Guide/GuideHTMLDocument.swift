import SSOPolicy

/// The guide as one self-contained HTML file (to come).
enum GuideHTMLDocument {
    static func comparisonNumber(_ anchor: String) -> Int? {
        guard anchor.hasPrefix("comparison-") else { return nil }
        return Int(anchor.dropFirst("comparison-".count))
    }

    static func render(_ content: GuideContent) -> String { "" }

    static func fragment(_ comparison: Comparison, number: Int) -> String { "" }
}
