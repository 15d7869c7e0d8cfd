import SSOPolicyProviderKit
import Testing

/// The package's one JSON reader (`JSONCursor`, `JSONTreeReader`): positions, bounds, and the first problem of a
/// string in the order of its bytes.
struct JSONReaderTests {
    func tree(_ text: String, limits: InputLimits = .exports) -> String {
        switch JSONTreeReader(limits: limits, describe: { $0.map { "byte \($0)" } ?? "the end" }).read(Array(text.utf8))
        {
        case .success(let node): return node.kindDescription
        case .failure(let error): return "\(error.offset): \(error.message)"
        }
    }

    func string(_ text: String) -> String {
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer, describe: { _ in "" })
            do throws(JSONReadError) {
                return try cursor.string() + "|\(cursor.index)"
            } catch {
                return "\(error.offset): \(error.message)"
            }
        }
    }

    @Test func stringsAreDecodedCheckedAndEndAfterTheirQuote() {
        #expect(string(#""plain" tail"#) == "plain|7")
        #expect(string(#""caf\u00e9 \ud83d\ude00""#) == "café 😀|24")
        #expect(string("\"é\"") == "é|4")
        #expect(string(#""open"#) == "0: unterminated string")
        #expect(string("\"a\u{1}\"") == "2: control character in a string (escape it)")
        #expect(string(#""\ud800""#) == #"1: unpaired surrogate in a \u escape"#)
        #expect(string("\"a\\n\u{7F}\"") == "a\n\u{7F}|6")
    }

    /// A bad escape before a control character is the problem reported (the first in the bytes).
    @Test func theFirstProblemOfAStringIsReported() {
        #expect(string("\"\\x\n\"") == #"1: invalid escape (expected one of \" \\ \/ \b \f \n \r \t \u)"#)
        #expect(string("\"\\n\n\"") == "3: control character in a string (escape it)")
        #expect(string("\"ab\\") == "3: unterminated escape")
    }

    @Test func invalidUTF8IsRefusedAtTheString() {
        let bytes: [UInt8] = [0x20, 0x22, 0x61, 0xC3, 0x28, 0x22]
        let outcome = JSONTreeReader(limits: .exports, describe: { _ in "" }).read(bytes)
        guard case .failure(let error) = outcome else {
            Issue.record("read invalid UTF-8")
            return
        }
        #expect(error.offset == 1)
        #expect(error.message == "invalid UTF-8 in a string")
    }

    @Test func theTreeIsBoundedByInputLimits() {
        #expect(tree("[[[1]]]", limits: InputLimits(maxDepth: 2)) == "2: nesting deeper than 2 levels")
        #expect(tree("[1, 2, 3]", limits: InputLimits(maxNodes: 3)) == "7: more than 3 JSON values")
        #expect(tree("[1, 2, 3]", limits: InputLimits(maxBytes: 8)) == "0: more than 8 bytes")
        #expect(tree(#"{"a": [1, -2.5e3, true, null, "x"]}"#) == "an object")
        #expect(tree("[1,]") == "3: expected a JSON value, found byte 93")
        #expect(tree("01") == "1: unexpected byte 49 after the JSON value")
    }

    @Test func keysGivenTwiceAreRefusedUnlessKept() {
        #expect(
            tree(#"{"a": 1, "A": 2}"#)
                == #"9: keys 'A' and 'a' in one object differ only in case: which one counts would depend on the "#
                + "reader, so neither is taken (the first at 1:2); keep one of them")
        var reader = JSONTreeReader(limits: .exports, describe: { _ in "" })
        reader.keepsDuplicateKeys = true
        guard case .success(let node) = reader.read(Array(#"{"a": 1, "a": 2}"#.utf8)) else {
            Issue.record("refused a kept duplicate")
            return
        }
        #expect(node.members?.map(\.key) == ["a", "a"])
        #expect(node.members?.map(\.keyOffset) == [1, 9])
    }

    /// The byte level replay reads its window with: framing follows strings and brackets, and stops deep nesting.
    @Test func framingFindsTheEndOfAValue() {
        let text = Array(#"{"a": "}\"", "b": [1, {"c": 2}]} , 12 "#.utf8)
        text.withUnsafeBufferPointer { buffer in
            let p = buffer.baseAddress!
            #expect(JSONBytes.valueEnd(p, 0, buffer.count) == .end(32))
            #expect(JSONBytes.valueEnd(p, 35, buffer.count) == .end(37))
            #expect(JSONBytes.valueEnd(p, 0, 20) == .incomplete)
            #expect(JSONBytes.valueEnd(p, 33, buffer.count) == .malformed(33))
            #expect(JSONBytes.integer(p, 35, 37) == 12)
        }
        let deep = Array(String(repeating: "[", count: JSONBytes.maxDepth + 1).utf8)
        deep.withUnsafeBufferPointer { buffer in
            #expect(JSONBytes.valueEnd(buffer.baseAddress!, 0, buffer.count) == .malformed(JSONBytes.maxDepth))
        }
    }
}
