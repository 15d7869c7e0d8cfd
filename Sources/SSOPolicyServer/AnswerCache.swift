import Foundation

/// Answers to identical requests, kept in a bounded cache: every answer is a pure function of the verb and the
/// body's bytes (the library and the providers do not change while the server runs), so a repeated comparison
/// is served without recomputing it.
///
/// Bounded by entry count and by bytes, counting each entry's key (route and body) and answer; the oldest entry goes
/// first. The insertion order is a ring of exactly the live keys: an entry leaves the ring and the table in the same
/// step, so an evicted body is freed at once and a store costs O(1) however many entries it evicts.
final class AnswerCache: @unchecked Sendable {
    /// A request as the cache knows it: the route and the body's bytes. Hashed over every byte, once, when it is
    /// made (`Data` hashes only its first 80, so bodies that differ past them would all collide).
    struct Key: Hashable, Sendable {
        let route: String
        let body: Data
        private let digest: Int

        init(route: String, body: Data) {
            self.route = route
            self.body = body
            var hasher = Hasher()
            hasher.combine(route)
            hasher.combine(body.count)
            body.withUnsafeBytes { hasher.combine(bytes: $0) }
            digest = hasher.finalize()
        }

        var byteCount: Int { route.utf8.count + body.count }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.digest == rhs.digest && lhs.route == rhs.route && lhs.body == rhs.body
        }
    }

    let maxEntries: Int
    let maxBytes: Int
    /// Entries (key and answer) larger than this are not kept (one huge answer must not evict everything else).
    let maxAnswerBytes: Int

    private let lock = NSLock()
    private var answers: [Key: String] = [:]
    /// The live keys, oldest at `oldest`, in a ring of `maxEntries` slots.
    private var ring: [Key?]
    private var oldest = 0
    private var bytes = 0
    private(set) var hits = 0

    init(maxEntries: Int = 512, maxBytes: Int = 32 << 20, maxAnswerBytes: Int = 1 << 20) {
        self.maxEntries = max(0, maxEntries)
        self.maxBytes = maxBytes
        self.maxAnswerBytes = maxAnswerBytes
        ring = Array(repeating: nil, count: self.maxEntries)
    }

    static func key(path: String, body: Data) -> Key { Key(route: path, body: body) }

    func answer(for key: Key) -> String? {
        lock.withLock {
            guard let answer = answers[key] else { return nil }
            hits += 1
            return answer
        }
    }

    func store(_ answer: String, for key: Key) {
        let size = Self.size(key, answer)
        guard size <= maxAnswerBytes, size <= maxBytes, maxEntries > 0 else { return }
        lock.withLock {
            guard answers[key] == nil else { return }
            while !answers.isEmpty, answers.count >= maxEntries || bytes + size > maxBytes { evictOldest() }
            answers[key] = answer
            ring[(oldest + answers.count - 1) % maxEntries] = key
            bytes += size
        }
    }

    var count: Int { lock.withLock { answers.count } }

    /// The bytes counted against `maxBytes`: every live entry's key and answer.
    var countedBytes: Int { lock.withLock { bytes } }

    /// For tests, counted afresh: the keys the order holds and their bytes, and the key bytes and total bytes of the
    /// table's entries. An evicted key left behind in the order shows as a difference.
    var audit: (orderKeys: Int, orderKeyBytes: Int, tableKeyBytes: Int, tableBytes: Int) {
        lock.withLock {
            let keys = ring.compactMap { $0 }
            return (
                keys.count, keys.reduce(0) { $0 + $1.byteCount }, answers.keys.reduce(0) { $0 + $1.byteCount },
                answers.reduce(0) { $0 + Self.size($1.key, $1.value) }
            )
        }
    }

    static func size(_ key: Key, _ answer: String) -> Int { key.byteCount + answer.utf8.count }

    private func evictOldest() {
        guard let key = ring[oldest] else {
            // The ring and the table always agree; should they not, forget everything rather than loop.
            answers.removeAll()
            ring = Array(repeating: nil, count: maxEntries)
            oldest = 0
            bytes = 0
            return
        }
        ring[oldest] = nil
        oldest = (oldest + 1) % maxEntries
        if let answer = answers.removeValue(forKey: key) { bytes -= Self.size(key, answer) }
    }
}
