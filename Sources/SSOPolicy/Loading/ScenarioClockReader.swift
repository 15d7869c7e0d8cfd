import SSOPolicyProviderKit

/// The clock of a scenario as its steps are read (spec 3.2). A scenario's times are clock times (`HH:MM`,
/// `HH:MM:SS`, `+1d HH:MM`) or, when its first step's `at` is dated, dated times (`2026-11-24T19:05` in the
/// scenario's `timezone:`, or with an offset: `2026-11-24T19:05+01:00`); `after:` is a duration and a step without
/// either comes one minute after the previous one. Time never goes backwards. Across a daylight-saving change a
/// dated step's time is the real time elapsed, so a provider's time-outs count real seconds.
struct ScenarioClockReader {
    /// The zone of dated times written without an offset, when the scenario names a valid one.
    var zone: TimeZoneRules?
    /// Whether the scenario names a zone at all (valid or not), so a missing zone is not reported twice.
    var zoneNamed = false

    private var clock: Int?
    private var previous: (time: Int, text: String)?
    private var dated: Dated?
    /// The first step's `at` was dated: every later `at` must be.
    private(set) var isDated = false

    private struct Dated {
        var first: DatedTime
        /// The first step's seconds since its local midnight: the scenario clock of a dated scenario starts there.
        var firstClock: Int
        var last: DatedTime
    }

    /// The time of step `number` from its `at` or `after` entry (checked, with positioned errors).
    mutating func read(
        at: ConfigEntry?, after: ConfigEntry?, node: ConfigNode, number: Int, _ reader: inout NodeReader
    ) -> (time: Int, dated: DatedTime?) {
        let what = "step \(number)"
        var time = clock.map { Saturating.sum($0, 60) } ?? Clock.start
        var timeText = Clock.format(time)
        var timePosition = node.position
        var nextDayHint: String?
        // In a dated scenario: the step's instant (nil: one minute after the previous step) and whether its offset
        // is still to be found (from the zone, or the previous step's without one).
        var moment: DatedTime?
        var computed = true
        if let at, let after {
            reader.error("\(what): give either 'at' or 'after', not both", at: after.keyPosition)
            _ = at
        } else if let at {
            if let text = reader.text(at.value, "at") {
                timePosition = at.value.position
                if let written = DatedTime.parse(text) {
                    let resolved = datedMoment(written, text: text, at: at.value.position, &reader)
                    if number == 1 {
                        isDated = true
                        if let resolved {
                            dated = Dated(first: resolved, firstClock: resolved.secondsOfDay, last: resolved)
                        }
                    } else if !isDated {
                        reader.error(
                            "\(what): a dated time, but step 1 has a clock time; date the first step too (the "
                                + "scenario's clock starts there) or write this one as 'HH:MM'", at: at.value.position)
                    }
                    if isDated, let resolved {
                        moment = resolved
                        computed = false
                    }
                } else if isDated, let parsed = Clock.parseDayTime(text) {
                    reader.error(
                        "\(what): this scenario's times are dated (step 1 is \(dated?.first.text ?? "dated")); write "
                            + "the date too" + datedHint(parsed), at: at.value.position)
                } else if let parsed = Clock.parseDayTime(text) {
                    // A time of day stays on the current day; a later day is written `+1d 00:10` (or reached by
                    // `after`), so an `at` earlier than the clock is an error rather than a guess.
                    let day = parsed.day ?? (clock ?? 0) / 86_400
                    time = day * 86_400 + parsed.seconds
                    timeText = text
                    nextDayHint = parsed.day == nil ? "+\(day + 1)d \(text)" : nil
                } else if DatedTime.looksDated(text) {
                    reader.error(
                        "at: expected a dated time 'YYYY-MM-DDTHH:MM' (':SS', then 'Z' or an offset like '+01:00', "
                            + "optional), found " + Excerpt.quoted(text) + ", which is not a date and time that exist",
                        at: at.value.position)
                } else {
                    reader.error(
                        "at: expected a time 'HH:MM', 'HH:MM:SS' or '+1d HH:MM' (a later day), or a dated time "
                            + "'2026-11-24T19:05', found " + Excerpt.quoted(text), at: at.value.position)
                }
            }
        } else if let after {
            if let value = reader.value(after.value, kind: .duration, "after"), case .seconds(let seconds) = value {
                time = Saturating.sum(clock ?? Clock.start, seconds)
                timeText = Clock.format(time)
                timePosition = after.value.position
                if let dated { moment = DatedTime(instant: dated.last.instant + Int64(seconds), offset: 0) }
            }
        }
        var stepDated: DatedTime?
        if let dated {
            var instant = moment ?? DatedTime(instant: dated.last.instant + 60, offset: 0)
            if computed { instant.offset = zone?.offset(at: instant.instant) ?? dated.last.offset }
            if number > 1 {
                time = dated.firstClock + Int(instant.instant - dated.first.instant)
                timeText = instant.text
            } else {
                time = dated.firstClock
            }
            stepDated = instant
        }
        if let last = previous, time < last.time {
            var message = "\(what): time goes backwards: \(timeText) is before the previous step's \(last.text)"
            if let nextDayHint, time + 86_400 >= last.time {
                message += "; if it is after midnight, write at: \"\(nextDayHint)\""
            }
            reader.error(message, at: timePosition)
        } else {
            clock = time
            previous = (time, stepDated?.text ?? Clock.format(time))
            if let stepDated { dated?.last = stepDated }
        }
        return (time, stepDated)
    }

