import Foundation
import Testing

/// GET links to the playground and to `/embed` (which any site may frame) echo query values into the page. With
/// U+0600 (a grapheme "Prepend") glued to `<` and `>`, an escaping that compared `Character`s wrote the tag raw;
/// the engine's `HTMLText` escapes by scalars, so the reflected `<meta http-equiv=refresh>` stays text.
struct PlaygroundReflectionTests {
    static let payload = "\u{0600}<meta http-equiv=refresh content=\"0;url=http://127.0.0.1:9/phish\"\u{0600}>"

    static var encoded: String { payload.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    @Test(arguments: [
        "/?scenario=%@", "/embed?scenario=%@",
        "/?policies=frontline-entra,frontline-airwatch&ask=1&whatif=frontline-entra&app=inventory&user=%@",
        "/?policies=frontline-entra&ask=1&whatif=frontline-entra&app=%@&user=bob",
        "/?policies=frontline-entra&ask=1&whatif=frontline-entra&app=inventory&user=bob&fact:signed_in=%@",
        "/?policies=%@",
        "/?policies=frontline-entra,warehouse-airwatch&scenario=shift-change&view=matrix&matrix_app=%@",
    ])
    func aReflectedTagStaysText(_ template: String) async throws {
        let page = try await playgroundRequest(.get, template.replacingOccurrences(of: "%@", with: Self.encoded))
        #expect(page.body.hasPrefix("<!doctype html>"), "\(page.status)")
        #expect(!page.body.contains("<meta http-equiv"), "\(template)")
        #expect(!page.body.contains("\u{0600}<"))
        #expect(!page.body.contains("\u{0600}>"))
    }
}
