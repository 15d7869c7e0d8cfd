import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// Dated scenario times (`at: 2026-11-24T19:05` with `timezone:` or an offset): real elapsed time across a
/// daylight-saving change, positioned errors for times that do not exist, exist twice or go backwards, and the
/// clock-time forms left as they were.
struct DatedScenarioTests {
    static let policyYAML = """
        policy: kiosk
        provider: badge-kiosk
        settings:
          timeout: 90m
        apps:
          - id: till
        """

    func run(_ scenario: String) throws -> [StepView] {
        let policy = try Fixtures.engine.loadPolicy(yaml: Self.policyYAML, file: "kiosk.yaml")
        let loaded = try Fixtures.engine.loadScenario(yaml: scenario, file: "s.yaml")
        return try Fixtures.engine.run(loaded, against: policy).views
    }

    @Test func aDatedScenarioShowsItsTimesAsWrittenWithTheZonesOffset() throws {
        let views = try run(
            """
            scenario: night
            timezone: Europe/Paris
            steps:
              - { at: 2026-11-24T19:05, user: alice, open: till }
              - { after: 30m, user: alice, open: till }
              - { at: "2026-11-25T00:10:30", user: bob, open: till }
              - { user: bob, open: till }
            """)
        #expect(
            views.map(\.at) == [
                "2026-11-24T19:05+01:00", "2026-11-24T19:35+01:00", "2026-11-25T00:10:30+01:00",
                "2026-11-25T00:11:30+01:00",
            ])
    }

    @Test func durationsAcrossTheSpringChangeAreRealElapsedTime() throws {
        // 01:30 (+01:00) to 03:10 (+02:00) is 40 minutes, inside the 90-minute session: a wall-clock reading
        // (1 h 40 min) would have ended it and asked bob for credentials.
        let views = try run(
            """
            scenario: spring
            timezone: Europe/Paris
            steps:
              - { at: 2026-03-29T01:30, user: alice, open: till }
              - { at: 2026-03-29T03:10, user: bob, open: till }
            """)
        #expect(views.map(\.at) == ["2026-03-29T01:30+01:00", "2026-03-29T03:10+02:00"])
        #expect(views[1].prompts.isEmpty)
        #expect(views[1].sessionUser == "alice")
    }

    @Test func durationsAcrossTheAutumnChangeAreRealElapsedTime() throws {
        // 01:50 (+02:00), then 02:30 the second time (+01:00): 1 h 40 min, past the session; the wall clock says
        // 40 minutes.
        let views = try run(
            """
            scenario: autumn
            timezone: Europe/Paris
            steps:
              - { at: 2026-10-25T01:50, user: alice, open: till }
              - { at: "2026-10-25T02:30+01:00", user: bob, open: till }
            """)
        #expect(views.map(\.at) == ["2026-10-25T01:50+02:00", "2026-10-25T02:30+01:00"])
        #expect(views[1].prompts == ["credentials"])
        #expect(views[1].sessionUser == "bob")
    }

    @Test func offsetsAloneNeedNoZone() throws {
        let views = try run(
            """
            scenario: offsets
            steps:
              - { at: "2026-05-04T14:00Z", user: alice, open: till }
              - { at: "2026-05-04T16:30+02:00", user: bob, open: till }
              - { after: 1h, user: bob, open: till }
            """)
        #expect(views.map(\.at) == ["2026-05-04T14:00Z", "2026-05-04T16:30+02:00", "2026-05-04T17:30+02:00"])
        // 16:30+02:00 is 14:30Z: half an hour after alice, inside her session.
        #expect(views[1].sessionUser == "alice")
    }

    @Test func aTimeTheClocksSkipIsAPositionedError() {
        #expect(
            Fixtures.scenarioErrors(
                """
                scenario: gap
                timezone: Europe/Paris
                steps:
                  - { at: 2026-03-29T01:30, user: alice, open: till }
                  - { at: 2026-03-29T02:30, user: bob, open: till }
                """) == [
                    "s.yaml:5:11: error: at: '2026-03-29T02:30' does not exist in Europe/Paris: the clocks go forward "
                        + "from +01:00 to +02:00 and skip it"
                ])
    }

    @Test func aTimeTheClocksShowTwiceNeedsItsOffset() {
        #expect(
            Fixtures.scenarioErrors(
                """
                scenario: fold
                timezone: Europe/Paris
                steps:
                  - { at: 2026-10-25T02:30, user: alice, open: till }
                """) == [
                    "s.yaml:4:11: error: at: '2026-10-25T02:30' happens twice in Europe/Paris (the clocks go back): "
                        + "write '2026-10-25T02:30+02:00' (the first) or '2026-10-25T02:30+01:00' (the second)"
                ])
    }

    @Test func timeNeverGoesBackwardsInADatedScenario() {
        #expect(
            Fixtures.scenarioErrors(
                """
                scenario: back
                timezone: Europe/Paris
                steps:
                  - { at: 2026-10-25T02:30+01:00, user: alice, open: till }
                  - { at: 2026-10-25T02:45+02:00, user: bob, open: till }
                """) == [
                    "s.yaml:5:11: error: step 2: time goes backwards: 2026-10-25T02:45+02:00 is before the previous "
                        + "step's 2026-10-25T02:30+01:00"
                ])
    }

    @Test func mixingClockTimesAndDatedTimesIsAnError() {
        #expect(
            Fixtures.scenarioErrors(
                """
                scenario: mixed
                timezone: Europe/Paris
                steps:
                  - { at: 2026-11-24T19:05, user: alice, open: till }
                  - { at: "01:10", user: bob, open: till }
                """) == [
                    "s.yaml:5:11: error: step 2: this scenario's times are dated (step 1 is 2026-11-24T19:05+01:00); "
                        + "write the date too, e.g. '2026-11-25T01:10'"
                ])
        #expect(
            Fixtures.scenarioErrors(
                """
                scenario: mixed
                steps:
                  - { at: "08:00", user: alice, open: till }
                  - { at: 2026-11-24T19:05Z, user: bob, open: till }
                """) == [
                    "s.yaml:4:11: error: step 2: a dated time, but step 1 has a clock time; date the first step too "
                        + "(the scenario's clock starts there) or write this one as 'HH:MM'"
                ])
    }

    @Test func zonesAreCheckedAndRequired() {
        #expect(
            Fixtures.scenarioErrors(
                """
                scenario: nozone
                steps:
                  - { at: 2026-11-24T19:05, user: alice, open: till }
                """) == [
                    "s.yaml:3:11: error: at: '2026-11-24T19:05' has no time zone: add 'timezone: Europe/Paris' (an "
                        + "IANA name) to the scenario, or write the offset: '2026-11-24T19:05+01:00' ('Z' for UTC)"
                ])
        let typo = Fixtures.scenarioErrors(
            """
            scenario: typo
            timezone: Europe/Pariss
            steps:
              - { at: 2026-11-24T19:05, user: alice, open: till }
            """)
        #expect(typo.count == 1)
        #expect(typo.first?.hasPrefix("s.yaml:2:11: error: timezone: expected an IANA time zone name") == true)
        #expect(typo.first?.hasSuffix("did you mean 'Europe/Paris'?") == true)
        #expect(
            Fixtures.scenarioErrors(
                """
                scenario: clock
                timezone: Europe/Paris
                steps:
                  - { at: "08:00", user: alice, open: till }
                """) == [
                    "s.yaml:2:1: error: timezone: applies to dated times ('at: 2026-11-24T19:05'), and this "
                        + "scenario's first step has a clock time; date the steps or remove 'timezone'"
                ])
        #expect(
            Fixtures.scenarioErrors(
                """
                scenario: wrong-offset
                timezone: Europe/Paris
                steps:
                  - { at: "2026-11-24T19:05+02:00", user: alice, open: till }
                """) == [
                    "s.yaml:4:11: error: at: '2026-11-24T19:05+02:00': Europe/Paris is at +01:00 then, not +02:00; "
                        + "write '2026-11-24T19:05+01:00'"
                ])
        #expect(
            Fixtures.scenarioErrors(
                """
                scenario: no-such-day
                timezone: Europe/Paris
                steps:
                  - { at: 2026-02-30T10:00, user: alice, open: till }
                """
            ).first?.contains("which is not a date and time that exist") == true)
    }

    @Test func clockTimesKeepTheirFormsAndOutput() throws {
        let views = try run(
            """
            scenario: night
            steps:
              - { at: "22:00", user: alice, open: till }
              - { at: "+1d 00:10", user: bob, open: till }
              - { after: 15m, user: bob, open: till }
            """)
        #expect(views.map(\.at) == ["22:00", "+1d 00:10", "+1d 00:25"])
    }

    @Test func civilArithmeticRoundTrips() {
        for days in stride(from: 0, through: 3_000_000, by: 997) {
            let date = CivilTime.date(days: days)
            #expect(CivilTime.days(year: date.year, month: date.month, day: date.day) == days)
        }
        #expect(CivilTime.format(wallClock: 0) == "1970-01-01T00:00")
        #expect(CivilTime.seconds(year: 2024, month: 2, day: 29, hour: 0, minute: 0, second: 0) != nil)
        #expect(CivilTime.seconds(year: 2026, month: 2, day: 29, hour: 0, minute: 0, second: 0) == nil)
    }
}
