import SSOPolicyProviderKit

/// Takes the profile out of a CMS-signed configuration profile (a DER or BER `ContentInfo` holding `SignedData`
/// whose encapsulated content is the plist), without verifying the signature: ssopolicy models what the profile
/// configures, and a signature says who sent it, which the import reports but cannot check (no trust store, no
/// certificate chain). Certificates and signer infos are skipped unread.
///
/// Lengths may be definite or (BER) indefinite; the content may be one OCTET STRING or constructed from chunks.
/// Every length is checked against the enclosing value, and nesting is bounded.
struct SignedProfileReader: Sendable {
    let limits: InputLimits

    init(limits: InputLimits = .exports) { self.limits = limits }

    /// 1.2.840.113549.1.7.2 (signedData) and 1.2.840.113549.1.7.1 (data), DER-encoded.
    static let signedDataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
    static let dataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]

    struct Element {
        var tag: UInt8
        var contentStart: Int
        /// Where the content ends (before the end-of-contents octets of an indefinite length).
        var contentEnd: Int
        /// Where the whole element ends.
        var end: Int
        var offset: Int

        var isConstructed: Bool { tag & 0x20 != 0 }
    }

    /// The embedded profile's bytes.
    func content(of bytes: [UInt8]) -> Result<[UInt8], ReadFailure> {
        do throws(ReadFailure) {
            let outer = try element(in: bytes, at: 0, limit: bytes.count, depth: 1)
            guard outer.tag == 0x30 else { throw ReadFailure(at: 0, "not a CMS message: expected a SEQUENCE") }
            guard outer.end == bytes.count else {
                throw ReadFailure(at: outer.end, "unexpected bytes after the signed profile")
            }
            let info = try children(of: outer, in: bytes, depth: 2)
            guard info.count >= 2, info[0].tag == 0x06 else {
                throw ReadFailure(at: outer.contentStart, "not a CMS ContentInfo: expected a content type")
            }
            guard bytes[info[0].contentStart..<info[0].contentEnd].elementsEqual(Self.signedDataOID) else {
                throw ReadFailure(at: info[0].offset, "a CMS message that is not SignedData (encrypted or other)")
            }
            guard info[1].tag == 0xA0, let signedData = try children(of: info[1], in: bytes, depth: 3).first,
                signedData.tag == 0x30
            else { throw ReadFailure(at: info[1].offset, "SignedData: expected [0] holding a SEQUENCE") }
            let fields = try children(of: signedData, in: bytes, depth: 4)
            guard fields.count >= 3, fields[0].tag == 0x02, fields[1].tag == 0x31, fields[2].tag == 0x30 else {
                throw ReadFailure(
                    at: signedData.offset, "SignedData: expected version, digest algorithms and encapsulated content")
            }
            let encapsulated = try children(of: fields[2], in: bytes, depth: 5)
            guard let type = encapsulated.first, type.tag == 0x06 else {
                throw ReadFailure(at: fields[2].offset, "SignedData: the encapsulated content has no type")
            }
            guard bytes[type.contentStart..<type.contentEnd].elementsEqual(Self.dataOID) else {
                throw ReadFailure(at: type.offset, "SignedData: the encapsulated content is not plain data")
            }
            guard encapsulated.count >= 2, encapsulated[1].tag == 0xA0 else {
                throw ReadFailure(
                    at: fields[2].offset, "a detached signature: the profile itself is not in this file")
            }
            guard let octets = try children(of: encapsulated[1], in: bytes, depth: 6).first else {
                throw ReadFailure(at: encapsulated[1].offset, "SignedData: the encapsulated content is empty")
            }
            var out: [UInt8] = []
            try collect(octets, in: bytes, into: &out, depth: 7)
            return .success(out)
        } catch {
            return .failure(error)
        }
    }

    /// An OCTET STRING's bytes, or the concatenated chunks of a constructed one.
    func collect(_ octets: Element, in bytes: [UInt8], into out: inout [UInt8], depth: Int) throws(ReadFailure) {
        switch octets.tag {
        case 0x04: out.append(contentsOf: bytes[octets.contentStart..<octets.contentEnd])
        case 0x24:
            for chunk in try children(of: octets, in: bytes, depth: depth + 1) {
                try collect(chunk, in: bytes, into: &out, depth: depth + 1)
            }
        default: throw ReadFailure(at: octets.offset, "SignedData: the content is not an OCTET STRING")
        }
    }

    func children(of parent: Element, in bytes: [UInt8], depth: Int) throws(ReadFailure) -> [Element] {
        guard parent.isConstructed else { throw ReadFailure(at: parent.offset, "expected a constructed value") }
        var items: [Element] = []
        var offset = parent.contentStart
        while offset < parent.contentEnd {
            let child = try element(in: bytes, at: offset, limit: parent.contentEnd, depth: depth)
            items.append(child)
            offset = child.end
            if items.count > limits.maxNodes { throw ReadFailure(at: offset, "too many values") }
        }
        return items
    }

    /// One tag-length-value at `offset`, ending by `limit`.
    func element(in bytes: [UInt8], at offset: Int, limit: Int, depth: Int) throws(ReadFailure) -> Element {
        guard depth <= limits.maxDepth else { throw ReadFailure(at: offset, "nesting deeper than \(limits.maxDepth)") }
        guard offset + 2 <= limit else { throw ReadFailure(at: offset, "truncated signed profile") }
        let tag = bytes[offset]
        guard tag & 0x1F != 0x1F else { throw ReadFailure(at: offset, "multi-byte tags are not used by CMS") }
        let first = bytes[offset + 1]
        var start = offset + 2
        if first == 0x80 {
            guard tag & 0x20 != 0 else {
                throw ReadFailure(at: offset, "an indefinite length on a primitive value")
            }
            // Children until the end-of-contents octets 00 00.
            var cursor = start
            while true {
                guard cursor + 2 <= limit else { throw ReadFailure(at: offset, "truncated signed profile") }
                if bytes[cursor] == 0, bytes[cursor + 1] == 0 {
                    return Element(tag: tag, contentStart: start, contentEnd: cursor, end: cursor + 2, offset: offset)
                }
                cursor = try element(in: bytes, at: cursor, limit: limit, depth: depth + 1).end
            }
        }
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count <= 4, start + count <= limit else {
                throw ReadFailure(at: offset + 1, "invalid length in the signed profile")
            }
            for byte in bytes[start..<start + count] { length = length << 8 | Int(byte) }
            start += count
        }
        guard length <= limit - start else {
            throw ReadFailure(at: offset, "truncated signed profile: a value runs past its container")
        }
        return Element(tag: tag, contentStart: start, contentEnd: start + length, end: start + length, offset: offset)
    }
}
