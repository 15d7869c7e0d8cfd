import Testing

@testable import SSOPolicy

/// The word-at-a-time scans must find exactly what a byte-by-byte scan finds, wherever in a word the byte falls.
struct ByteScanTests {
    @Test func wordTestsAreExactForEveryByteInEveryPosition() {
        let filler: UInt64 = 0x6161_6161_6161_6161  // "aaaaaaaa"
        for position in 0..<8 {
            for value in 0...255 {
                let shift = UInt64(position * 8)
                let word = filler & ~(0xFF << shift) | UInt64(value) << shift
                #expect(ByteScan.anyBelow(word, 0x20) == (value < 0x20), "\(value) at \(position)")
                #expect(ByteScan.anyEqual(word, 0x7F) == (value == 0x7F), "\(value) at \(position)")
                #expect(ByteScan.anyEqual(word, 0xC2) == (value == 0xC2), "\(value) at \(position)")
            }
        }
    }

    /// Every control character (and the quote and backslash) at every offset of a 20-byte text, so it falls in
    /// every position of the first, second and last partial word: the JSON escape equals the scalar reference, and
    /// the terminal scan agrees with the scalar rule.
    @Test func escapesFindEveryByteAtEveryOffset() {
        let specials: [Unicode.Scalar] =
            (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + [
                "\"", "\\", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "é",
            ]
        for special in specials {
            for offset in 0..<20 {
                var text = String(repeating: "x", count: offset)
                text.unicodeScalars.append(special)
                text += String(repeating: "y", count: 19 - offset)
                var bytes: [UInt8] = []
                JSONValue.escape(text, into: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == Self.referenceEscape(text), "\(special) at \(offset)")
                let expected = text.unicodeScalars.contains(where: ControlCharacterEscaping.needsEscape)
                #expect(ControlCharacterEscaping.mayNeedEscape(text) == expected, "\(special) at \(offset)")
            }
        }
    }

    /// A C1 control whose two UTF-8 bytes straddle two words.
    @Test func aC1ControlAcrossAWordBoundaryIsFound() {
        let text = "1234567\u{85}abcdefgh"
        #expect(Array(text.utf8)[7] == 0xC2)
        #expect(ControlCharacterEscaping.mayNeedEscape(text))
        #expect(!ControlCharacterEscaping.mayNeedEscape("1234567\u{A0}abcdefgh"))
    }

    /// JSON string escaping one scalar at a time: what the byte writer must produce.
    static func referenceEscape(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
