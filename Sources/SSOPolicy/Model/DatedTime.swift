/// A dated time: an instant (seconds since 1970-01-01T00:00Z) and the UTC offset it is shown with, written
/// `2026-11-24T19:05+01:00` (`Z` for UTC, `:SS` when the seconds are not zero). Dated scenario steps carry one;
/// durations between them are real elapsed time, whatever the clocks did in between.
public struct DatedTime: Sendable, Hashable, Comparable {
    public var instant: Int64
    /// Seconds east of UTC.
    public var offset: Int

    public init(instant: Int64, offset: Int) {
        self.instant = instant
        self.offset = offset
    }

    /// The wall clock shown at this instant: seconds since 1970-01-01T00:00 read as if UTC.
    public var wallClock: Int64 { instant + Int64(offset) }

    /// `2026-11-24T19:05+01:00`, the form a dated `at:` accepts back.
    public var text: String { CivilTime.format(wallClock: wallClock) + CivilTime.format(offset: offset) }

    /// Seconds since midnight of the wall clock's day.
    public var secondsOfDay: Int {
        let wall = wallClock
        return Int(((wall % 86_400) + 86_400) % 86_400)
    }

    public static func < (lhs: DatedTime, rhs: DatedTime) -> Bool { lhs.instant < rhs.instant }

    /// A dated time as written: its wall clock and, if written, its offset.
    public struct Written: Sendable, Hashable {
        /// Seconds since 1970-01-01T00:00 of the written date and time, read as if UTC.
        public var wallClock: Int64
        /// The written offset (`Z` is 0), nil when none was written.
        public var offset: Int?
    }

    /// `YYYY-MM-DDTHH:MM`, `:SS` optional, a space allowed for `T`, then `Z`, `±HH:MM` or nothing; nil for
    /// anything else, including dates and times that do not exist (`2026-02-30`, `24:00`).
    public static func parse(_ text: String) -> Written? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes.count >= 16, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2)
        else { return nil }
        var index = 16
        var second = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard let value = number(index + 1, 2) else { return nil }
            second = value
            index += 3
        }
        var offset: Int?
        if index < bytes.count {
            if bytes[index] == UInt8(ascii: "Z"), index + 1 == bytes.count {
                offset = 0
            } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), index + 6 == bytes.count,
                bytes[index + 3] == UInt8(ascii: ":"), let hours = number(index + 1, 2),
                let minutes = number(index + 4, 2), hours <= 18, minutes < 60
            {
                offset = (bytes[index] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
            } else {
                return nil
            }
        }
        guard
            let wallClock = CivilTime.seconds(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        return Written(wallClock: wallClock, offset: offset)
    }

    /// Whether the text is shaped like a dated time (`YYYY-MM-DD...`), valid or not: a clearer error than "not a
    /// clock time" for `2026-02-30T10:00`.
    public static func looksDated(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(5))
        return bytes.count == 5 && bytes[4] == UInt8(ascii: "-") && bytes[0..<4].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}
