/// A run of bytes inside a buffer the reader owns: valid only while the reader hands over the row it belongs to.
struct ByteSlice {
    var start: UnsafePointer<UInt8>?
    var count: Int

    static var empty: ByteSlice { ByteSlice(start: nil, count: 0) }

    init(start: UnsafePointer<UInt8>?, count: Int) {
        self.start = start
        self.count = count
    }

    init(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) {
        start = base + from
        count = to - from
    }

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> UInt8 { start![index] }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// The bytes as text (invalid UTF-8 is repaired, as Swift's decoding does).
    var string: String { count == 0 ? "" : String(decoding: buffer, as: UTF8.self) }

    /// Whether the bytes equal `text`'s ASCII letters ignoring case.
    func equalsIgnoringCase(_ text: StaticString) -> Bool {
        guard count == text.utf8CodeUnitCount, let start else { return count == 0 && text.utf8CodeUnitCount == 0 }
        let other = text.utf8Start
        for index in 0..<count where ASCII.lower(start[index]) != ASCII.lower(other[index]) { return false }
        return true
    }

    /// Whether the bytes contain `text` ignoring ASCII case.
    func containsIgnoringCase(_ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard length > 0, count >= length, let start else { return false }
        let other = text.utf8Start
        outer: for offset in 0...(count - length) {
            for index in 0..<length where ASCII.lower(start[offset + index]) != ASCII.lower(other[index]) {
                continue outer
            }
            return true
        }
        return false
    }

    /// Without ASCII spaces and tabs at either end.
    var trimmed: ByteSlice {
        guard let start else { return self }
        var from = 0
        var to = count
        while from < to, start[from] == 0x20 || start[from] == 0x09 { from += 1 }
        while to > from, start[to - 1] == 0x20 || start[to - 1] == 0x09 { to -= 1 }
        return ByteSlice(start: start + from, count: to - from)
    }
}

/// ASCII helpers on bytes.
enum ASCII {
    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