    /// The instant of a dated `at`: its offset, or the scenario's zone; a time the zone skips or shows twice, an
    /// offset the zone does not have then, or no zone at all is an error.
    private func datedMoment(
        _ written: DatedTime.Written, text: String, at position: SourcePosition,
        _ reader: inout NodeReader
    ) -> DatedTime? {
        let wall = CivilTime.format(wallClock: written.wallClock)
        guard let zone else {
            guard let offset = written.offset else {
                if !zoneNamed {
                    reader.error(
                        "at: \(Excerpt.quoted(text)) has no time zone: add 'timezone: Europe/Paris' (an IANA name) "
                            + "to the scenario, or write the offset: '\(wall)+01:00' ('Z' for UTC)", at: position)
                }
                return nil
            }
            return DatedTime(instant: written.wallClock - Int64(offset), offset: offset)
        }
        switch zone.resolve(wallClock: written.wallClock) {
        case .unique(let moment):
            if let offset = written.offset, offset != moment.offset {
                reader.error(
                    "at: \(Excerpt.quoted(text)): \(zone.identifier) is at \(CivilTime.format(offset: moment.offset)) "
                        + "then, not \(CivilTime.format(offset: offset)); write '\(moment.text)'", at: position)
                return nil
            }
            return moment
        case .skipped(let before, let after):
            reader.error(
                "at: \(Excerpt.quoted(text)) does not exist in \(zone.identifier): the clocks go forward from "
                    + "\(CivilTime.format(offset: before)) to \(CivilTime.format(offset: after)) and skip it",
                at: position)
            return nil
        case .repeated(let first, let second):
            if let offset = written.offset {
                if offset == first.offset { return first }
                if offset == second.offset { return second }
            }
            reader.error(
                "at: \(Excerpt.quoted(text)) happens twice in \(zone.identifier) (the clocks go back): write '"
                    + first.text + "' (the first) or '" + second.text + "' (the second)", at: position)
            return nil
        }
    }

    /// "e.g. '2026-11-24T22:00'": the clock time on the previous step's day, or the next day when that would go
    /// backwards.
    private func datedHint(_ parsed: (day: Int?, seconds: Int)) -> String {
        guard let dated else { return "" }
        let last = dated.last
        let midnight = last.wallClock - Int64(last.secondsOfDay)
        var wall = midnight + Int64((parsed.day ?? 0) * 86_400 + parsed.seconds)
        if parsed.day == nil, wall < last.wallClock { wall += 86_400 }
        return ", e.g. '" + CivilTime.format(wallClock: wall) + "'"
    }
}
