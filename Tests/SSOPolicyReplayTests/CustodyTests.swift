import SSOPolicy
import SSOPolicyReplay
import Testing

/// Custody sources: the intervals CSV, a roster in local time (a night shift across midnight, daylight-saving
/// changes), Imprivata MAM webhook logs, Workspace ONE assignments and check-out status, and their errors.
struct CustodyTests {
    static let paris = TimeZoneRules(identifier: "Europe/Paris")!

    static var spring: ReplayOptions {
        var options = ReplayOptions()
        options.zone = paris
        options.from = 1_774_656_000_000  // 2026-03-28T00:00:00Z
        options.to = 1_793_059_200_000  // 2026-10-27T00:00:00Z
        return options
    }

    var roster: ReplayReport {
        ReplayFixtures.replay(["roster-signins.jsonl"], custody: "roster.csv", options: Self.spring).report
    }

    @Test func aNightShiftAcrossMidnightKeepsTheNightWorkersRowsTheirs() {
        let nia = roster.interval("dev-21", "nia")
        #expect(roster.time(nia!.start) == "2026-05-04T19:00:00+02:00")
        #expect(roster.time(nia!.end) == "2026-05-05T07:00:00+02:00")
        #expect(nia?.verdict == .clean)
        let oto = roster.interval("dev-21", "oto")
        #expect(oto?.verdict == .exposed)
        #expect(oto?.evidence.first.map { roster.time($0.time) } == "2026-05-05T07:20:00+02:00")
    }

    @Test func theSpringChangeShortensTheNightByAnHourAndPlacesRowsRight() {
        let pam = roster.interval("dev-22", "pam")
        #expect(pam.map { $0.end - $0.start } == Int64(9 * 3_600_000))
        #expect(roster.time(pam!.end) == "2026-03-29T07:00:00+02:00")
        // pam's sign-in at 05:30Z is 07:30 summer time: after the handover. Read with winter's offset, the
        // handover would be 06:00Z and the row pam's own.
        let rui = roster.interval("dev-22", "rui")
        #expect(rui?.verdict == .exposed)
        #expect(rui?.evidence.first?.correlationID == "d0000000-0000-4000-8000-000000000008")
    }

