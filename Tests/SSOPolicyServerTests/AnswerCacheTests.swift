import Foundation
import Testing

@testable import SSOPolicyServer

/// The bounded cache of answers to identical requests: hits return the stored bytes, and the bounds hold.
struct AnswerCacheTests {
    func key(_ text: String) -> RequestKey { AnswerCache.key(path: "/v1/compare", body: Data(text.utf8)) }

    @Test func anIdenticalRequestIsServedFromTheCache() {
        let cache = AnswerCache()
        #expect(cache.answer(for: key("{}")) == nil)
        cache.store("answer\n", for: key("{}"))
        #expect(cache.answer(for: key("{}")) == "answer\n")
        #expect(cache.answer(for: key("{ }")) == nil)
        #expect(cache.answer(for: AnswerCache.key(path: "/v1/run", body: Data("{}".utf8))) == nil)
        #expect(cache.hits == 1)
    }

    @Test func theOldestEntryGoesFirstWhenTheCountBoundIsReached() {
        let cache = AnswerCache(maxEntries: 3)
        for index in 0..<5 { cache.store("a\(index)", for: key("\(index)")) }
        #expect(cache.count == 3)
        #expect(cache.answer(for: key("0")) == nil)
        #expect(cache.answer(for: key("1")) == nil)
        #expect(cache.answer(for: key("4")) == "a4")
    }

    /// A key stored again takes the new answer in place, counted at its new size; one too large is refused and the
    /// key keeps its answer.
    @Test func aKeyStoredAgainTakesTheNewAnswer() {
        let cache = AnswerCache(maxEntries: 4, maxBytes: 100, maxAnswerBytes: 60)
        #expect(cache.store("first", for: key("a")))
        #expect(cache.store("the second", for: key("a")))
        #expect(cache.answer(for: key("a")) == "the second")
        #expect(cache.count == 1)
        #expect(cache.countedBytes == key("a").byteCount + "the second".utf8.count)
        #expect(!cache.store(String(repeating: "x", count: 60), for: key("a")))
        #expect(cache.answer(for: key("a")) == "the second")
        // Growing past the byte bound evicts the oldest entries.
        for index in 0..<3 { cache.store(String(repeating: "y", count: 20), for: key("\(index)")) }
        cache.store(String(repeating: "z", count: 50), for: key("2"))
        #expect(cache.countedBytes <= 100)
        #expect(cache.answer(for: key("a")) == nil)
        #expect(cache.audit.tableBytes == cache.countedBytes)
    }

    @Test func theByteBoundHoldsAndOversizedAnswersAreNotKept() {
        let cache = AnswerCache(maxEntries: 100, maxBytes: 100, maxAnswerBytes: 60)
        cache.store(String(repeating: "x", count: 61), for: key("big"))
        #expect(cache.count == 0)
        for index in 0..<10 { cache.store(String(repeating: "y", count: 30), for: key("\(index)")) }
        #expect(cache.count <= 3)
        #expect(cache.answer(for: key("9")) != nil)
    }
}

struct CachedRouteTests {
    @Test func aRepeatedComparisonGetsTheSameBytes() async throws {
        let body = #"{"scenario":"shift-change","policies":["warehouse-airwatch","frontline-entra"]}"#
        let first = try await request(.post, "/v1/compare", body: body)
        let second = try await request(.post, "/v1/compare", body: body)
        #expect(first.status == 200)
        #expect(second.body == first.body)
        let expected = cli([
            "compare", "warehouse-airwatch", "frontline-entra", "--scenario", "shift-change", "--format", "json",
        ])
        #expect(first.body == expected.out)
    }
}
