/// SPIN's bitstate ("supertrace") store: a state sets `hashCount` bits of a fixed bit array, and counts as seen
/// when all of them are set. Memory is fixed in advance (`--bitstate MIB`) whatever the number of states, but two
/// states can set the same bits, so the search may skip states it never explored: a partial search, labelled so.
struct BitstateSet: VisitedStates {
    private var words: [UInt64]
    private let bitMask: UInt64
    let hashCount: Int
    private(set) var count = 0

    /// `bytes` is rounded down to a power of two (at least 8).
    init(bytes: Int, hashCount: Int = 3) {
        var size = 8
        while size * 2 <= bytes { size <<= 1 }
        words = [UInt64](repeating: 0, count: size / 8)
        bitMask = UInt64(size * 8 - 1)
        self.hashCount = hashCount
    }

    /// Bits in the array.
    var bitCount: Int { Int(bitMask) + 1 }

    /// The bit indices of a fingerprint: double hashing (Kirsch and Mitzenmacher) with a second hash mixed from the
    /// first (splitmix64's finaliser), odd so that it walks the whole power-of-two array.
    @inline(__always)
    private func bit(_ fingerprint: UInt64, _ round: Int) -> Int {
        var second = fingerprint &+ 0x9E37_79B9_7F4A_7C15
        second = (second ^ (second >> 30)) &* 0xBF58_476D_1CE4_E5B9
        second = (second ^ (second >> 27)) &* 0x94D0_49BB_1331_11EB
        second = (second ^ (second >> 31)) | 1
        return Int((fingerprint &+ UInt64(round) &* second) & bitMask)
    }

    func contains(_ fingerprint: UInt64) -> Bool {
        for round in 0..<hashCount {
            let index = bit(fingerprint, round)
            if words[index >> 6] & (1 << UInt64(index & 63)) == 0 { return false }
        }
        return true
    }

    mutating func insert(_ fingerprint: UInt64) -> Bool {
        var new = false
        for round in 0..<hashCount {
            let index = bit(fingerprint, round)
            let mask: UInt64 = 1 << UInt64(index & 63)
            if words[index >> 6] & mask == 0 {
                new = true
                words[index >> 6] |= mask
            }
        }
        if new { count += 1 }
        return new
    }

    var byteCount: Int { words.count * MemoryLayout<UInt64>.stride }
    var byteCountDuringNextInsert: Int { byteCount }
}
