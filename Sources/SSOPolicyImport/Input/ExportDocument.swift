import SSOPolicyProviderKit

/// One input file, read and parsed: Graph JSON, or a configuration profile (XML, binary, or either inside a CMS
/// signature). Which one is decided by content, not by the file's name.
enum ExportDocument {
    case graph(JSONNode, SourceLocator)
    case profile(PlistNode, PlistPositions, signed: Bool)

    static func read(_ bytes: [UInt8], file: String, limits: InputLimits) -> Result<ExportDocument, DiagnosticsError> {
        read(bytes, file: file, label: file, limits: limits, signed: false)
    }

    private static func read(
        _ raw: [UInt8], file: String, label: String, limits: InputLimits, signed: Bool
    ) -> Result<ExportDocument, DiagnosticsError> {
        let origin = SourcePosition(file: label, line: 1, column: 1)
        guard raw.count <= limits.maxBytes else {
            return .failure(.error(at: origin, BoundedFileReader.tooLarge(raw.count, limit: limits.maxBytes)))
        }
        if raw.starts(with: Array("bplist".utf8)) {
            let positions = PlistPositions(label: label, locator: nil)
            switch BinaryPlistReader(limits: limits).read(raw) {
            case .success(let root): return .success(.profile(root, positions, signed: signed))
            case .failure(let failure):
                return .failure(DiagnosticsError(positions.diagnostic(.error, failure.message, at: failure.offset)))
            }
        }
        if raw.first == 0x30 {
            guard !signed else { return .failure(.error(at: origin, "a signed profile inside a signed profile")) }
            switch SignedProfileReader(limits: limits).content(of: raw) {
            case .success(let content):
                return read(content, file: file, label: label + " (signed content)", limits: limits, signed: true)
            case .failure(let failure):
                return .failure(
                    .error(
                        at: SourcePosition(file: label, line: 0, column: 0),
                        "at byte \(failure.offset): \(failure.message)"))
            }
        }
        let bytes: [UInt8]
        switch TextDecoding.utf8(raw) {
        case .success(let decoded): bytes = decoded
        case .failure(let failure): return .failure(.error(at: origin, failure.message))
        }
        var start = 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let locator = SourceLocator(file: label, bytes: bytes)
        switch start < bytes.count ? bytes[start] : nil {
        case UInt8(ascii: "{")?, UInt8(ascii: "[")?, UInt8(ascii: "\"")?, UInt8(ascii: "-")?, UInt8(ascii: "t")?,
            UInt8(ascii: "f")?, UInt8(ascii: "n")?, (UInt8(ascii: "1")...UInt8(ascii: "9"))?:
            switch JSONTreeReader(limits: limits, describe: ReadFailure.describe).read(bytes) {
            case .success(let root): return .success(.graph(root, locator))
            case .failure(let failure):
                return .failure(.error(at: locator.position(ofByte: failure.offset), failure.message))
            }
        case UInt8(ascii: "<")?:
            switch XMLPlistReader(limits: limits).read(bytes) {
            case .success(let root):
                return .success(.profile(root, PlistPositions(label: label, locator: locator), signed: signed))
            case .failure(let failure):
                return .failure(.error(at: locator.position(ofByte: failure.offset), failure.message))
            }
        case let byte:
            return .failure(
                .error(
                    at: locator.position(ofByte: start),
                    "not a Microsoft Graph JSON export or an Apple configuration profile: expected '{' or '[' (JSON), "
                        + "'<' (an XML plist), 'bplist00' (a binary plist) or a CMS-signed profile, found "
                        + ReadFailure.describe(byte)))
        }
    }
}

/// Export files come as UTF-8 (a byte order mark is dropped) or, from Windows PowerShell's `Out-File`, UTF-16 with
/// a byte order mark; both become UTF-8, so positions are counted in characters either way.
enum TextDecoding {
    static func utf8(_ bytes: [UInt8]) -> Result<[UInt8], ReadFailure> {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .success(Array(bytes.dropFirst(3))) }
        let littleEndian = bytes.starts(with: [0xFF, 0xFE])
        guard littleEndian || bytes.starts(with: [0xFE, 0xFF]) else { return .success(bytes) }
        guard bytes.count % 2 == 0 else {
            return .failure(ReadFailure(at: 0, "UTF-16 text with an odd number of bytes"))
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        var index = 2
        while index + 1 < bytes.count {
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        let text = String(decoding: units, as: UTF16.self)
        guard text.utf16.elementsEqual(units) else {
            return .failure(ReadFailure(at: 0, "invalid UTF-16 text (an unpaired surrogate)"))
        }
        return .success(Array(text.utf8))
    }
}
