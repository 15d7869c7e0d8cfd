/// One HTML page, the one way the guide, the playground and the replay report write one: a title, a style sheet
/// (one of `PageStyle`'s, written verbatim, so the playground's content security policy can hash it) and a body.
/// The page writes the shell (doctype, language, character set, viewport, color scheme, title, style, the body
/// element) and its content is the caller's: sections are rendered by their own functions and only placed here.
///
/// The title is escaped by `HTMLText`; the style and the body are markup the caller has already escaped.
package struct HTMLPage: Sendable, Hashable {
    /// The text of `<title>`.
    package var title: String
    /// The page's style sheet, written as is between `<style>` and `</style>`.
    package var style: String
    /// Whether the page declares `<meta name="color-scheme" content="light dark">` (its sheet has a dark palette).
    package var lightAndDark: Bool
    /// The body element's class, if any.
    package var bodyClass: String?
    /// Whether the doctype is spelled `<!DOCTYPE html>` (the replay report's spelling since its first release)
    /// rather than `<!doctype html>`; browsers read both the same.
    package var upperCaseDoctype: Bool

    package init(
        title: String, style: String, lightAndDark: Bool = true, bodyClass: String? = nil,
        upperCaseDoctype: Bool = false
    ) {
        self.title = title
        self.style = style
        self.lightAndDark = lightAndDark
        self.bodyClass = bodyClass
        self.upperCaseDoctype = upperCaseDoctype
    }

    /// The page up to and including the opening `<body>` tag and its line break.
    package var opening: String {
        var out = upperCaseDoctype ? "<!DOCTYPE html>\n" : "<!doctype html>\n"
        out += "<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        if lightAndDark { out += "<meta name=\"color-scheme\" content=\"light dark\">\n" }
        out += "<title>" + HTMLText.escape(title) + "</title>\n"
        out += "<style>" + style + "</style>\n</head>\n"
        out += bodyClass.map { "<body class=\"" + HTMLText.attribute($0) + "\">\n" } ?? "<body>\n"
        return out
    }

    /// What closes every page, after its content.
    package static let closing = "</body>\n</html>\n"

    /// The whole page around `body`.
    package func render(_ body: String) -> String {
        opening + body + Self.closing
    }
}
