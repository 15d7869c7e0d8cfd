import SSOPolicyProviderKit

/// A bounded reader for binary property lists (`bplist00`), written for untrusted profiles.
///
/// Every offset, count and reference is checked against the file before it is used; objects are counted at each
/// use (a dictionary that refers to one array many times cannot fan out past `InputLimits.maxNodes`), a reference
/// back to an object being read is a cycle and an error, and nesting is bounded. Data objects are measured, never
/// kept. Failures carry the byte offset of the object or table at fault.
struct BinaryPlistReader: Sendable {
    let limits: InputLimits

    init(limits: InputLimits = .exports) { self.limits = limits }

    static let magic = Array("bplist00".utf8)

    func read(_ bytes: [UInt8]) -> Result<PlistNode, ReadFailure> {
        do throws(ReadFailure) {
            var parser = try Parser(bytes: bytes, limits: limits)
            return .success(try parser.object(parser.topObject, depth: 1))
        } catch {
            return .failure(error)
        }
    }

    struct Parser {
        let bytes: [UInt8]
        let limits: InputLimits
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        let offsetTable: Int
        var visits = 0
        var reading: Set<Int> = []

        init(bytes: [UInt8], limits: InputLimits) throws(ReadFailure) {
            self.bytes = bytes
            self.limits = limits
            guard bytes.count <= limits.maxBytes else { throw ReadFailure(at: 0, "more than \(limits.maxBytes) bytes") }
            guard bytes.count >= 8 + 32 else {
                throw ReadFailure(
                    at: bytes.count,
                    "truncated binary plist: \(bytes.count) bytes, less than a header and a 32-byte trailer")
            }
            guard bytes.starts(with: BinaryPlistReader.magic) else {
                throw ReadFailure(at: 0, "not a 'bplist00' binary plist (another version or another format)")
            }
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
                throw ReadFailure(at: trailer + 6, "invalid trailer: offset and reference sizes must be 1 to 8 bytes")
            }
            let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
            let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
            let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
            guard count >= 1, count <= UInt64(limits.maxNodes) else {
                throw ReadFailure(
                    at: trailer + 8, "invalid trailer: \(count) objects (the limit is \(limits.maxNodes))")
            }
            guard top < count else {
                throw ReadFailure(at: trailer + 16, "invalid trailer: the top object is out of range")
            }
            guard table >= 8, table <= UInt64(trailer), Int(table) + Int(count) * offsetSize <= trailer else {
                throw ReadFailure(at: trailer + 24, "truncated binary plist: the offset table does not fit in the file")
            }
            objectCount = Int(count)
            topObject = Int(top)
            offsetTable = Int(table)
        }

