import Foundation
import SSOPolicy
import SSOPolicyReplay
import SSOPolicyTestSupport
import Testing

/// The command-line side of the fourth hardening pass, each test the reproducer of one defect: rows a stray quote
/// hid, names printed under `--pseudonymise`, a `;`-separated formula left live, valid time zones refused.
struct ReplayHardeningTests {
    static let custody =
        "device,user,checked_out_at,checked_in_at\ndev-07,ana,2026-05-04T05:55:00Z,2026-05-04T13:58:00Z\n"
        + "dev-07,ben,2026-05-04T14:00:00Z,2026-05-04T22:00:00Z\n"

    static func csvRow(_ time: String, _ account: String, _ app: String, _ id: String) -> String {
        "\(time),\(account),\(app),a1,true,\"{\"\"deviceId\"\":\"\"dev-07\"\"}\",\"{\"\"errorCode\"\":0}\",0,\(id),"
            + "SigninLogs\n"
    }

    static let csvHeader =
        "TimeGenerated [UTC],UserPrincipalName,AppDisplayName,AppId,IsInteractive,DeviceDetail,Status,ResultType,"
        + "CorrelationId,Type\n"

    static func jsonRow(_ time: String, _ account: String, app: String = "Rounds", _ id: String) -> String {
        let fields: [String: Any] = [
            "createdDateTime": time, "userPrincipalName": account + "@contoso.example", "appDisplayName": app,
            "appId": "a1", "isInteractive": true, "deviceDetail": ["deviceId": "dev-07"], "status": ["errorCode": 0],
            "correlationId": id,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// 06: a `"` inside an unquoted cell swallowed every following row ("0 skipped", exit 0, `--fail-on exposed`
    /// passed). Now the quote is a literal, the exposure is found, and the quote is a positioned error.
    @Test func aStrayQuoteHidesNoRow() {
        let folder = Fixtures.folder()
        let log = Fixtures.write(
            Self.csvHeader + Self.csvRow("2026-05-04T06:00:00Z", "ana@contoso.example", "Ward 12\" tablet app", "c1")
                + Self.csvRow("2026-05-04T14:30:00Z", "ben@contoso.example", "Rounds", "c2")
                + Self.csvRow("2026-05-04T15:00:00Z", "ana@contoso.example", "Rounds", "c3")
                + Self.csvRow("2026-05-04T23:00:00Z", "ben@contoso.example", "Rounds", "c4"),
            to: "SigninLogs_2026-05-04.csv", in: folder)
        let custody = Fixtures.write(Self.custody, to: "custody.csv", in: folder)
        let run = ReplayFixtures.ssopolicy([
            "replay", "--signins", log, "--custody", custody, "--fail-on", "exposed", "--no-progress",
        ])
        #expect(run.code == 1)
        #expect(run.out.contains("4 rows (4 used, 0 skipped as unreadable)"))
        #expect(run.out.contains("exposed 1,"))
        #expect(run.err.hasPrefix(log + ":2:49: error: a '\"' that does not open a quoted cell, read as a literal"))
        #expect(run.err.hasSuffix("error: --fail-on exposed: 1 interval exposed or worse\n"))
    }

    /// 04: the error for an unreadable row quoted the value, a user principal name or a custody user whenever a
    /// column was shifted.
    @Test func pseudonymisedErrorsNameNoOne() {
        let folder = Fixtures.folder()
        let log = Fixtures.write(
            "TimeGenerated [UTC],UserPrincipalName,AppDisplayName,AppId,IsInteractive,DeviceDetail,Status,"
                + "ResultType,CorrelationId,Type\n"
                + Self.csvRow("frederica.obscured@contoso.example", "2026-05-04T10:00:00Z", "Rounds", "c1")
                + Self.csvRow("2026-05-04T10:05:00Z", "ana.visible@contoso.example", "Rounds", "c2"),
            to: "SigninLogs_2026-05-04.csv", in: folder)
        let custody = Fixtures.write(
            "device,user,checked_out_at,checked_in_at\ndev-07,ana.visible,2026-05-04T06:00:00Z,2026-05-04T14:00:00Z\n"
                + "dev-07,2026-05-04T14:00:00Z,deirdre.concealed,\n", to: "custody.csv", in: folder)
        for format in ["text", "json", "csv", "markdown", "html"] {
            let run = ReplayFixtures.ssopolicy([
                "replay", "--signins", log, "--custody", custody, "--pseudonymise", "--format", format,
                "--no-progress",
            ])
            #expect(run.code == 1)
            for name in ["frederica", "deirdre", "ana.visible"] {
                #expect(!run.out.contains(name), "\(format): \(name) in the output")
                #expect(!run.err.contains(name), "\(format): \(name) in an error")
            }
            #expect(
                run.err.contains(":2:1: error: row skipped: the time is not a date and time, found a word with '@'"))
            #expect(
                run.err.contains(
                    "custody.csv:3:1: error: checked_out_at: expected a date and time like 2026-05-04T14:00:12Z "
                        + "(or local, with --tz), found text with letters (17 characters); the row is skipped"))
        }
    }

