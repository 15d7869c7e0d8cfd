import SSOPolicy
import Testing

/// The one page shell (`HTMLPage`) and the one file of style sheets (`PageStyle`).
struct HTMLPageTests {
    @Test func theShellIsWrittenOnce() {
        let page = HTMLPage(title: "A <b> & c", style: "\nb{}\n", bodyClass: "embed")
        #expect(
            page.render("<p>x</p>\n")
                == "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<meta name=\"color-scheme\" content=\"light dark\">\n<title>A &lt;b&gt; &amp; c</title>\n"
                + "<style>\nb{}\n</style>\n</head>\n<body class=\"embed\">\n<p>x</p>\n</body>\n</html>\n")
    }

    @Test func theReplaySpellingHasNoColorScheme() {
        let page = HTMLPage(title: "t", style: "", lightAndDark: false, upperCaseDoctype: true)
        #expect(page.opening.hasPrefix("<!DOCTYPE html>\n"))
        #expect(!page.opening.contains("color-scheme"))
        #expect(page.opening.hasSuffix("</head>\n<body>\n"))
    }

    @Test func theSheetsHoldTheComparisonFragmentsStyle() {
        #expect(PageStyle.guide.hasSuffix(PageStyle.comparison))
        #expect(PageStyle.playground.hasSuffix(PageStyle.comparison))
        #expect(ComparisonHTML.style == PageStyle.comparison)
        #expect(!PageStyle.replay.contains(".ssopolicy-embed"))
    }
}
