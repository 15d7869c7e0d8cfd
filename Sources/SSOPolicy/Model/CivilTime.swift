/// Dates and times of the proleptic Gregorian calendar as plain arithmetic on seconds since 1970-01-01T00:00Z, with
/// no calendar object: scenario times, log timestamps and custody times all go through these few functions.
package enum CivilTime {
    /// The years a dated time may name.
    package static let years = 1970...9999

    /// Days since 1970-01-01 of a date (H. Hinnant's `days_from_civil`).
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day counted since 1970-01-01 (`civil_from_days`).
    package static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Seconds since 1970-01-01T00:00 of a wall-clock date and time read as if it were UTC, or nil when the date
    /// or time does not exist (30 February, 24:00, 10:60).
    package static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64? {
        guard years.contains(year), (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        return Int64(days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// `2026-11-24T19:05`, with `:SS` when the seconds are not zero (or `alwaysSeconds`), of seconds read as a
    /// wall clock (an instant plus its offset).
    package static func format(wallClock seconds: Int64, alwaysSeconds: Bool = false) -> String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let rest = Int(seconds - Int64(days) * 86_400)
        let date = date(days: days)
        var text = four(date.year) + "-" + two(date.month) + "-" + two(date.day)
        text += "T" + two(rest / 3600) + ":" + two(rest % 3600 / 60)
        if alwaysSeconds || rest % 60 != 0 { text += ":" + two(rest % 60) }
        return text
    }

    /// `Z` for UTC, else `+01:00` / `-05:00` (seconds of historical offsets are dropped).
    package static func format(offset: Int) -> String {
        if offset == 0 { return "Z" }
        let magnitude = abs(offset) / 60
        return (offset < 0 ? "-" : "+") + two(magnitude / 60) + ":" + two(magnitude % 60)
    }

    static func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    static func four(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
