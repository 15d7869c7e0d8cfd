#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Interns byte strings (account names, device ids, app ids) as small integers without making a Swift string per
/// row: an open-addressing table over one growing arena of bytes. Keys may be folded to ASCII lower case, so
/// `Ana@Contoso.example` and `ana@contoso.example` are one key. Memory grows with distinct keys, never with rows.
final class ByteInterner {
    /// A key: where its bytes are in the arena, how many, and its hash.
    private struct Entry {
        var start: Int
        var length: Int
        var hash: UInt64
    }

    // Storage in buffers this interner owns (not arrays), so a lookup per row costs no exclusivity check.
    private var arena: UnsafeMutablePointer<UInt8>
    private var arenaCapacity = 4096
    private var arenaUsed = 0
    private var entries: UnsafeMutablePointer<Entry>
    private var entryCapacity = 512
    private(set) var count = 0
    private var slots: UnsafeMutablePointer<Int32>
    private var slotCount = 1024
    private var mask = 1023
    let foldsCase: Bool

    init(foldsCase: Bool) {
        self.foldsCase = foldsCase
        arena = UnsafeMutablePointer<UInt8>.allocate(capacity: arenaCapacity)
        entries = UnsafeMutablePointer<Entry>.allocate(capacity: entryCapacity)
        slots = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
        slots.initialize(repeating: -1, count: slotCount)
    }

    deinit {
        arena.deallocate()
        entries.deallocate()
        slots.deallocate()
    }

    /// Eight bytes with ASCII capitals made lower case, all at once: a byte gains 0x20 when it lies in `A`...`Z`
    /// (adding 0x3F sets its top bit from `A` up, adding 0x25 from `[` up; bytes at 0x80 and above are left).
    @inline(__always)
    private static func lowered(_ word: UInt64) -> UInt64 {
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        let capitals = ((low &+ 0x3F3F_3F3F_3F3F_3F3F) ^ (low &+ 0x2525_2525_2525_2525)) & ~word & 0x8080_8080_8080_8080
        return word | capitals >> 2
    }

    /// The bytes from `i` on (at most 8) as a word, zero-filled past `count`.
    @inline(__always)
    private static func word(_ p: UnsafePointer<UInt8>, _ i: Int, _ count: Int) -> UInt64 {
        if count - i >= 8 { return UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) }
        var value: UInt64 = 0
        for k in 0..<(count - i) { value |= UInt64(p[i + k]) << UInt64(8 * k) }
        return value
    }

    @inline(__always)
    private func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        var i = 0
        while i < count {
            var w = Self.word(p, i, count)
            if foldsCase { w = Self.lowered(w) }
            h = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        return h ^ (h >> 29)
    }

    @inline(__always)
    private func equal(_ entry: Entry, _ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard entry.length == count else { return false }
        let stored = UnsafePointer(arena + entry.start)
        guard foldsCase else { return memcmp(stored, p, count) == 0 }
        var i = 0
        while i < count {
            if Self.word(stored, i, count) != Self.lowered(Self.word(p, i, count)) { return false }
            i += 8
        }
        return true
    }

    /// The key's id, or nil when it was never interned.
    func find(_ slice: ByteSlice) -> Int32? {
        let p = slice.start ?? UnsafePointer(arena)
        let count = slice.start == nil ? 0 : slice.count
        let h = hash(p, count)
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let id = slots[slot]
            if id < 0 { return nil }
            let entry = entries[Int(id)]
            if entry.hash == h, equal(entry, p, count) { return id }
            slot = (slot + 1) & mask
        }
    }

    /// The key's id, interning it first when new.
    func intern(_ slice: ByteSlice) -> Int32 {
        let p = slice.start ?? UnsafePointer(arena)
        let count = slice.start == nil ? 0 : slice.count
        let h = hash(p, count)
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let id = slots[slot]
            if id < 0 { break }
            let entry = entries[Int(id)]
            if entry.hash == h, equal(entry, p, count) { return id }
            slot = (slot + 1) & mask
        }
        if arenaUsed + count > arenaCapacity {
            var capacity = arenaCapacity * 2
            while arenaUsed + count > capacity { capacity *= 2 }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: arena, count: arenaUsed)
            arena.deallocate()
            arena = grown
            arenaCapacity = capacity
        }
        let stored = arena + arenaUsed
        for i in 0..<count { stored[i] = foldsCase ? ASCII.lower(p[i]) : p[i] }
        if self.count == entryCapacity {
            let grown = UnsafeMutablePointer<Entry>.allocate(capacity: entryCapacity * 2)
            grown.moveInitialize(from: entries, count: self.count)
            entries.deallocate()
            entries = grown
            entryCapacity *= 2
        }
        let id = Int32(self.count)
        (entries + self.count).initialize(to: Entry(start: arenaUsed, length: count, hash: h))
        self.count += 1
        arenaUsed += count
        slots[slot] = id
        if self.count * 2 > slotCount { grow() }
        return id
    }

    func intern(_ text: String) -> Int32 {
        var copy = text
        return copy.withUTF8 { intern(ByteSlice(start: $0.baseAddress, count: $0.count)) }
    }

    func find(_ text: String) -> Int32? {
        var copy = text
        return copy.withUTF8 { find(ByteSlice(start: $0.baseAddress, count: $0.count)) }
    }

    private func grow() {
        slots.deallocate()
        slotCount *= 2
        mask = slotCount - 1
        slots = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
        slots.initialize(repeating: -1, count: slotCount)
        for id in 0..<count {
            var slot = Int(truncatingIfNeeded: entries[id].hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }

    /// The key as stored (folded when the interner folds case).
    func string(_ id: Int32) -> String {
        let entry = entries[Int(id)]
        return String(decoding: UnsafeBufferPointer(start: arena + entry.start, count: entry.length), as: UTF8.self)
    }
}
