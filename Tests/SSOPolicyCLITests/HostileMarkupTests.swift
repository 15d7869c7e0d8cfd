import Foundation
import SSOPolicyTestSupport
import Testing

/// Titles, app names, scenario titles and step notes from hostile files never become markup: in the HTML guide, its
/// `--fragment` and SVG diagrams, and in every Markdown output. The inputs are those of the third hardening pass's
/// reproducers (U+0600, a grapheme "Prepend", glued to `<` and `>`; raw HTML in Markdown).
struct HostileMarkupTests {
    static let xssPolicy = #"""
        policy: xss-title
        title: "Warehouse \u0600<img src=x onerror=\"document.title='XSS-'+document.domain\"\u0600>"
        provider: airwatch-sdk
        settings: {authentication: passcode, sso: enabled, authentication_timeout: 15m}
        apps:
          - id: inventory
            name: "Inventory \u0600<svg\u0600><foreignObject\u0600><img src=y onerror=\"document.body.dataset.pwned=1\"\u0600>"
          - id: timesheet
        """#
    static let xssScenario = #"""
        scenario: xss-note
        title: "Shift \u0600<b\u0600>bold\u0600</b\u0600>"
        steps:
          - { at: "08:00", user: alice, open: inventory, note: "n \u0600<script\u0600>document.title='XSS-note'\u0600</script\u0600>" }
          - { at: "12:00", user: bob, open: timesheet }
        """#
    static let markdownPolicy = #"""
        policy: hostile-entra
        title: "T<script>document.title='PWN2'</script><img src=x onerror=\"document.title='PWN3'\"></style></title></textarea>"
        provider: entra-shared-device
        settings:
          platform: ios
          os_version: "17.4"
          shared_device_mode: true
          authenticator: installed
          sso_extension: enabled
        apps:
          - id: inventory
            name: "Inv<script>document.title='PWN4'</script>"
            msal: single_account
          - id: timesheet
            name: "\"><svg onload=\"document.title='PWN5'\"><foreignObject>"
            msal: single_account
        """#
    static let markdownScenario = #"""
        scenario: hostile-shift
        title: "S<script>document.title='PWN6'</script>"
        steps:
          - { at: "08:00", user: alice, open: inventory, note: "N<script>document.title='PWN7'</script>\"'><img src=x onerror=alert(1)>javascript:alert(1)" }
          - { at: "08:05", user: alice, open: timesheet }
          - { at: "12:00", user: bob, open: timesheet }
        """#

    static func files(_ name: String = #function) -> (xss: (String, String), markdown: (String, String)) {
        let folder = Fixtures.folder(name)
        return (
            (
                Fixtures.write(xssPolicy, to: "xss-policy.yaml", in: folder),
                Fixtures.write(xssScenario, to: "xss-scenario.yaml", in: folder)
            ),
            (
                Fixtures.write(markdownPolicy, to: "markdown-raw-html-policy.yaml", in: folder),
                Fixtures.write(markdownScenario, to: "markdown-raw-html-scenario.yaml", in: folder)
            )
        )
    }

    /// The elements the guide writes itself; anything else in a page is markup that came from a file.
    static let ownElements: Set<String> = [
        "!doctype", "!--", "html", "head", "meta", "title", "style", "body", "main", "nav", "section", "h1", "h2", "h3",
        "p",
        "code", "ul", "ol", "li", "a", "em", "strong", "table", "caption", "thead", "tbody", "tr", "th", "td", "span",
        "br", "div", "details", "summary", "textarea", "figure", "figcaption", "svg", "defs", "marker", "path",
        "line", "rect", "text", "script", "form", "label", "select", "fieldset", "legend", "output", "noscript",
        "desc", "pre",
    ]

    /// The name of every tag opened or closed in `html` (scanned by bytes, as a browser's tokenizer reads it: a
    /// tag starts with `<` and a letter, `/` or `!`), the guide's own script bodies left out.
    static func tagNames(_ html: String) -> Set<String> {
        var page = Substring(html)
        var outsideScripts = ""
        while let open = page.range(of: "<script"),
            let close = page.range(of: "</script>", range: open.upperBound..<page.endIndex)
        {
            outsideScripts += page[..<open.lowerBound] + "<script>"
            page = page[close.lowerBound...]
        }
        outsideScripts += page
        let bytes = Array(outsideScripts.utf8)
        var names = Set<String>()
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "<") else { continue }
            var start = index + 1
            if start < bytes.count, bytes[start] == UInt8(ascii: "/") { start += 1 }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: ">"),
                bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "/")
            {
                end += 1
            }
            guard end > start, bytes[start] == UInt8(ascii: "!") || (0x41...0x5A).contains(bytes[start] & 0xDF) else {
                continue
            }
            names.insert(String(decoding: bytes[start..<end], as: UTF8.self).lowercased())
        }
        return names
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func theHTMLGuideAndItsFragmentCarryNoMarkupFromTheFiles() {
        let (xss, _) = Self.files()
        let guide = ssopolicy("guide", xss.0, "--scenario", xss.1, "--format", "html")
        #expect(guide.code == 0, "\(guide.err)")
        let fragment = ssopolicy("guide", xss.0, "--scenario", xss.1, "--format", "html", "--fragment", "comparison-1")
        #expect(fragment.code == 0, "\(fragment.err)")
        for page in [guide.out, fragment.out] {
            #expect(Self.tagNames(page).subtracting(Self.ownElements).isEmpty, "\(Self.tagNames(page))")
            #expect(!page.contains("\u{0600}<"), "a raw tag after U+0600")
        }
        // The guide's own two scripts (the explorer's data and code), no third one from a step note.
        #expect(Self.count("<script", in: guide.out) == 2)
        #expect(!fragment.out.contains("<script"))
        // The text is still there, escaped: in the policies table, the comparison and the SVG diagram.
        #expect(guide.out.contains("<td>Warehouse \u{0600}&lt;img src=x onerror=\"document.title='XSS-'"))
        #expect(guide.out.contains("Inventory \u{0600}&lt;svg\u{0600}&gt;&lt;foreignObject"))
        #expect(guide.out.contains("n \u{0600}&lt;script\u{0600}&gt;document.title='XSS-note'"))
        #expect(guide.out.contains("<caption>Scenario xss-note: Shift \u{0600}&lt;b\u{0600}&gt;bold"))
    }

    @Test(arguments: ["guide", "compare", "run"])
    func markdownOutputsCarryNoRawHTMLFromTheFiles(command: String) {
        let (_, markdown) = Self.files(#function + command)
        let result: (code: Int32, out: String, err: String)
        switch command {
        case "guide": result = ssopolicy("guide", markdown.0, "--scenario", markdown.1)
        case "compare":
            result = ssopolicy(
                "compare", "--scenario", markdown.1, markdown.0, "frontline-entra", "--format", "markdown")
        default: result = ssopolicy("run", "--scenario", markdown.1, markdown.0, "--format", "markdown")
        }
        #expect(result.code == 0, "\(result.err)")
        // The only HTML in the Markdown is the tables' own line breaks.
        let tags = result.out.replacingOccurrences(of: "<br>", with: "")
        #expect(!tags.utf8.contains(UInt8(ascii: "<")), "\(result.out)")
        for word in ["<script", "<img", "<svg", "</style", "</title", "</textarea"] {
            #expect(!result.out.contains(word))
        }
        // The text reads back: escaped as entities and backslashes, nothing dropped.
        if command != "run" {
            #expect(result.out.contains("Inv&lt;script&gt;document.title='PWN4'&lt;/script&gt;"))
            #expect(result.out.contains("*N&lt;script&gt;document.title='PWN7'&lt;/script&gt;\"'&gt;&lt;img"))
        } else {
            #expect(result.out.contains("T&lt;script&gt;document.title='PWN2'&lt;/script&gt;&lt;img src=x"))
        }
    }

    @Test func aPathWithBackticksStaysInItsCodeSpan() {
        let folder = Fixtures.folder()
        let path = Fixtures.write(ssopolicy("show", "frontline-entra").out, to: "a`<b>`|c.yaml", in: folder)
        let result = ssopolicy("guide", path, "--scenario", "shift-change")
        #expect(result.code == 0, "\(result.err)")
        // The command is quoted for a shell: the path holds a backtick, `<` and `|`.
        #expect(result.out.contains("Generated by ``ssopolicy guide '\(path)' --scenario shift-change``"))
        #expect(result.out.contains("| ``\(path.replacingOccurrences(of: "|", with: "\\|"))`` |"))
    }
}

/// The hostile files' pages in headless Chromium: no script from a file runs (a handler would rewrite the title or
/// mark the body). Skipped where Chromium is not installed; CI installs it.
@Suite(.serialized)
struct HostileMarkupBrowserTests {
    static func dumpDOM(_ path: String) throws -> String {
        try HeadlessChromium.dumpDOM("file://" + path, virtualTimeBudget: 3000)
    }

    @Test(.enabled(if: HeadlessChromium.path != nil, HeadlessChromium.notInstalled))
    func noScriptFromAFileRunsInTheGuideOrItsEmbeds() throws {
        let (xss, _) = HostileMarkupTests.files()
        let folder = Fixtures.folder()
        let guide = folder + "/guide.html"
        #expect(ssopolicy("guide", xss.0, "--scenario", xss.1, "--format", "html", "--output", guide).code == 0)
        let fragment = ssopolicy("guide", xss.0, "--scenario", xss.1, "--format", "html", "--fragment", "comparison-1")
        // A wiki page holding the pasted fragment, as the guide's embed help offers it.
        let wiki = Fixtures.write(
            "<!doctype html><meta charset=utf-8><title>A wiki page</title>\n" + fragment.out, to: "wiki.html",
            in: folder)
        let guideDOM = try Self.dumpDOM(guide)
        #expect(
            guideDOM.contains("<title>Shared-device SSO: onboarding guide for xss-title</title>"),
            "\(guideDOM.prefix(400))")
        #expect(guideDOM.contains("<section id=\"comparisons\">"), "the page did not render")
        // The payloads' text is in the page, escaped; none of it ran.
        #expect(guideDOM.contains("document.body.dataset.pwned=1"))
        #expect(!guideDOM.contains("data-pwned"))
        let wikiDOM = try Self.dumpDOM(wiki)
        #expect(wikiDOM.contains("<title>A wiki page</title>"))
        #expect(wikiDOM.contains("class=\"ssopolicy-embed\""))
        #expect(!wikiDOM.contains("data-pwned"))
    }
}