        static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
            var value: UInt64 = 0
            for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
            return value
        }

        /// The file offset of object `reference`, checked to lie before the offset table.
        func offset(of reference: Int, from: Int) throws(ReadFailure) -> Int {
            guard reference >= 0, reference < objectCount else {
                throw ReadFailure(at: from, "object reference \(reference) is out of range (\(objectCount) objects)")
            }
            let entry = offsetTable + reference * offsetSize
            let value = Self.bigEndian(bytes, at: entry, size: offsetSize)
            guard value >= 8, value < UInt64(offsetTable) else {
                throw ReadFailure(at: entry, "object \(reference) has an offset outside the object area")
            }
            return Int(value)
        }

        /// `count` bytes at `offset`, all before the offset table.
        func need(_ count: Int, at offset: Int) throws(ReadFailure) {
            guard count >= 0, offset <= offsetTable, count <= offsetTable - offset else {
                throw ReadFailure(at: offset, "truncated binary plist: an object runs past the object area")
            }
        }

        /// The length in a marker's low nibble, or (0xF) in the integer object that follows it; returns the length
        /// and the offset of the object's content.
        func length(_ info: UInt8, at offset: Int) throws(ReadFailure) -> (Int, Int) {
            if info < 0xF { return (Int(info), offset + 1) }
            try need(2, at: offset + 1)
            let marker = bytes[offset + 1]
            guard marker >> 4 == 0x1, marker & 0xF <= 3 else {
                throw ReadFailure(at: offset + 1, "invalid length: expected an integer object")
            }
            let size = 1 << Int(marker & 0xF)
            try need(size, at: offset + 2)
            let value = Self.bigEndian(bytes, at: offset + 2, size: size)
            guard value <= UInt64(bytes.count) else {
                throw ReadFailure(at: offset + 1, "invalid length: larger than the file")
            }
            return (Int(value), offset + 2 + size)
        }

        mutating func object(_ reference: Int, depth: Int) throws(ReadFailure) -> PlistNode {
            let offset = try self.offset(of: reference, from: offsetTable)
            visits += 1
            guard visits <= limits.maxNodes else {
                throw ReadFailure(at: offset, "more than \(limits.maxNodes) plist objects (counting each use)")
            }
            guard depth <= limits.maxDepth else {
                throw ReadFailure(at: offset, "nesting deeper than \(limits.maxDepth) levels")
            }
            guard reading.insert(reference).inserted else {
                throw ReadFailure(at: offset, "object \(reference) contains itself (a reference cycle)")
            }
            defer { reading.remove(reference) }
            try need(1, at: offset)
            let marker = bytes[offset]
            let info = marker & 0xF
            switch marker >> 4 {
            case 0x0:
                guard info == 0x8 || info == 0x9 else {
                    throw ReadFailure(at: offset, "null and fill objects are not property-list values")
                }
                return PlistNode(.bool(info == 0x9), offset: offset)
            case 0x1:
                guard info <= 4 else { throw ReadFailure(at: offset, "invalid integer size") }
                let size = 1 << Int(info)
                try need(size, at: offset + 1)
                // 16-byte integers hold 64-bit values in their low half.
                let raw = Self.bigEndian(bytes, at: offset + 1 + max(size - 8, 0), size: min(size, 8))
                let text = size >= 8 ? String(Int64(bitPattern: raw)) : String(raw)
                return PlistNode(.integer(text), offset: offset)
            case 0x2:
                guard info == 2 || info == 3 else { throw ReadFailure(at: offset, "invalid real size") }
                let size = 1 << Int(info)
                try need(size, at: offset + 1)
                let raw = Self.bigEndian(bytes, at: offset + 1, size: size)
                let text = size == 4 ? "\(Float(bitPattern: UInt32(raw)))" : "\(Double(bitPattern: raw))"
                return PlistNode(.real(text), offset: offset)
            case 0x3:
                guard marker == 0x33 else { throw ReadFailure(at: offset, "invalid date object") }
                try need(8, at: offset + 1)
                let seconds = Double(bitPattern: Self.bigEndian(bytes, at: offset + 1, size: 8))
                return PlistNode(.date("\(seconds) s after 2001-01-01"), offset: offset)
            case 0x4:
                let (count, start) = try length(info, at: offset)
                try need(count, at: start)
                return PlistNode(.data(byteCount: count), offset: offset)
            case 0x5:
                let (count, start) = try length(info, at: offset)
                try need(count, at: start)
                let slice = bytes[start..<start + count]
                guard slice.allSatisfy({ $0 < 0x80 }) else {
                    throw ReadFailure(at: offset, "an ASCII string object holds non-ASCII bytes")
                }
                return PlistNode(.string(String(decoding: slice, as: UTF8.self)), offset: offset)
            case 0x6:
                let (count, start) = try length(info, at: offset)
                guard count <= bytes.count / 2 else { throw ReadFailure(at: offset, "invalid string length") }
                try need(count * 2, at: start)
                var units: [UInt16] = []
                units.reserveCapacity(count)
                for index in 0..<count {
                    units.append(UInt16(bytes[start + 2 * index]) << 8 | UInt16(bytes[start + 2 * index + 1]))
                }
                let text = String(decoding: units, as: UTF16.self)
                guard text.utf16.elementsEqual(units) else {
                    throw ReadFailure(at: offset, "a UTF-16 string object holds an unpaired surrogate")
                }
                return PlistNode(.string(text), offset: offset)
            case 0xA:
                let (count, start) = try length(info, at: offset)
                guard count <= objectCount * 64 else { throw ReadFailure(at: offset, "invalid array length") }
                try need(count * referenceSize, at: start)
                var items: [PlistNode] = []
                for index in 0..<count {
                    let at = start + index * referenceSize
                    let child = Int(Self.bigEndian(bytes, at: at, size: referenceSize))
                    _ = try self.offset(of: child, from: at)
                    items.append(try object(child, depth: depth + 1))
                }
                return PlistNode(.array(items), offset: offset)
            case 0xD:
                let (count, start) = try length(info, at: offset)
                guard count <= objectCount * 64 else { throw ReadFailure(at: offset, "invalid dictionary length") }
                try need(2 * count * referenceSize, at: start)
                var entries: [PlistEntry] = []
                var seen = Set<String>()
                for index in 0..<count {
                    let keyAt = start + index * referenceSize
                    let valueAt = start + (count + index) * referenceSize
                    let keyReference = Int(Self.bigEndian(bytes, at: keyAt, size: referenceSize))
                    let valueReference = Int(Self.bigEndian(bytes, at: valueAt, size: referenceSize))
                    let key = try object(keyReference, depth: depth + 1)
                    guard let text = key.string else {
                        throw ReadFailure(at: key.offset, "a dictionary key is \(key.kindDescription), not a string")
                    }
                    guard seen.insert(text).inserted else {
                        throw ReadFailure(at: key.offset, "duplicate key \(Excerpt.quoted(text)) in one dictionary")
                    }
                    entries.append(
                        PlistEntry(
                            key: text, keyOffset: key.offset, value: try object(valueReference, depth: depth + 1)))
                }
                return PlistNode(.dictionary(entries), offset: offset)
            case 0x8: throw ReadFailure(at: offset, "a UID object (a keyed archive), not a configuration profile")
            case 0xC: throw ReadFailure(at: offset, "a set object, which a configuration profile never holds")
            default: throw ReadFailure(at: offset, "unknown object type 0x\(String(marker >> 4, radix: 16))")
            }
        }
    }
}
