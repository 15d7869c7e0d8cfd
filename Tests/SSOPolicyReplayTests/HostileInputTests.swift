import Foundation
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicyReplay

/// Inputs that used to hide rows or names (issue "hardening, fourth pass"): a quote in the wrong place, NULs, bytes
/// that are not UTF-8, keys given twice; and what replay writes about them.
struct HostileInputTests {
    func rows(_ text: String, name: String = "rows.csv", chunk: Int = 1 << 16, maxRowBytes: Int = 1 << 20) -> (
        accounts: [String], apps: [String], problems: [String]
    ) {
        rows(bytes: Array(text.utf8), name: name, chunk: chunk, maxRowBytes: maxRowBytes)
    }

    func rows(bytes: [UInt8], name: String, chunk: Int = 1 << 16, maxRowBytes: Int = 1 << 20) -> (
        accounts: [String], apps: [String], problems: [String]
    ) {
        let collector = ProblemCollector()
        let outcome = SignInFileReader(maxRowBytes: maxRowBytes).read(
            name: name, index: 0, sink: collector,
            read: ReplayFixtures.source(name, bytes: bytes, chunk: chunk).read)
        return (
            collector.rows.map(\.account), collector.apps,
            collector.problems + outcome.problems.map { "\($0.line):\($0.column): \($0.message)" }
        )
    }

    static let header =
        "TimeGenerated [UTC],UserPrincipalName,AppDisplayName,AppId,IsInteractive,DeviceDetail,Status,ResultType,"
        + "CorrelationId,Type\n"

    static func row(_ time: String, _ account: String, _ app: String, _ id: String) -> String {
        "\(time),\(account),\(app),a1,true,\"{\"\"deviceId\"\":\"\"dev-07\"\"}\",\"{\"\"errorCode\"\":0}\",0,\(id),"
            + "SigninLogs\n"
    }

    // MARK: CSV quotes

    @Test(arguments: [1, 5, 64, 1 << 16])
    func aStrayQuoteIsALiteralWithItsPositionAndEveryRowIsRead(chunk: Int) {
        let text =
            Self.header + Self.row("2026-05-04T06:00:00Z", "ana@x", "Ward 12\" tablet app", "c1")
            + Self.row("2026-05-04T14:30:00Z", "ben@x", "Rounds", "c2")
            + Self.row("2026-05-04T15:00:00Z", "ana@x", "Rounds", "c3")
        let read = rows(text, chunk: chunk)
        #expect(read.accounts == ["ana@x", "ben@x", "ana@x"])
        #expect(read.apps == ["Ward 12\" tablet app", "Rounds", "Rounds"])
        #expect(read.problems.count == 1)
        #expect(read.problems.first?.hasPrefix("2:35: a '\"' that does not open a quoted cell") == true)
    }

