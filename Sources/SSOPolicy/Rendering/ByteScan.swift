/// Word-at-a-time byte tests for the escaping scans, which read every byte of hundreds of megabytes of batch
/// output: eight bytes are ruled out with a few arithmetic operations instead of eight comparisons each, and only a
/// word that may hold a byte of interest is looked at byte by byte.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether some byte of `word` is below `limit` (`limit` ≤ 0x80): exact, by the classic borrow test.
    @inline(__always)
    static func anyBelow(_ word: UInt64, _ limit: UInt8) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highs != 0
    }

    /// Whether some byte of `word` equals `byte`: exact.
    @inline(__always)
    static func anyEqual(_ word: UInt64, _ byte: UInt8) -> Bool {
        anyBelow(word ^ (ones &* UInt64(byte)), 1)
    }

    /// The index of the first byte at or after `start` at which `interesting` holds, or `bytes.count`. Whole words
    /// for which `wordMayHold` is false are skipped: it must be true for every word that holds such a byte.
    @inline(__always)
    static func firstIndex(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, wordMayHold: (UInt64) -> Bool,
        where interesting: (Int) -> Bool
    ) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = start
        while index + 8 <= count {
            if wordMayHold(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))) {
                for candidate in index..<index + 8 where interesting(candidate) { return candidate }
            }
            index += 8
        }
        while index < count {
            if interesting(index) { return index }
            index += 1
        }
        return count
    }
}
