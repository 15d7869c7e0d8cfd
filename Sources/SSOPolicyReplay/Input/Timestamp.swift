import SSOPolicy

/// Timestamps as exports write them, read from bytes: ISO 8601 (`2026-05-04T05:58:12Z`, fractions of any length,
/// `Z` or `±HH:MM`, a space for `T`, or no zone) and the US form of Log Analytics' CSV export
/// (`5/4/2026, 2:05:51.000 PM`). The result is a wall clock in milliseconds and the offset when one was written.
enum Timestamp {
    struct Parsed: Equatable {
        /// Milliseconds since 1970-01-01T00:00 of the written date and time, read as if UTC.
        var wallMillis: Int64
        /// Seconds east of UTC, when written.
        var offset: Int?

        /// The instant, reading a time without an offset as UTC.
        var utcMillis: Int64 { wallMillis - Int64(offset ?? 0) * 1000 }
    }

    static func parse(_ text: String) -> Parsed? {
        var copy = text
        return copy.withUTF8 { parse(ByteSlice(start: $0.baseAddress, count: $0.count)) }
    }

    static func parse(_ slice: ByteSlice) -> Parsed? {
        guard let base = slice.start, slice.count >= 8 else { return nil }
        let bytes = UnsafeBufferPointer(start: base, count: slice.count)
        if bytes.count >= 16, bytes[4] == UInt8(ascii: "-") { return iso(bytes) }
        return us(bytes)
    }

    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<start + count {
            let byte = bytes[index]
            guard ASCII.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte &- 0x30)
        }
        return value
    }

    private static func iso(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed? {
        guard bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2),
            let day = digits(bytes, 8, 2), let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2)
        else { return nil }
        var index = 16
        var second = 0
        var millis = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard let value = digits(bytes, index + 1, 2) else { return nil }
            second = value
            index += 3
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                var scale = 100
                let first = index
                while index < bytes.count, ASCII.isDigit(bytes[index]) {
                    millis += Int(bytes[index] &- 0x30) * scale
                    scale /= 10
                    index += 1
                }
                guard index > first else { return nil }
            }
        }
        var offset: Int?
        if index < bytes.count {
            let sign = bytes[index]
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z"), index + 1 == bytes.count {
                offset = 0
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = digits(bytes, index + 1, 2) {
                var minutes = 0
                if index + 3 == bytes.count {
                    minutes = 0
                } else if index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                    let value = digits(bytes, index + 4, 2)
                {
                    minutes = value
                } else if index + 5 == bytes.count, let value = digits(bytes, index + 3, 2) {
                    minutes = value
                } else {
                    return nil
                }
                guard hours <= 18, minutes < 60 else { return nil }
                offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
            } else {
                return nil
            }
        }
        guard
            let seconds = CivilTime.seconds(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        return Parsed(wallMillis: seconds * 1000 + Int64(millis), offset: offset)
    }

    /// `M/D/YYYY, h:mm[:ss[.fff]] AM` (the comma and the AM/PM are optional; without AM/PM the hour is 0-23).
    private static func us(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed? {
        var index = 0
        func number(maxDigits: Int) -> Int? {
            let first = index
            var value = 0
            while index < bytes.count, index - first < maxDigits, ASCII.isDigit(bytes[index]) {
                value = value * 10 + Int(bytes[index] &- 0x30)
                index += 1
            }
            return index > first ? value : nil
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let month = number(maxDigits: 2), expect(UInt8(ascii: "/")), let day = number(maxDigits: 2),
            expect(UInt8(ascii: "/")), let year = number(maxDigits: 4)
        else { return nil }
        _ = expect(UInt8(ascii: ","))
        guard expect(UInt8(ascii: " ")), var hour = number(maxDigits: 2), expect(UInt8(ascii: ":")),
            let minute = number(maxDigits: 2)
        else { return nil }
        var second = 0
        var millis = 0
        if expect(UInt8(ascii: ":")) {
            guard let value = number(maxDigits: 2) else { return nil }
            second = value
            if expect(UInt8(ascii: ".")) {
                var scale = 100
                let first = index
                while index < bytes.count, ASCII.isDigit(bytes[index]) {
                    millis += Int(bytes[index] &- 0x30) * scale
                    scale /= 10
                    index += 1
                }
                guard index > first else { return nil }
            }
        }
        if expect(UInt8(ascii: " ")) {
            guard index + 2 == bytes.count, ASCII.lower(bytes[index + 1]) == UInt8(ascii: "m"), (1...12).contains(hour)
            else { return nil }
            switch ASCII.lower(bytes[index]) {
            case UInt8(ascii: "a"): hour = hour == 12 ? 0 : hour
            case UInt8(ascii: "p"): hour = hour == 12 ? 12 : hour + 12
            default: return nil
            }
            index += 2
        }
        guard index == bytes.count,
            let seconds = CivilTime.seconds(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        return Parsed(wallMillis: seconds * 1000 + Int64(millis), offset: nil)
    }
}