    @Test(arguments: [1, 7, 1 << 16])
    func aQuotedCellLeftOpenEndsAtTheNextRowAndThatRowIsRead(chunk: Int) {
        let text =
            Self.header + "2026-05-04T06:00:00Z,ana@x,\"Rounds,a1,true,,,0,c1,SigninLogs\n"
            + Self.row("2026-05-04T14:30:00Z", "ben@x", "Rounds", "c2")
            + "2026-05-04T15:00:00Z,cy@x,\"open to the end\n"
        let read = rows(text, chunk: chunk)
        #expect(read.accounts == ["ben@x"])
        #expect(
            read.problems == [
                "2:1: the quoted cell opened at 2:28 is not closed before the next row (a '\"' inside a cell is "
                    + "written '\"\"', in a quoted cell)",
                "4:1: the quoted cell opened at 4:27 is not closed by the end of the file (a '\"' inside a cell is "
                    + "written '\"\"', in a quoted cell)",
            ])
    }

    @Test func textAfterAClosingQuoteIsKeptAndReported() {
        let text = Self.header + Self.row("2026-05-04T06:00:00Z", "ana@x", "\"Rounds\" v2", "c1")
        let read = rows(text)
        #expect(read.apps == ["\"Rounds\" v2"])
        #expect(read.problems.count == 1)
        #expect(read.problems.first?.hasPrefix("2:35: a '\"' that does not open") == true)
    }

    @Test func aQuotedCellAcrossLinesIsStillOneCell() {
        let text =
            Self.header
            + "2026-05-04T06:00:00Z,ana@x,\"two\nlines, \"\"quoted\"\"\",a1,true,,,0,c1,SigninLogs\r\n"
            + Self.row("2026-05-04T07:00:00Z", "ben@x", "Rounds", "c2")
        let read = rows(text, chunk: 3)
        #expect(read.problems.isEmpty)
        #expect(read.accounts == ["ana@x", "ben@x"])
        #expect(read.apps == ["two\nlines, \"quoted\"", "Rounds"])
    }

    @Test func strayQuotesBeyondTwentyAreCountedNotListed() {
        var text = Self.header
        for index in 0..<25 { text += Self.row("2026-05-04T06:00:00Z", "ana@x", "a\"b", "c\(index)") }
        let read = rows(text)
        #expect(read.accounts.count == 25)
        #expect(read.problems.count == 21)
        #expect(read.problems.last == "0:0: 5 more quotes read as literals in this file, not listed")
    }

    // MARK: Bytes and keys

    static let line =
        #"{"createdDateTime":"2026-05-04T06:00:00Z","userPrincipalName":"ana@x","appDisplayName":"Rounds","#
        + #""deviceDetail":{"deviceId":"dev-07"},"status":{"errorCode":0}}"#

    @Test func nulsAndBytesThatAreNotUTF8MakeARowUnreadableAtTheirPosition() {
        var bytes = Array((Self.line + "\n").utf8)
        bytes += Array((Self.line + "\n").utf8).map { $0 == UInt8(ascii: "n") ? 0 : $0 }
        bytes += Array((Self.line + "\n").replacingOccurrences(of: "Rounds", with: "Ro\u{1}nds").utf8).map {
            $0 == 1 ? 0xC3 : $0
        }
        bytes += Array((Self.line + "\n").replacingOccurrences(of: "Rounds", with: #"R\u0000"#).utf8)
        bytes += Array((Self.line + "\n").utf8)
        let read = rows(bytes: bytes, name: "hostile.jsonl", chunk: 11)
        #expect(read.accounts == ["ana@x", "ana@x"])
        #expect(
            read.problems == [
                "2:1: the row holds a NUL byte at 2:51", "3:1: the row holds a byte that is not UTF-8 at 3:91",
                "4:1: a string holds a NUL (\\u0000)",
            ])
    }

    @Test func nulsAndBadUTF8InACSVCellMakeTheRowUnreadable() {
        var bytes = Array((Self.header + Self.row("2026-05-04T06:00:00Z", "ana@x", "R\u{1}", "c1")).utf8)
        bytes = bytes.map { $0 == 1 ? 0 : $0 }
        bytes += Array(Self.row("2026-05-04T07:00:00Z", "ben@x", "R\u{1}", "c2").utf8).map { $0 == 1 ? 0xFF : $0 }
        bytes += Array(Self.row("2026-05-04T08:00:00Z", "cy@x", "Rounds", "c3").utf8)
        let read = rows(bytes: bytes, name: "hostile.csv")
        #expect(read.accounts == ["cy@x"])
        #expect(read.problems == ["2:1: cell 3 holds a NUL byte", "3:1: cell 3 holds a byte that is not UTF-8"])
    }

    @Test(arguments: [
        #""userPrincipalName":"ben@x","#, #""UserPrincipalName":"ben@x","#, #""user\u0050rincipalName":"ben@x","#,
    ])
    func aKeyGivenTwiceInAnyCaseMakesTheRowUnreadable(_ second: String) {
        let twice = Self.line.replacingOccurrences(of: #""appDisplayName""#, with: second + #""appDisplayName""#)
        let read = rows(twice + "\n" + Self.line + "\n", name: "twice.jsonl")
        #expect(read.accounts == ["ana@x"])
        #expect(
            read.problems == [
                "1:1: the key 'userPrincipalName' is given twice in one object (keys are read ignoring case): which "
                    + "value is meant is unknown"
            ])
    }

    @Test func typeAndCategoryAreTwoKeysNotOneGivenTwice() {
        let both = Self.line.replacingOccurrences(
            of: #""appDisplayName""#, with: #""Type":"SigninLogs","Category":"SignInLogs","appDisplayName""#)
        let read = rows(both + "\n", name: "both.jsonl")
        #expect(read.problems.isEmpty)
        #expect(read.accounts == ["ana@x"])
    }

    @Test func aPageWithTwoValueArraysIsUnreadable() {
        let page = #"{"value":["# + Self.line + #"],"Value":[]}"#
        let read = rows(page + "\n", name: "page.jsonl")
        #expect(read.accounts.isEmpty)
        #expect(read.problems.count == 1)
    }

    // MARK: Values by kind

    @Test(arguments: [
        ("ana.visible@contoso.example", "a word with '@' (27 characters)"),
        ("deirdre.concealed", "text with letters (17 characters)"), ("2026-13-45T99:00:00Z", "'2026-13-45T99:00:00Z'"),
        ("", "nothing"), ("#€%", "text of 3 characters, neither letters nor a date"),
    ])
    func unreadableValuesAreDescribedNotQuoted(_ value: String, _ description: String) {
        #expect(ValueDescription.described(value) == description)
    }

    // MARK: Custody

    @Test func custodyQuotesAndKeysGivenTwiceArePositionedErrors() {
        let csv =
            "device,user,checked_out_at,checked_in_at\ndev-07,an\"a,2026-05-04T05:55:00Z,2026-05-04T13:58:00Z\n"
            + "dev-07,\"ben,2026-05-04T14:00:00Z,\ndev-08,cy,2026-05-04T14:00:00Z,\n"
        let read = CustodyReader().read(path: "c.csv", bytes: Array(csv.utf8))
        #expect(read.records.map(\.user) == ["an\"a", "cy"])
        #expect(read.diagnostics.map(\.description).joined(separator: "\n").contains("c.csv:2:10: error: a '\"'"))
        #expect(
            read.diagnostics.map(\.description).contains {
                $0.hasPrefix("c.csv:3:8: error: this quoted cell is not closed before the next row")
            })
        let json =
            #"{"received_at_utc":"2026-05-04T05:55:00Z","workflow":"Check Out","timing":"after_success","#
            + #""device_serial":"S1","device_user":"ana","device_user":"ben"}"# + "\n"
        let hooks = CustodyReader().read(path: "h.jsonl", bytes: Array(json.utf8))
        #expect(hooks.records.isEmpty)
        #expect(
            hooks.diagnostics.map(\.description) == [
                "h.jsonl:1:1: error: the key 'device_user' is given twice on this line (keys are read ignoring case); "
                    + "the line is skipped"
            ])
    }

    /// Custody lines are read by the package's JSON reader: a number or a boolean is a cell as Foundation's
    /// JSONSerialization gave it before (`true` is `1`, `1e3` is `1000.0`), null and containers are no cell, and a
    /// line that is not one object is skipped with its line.
    @Test func custodyJSONValuesBecomeCellsAsBefore() {
        #expect(CustodyReader.cell(JSONNode(.bool(true), offset: 0)) == "1")
        #expect(CustodyReader.cell(JSONNode(.bool(false), offset: 0)) == "0")
        #expect(CustodyReader.cell(JSONNode(.number("-0"), offset: 0)) == "0")
        #expect(CustodyReader.cell(JSONNode(.number("1e3"), offset: 0)) == "1000.0")
        #expect(CustodyReader.cell(JSONNode(.number("1.50"), offset: 0)) == "1.5")
        #expect(CustodyReader.cell(JSONNode(.number("12345678901234567890"), offset: 0)) == "12345678901234567890")
        #expect(CustodyReader.cell(JSONNode(.null, offset: 0)) == nil)
        let lines =
            #"{"time":"2026-05-04T05:55:00Z","device":"d1","Username":"ana","CheckedOut":0}"# + "\n"
            + #"{"time": [}"# + "\n"
        let read = CustodyReader().read(path: "s.jsonl", bytes: Array(lines.utf8))
        #expect(read.records.map(\.user) == ["ana"])
        #expect(
            read.diagnostics.map(\.description) == [
                "s.jsonl:2:1: error: expected one JSON object on this line; the line is skipped"
            ])
    }
}
