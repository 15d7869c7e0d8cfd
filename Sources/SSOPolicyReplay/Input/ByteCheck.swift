/// Bytes a sign-in row may not hold: a NUL, or a byte that is not part of well-formed UTF-8 (RFC 3629: no
/// overlong forms, no surrogates, nothing past U+10FFFF). Such a row is unreadable, never read as repaired text.
enum ByteCheck {
    enum Problem: Equatable {
        case nul, notUTF8

        var phrase: String {
            switch self {
            case .nul: return "a NUL byte"
            case .notUTF8: return "a byte that is not UTF-8"
            }
        }
    }

    /// The first problem in `p[from..<to]` and its index, eight ASCII bytes at a time.
    static func first(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> (index: Int, problem: Problem)? {
        var i = from
        while i < to {
            if to - i >= 8 {
                let x = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                let zero = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
                if x & 0x8080_8080_8080_8080 == 0, zero == 0 {
                    i += 8
                    continue
                }
            }
            let byte = p[i]
            if byte == 0 { return (i, .nul) }
            if byte < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return (i, .notUTF8)
            }
            guard to - i >= length, p[i + 1] >= low, p[i + 1] <= high else { return (i, .notUTF8) }
            for k in 2..<length where p[i + k] & 0xC0 != 0x80 { return (i, .notUTF8) }
            i += length
        }
        return nil
    }
}
