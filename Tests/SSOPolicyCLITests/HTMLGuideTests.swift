import Foundation
import SSOPolicyTestSupport
import Testing

/// `guide --format html`: one self-contained file, diagrams as SVG, the what-if data, embeddable fragments.
/// (scripts/html-guide-check.sh opens it in headless Chromium and asks the explorer what `evaluate` answers.)
struct HTMLGuideTests {
    static func guide(_ extra: String...) throws -> (code: Int32, out: String, err: String) {
        try guide(FleetGuideTests.fleet(), extra)
    }

    static func guide(_ files: (entra: String, airwatch: String), _ extra: [String]) -> (
        code: Int32, out: String, err: String
    ) {
        let arguments =
            ["guide", files.entra, files.airwatch, "--scenario", "shift-change", "--format", "html"] + extra
        return ssopolicy(arguments)
    }

    @Test func oneSelfContainedFileWithDiagramsExplorerAndEmbedSnippets() throws {
        let files = try FleetGuideTests.fleet()
        let result = Self.guide(files, [])
        #expect(result.code == 0, "\(result.err)")
        let html = result.out
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
        #expect(html.hasSuffix("</body>\n</html>\n"))
        // Nothing is fetched: no external script, style sheet, font or image.
        for external in ["<script src", "<link ", "<img ", "@import", "@font-face", "url(http"] {
            #expect(!html.contains(external), "refers to an external resource: \(external)")
        }
        #expect(html.contains("@media (prefers-color-scheme:dark)"))
        #expect(html.contains("@media print"))
        // Sequence diagrams as inline SVG, one per policy and scenario, not Mermaid source.
        #expect(html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sequence\"").count == 3)
        // A prompt chart per comparison.
        #expect(
            html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"prompt-chart\"").count == 2)
        #expect(!html.contains("sequenceDiagram"))
        #expect(
            html.contains("<title id=\"sequence-1-title\">Sequence diagram: frontline-entra on shift-change</title>"))
        // The comparison, its anchor and its copy-paste snippets (escaped inside a textarea).
        #expect(html.contains("<section id=\"comparison-1\" class=\"comparison\">"))
        #expect(
            html.contains(
                "verdict</th><td>bob safe from step 4 (at once; working in 40s); effort alice 40s, bob 40s</td><td>critical "
                    + "previous-user-session-active at step 5"
            ))
        #expect(
            html.contains(
                "&lt;iframe title=\"ssopolicy comparison: shift-change\" width=\"100%\" height=\"560\" sandbox srcdoc=\"&amp;lt;!doctype html&amp;gt;"
            ))
        // The explorer's data and script, and every section.
        #expect(html.contains("<script type=\"application/json\" id=\"whatif-data\">"))
        for section in [
            "policies", "what-if", "comparisons", "findings", "handovers", "sequences", "decision-tables",
            "verification", "glossary", "sources",
        ] {
            #expect(html.contains("<section id=\"\(section)\""), "missing section \(section)")
        }
        #expect(Self.guide(files, []).out == html, "not deterministic")
    }

    @Test func theExplorersDataIsEvaluatesLeavesForTheGuideAuthorsFile() throws {
        let files = try FleetGuideTests.fleet()
        let html = Self.guide(files, []).out
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"whatif-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "\\u003c", with: "<")
        let tables = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(tables.map { $0["policy"] as? String } == ["frontline-entra", "warehouse-airwatch"])
        let airwatch = tables[1]
        #expect(airwatch["file"] as? String == files.airwatch)
        let facts = try #require(airwatch["facts"] as? [[String: Any]])
        #expect(
            facts.map { $0["key"] as? String } == [
                "passcode_set", "session_live", "silent_login", "initial_check_done", "session_user",
                "checked_out_user",
            ])
        // Account facts: evaluate's three values, the acting user as a placeholder.
        #expect(facts[4]["values"] as? [String] == ["none", "@user", "another-user"])
        // The leaf holding (true, false, first_launch, true, another-user, none) answers as evaluate does.
        let rows = try #require(airwatch["rows"] as? [String: [String: Int]])
        // Leaves as the page carries them ("12:..0.2"), answers as templates with their findings by index.
        let lists = try #require(airwatch["lists"] as? [String]).map { list in
            list.split(separator: " ").map { leaf -> [Int] in
                let parts = leaf.split(separator: ":", maxSplits: 1)
                return [Int(parts[0]) ?? -9]
                    + parts[1].unicodeScalars.map { $0 == "." ? -1 : Int(String($0), radix: 36) ?? -9 }
            }
        }
        let findings = try #require(airwatch["findings"] as? [Any])
        let details = try #require(airwatch["details"] as? [Any])
        #expect(airwatch["names"] as? Bool == true)
        let answers = try #require(airwatch["answers"] as? [[Any]]).map { answer in
            let whole: [String: Any] = [
                "prompts": answer[0], "session": answer[1], "session_user": answer[2],
                "details": details[answer[3] as? Int ?? 0],
                "findings": (answer[4] as? [Int] ?? []).map { findings[$0] },
            ]
            let text = String(
                decoding: try JSONSerialization.data(withJSONObject: whole, options: [.sortedKeys]), as: UTF8.self)
            return try #require(
                try JSONSerialization.jsonObject(with: Data(text.replacingOccurrences(of: "@user", with: "bob").utf8))
                    as? [String: Any])
        }
        let leaves = lists[try #require(rows["timesheet bob"]?[""])]
        let digits = [0, 1, 0, 0, 2, 0]
        let holding = leaves.filter { leaf in
            digits.indices.allSatisfy { leaf[$0 + 1] < 0 || leaf[$0 + 1] == digits[$0] }
        }
        #expect(holding.count == 1)
        let evaluated = ssopolicy(
            "evaluate", files.airwatch, "--app", "timesheet", "--user", "bob", "--fact", "passcode_set=true",
            "--fact", "session_live=false", "--fact", "silent_login=first_launch", "--fact", "initial_check_done=true",
            "--fact", "session_user=another-user", "--fact", "checked_out_user=none", "--format", "json")
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(evaluated.out.utf8)) as? [String: Any])
        let expected = try #require((answer["outcomes"] as? [[String: Any]])?.first)
        // The answer: what the worker sees and what it leaves (evaluate's rule paths are its explanation).
        let answerFields = ["prompts", "session", "session_user", "details", "findings"]
        #expect(
            NSDictionary(dictionary: answers[try #require(holding.first)[0]])
                == NSDictionary(dictionary: expected.filter { answerFields.contains($0.key) }))
    }

    @Test func aFragmentIsOneComparisonWithItsOwnStyleAndNoScript() throws {
        let result = try Self.guide("--fragment", "comparison-1")
        #expect(result.code == 0, "\(result.err)")
        #expect(
            result.out.hasPrefix("<!-- ssopolicy comparison-1: generated; regenerate rather than edit -->\n<style>"))
        #expect(result.out.contains("<div class=\"ssopolicy-embed\">"))
        #expect(result.out.contains("<caption>Scenario shift-change: Alice hands the device to Bob"))
        #expect(!result.out.contains("<script"))
        #expect(!result.out.contains("<html"))
        let missing = try Self.guide("--fragment", "comparison-2")
        #expect(missing.code == 64)
        #expect(missing.err.contains("expected comparison-1 to comparison-1"))
        let markdown = ssopolicy("guide", "frontline-entra", "--fragment", "comparison-1")
        #expect(markdown.code == 64)
        #expect(markdown.err.contains("--fragment needs --format html"))
    }

    @Test func userTextIsEscaped() throws {
        let folder = Fixtures.folder()
        let policy = folder + "/hostile.yaml"
        let original = ssopolicy("show", "frontline-entra").out
        let hostile = original.replacingOccurrences(
            of: "title: ", with: "title: \"</script><script>alert(1)</script> & <b>\" # ", options: [],
            range: original.range(of: "title: "))
        try hostile.write(toFile: policy, atomically: true, encoding: .utf8)
        let result = ssopolicy("guide", policy, "--scenario", "shift-change", "--format", "html")
        #expect(result.code == 0, "\(result.err)")
        #expect(!result.out.contains("<script>alert(1)"))
        #expect(result.out.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;"))
        // Inside the explorer's JSON, `<` cannot close the script element.
        #expect(result.out.contains("\\u003c/script>\\u003cscript>alert(1)"))
    }
}
