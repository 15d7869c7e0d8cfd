import SSOPolicy
import Testing

/// Batch lines: a flat JSON object of scalars, or an error with the column where the problem starts.
struct FlatJSONObjectParserTests {
    func parse(_ text: String) -> Result<[(key: String, value: FlatJSONScalar)], FlatJSONError> {
        FlatJSONObjectParser().parse(Array(text.utf8))
    }

    func pairs(_ text: String) -> [String] {
        guard case .success(let pairs) = parse(text) else { return ["failed"] }
        return pairs.map { "\($0.key)=\($0.value.text ?? "null")" }
    }

    func error(_ text: String) -> String? {
        guard case .failure(let error) = parse(text) else { return nil }
        return error.description
    }

    @Test func readsStringsBooleansAndNullInOrder() {
        #expect(
            pairs(#" { "a" : "x", "b":true,"c":false, "d": null } "#) == ["a=x", "b=true", "c=false", "d=null"])
        #expect(pairs("{}") == [])
        #expect(pairs(#"{"k":"\"\\\/\n\u00e9\ud83d\ude00"}"#) == ["k=\"\\/\n\u{e9}\u{1F600}"])
        #expect(pairs(#"{"k":"caf\#u{e9}"}"#) == ["k=caf\u{e9}"])
    }

    @Test func refusesWhatIsNotAFlatObjectWithItsColumn() {
        #expect(error("[1]") == "column 1: expected a JSON object of facts ('{'), found '['")
        #expect(error("") == "column 1: expected a JSON object of facts ('{'), found the end of the line")
        #expect(error(#"{"a": 1}"#) == "column 7: 'a': numbers are not fact values; use a string or true/false")
        #expect(
            error(#"{"a": {"b": "c"}}"#)
                == "column 7: 'a': nested objects and arrays are not fact values; use a string or true/false")
        #expect(error(#"{"a": "b"} x"#) == "column 12: unexpected 'x' after the object")
        #expect(error(#"{"a": "b""#) == "column 10: unterminated object: expected ',' or '}'")
        #expect(error(#"{"a": "b"#) == "column 7: unterminated string")
        #expect(error(#"{"a": tru}"#) == "column 7: expected 'true', found '}'")
        #expect(error(#"{a: "b"}"#) == "column 2: expected a key in double quotes, found 'a'")
        #expect(error(#"{"a": "\x"}"#) == #"column 8: invalid escape (expected one of \" \\ \/ \b \f \n \r \t \u)"#)
        #expect(error(#"{"a": "\ud800"}"#) == "column 8: unpaired surrogate in a \\u escape")
        #expect(error("{\"a\": \"\t\"}") == "column 8: control character in a string (escape it)")
    }

    @Test func deepNestingStopsAtTheFirstNestedValueWithoutRecursion() {
        let deep = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        #expect(error(deep)?.hasPrefix("column 6: 'a': nested objects and arrays") == true)
        let arrays = String(repeating: "[", count: 100_000)
        #expect(error(arrays) == "column 1: expected a JSON object of facts ('{'), found '['")
    }

    @Test func invalidUTF8InAStringIsAnError() {
        var bytes = Array(#"{"a": "xy"}"#.utf8)
        bytes.insert(0xFF, at: 8)
        guard case .failure(let failure) = FlatJSONObjectParser().parse(bytes) else {
            Issue.record("invalid UTF-8 accepted")
            return
        }
        #expect(failure.message == "invalid UTF-8 in a string")
    }

    @Test func theNumberOfKeysIsBounded() {
        let line = "{" + (0..<300).map { #""k\#($0)": true"# }.joined(separator: ",") + "}"
        #expect(error(line)?.hasSuffix("more than 256 keys") == true)
    }
}
