import Foundation
import SSOPolicyImport
import SSOPolicyTestSupport
import Testing

/// The bounded readers' errors and limits, through the importer's public entry point.
struct ReaderTests {
    @Test func jsonSyntaxErrorsSayWhereAndWhatWasExpectedWithoutEchoingContent() {
        #expect(
            importing("{\"a\": 1,}").errorMessages == [
                "export.json:1:9: error: expected a key in double quotes, found '}'"
            ])
        #expect(
            importing("{\n  \"a\": tru\n}").errorMessages == [
                "export.json:2:8: error: expected 'true', found white space"
            ])
        #expect(
            importing("{\"a\": \"secret-token-value").errorMessages == ["export.json:1:7: error: unterminated string"])
        #expect(
            importing("{\"a\": 01}").errorMessages == [
                "export.json:1:8: error: expected ',' or '}' in an object, found a digit"
            ])
        #expect(
            importing("{\"a\": 1} x").errorMessages == [
                "export.json:1:10: error: unexpected a letter after the JSON value"
            ])
        #expect(
            importing("{\"a\": 1, \"a\": 2}").errorMessages == [
                "export.json:1:10: error: duplicate key 'a' in one object (the first at 1:2); keep one of them"
            ])
        #expect(
            importing("{\"enableSharedDeviceMode\": false,\n \"EnableSharedDeviceMode\": true}").errorMessages == [
                "export.json:2:2: error: keys 'EnableSharedDeviceMode' and 'enableSharedDeviceMode' in one object "
                    + "differ only in case: which one counts would depend on the reader, so neither is taken (the "
                    + "first at 1:2); keep one of them"
            ])
        #expect(
            importing("{\"a\": \"\u{01}\"}").errorMessages == [
                "export.json:1:8: error: control character in a string (escape it)"
            ])
        #expect(
            importing("{\"a\": \"\\ud800\"}").errorMessages == [
                "export.json:1:8: error: unpaired surrogate in a \\u escape"
            ])
        #expect(
            importing(bytes: Array("{\"a\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8), file: "export.json")
                .errorMessages == ["export.json:1:7: error: invalid UTF-8 in a string"])
        // Columns count characters, not bytes.
        #expect(importing("{\"é\": tru}").errorMessages == ["export.json:1:7: error: expected 'true', found '}'"])
    }

    @Test func jsonDepthAndSizeAreBounded() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(importing(deep).errorMessages == ["export.json:1:65: error: nesting deeper than 64 levels"])
        let wide = "[" + Array(repeating: "0", count: 300_000).joined(separator: ",") + "]"
        #expect(importing(wide).errorMessages.first?.hasSuffix("error: more than 250000 JSON values") == true)
    }

    @Test func binaryPlistsTruncatedAnywhereAreErrorsNotCrashes() {
        let binary = bytes(of: exports + "/sso-plugin-binary.mobileconfig")
        #expect(binary.count > 100)
        for length in 0..<binary.count {
            let outcome = importing(bytes: Array(binary[0..<length]), file: "p.mobileconfig")
            #expect(!outcome.errorMessages.isEmpty || length == 0, "length \(length)")
            #expect(outcome.policies.isEmpty)
        }
        #expect(
            importing(bytes: Array(binary[0..<20]), file: "p.mobileconfig").errorMessages == [
                "p.mobileconfig: error: at byte 20: truncated binary plist: 20 bytes, less than a header and a 32-byte trailer"
            ])
    }

    /// A dictionary whose values all refer to one array that refers to itself, and a fan-out of shared objects.
    @Test func binaryPlistCyclesAndFanOutAreBounded() {
        // Objects: 0 = dict {1: 2}, 1 = "k", 2 = array [2] (itself).
        var cycle: [UInt8] = Array("bplist00".utf8)
        let offsets = [cycle.count, cycle.count + 3, cycle.count + 5]
        cycle += [0xD1, 0x01, 0x02]  // dict of 1 entry: key 1, value 2
        cycle += [0x51, 0x6B]  // "k"
        cycle += [0xA1, 0x02]  // array [2]
        let table = cycle.count
        cycle += offsets.map(UInt8.init)
        cycle += [0, 0, 0, 0, 0, 0, 1, 1] + be64(3) + be64(0) + be64(table)
        #expect(
            importing(bytes: cycle, file: "c.plist").errorMessages == [
                "c.plist: error: at byte 13: object 2 contains itself (a reference cycle)"
            ])
        // Object 0: an array of 15 references to object 1; object 1: an array of 15 references to object 2; … 8 levels
        // deep, so reading it expands to 15^8 values without the per-use count.
        var fan: [UInt8] = Array("bplist00".utf8)
        var fanOffsets: [Int] = []
        for level in 0..<8 {
            fanOffsets.append(fan.count)
            fan += [0xAF, 0x10, 15] + Array(repeating: UInt8(level + 1), count: 15)
        }
        fanOffsets.append(fan.count)
        fan += [0x09]  // true
        let fanTable = fan.count
        for offset in fanOffsets { fan += be16(offset) }
        fan += [0, 0, 0, 0, 0, 0, 2, 1] + be64(9) + be64(0) + be64(fanTable)
        #expect(
            importing(bytes: fan, file: "f.plist").errorMessages.first?.hasSuffix(
                "more than 250000 plist objects (counting each use)") == true)
    }

    @Test func signedProfilesThatAreNotSignedDataOrAreDetachedAreRefused() {
        let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let envelopedOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x03]
        let dataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let enveloped = tlv(0x30, envelopedOID + tlv(0xA0, tlv(0x30, [])))
        #expect(
            importing(bytes: enveloped, file: "e.mobileconfig").errorMessages == [
                "e.mobileconfig: error: at byte 2: a CMS message that is not SignedData (encrypted or other)"
            ])
        let detached = tlv(
            0x30,
            signedDataOID + tlv(0xA0, tlv(0x30, tlv(0x02, [1]) + tlv(0x31, []) + tlv(0x30, dataOID) + tlv(0x31, []))))
        #expect(
            importing(bytes: detached, file: "d.mobileconfig").errorMessages == [
                "d.mobileconfig: error: at byte 22: a detached signature: the profile itself is not in this file"
            ])
        let signed = bytes(of: exports + "/sso-plugin-signed.mobileconfig")
        #expect(
            importing(bytes: Array(signed.dropLast(100)), file: "t.mobileconfig").errorMessages == [
                "t.mobileconfig: error: at byte 0: truncated signed profile: a value runs past its container"
            ])
    }

    @Test func anythingElseIsRefusedByContent() {
        #expect(
            importing("policy: mine\n", file: "p.yaml").errorMessages == [
                "p.yaml:1:1: error: not a Microsoft Graph JSON export or an Apple configuration profile: expected '{' or '[' (JSON), '<' (an XML plist), 'bplist00' (a binary plist) or a CMS-signed profile, found a letter"
            ])
        #expect(importing("", file: "empty.json").errorMessages.first?.hasSuffix("found the end of the file") == true)
    }

    @Test func a100MegabyteFileIsRefusedAfterReadingAtMostTheLimit() throws {
        let folder = Fixtures.folder()
        let path = folder + "/huge.json"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 100 << 20)
        try handle.close()
        let outcome = importer.run(paths: [path])
        #expect(
            outcome.errorMessages == [
                "\(path):1:1: error: file is 104857600 bytes; the limit is 8388608 bytes (8 MiB), so it was not read"
            ])
    }

    func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        precondition(content.count < 0x80)
        return [tag, UInt8(content.count)] + content
    }

    func be64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
    func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
}
