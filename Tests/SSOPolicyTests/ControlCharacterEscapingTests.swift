import Testing

@testable import SSOPolicy

/// Output sanitising: the byte scan must find every control character the scalar rule escapes.
struct ControlCharacterEscapingTests {
    @Test(arguments: [
        "plain", "tab\tand\nnewline", "é ü — ✓", "bell\u{07}", "del\u{7F}", "c1\u{85}", "c1 end\u{9F}", "\u{1B}[31m",
        "nbsp\u{A0}", "Â\u{80}",
    ])
    func theByteScanAgreesWithTheScalarRule(text: String) {
        let expected = text.unicodeScalars.contains(where: ControlCharacterEscaping.needsEscape)
        #expect(ControlCharacterEscaping.mayNeedEscape(text) == expected)
    }

    @Test func controlsAreWrittenAsEscapes() {
        #expect(ControlCharacterEscaping.escaped("a\u{1B}b\u{85}c\nd") == "a\\u001Bb\\u0085c\nd")
        #expect(ControlCharacterEscaping.escaped("é\tok") == "é\tok")
    }
}
