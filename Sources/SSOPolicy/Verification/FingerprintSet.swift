/// The set of explored states, stored as 64-bit fingerprints (hash compaction, as TLC does): 8 bytes per slot
/// instead of the state itself. Two different states share a fingerprint with probability about n²/2⁶⁵, so a
/// run over a hundred million states has roughly one chance in 3·10³ of merging two; the report says so.
struct FingerprintSet: VisitedStates {
    private var slots: [UInt64]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
    }

    /// Inserts the fingerprint; true if it was not there yet.
    mutating func insert(_ fingerprint: UInt64) -> Bool {
        if (count + 1) * 2 > slots.count { grow() }
        let key = fingerprint == 0 ? 1 : fingerprint
        return slots.withUnsafeMutableBufferPointer { buffer in
            var index = Int(truncatingIfNeeded: key) & mask
            while true {
                let slot = buffer[index]
                if slot == 0 {
                    buffer[index] = key
                    count += 1
                    return true
                }
                if slot == key { return false }
                index = (index + 1) & mask
            }
        }
    }

    /// Whether the fingerprint is in the set (read-only: several threads may ask at once).
    func contains(_ fingerprint: UInt64) -> Bool {
        let key = fingerprint == 0 ? 1 : fingerprint
        return slots.withUnsafeBufferPointer { buffer in
            var index = Int(truncatingIfNeeded: key) & mask
            while true {
                let slot = buffer[index]
                if slot == 0 { return false }
                if slot == key { return true }
                index = (index + 1) & mask
            }
        }
    }

    /// Empties the set, keeping its table.
    mutating func removeAll() {
        guard count > 0 else { return }
        for index in slots.indices { slots[index] = 0 }
        count = 0
    }

    /// Bytes held by the table.
    var byteCount: Int { slots.count * MemoryLayout<UInt64>.stride }

    /// Bytes held while the next insertion runs: a table about to grow holds the old and the doubled new one.
    var byteCountDuringNextInsert: Int { (count + 1) * 2 > slots.count ? byteCount * 3 : byteCount }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        count = 0
        for key in old where key != 0 { _ = insert(key) }
    }
}

/// Where an exploration remembers the states it has seen: exact 64-bit fingerprints, or a bitstate array.
protocol VisitedStates: Sendable {
    var count: Int { get }
    func contains(_ fingerprint: UInt64) -> Bool
    /// True if the fingerprint was not seen yet.
    mutating func insert(_ fingerprint: UInt64) -> Bool
    var byteCount: Int { get }
    var byteCountDuringNextInsert: Int { get }
}
