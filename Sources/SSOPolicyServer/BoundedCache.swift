import Foundation

/// What a cache entry weighs against the bound: its bytes.
protocol CacheSized {
    var byteCount: Int { get }
}

extension String: CacheSized {
    var byteCount: Int { utf8.count }
}

/// Answers to identical requests (the route and the body's bytes, `RequestKey`): every answer is a pure function
/// of the verb and the body's bytes (the library and the providers do not change while the server runs), so a
/// repeated comparison is served without recomputing it.
typealias AnswerCache = BoundedCache<RequestKey, String>

extension BoundedCache where Key == RequestKey {
    static func key(path: String, body: Data) -> Key { RequestKey(route: path, body: body) }
}

/// A bounded cache of answers by key.
///
/// Bounded by entry count and by bytes, counting each entry's key (route and body) and answer; the oldest entry goes
/// first. The insertion order is a ring of exactly the live keys: an entry leaves the ring and the table in the same
/// step, so an evicted body is freed at once and a store costs O(1) however many entries it evicts.
final class BoundedCache<Key: Hashable & Sendable & CacheSized, Answer: Sendable & CacheSized>: @unchecked Sendable {
    let maxEntries: Int
    let maxBytes: Int
    /// Entries (key and answer) larger than this are not kept (one huge answer must not evict everything else).
    let maxAnswerBytes: Int

    private let lock = NSLock()
    private var answers: [Key: Answer] = [:]
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

    func answer(for key: Key) -> Answer? {
        lock.withLock {
            guard let answer = answers[key] else { return nil }
            hits += 1
            return answer
        }
    }

    /// Keeps `answer` for `key`, in place of any answer it had; false when it is too large to keep (the key's
    /// earlier answer, if any, stays).
    @discardableResult
    func store(_ answer: Answer, for key: Key) -> Bool {
        let size = Self.size(key, answer)
        guard size <= maxAnswerBytes, size <= maxBytes, maxEntries > 0 else { return false }
        lock.withLock {
            if let earlier = answers[key] {
                bytes += size - Self.size(key, earlier)
                answers[key] = answer
                while bytes > maxBytes { evictOldest() }
                return
            }
            while !answers.isEmpty, answers.count >= maxEntries || bytes + size > maxBytes { evictOldest() }
            answers[key] = answer
            ring[(oldest + answers.count - 1) % maxEntries] = key
            bytes += size
        }
        return true
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

    static func size(_ key: Key, _ answer: Answer) -> Int { key.byteCount + answer.byteCount }

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
