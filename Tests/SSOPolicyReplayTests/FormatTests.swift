import Foundation
import SSOPolicy
import Testing

@testable import SSOPolicyReplay

/// Every accepted sign-in format gives the same verdicts for the same rows, and each format's particulars (Graph
/// pages, the portal's file names and columns, Log Analytics' US times and JSON cells) are read as documented.
struct FormatTests {
    static let canonical = ReplayFixtures.replay(["signins.jsonl"]).report

    static let formats: [(name: String, files: [String], format: [String])] = [
        ("Graph collection pages, pretty-printed", ["graph-pages.json"], ["json"]),
        ("portal JSON download", ["portal-signins.json"], ["json"]),
        (
            "portal CSV downloads",
            ["InteractiveSignIns_2026-05-04_2026-05-05.csv", "NonInteractiveSignIns_2026-05-04_2026-05-05.csv"],
            ["csv", "csv"]
        ),
        (
            "Log Analytics CSV exports",
            ["SigninLogs_2026-05-04.csv", "AADNonInteractiveUserSignInLogs_2026-05-04.csv"], ["csv", "csv"]
        ),
    ]

    @Test(arguments: formats.indices)
    func everyFormatGivesTheSameVerdictsAndDecidingRows(_ index: Int) {
        let format = Self.formats[index]
        let result = ReplayFixtures.replay(format.files)
        #expect(result.report.summary.files.map(\.format) == format.format, "\(format.name)")
        #expect(result.report.lines == Self.canonical.lines, "\(format.name)")
        #expect(result.report.summary.rowsUsed == Self.canonical.summary.rowsUsed, "\(format.name)")
        #expect(result.report.summary.interactiveRows == 22, "\(format.name)")
        #expect(result.report.summary.badRows == 1, "\(format.name)")
        #expect(!result.incomplete)
    }

