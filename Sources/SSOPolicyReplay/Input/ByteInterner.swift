#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Interns byte strings (account names, device ids, app ids) as small integers without making a Swift string per
/// row: an open-addressing table over one growing arena of bytes. Keys may be folded to ASCII lower case, so
/// `Ana@Contoso.example` and `ana@contoso.example` are one key. Memory grows with distinct keys, never with rows.
final class ByteInterner {
    private var arena: UnsafeMutablePointer<UInt8>
    private var arenaCapacity = 4096
    private var arenaUsed = 0
    private var starts: [Int] = []
    private var lengths: [Int32] = []
    private var hashes: [UInt64] = []
    private var slots: [Int32]
    private var mask: Int
    let foldsCase: Bool

    init(foldsCase: Bool) {
        self.foldsCase = foldsCase
        arena = UnsafeMutablePointer<UInt8>.allocate(capacity: arenaCapacity)
        slots = [Int32](repeating: -1, count: 1024)
        mask = 1023
    }

    deinit { arena.deallocate() }

    var count: Int { starts.count }

    @inline(__always)
    private func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        if foldsCase {
            for i in 0..<count { h = (h ^ UInt64(ASCII.lower(p[i]))) &* 0x100_0000_01b3 }
        } else {
            for i in 0..<count { h = (h ^ UInt64(p[i])) &* 0x100_0000_01b3 }
        }
        return h ^ (h >> 29)
    }

    @inline(__always)
    private func equal(_ id: Int, _ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard Int(lengths[id]) == count else { return false }
        let stored = arena + starts[id]
        if foldsCase {
            for i in 0..<count where stored[i] != ASCII.lower(p[i]) { return false }
            return true
        }
        return memcmp(stored, p, count) == 0
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
            if hashes[Int(id)] == h, equal(Int(id), p, count) { return id }
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
            if hashes[Int(id)] == h, equal(Int(id), p, count) { return id }
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
        let id = Int32(starts.count)
        starts.append(arenaUsed)
        lengths.append(Int32(count))
        hashes.append(h)
        arenaUsed += count
        slots[slot] = id
        if starts.count * 2 > slots.count { grow() }
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
        let size = slots.count * 2
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
        for id in 0..<starts.count {
            var slot = Int(truncatingIfNeeded: hashes[id]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }

    /// The key as stored (folded when the interner folds case).
    func string(_ id: Int32) -> String {
        let index = Int(id)
        return String(
            decoding: UnsafeBufferPointer(start: arena + starts[index], count: Int(lengths[index])), as: UTF8.self)
    }
}