    @Test func custodyTimesTheClocksSkipOrRepeatAreUnreplayable() {
        let sam = roster.interval("dev-23", "sam")
        #expect(sam?.verdict == .unreplayable)
        #expect(
            sam?.reason.text(.asWritten)
                == "the custody cannot be placed on the timeline: start 2026-03-29T02:30 does not exist in "
                + "Europe/Paris: the clocks went forward from +01:00 to +02:00")
        let tia = roster.interval("dev-24", "tia")
        #expect(tia?.verdict == .unreplayable)
        #expect(tia?.reason.text(.asWritten).contains("happened twice in Europe/Paris") == true)
    }

    @Test func aRosterWithoutAZoneIsRefusedRowByRow() {
        let result = ReplayFixtures.replay(["roster-signins.jsonl"], custody: "roster.csv", options: ReplayOptions())
        #expect(result.diagnostics.filter { $0.severity == .error }.count == 6)
        #expect(
            result.diagnostics.first?.description
                == ReplayFixtures.path("roster.csv")
                + ":2:1: error: start: '2026-05-04T19:00' has no time zone: pass --tz with the site's IANA zone (e.g. "
                + "--tz Europe/Paris) or write the offset ('Z' for UTC); the row is skipped")
    }

    @Test(arguments: ["imprivata-webhooks.csv", "imprivata-webhooks.jsonl"])
    func imprivataWebhookLogsAreCustody(_ file: String) {
        let result = ReplayFixtures.replay(["signins.jsonl"], custody: file, deviceMap: "device-map.csv")
        let report = result.report
        #expect(result.diagnostics.filter { $0.position.file.hasSuffix(file) }.isEmpty)
        #expect(report.summary.custodyShape == "imprivata-webhook")
        let ana = report.interval("F2LDEMO0007", "ana")
        #expect(ana?.closure == .checkIn)
        #expect(ana?.verdict == .clean)
        // Ben's check-in failed ("after_failure"): his custody runs on to the longest custody.
        let ben = report.interval("F2LDEMO0007", "ben")
        #expect(ben?.closure == .maxCustody)
        #expect(report.time(ben!.start) == "2026-05-04T14:00:12Z")
        #expect(ben?.evidence.first?.correlationID == "c0000000-0000-4000-8000-000000000003")
        #expect(ben?.verdict == .maybeExposed)
    }

    @Test func withoutTheDeviceMapTheSerialMatchesNoSignIn() {
        let report = ReplayFixtures.replay(["signins.jsonl"], custody: "imprivata-webhooks.csv").report
        #expect(report.interval("F2LDEMO0007", "ben")?.rows == 0)
        #expect(report.summary.unmatchedCustodyDevices == ["F2LDEMO0007"])
        #expect(
            report.summary.custodyNotice?.hasPrefix("The custody device matches no device in the sign-in logs") == true)
        #expect(report.interval("F2LDEMO0007", "ben")?.verdict == .unreplayable)
    }

    @Test func workspaceOneAssignmentsAreCustody() {
        let report = ReplayFixtures.replay(["signins.jsonl"], custody: "ws1-assignments.csv").report
        #expect(report.summary.custodyShape == "workspace-one-assignment")
        #expect(report.interval("dev-11", "cleo")?.closure == .nextCheckOut)
        #expect(report.interval("dev-11", "dan")?.closure == .checkIn)
        #expect(report.interval("dev-11", "dan")?.verdict == .exposed)
    }

    @Test func workspaceOneCheckOutStatusIsCustodyAndItsErrorsAreIgnored() {
        let report = ReplayFixtures.replay(["signins.jsonl"], custody: "ws1-checkout-status.jsonl").report
        #expect(report.summary.custodyShape == "workspace-one-checkout-status")
        let dev12 = report.intervals.filter { $0.device == "dev-12" && $0.kind == .custody }
        #expect(dev12.map { $0.custodian ?? "" } == ["eve", "fay"])
        #expect(dev12.map(\.closure) == [.checkIn, .checkIn])
        #expect(dev12.map(\.verdict) == [.clean, .clean])
    }

    @Test func badCustodyRowsArePositionedAndSkipped() {
        let text = """
            device,user,checked_out_at,checked_in_at
            dev-07,ana,2026-05-04T05:55:03Z,2026-05-04T04:00:00Z
            dev-07,,2026-05-04T06:00:00Z,
            dev-07,ben,yesterday,
            dev-07,ben,2026-05-04T14:00:12Z,2026-05-04T22:10:05Z
            """
        let result = ReplayRunner(options: ReplayFixtures.day).run(
            signIns: [ReplayFixtures.source("signins.jsonl")], custody: ("c.csv", Array(text.utf8)))
        #expect(
            result.diagnostics.filter { $0.position.file == "c.csv" }.map(\.description) == [
                "c.csv:2:1: error: checked_in_at 2026-05-04T04:00:00Z is before checked_out_at 2026-05-04T05:55:03Z; "
                    + "the row is skipped",
                "c.csv:3:1: error: 'device' and 'user' must both be given; the row is skipped",
                "c.csv:4:1: error: checked_out_at: expected a date and time like 2026-05-04T14:00:12Z (or local, "
                    + "with --tz), found text with letters (9 characters); the row is skipped",
            ])
        #expect(result.report.intervals.filter { $0.kind == .custody }.map { $0.custodian ?? "" } == ["ben"])
        let odd = ReplayRunner(options: ReplayFixtures.day).run(
            signIns: [], custody: ("odd.csv", Array("who,what\nana,dev\n".utf8)))
        #expect(odd.diagnostics.first?.description.hasPrefix("odd.csv:1:1: error: not a custody file") == true)
    }

    @Test func overlappingCustodyEndsAtTheNextCheckOut() {
        let text = """
            device,user,checked_out_at,checked_in_at
            dev-07,ana,2026-05-04T05:55:03Z,2026-05-04T15:00:00Z
            dev-07,ben,2026-05-04T14:00:12Z,2026-05-04T22:10:05Z
            """
        let result = ReplayRunner(options: ReplayFixtures.day).run(
            signIns: [ReplayFixtures.source("signins.jsonl")], custody: ("c.csv", Array(text.utf8)))
        let ana = result.report.interval("dev-07", "ana")
        #expect(ana?.closure == .nextCheckOut)
        #expect(ana.map { result.report.time($0.end) } == "2026-05-04T14:00:12Z")
    }
}
