import Foundation
import SSOPolicy
import SSOPolicyReplay
import Testing

/// The Kusto pre-filter: its text by golden file, and its rule (`PreFilter`, which the query writes in Kusto) on
/// the fixtures: replaying only the rows it keeps gives the same verdicts.
struct KQLTests {
    func golden(_ name: String, _ text: String) {
        let path = ReplayFixtures.path(name)
        if ProcessInfo.processInfo.environment["SSOPOLICY_UPDATE_GOLDEN"] == "1" {
            try? Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        let expected = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(missing \(name))"
        #expect(text == expected, "\(name) differs; SSOPOLICY_UPDATE_GOLDEN=1 swift test --filter KQLTests rewrites it")
    }

    var custody: [CustodyInterval] {
        ReplayRunner(options: ReplayFixtures.day).custody(
            name: ReplayFixtures.path("custody.csv"), bytes: ReplayFixtures.bytes("custody.csv")
        ).intervals
    }

    @Test func theWindowQueryIsTheGoldenFile() {
        let filter = PreFilter(window: 86_400_000)
        golden("prefilter-window.kql", KQLPreFilter.query(filter: filter, from: nil, to: nil))
    }

    @Test func theCustodyQueryIsTheGoldenFile() {
        let filter = PreFilter(window: 12 * 3_600_000, custody: custody, deviceMap: [("dev-07", "WARD3-07")])
        let day = ReplayFixtures.day
        golden("prefilter-custody.kql", KQLPreFilter.query(filter: filter, from: day.from, to: day.to))
    }

    /// Replays the fixture's rows the filter keeps, as JSON lines.
    func filtered(_ filter: PreFilter, custody: String?) -> (kept: Int, report: ReplayReport) {
        let source = ReplayFixtures.source("signins.jsonl")
        let rows = PreFilter.rows(of: [source])
        let keep = filter.keeps(rows)
        let lines = ReplayFixtures.bytes("signins.jsonl").split(separator: 0x0A, omittingEmptySubsequences: false)
        var kept: [UInt8] = []
        var count = 0
        for (row, keeps) in zip(rows, keep) where keeps {
            kept += lines[Int(row.position.line) - 1] + [0x0A]
            count += 1
        }
        let report = ReplayRunner(options: ReplayFixtures.day).run(
            signIns: [ReplayFixtures.source("kept.jsonl", bytes: kept)],
            custody: custody.map { (ReplayFixtures.path($0), ReplayFixtures.bytes($0)) }
        ).report
        return (count, report)
    }

    @Test func withCustodyTheKeptRowsGiveEveryCustodyIntervalItsVerdict() {
        let all = ReplayFixtures.replay(["signins.jsonl"]).report
        let (kept, report) = filtered(PreFilter(window: 86_400_000, custody: custody), custody: "custody.csv")
        #expect(kept < all.summary.rowsUsed)
        #expect(report.lines.filter(\.custody) == all.lines.filter(\.custody))
        #expect(report.lines.filter { $0.verdict != .clean } == all.lines.filter { $0.verdict != .clean })
        // Only single-account windows of devices custody does not name go (uma's laptop).
        let gone = Set(all.lines).subtracting(report.lines)
        #expect(gone.map(\.device) == ["lap-31"])
        #expect(gone.allSatisfy { $0.verdict == .clean && !$0.custody })
    }

    @Test func withoutCustodyTheKeptRowsGiveTheSameNonCleanVerdicts() {
        let all = ReplayFixtures.replay(["signins.jsonl"], custody: nil).report
        let (kept, report) = filtered(PreFilter(window: 86_400_000), custody: nil)
        #expect(kept < all.summary.rowsUsed)
        #expect(report.lines.filter { $0.verdict != .clean } == all.lines.filter { $0.verdict != .clean })
        #expect(report.lines.allSatisfy { line in all.lines.contains(line) })
    }

    @Test func theRuleKeepsRowsByDeviceWindowAndCustody() {
        func row(_ hour: Int64, _ account: String, _ device: String, name: String = "") -> PreFilter.Row {
            PreFilter.Row(
                time: 1_777_852_800_000 + hour * 3_600_000, account: account, deviceID: device, deviceName: name,
                position: RowPosition(file: 0, line: 0, column: 0))
        }
        let rows = [
            row(1, "a@x", "d1"), row(2, "b@x", "d1"),  // two accounts in a window: kept
            row(3, "a@x", "d2"), row(4, "a@x", "d2"),  // one account: dropped
            row(30, "c@x", "d1"),  // the next day's window, alone: dropped
            row(5, "a@x", ""),  // no device: dropped without custody
        ]
        #expect(PreFilter(window: 86_400_000).keeps(rows) == [true, true, false, false, false, false])
        let custody = [
            CustodyInterval(
                device: "WARD-2", user: "a", start: 0, end: 1, closure: .checkIn,
                position: SourcePosition(file: "c", line: 2, column: 1))
        ]
        let rows2 = [row(3, "a@x", "d2", name: "ward-2"), row(5, "a@x", ""), row(6, "z@x", "")]
        #expect(PreFilter(window: 86_400_000, custody: custody).keeps(rows2) == [true, true, false])
    }
}