    @Test func badRowsArePositionedAtTheRowAndTheRestIsRead() {
        let graph = ReplayFixtures.replay(["graph-pages.json"])
        #expect(
            graph.diagnostics.map(\.description) == [
                ReplayFixtures.path("graph-pages.json")
                    + ":578:5: error: row skipped: 'createdDateTime' is not a date and time, found '2026-13-45T99:00:00Z'"
            ])
        let la = ReplayFixtures.replay(["SigninLogs_2026-05-04.csv"])
        #expect(
            la.diagnostics.map(\.description) == [
                ReplayFixtures.path("SigninLogs_2026-05-04.csv")
                    + ":23:1: error: row skipped: the time is not a date and time, found '2026-13-45T99:00:00Z'"
            ])
    }

    @Test(arguments: [1, 3, 7, 64])
    func smallReadsGiveTheSameReport(_ chunk: Int) {
        for files in [["signins.jsonl"], ["graph-pages.json"], ["portal-signins.json"], Self.formats[3].files] {
            let report = ReplayFixtures.replay(files, chunk: chunk).report
            #expect(report.lines == Self.canonical.lines, "\(files) in reads of \(chunk) bytes")
        }
    }

    func rows(_ text: String, name: String = "rows.json", maxRowBytes: Int = 4 * 1024 * 1024) -> (
        rows: [PreFilter.Row], problems: [String]
    ) {
        let collector = ProblemCollector()
        let reader = SignInFileReader(maxRowBytes: maxRowBytes)
        let outcome = reader.read(
            name: name, index: 0, sink: collector, read: ReplayFixtures.source(name, bytes: Array(text.utf8)).read)
        return (collector.rows, collector.problems + outcome.problems.map { "\($0.line):\($0.column): \($0.message)" })
    }

    @Test func aOneLinePageAndAnAzureMonitorRecordAreRead() {
        let page =
            #"{"@odata.context":"x","value":[{"createdDateTime":"2026-05-04T10:00:00Z","userPrincipalName":"a@x","#
            + #""deviceDetail":{"deviceId":"d1"}},{"createdDateTime":"2026-05-04T11:00:00.1234567Z","#
            + #""userPrincipalName":"b@x","deviceDetail":{"deviceId":"d1"}}]}"# + "\n"
            + #"{"time":"2026-05-04T12:00:00Z","category":"NonInteractiveUserSignInLogs","properties":"#
            + #"{"userPrincipalName":"c@x","deviceDetail":{"deviceId":"d2"},"status":{"errorCode":0}}}"# + "\n"
        let read = rows(page)
        #expect(read.problems.isEmpty)
        #expect(read.rows.map(\.account) == ["a@x", "b@x", "c@x"])
        #expect(read.rows.map(\.time) == [1_777_888_800_000, 1_777_892_400_123, 1_777_896_000_000])
        #expect(read.rows.map(\.position.column) == [32, 134, 1])
    }

    @Test func escapesAndStringHeldJSONAreDecoded() {
        let line =
            #"{"createdDateTime":"2026-05-04T10:00:00Z","userPrincipalName":"j\u00f6rg@x","appDisplayName":"Caf\u00e9 \ud83d\ude00","#
            + #""DeviceDetail":"{\"deviceId\":\"d\\u0031\",\"displayName\":\"WARD\"}","Status":"{\"errorCode\":50058}"}"#
        let collector = ProblemCollector()
        _ = SignInFileReader(maxRowBytes: 1 << 20).read(
            name: "x.json", index: 0, sink: collector,
            read: ReplayFixtures.source("x.json", bytes: Array((line + "\n").utf8)).read)
        #expect(collector.problems.isEmpty)
        #expect(collector.rows.first?.account == "jörg@x")
        #expect(collector.rows.first?.deviceID == "d1")
        #expect(collector.apps == ["Café 😀"])
        #expect(collector.codes == [50058])
    }

    @Test func brokenRowsAreReportedAndTheNextOnesRead() {
        let text = """
            {"createdDateTime":"2026-05-04T10:00:00Z","userPrincipalName":"a@x","deviceDetail":{"deviceId":"d1"}}
            {"createdDateTime":"2026-05-04T10:00:00Z","userPrincipalName":"b@x","deviceDetail":{"deviceId":"d1"}
            not json at all
            {"createdDateTime":"2026-05-04T11:00:00Z","userPrincipalName":"c@x","isInteractive":maybe}
            {"createdDateTime":"2026-05-04T12:00:00Z","userPrincipalName":"d@x","deviceDetail":{"deviceId":"d1"}}
            """
        let read = rows(text, name: "lines.jsonl")
        #expect(read.rows.map(\.account) == ["a@x", "d@x"])
        #expect(
            read.problems == [
                "2:1: expected one JSON object on this line (a sign-in, or a page with a 'value' array)",
                "3:1: expected one JSON object on this line (a sign-in, or a page with a 'value' array)",
                "4:1: expected true, false or null, found text with letters (5 characters)",
            ])
    }

    @Test func aTruncatedDocumentSaysWhereItEnds() {
        let text = "[\n  {\"createdDateTime\":\"2026-05-04T10:00:00Z\",\"userPrincipalName\":\"a@x\"},\n  {\"created"
        let read = rows(text)
        #expect(read.rows.map(\.account) == ["a@x"])
        #expect(read.problems == ["3:3: the file ends inside this row"])
    }

    @Test func aRowLongerThanTheLimitIsSkippedAndTheRestRead() {
        let long = String(repeating: "x", count: 5000)
        let text =
            #"{"createdDateTime":"2026-05-04T10:00:00Z","userPrincipalName":"a@x","note":""# + long + "\"}\n"
            + #"{"createdDateTime":"2026-05-04T10:00:00Z","userPrincipalName":"b@x"}"# + "\n"
        let read = rows(text, name: "long.jsonl", maxRowBytes: 1024)
        #expect(read.rows.map(\.account) == ["b@x"])
        #expect(read.problems == ["1:1: the row is longer than 1024 bytes (--max-row-bytes)"])
        let array = "[" + text.split(separator: "\n").joined(separator: ",\n") + "]"
        let document = rows(array, name: "long.json", maxRowBytes: 1024)
        #expect(document.rows.map(\.account) == ["b@x"])
        #expect(document.problems == ["1:2: the row is longer than 1024 bytes (--max-row-bytes)"])
        // Longer than the whole window: skipped without holding it.
        let huge = String(repeating: "y", count: 200_000)
        let hugeText =
            #"{"createdDateTime":"2026-05-04T10:00:00Z","userPrincipalName":"a@x","note":""# + huge + "\"}\n"
            + #"{"createdDateTime":"2026-05-04T10:00:00Z","userPrincipalName":"b@x"}"# + "\n"
        for (name, text) in [
            ("huge.jsonl", hugeText),
            ("huge.json", "[" + hugeText.replacingOccurrences(of: "}\n{", with: "},\n{") + "]"),
        ] {
            let read = rows(text, name: name, maxRowBytes: 1024)
            #expect(read.rows.map(\.account) == ["b@x"], "\(name)")
            #expect(read.problems.count == 1, "\(name)")
        }
        let csv = "Date (UTC),Username,Note\n2026-05-04T10:00:00Z,a@x,\"" + huge + "\"\n2026-05-04T10:00:00Z,b@x,\n"
        let csvRead = rows(csv, name: "huge.csv", maxRowBytes: 1024)
        #expect(csvRead.rows.map(\.account) == ["b@x"])
        #expect(csvRead.problems == ["2:1: the row is longer than 1024 bytes (--max-row-bytes)"])
    }

    @Test func theLogAnalyticsUSTimeAndThePortalsFileNamesAreRead() {
        #expect(
            Timestamp.parse("5/4/2026, 2:05:51.250 PM")?.utcMillis
                == Timestamp.parse("2026-05-04T14:05:51.25Z")?.utcMillis)
        #expect(Timestamp.parse("5/4/2026, 12:00:00 AM")?.utcMillis == 1_777_852_800_000)
        #expect(
            Timestamp.parse("2026-05-04T16:05:51+02:00")?.utcMillis
                == Timestamp.parse("2026-05-04T14:05:51Z")?.utcMillis)
        #expect(Timestamp.parse("2026-05-04 14:05:51")?.offset == nil)
        #expect(Timestamp.parse("13/4/2026, 2:05:51 PM") == nil)
        #expect(Timestamp.parse("2026-02-30T00:00:00Z") == nil)
        #expect(SignInFileReader.implied(byName: "x/NonInteractiveSignIns_2026.csv") == .nonInteractive)
        #expect(SignInFileReader.implied(byName: "InteractiveSignIns_2026.csv") == .interactive)
        #expect(SignInFileReader.implied(byName: "export.csv") == .unknown)
    }

    @Test func aCSVWithoutATimeOrAccountColumnIsRefusedWithTheHeaderPosition() {
        let read = rows("a,b\n1,2\n", name: "odd.csv")
        #expect(read.rows.isEmpty)
        #expect(
            read.problems == [
                "1:1: not a sign-in CSV: no column for a time ('Date (UTC)', 'CreatedDateTime' or 'TimeGenerated "
                    + "[UTC]') or an account ('Username' or 'UserPrincipalName'); the header is the first line"
            ])
    }

    @Test func semicolonsQuotedLineBreaksAndCRLFAreCSV() {
        let text =
            "\u{FEFF}Date (UTC);Username;Device ID;Failure reason\r\n"
            + "2026-05-04T10:00:00Z;a@x;d1;\"two\r\nlines; \"\"quoted\"\"\"\r\n"
            + "2026-05-04T11:00:00Z;b@x;d1;\r\n"
        let read = rows(text, name: "semi.csv")
        #expect(read.problems.isEmpty)
        #expect(read.rows.map(\.account) == ["a@x", "b@x"])
        #expect(read.rows.map(\.position.line) == [2, 4])
    }
}

/// Collects rows and the problems of the rows that could not be read.
final class ProblemCollector: SignInSink {
    var rows: [PreFilter.Row] = []
    var problems: [String] = []
    var apps: [String] = []
    var codes: [Int] = []

    func take(_ fields: inout SignInFields, at position: RowPosition) {
        if let problem = fields.problem {
            problems.append("\(position.line):\(position.column): \(problem)")
            return
        }
        guard let time = fields.effectiveTime else {
            problems.append("\(position.line):\(position.column): no time")
            return
        }
        if !fields.appName.isEmpty { apps.append(fields.appName.string) }
        if let code = fields.errorCode { codes.append(code) }
        rows.append(
            PreFilter.Row(
                time: time, account: fields.account.string, deviceID: fields.deviceID.string,
                deviceName: fields.deviceName.string, position: position))
    }
}
