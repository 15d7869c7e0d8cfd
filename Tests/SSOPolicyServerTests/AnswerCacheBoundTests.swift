import Foundation
import Testing

@testable import SSOPolicyServer

/// Hardening, third pass, point 2: the cache holds its byte bound, counting keys and answers, and drops an evicted
/// key at once, under the reproducer's load of 1 000 distinct bodies of about 1 MB.
struct AnswerCacheBoundTests {
    static let base = Data(
        #"{"policy": "frontline-entra", "app": "inventory", "user": "bob", "facts": {"signed_in": "alice"}}"#.utf8)

    /// The reproducer's body `index`: the same request padded with spaces to `size` bytes, its last 20 bytes spelling
    /// `index` in binary as spaces and newlines.
    static func body(_ index: Int, size: Int = 1_000_000) -> Data {
        var body = base + Data(repeating: 0x20, count: size - base.count - 20)
        for bit in (0..<20).reversed() { body.append(index >> bit & 1 == 1 ? 0x0A : 0x20) }
        return body
    }

    @Test func athousandDistinctOneMegabyteRequestsStayWithinTheBound() {
        let cache = AnswerCache()
        let answer = String(repeating: "a", count: 2_000)
        var mostEntries = 0
        for index in 0..<1_000 {
            let key = AnswerCache.key(path: "/v1/evaluate", body: Self.body(index))
            cache.store(answer, for: key)
            #expect(cache.answer(for: key) == answer)
            let audit = cache.audit
            // Every key the order holds is live, and the bytes counted are the bytes of the entries held.
            #expect(audit.orderKeys == cache.count)
            #expect(audit.orderKeyBytes == audit.tableKeyBytes)
            #expect(audit.tableBytes == cache.countedBytes)
            #expect(cache.countedBytes <= cache.maxBytes)
            mostEntries = max(mostEntries, cache.count)
        }
        let entrySize = "/v1/evaluate".utf8.count + 1_000_000 + answer.utf8.count
        #expect(mostEntries == cache.maxBytes / entrySize)
        #expect(cache.countedBytes == cache.count * entrySize)
        // The newest are kept, the older ones are gone.
        #expect(cache.answer(for: AnswerCache.key(path: "/v1/evaluate", body: Self.body(999))) == answer)
        #expect(cache.answer(for: AnswerCache.key(path: "/v1/evaluate", body: Self.body(0))) == nil)
    }

    @Test func theCountBoundEvictsInOrderAndRefillsTheRing() {
        let cache = AnswerCache(maxEntries: 4, maxBytes: 1 << 20)
        for index in 0..<1_000 {
            cache.store("a\(index)", for: AnswerCache.key(path: "/v1/run", body: Data("\(index)".utf8)))
            #expect(cache.audit.orderKeys == min(index + 1, 4))
        }
        for index in 996..<1_000 {
            #expect(cache.answer(for: AnswerCache.key(path: "/v1/run", body: Data("\(index)".utf8))) == "a\(index)")
        }
        #expect(cache.answer(for: AnswerCache.key(path: "/v1/run", body: Data("995".utf8))) == nil)
        #expect(cache.audit.tableBytes == cache.countedBytes)
    }

    /// Bodies that differ only past their first 80 bytes (which is all `Data` hashes) are told apart, and an entry
    /// larger than the whole bound is not kept.
    @Test func bodiesThatDifferLateAreDistinctKeys() {
        let cache = AnswerCache()
        let first = AnswerCache.key(path: "/v1/evaluate", body: Self.body(1, size: 10_000))
        let second = AnswerCache.key(path: "/v1/evaluate", body: Self.body(2, size: 10_000))
        #expect(first != second)
        cache.store("one", for: first)
        cache.store("two", for: second)
        #expect(cache.answer(for: first) == "one")
        #expect(cache.answer(for: second) == "two")
        let small = AnswerCache(maxEntries: 8, maxBytes: 100, maxAnswerBytes: 1000)
        small.store(String(repeating: "x", count: 200), for: first)
        #expect(small.count == 0)
        #expect(small.countedBytes == 0)
    }
}
