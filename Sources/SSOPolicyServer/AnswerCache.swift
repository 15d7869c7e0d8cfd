import Foundation

/// Answers to identical requests, kept in a bounded cache: every answer is a pure function of the verb and the
/// body's bytes (the library and the providers do not change while the server runs), so a repeated comparison
/// is served without recomputing it. Bounded by entry count and total bytes; the oldest entry goes first.
final class AnswerCache: @unchecked Sendable {
    let maxEntries: Int
    let maxBytes: Int
    /// Answers larger than this are not kept (one huge answer must not evict everything else).
    let maxAnswerBytes: Int

    private let lock = NSLock()
    private var answers: [Data: String] = [:]
    private var order: [Data] = []
    private var head = 0
    private var bytes = 0
    private(set) var hits = 0

    init(maxEntries: Int = 512, maxBytes: Int = 32 << 20, maxAnswerBytes: Int = 1 << 20) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
        self.maxAnswerBytes = maxAnswerBytes
    }

    static func key(path: String, body: Data) -> Data { Data(path.utf8) + Data([0]) + body }

    func answer(for key: Data) -> String? {
        lock.withLock {
            guard let answer = answers[key] else { return nil }
            hits += 1
            return answer
        }
    }

    func store(_ answer: String, for key: Data) {
        let size = answer.utf8.count + key.count
        guard size <= maxAnswerBytes, maxEntries > 0 else { return }
        lock.withLock {
            guard answers[key] == nil else { return }
            while !answers.isEmpty, answers.count >= maxEntries || bytes + size > maxBytes { evictOldest() }
            answers[key] = answer
            order.append(key)
            bytes += size
        }
    }

    var count: Int { lock.withLock { answers.count } }

    private func evictOldest() {
        let key = order[head]
        head += 1
        if let answer = answers.removeValue(forKey: key) { bytes -= answer.utf8.count + key.count }
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }
}