    /// 05: a cell holding `;` was written unquoted, so a spreadsheet splitting on `;` ran the formula after it.
    @Test func noSemicolonSeparatedPartOfTheCSVStartsAFormula() throws {
        let folder = Fixtures.folder()
        let app = "Rounds;=cmd|' /C calc'!A0;"
        let log = Fixtures.write(
            Self.jsonRow("2026-05-04T06:00:00Z", "ana", app: app, "c1")
                + Self.jsonRow("2026-05-04T14:30:00Z", "ben", app: "x;\"=2+2\";-1", "c2")
                + Self.jsonRow("2026-05-04T15:00:00Z", "ana", app: "@SUM(A1)", "c3"),
            to: "signins.jsonl", in: folder)
        let custody = Fixtures.write(Self.custody, to: "custody.csv", in: folder)
        let run = ReplayFixtures.ssopolicy([
            "replay", "--signins", log, "--custody", custody, "--format", "csv", "--no-progress",
        ])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains(#""Rounds;'=cmd|' /C calc'!A0;""#))
        for line in run.out.split(separator: "\n") {
            // Read as a spreadsheet in a ';' locale would: quotes count only at the start of a field.
            for field in Self.fields(String(line), separator: ";") {
                #expect(
                    !field.hasPrefix("=") && !field.hasPrefix("+") && !field.hasPrefix("-") && !field.hasPrefix("@"),
                    "\(field)")
            }
            for field in Self.fields(String(line), separator: ",") {
                #expect(
                    !field.hasPrefix("=") && !field.hasPrefix("+") && !field.hasPrefix("-") && !field.hasPrefix("@"),
                    "\(field)")
            }
        }
    }

    /// Fields as Python's `csv` module (and a spreadsheet) reads a line: a quote opens a quoted field only at the
    /// start of a field; after the closing quote, the rest of the field is literal.
    static func fields(_ line: String, separator: Character) -> [String] {
        var fields: [String] = []
        var field = ""
        var state = 0  // 0 start, 1 unquoted, 2 quoted, 3 quote in quoted
        for character in line {
            switch (state, character) {
            case (0, "\""): state = 2
            case (0, separator), (1, separator), (3, separator):
                fields.append(field)
                field = ""
                state = 0
            case (2, "\""): state = 3
            case (3, "\""):
                field.append("\"")
                state = 2
            case (2, _): field.append(character)
            default:
                field.append(character)
                state = 1
            }
        }
        fields.append(field)
        return fields
    }

    @Test(arguments: [
        ("Rounds", "Rounds"), ("=1+1", "'=1+1"), ("a,b", "\"a,b\""), ("a;b", "\"a;b\""), ("a;=b", "\"a;'=b\""),
        ("a;\"b\"", "\"a;'\"\"b\"\"\""), ("-3", "'-3"), ("\tx", "'\tx"), ("line\nbreak", "\"line\nbreak\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""), ("a; =b", "\"a; =b\""),
    ])
    func csvCells(_ text: String, _ cell: String) {
        #expect(ReplayCSV.cell(text) == cell)
    }

    /// Valid IANA zones were refused (exit 64); an invalid one gets a suggestion.
    @Test(arguments: ["Etc/UTC", "Etc/GMT+12", "Etc/GMT-14", "UTC", "US/Eastern", "Asia/Kolkata", "Europe/Paris"])
    func everyIANAZoneIsAccepted(_ zone: String) {
        let run = ReplayFixtures.ssopolicy([
            "replay", "--signins", ReplayFixtures.path("signins.jsonl"), "--custody",
            ReplayFixtures.path("custody.csv"), "--tz", zone, "--no-progress",
        ])
        #expect(run.code == 1, "\(run.err)")  // the fixture's one unreadable row
        #expect(!run.err.contains("--tz"))
    }

    @Test func zoneOffsetsAreTheDatabases() throws {
        let minus12 = try #require(TimeZoneRules(identifier: "Etc/GMT+12"))
        #expect(minus12.offset(at: 1_777_852_800) == -12 * 3600)
        for refused in ["Europe/Pariss", "CET", "PST", "GMT+1", "+01:00", "", "Etc/GMT+13"] {
            #expect(TimeZoneRules(identifier: refused) == nil, "\(refused)")
        }
        let run = ReplayFixtures.ssopolicy([
            "replay", "--signins", ReplayFixtures.path("signins.jsonl"), "--tz", "Europe/Pariss",
        ])
        #expect(run.code == 64)
        #expect(run.err.contains("--tz: expected an IANA time zone like Europe/Paris, found 'Europe/Pariss'"))
        #expect(run.err.contains("Europe/Paris'?"))
    }
}
