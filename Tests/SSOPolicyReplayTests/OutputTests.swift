import Foundation
import SSOPolicy
import SSOPolicyReplay
import Testing

/// The outputs: text, JSON, CSV, Markdown and self-contained HTML; the same input gives the same bytes; people can
/// be pseudonymised everywhere; markup from the log is escaped by Unicode scalars.
struct OutputTests {
    let report = ReplayFixtures.replay(["signins.jsonl"]).report

    func all(_ report: ReplayReport, _ naming: Naming) -> [String] {
        [
            ReplayText.render(report, naming: naming, limit: 50), ReplayJSON.render(report, naming: naming),
            ReplayCSV.render(report, naming: naming), ReplayMarkdown.render(report, naming: naming, limit: 50),
            ReplayHTML.render(report, naming: naming, limit: 50),
        ]
    }

    @Test func theSameInputGivesTheSameBytes() {
        let again = ReplayFixtures.replay(["signins.jsonl"]).report
        #expect(all(report, .asWritten) == all(again, .asWritten))
    }

    @Test func theTextSummaryCountsAndPutsTheWorstFirst() {
        let text = ReplayText.render(report, naming: .asWritten, limit: 2)
        #expect(text.contains("9 devices, 16 intervals: exposed 1, maybe exposed 3, unreplayable 2, clean 10\n"))
        #expect(text.contains("Worst first (2 of 6; --limit"))
        let first = text.range(of: "1. EXPOSED  dev-11")
        let second = text.range(of: "2. MAYBE EXPOSED")
        #expect(first != nil && second != nil && first!.lowerBound < second!.lowerBound)
    }

    @Test func jsonHoldsEveryIntervalWithItsDecidingRows() throws {
        let data = Data(ReplayJSON.render(report, naming: .asWritten).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let intervals = try #require(object["intervals"] as? [[String: Any]])
        #expect(intervals.count == 16)
        let dan = try #require(intervals.first { $0["custodian"] as? String == "dan" })
        #expect(dan["verdict"] as? String == "exposed")
        let evidence = try #require(dan["evidence"] as? [[String: Any]])
        #expect(evidence.first?["correlation_id"] as? String == "c0000000-0000-4000-8000-000000000010")
        #expect(evidence.first?["row"] as? String == ReplayFixtures.path("signins.jsonl") + ":10:1")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect((summary["verdicts"] as? [String: Int])?["maybe_exposed"] == 3)
    }

    @Test func anEmptyReplayIsStillValidJSON() throws {
        let empty = ReplayRunner(options: ReplayOptions()).run(signIns: [], custody: nil).report
        let json = ReplayJSON.render(empty, naming: .asWritten)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["intervals"] as? [Any])?.isEmpty == true)
        #expect(ReplayText.render(empty, naming: .asWritten, limit: 5).contains("Nothing to judge."))
    }

    @Test func csvHasALinePerInterval() {
        let lines = ReplayCSV.render(report, naming: .asWritten).split(separator: "\n")
        #expect(lines.count == 17)
        #expect(lines[0].hasPrefix("device,device_name,kind,custodian,previous_custodian,"))
    }

    @Test func theHTMLIsSelfContainedWithATimelinePerDevice() {
        let html = ReplayHTML.render(report, naming: .asWritten, limit: 20)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script"))
        #expect(!html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http"))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 9)
        #expect(html.contains("<rect class=\"band exposed\""))
        #expect(html.contains("<polygon class=\"mark other\""))
    }

    @Test func pseudonymsReplaceEveryNameInEveryOutput() {
        let naming = Naming.pseudonyms(for: report)
        #expect(naming.name("ana") == naming.name("ana@contoso.example"))
        for output in all(report, naming) {
            for name in ["ana", "ben", "cleo", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lee", "mia"] {
                #expect(!output.contains(name + "@contoso"), "\(name)@ in output")
                #expect(!output.contains(" \(name) "), "\(name) in output")
            }
            #expect(!output.contains("contoso.example"))
        }
        // Numbered in report order: dev-07's custodians first.
        #expect(naming.name("ana") == "worker-1")
        #expect(naming.name("ben") == "worker-2")
        #expect(naming.name("ben@contoso.example") == "worker-2")
    }

    @Test func markupFromTheLogIsEscapedByScalars() {
        // A quote followed by a combining mark is one Character but two scalars: escaping by Character would let
        // the quote through.
        let line =
            #"{"createdDateTime":"2026-05-04T10:00:00Z","userPrincipalName":"x@contoso.example","appDisplayName":"#
            + #""<img src=x onerror=alert(1)>\"\#u{301}'\#u{301}&|*_","#
            + #""isInteractive":true,"deviceDetail":{"deviceId":"<b>dev</b>"},"status":{"errorCode":0}}"# + "\n"
        let report = ReplayRunner(options: ReplayFixtures.day).run(
            signIns: [ReplayFixtures.source("h.jsonl", bytes: Array(line.utf8))], custody: nil
        ).report
        let html = ReplayHTML.render(report, naming: .asWritten, limit: 5)
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;b&gt;dev&lt;/b&gt;"))
        #expect(!html.unicodeScalars.split(separator: "\u{301}").dropLast().contains { $0.last == "\"" })
        let markdown = ReplayMarkdown.render(report, naming: .asWritten, limit: 5)
        #expect(!markdown.contains("<b>"))
        #expect(markdown.contains("&lt;b&gt;dev&lt;/b&gt;"))
        #expect(Markdown.text("a|b*c") == "a\\|b\\*c")
        #expect(ReplayCSV.cell("=cmd()") == "'=cmd()")
        #expect(ReplayCSV.cell("a,\"b\"") == "\"a,\"\"b\"\"\"")
        #expect(HTMLText.attribute("\"\u{301}") == "&quot;\u{301}")
    }

    @Test func markdownAndHTMLShowTheSameCounts() {
        let line =
            #"{"createdDateTime":"2026-05-04T10:00:00Z","userPrincipalName":"ana@contoso.example","#
            + #""isInteractive":true,"deviceDetail":{"deviceId":"dev-1"},"status":{"errorCode":0}}"# + "\n"
        let report = ReplayRunner(options: ReplayFixtures.day).run(
            signIns: [ReplayFixtures.source("s.jsonl", bytes: Array(line.utf8))], custody: nil
        ).report
        let markdown = ReplayMarkdown.render(report, naming: .asWritten, limit: 5)
        let html = ReplayHTML.render(report, naming: .asWritten, limit: 5)
        let rows = [
            ("sign-in files", "s.jsonl (json-lines, 1 rows)"), ("rows", "1 read, 1 used, 0 skipped"),
            ("custody", "none"), ("devices", "1"), ("intervals", "\(report.intervals.count)"),
        ]
        for (label, value) in rows {
            #expect(markdown.contains("| \(label) | \(value) |"), "\(markdown)")
            #expect(html.contains("<th>\(label)</th><td>\(value)</td>"), "\(html)")
        }
    }
}
