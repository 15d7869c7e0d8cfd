import Foundation
import Hummingbird
import HummingbirdTesting
import SSOPolicy
import SSOPolicyCLI
import Testing

@testable import SSOPolicyServer

/// One JSON object of `keys` distinct keys, as the stall reproducer sends it: `{"k0":0,"k1":0,...}`.
func manyKeysObject(_ keys: Int) -> String {
    "{" + (0..<keys).map { "\"k\($0)\":0" }.joined(separator: ",") + "}"
}

/// Hardening, third pass, point 1: the body scan is linear, caps the keys per object, and runs under the limiter.
struct BodyScanTests {
    @Test func anObjectOfEightyThousandKeysStopsAtTheCap() throws {
        let body = Array(manyKeysObject(80_000).utf8)
        var scan = JSONBodyScan()
        #expect(try scan.firstProblem(in: body) == .tooManyKeys(limit: JSONBodyScan.maxKeysPerObject))
        // The scan read up to the key past the cap and no further, and put only the keys before it in its set.
        #expect(scan.keysInserted == JSONBodyScan.maxKeysPerObject)
        let capKey = Array("\"k\(JSONBodyScan.maxKeysPerObject)\"".utf8)
        let capOffset = try #require(body.firstRange(of: capKey)).lowerBound
        #expect(scan.bytesRead == capOffset)
    }

    /// Without the cap the work is one set insertion per key and one read of each byte, however the keys are spread.
    @Test(arguments: [1, 2, 40_000])
    func theWorkIsOneInsertionPerKey(_ objects: Int) throws {
        let keysPerObject = 80_000 / objects
        let body = Array(
            ("[" + (0..<objects).map { _ in manyKeysObject(keysPerObject) }.joined(separator: ",") + "]").utf8)
        var scan = JSONBodyScan()
        scan.maxKeysPerObject = .max
        #expect(try scan.firstProblem(in: body) == nil)
        #expect(scan.keysInserted == 80_000)
        #expect(scan.bytesRead == body.count)
    }

    @Test func duplicatesAreFoundPerObjectAfterUnescaping() throws {
        var scan = JSONBodyScan()
        #expect(try scan.firstProblem(in: Array(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": "a"}]}"#.utf8)) == nil)
        #expect(try scan.firstProblem(in: Array(#"{"a": "x\"", "a\"": 1}"#.utf8)) == nil)
        #expect(try scan.firstProblem(in: Array(#"{"a": [1, {"b": 2}], "a": 3}"#.utf8)) == .duplicateKey("a"))
        #expect(try scan.firstProblem(in: Array(#"{"ab": 1, "\u0061b": 2}"#.utf8)) == .duplicateKey("ab"))
        // The key past the cap and the key given twice are both found wherever the object sits.
        scan.maxKeysPerObject = 2
        #expect(
            try scan.firstProblem(in: Array(#"[{"a": 1}, {"a": 1, "b": 2, "c": 3}]"#.utf8)) == .tooManyKeys(limit: 2))
    }

    @Test func nestingPastTheDepthIsRefused() throws {
        var scan = JSONBodyScan()
        let deep = String(repeating: "[", count: JSONBodyScan.maxDepth + 1) + String(repeating: "]", count: 65)
        #expect(try scan.firstProblem(in: Array(deep.utf8)) == .tooDeep(limit: JSONBodyScan.maxDepth))
        let fits = String(repeating: "[", count: JSONBodyScan.maxDepth) + String(repeating: "]", count: 64)
        #expect(try scan.firstProblem(in: Array(fits.utf8)) == nil)
    }

    @Test func aStoppedBudgetStopsTheScan() {
        let budget = WorkBudget()
        budget.stop()
        var scan = JSONBodyScan()
        let body = Array(manyKeysObject(20_000).utf8)
        scan.maxKeysPerObject = .max
        WorkBudget.$current.withValue(budget) {
            #expect(throws: WorkBudget.Stopped.self) { try scan.firstProblem(in: body) }
        }
        // It stopped at its first check of the budget, a key's length past the interval.
        #expect(scan.bytesRead >= JSONBodyScan.checkInterval)
        #expect(scan.bytesRead < JSONBodyScan.checkInterval + 16)
    }

    @Test(arguments: ["/v1/check", "/v1/evaluate", "/v1/compare"])
    func theReproducersBodyIsRefusedWithTheCap(_ route: String) async throws {
        let answer = try await request(.post, route, body: manyKeysObject(80_000))
        #expect(answer.status == 413, "\(answer.body)")
        let offset = try #require(Array(manyKeysObject(80_000).utf8).firstRange(of: Array("\"k1000\"".utf8)))
            .lowerBound
        #expect(answer.body.contains("more than 1000 keys (the limit per object; key 1001 is at byte \(offset))"))
        let facts = (0..<1_001).map { "\"f\($0)\": \"x\"" }.joined(separator: ", ")
        let nested = try await request(
            .post, "/v1/evaluate",
            body: #"{"policy": "frontline-entra", "app": "inventory", "user": "bob", "facts": {\#(facts)}}"#)
        #expect(nested.status == 413)
    }

    @Test func aKeyGivenTwiceIsQuotedShort() async throws {
        let key = String(repeating: "k", count: 5000)
        let answer = try await request(.post, "/v1/check", body: #"{"\#(key)": 1, "\#(key)": 2}"#)
        #expect(answer.status == 400)
        // The second key's quote: after `{`, the first key in quotes and `: 1, `.
        let again = 1 + (key.utf8.count + 2) + 5
        #expect(
            answer.body.contains(
                "'" + String(repeating: "k", count: 100) + "…' twice in one object (again at byte \(again))"))
    }
}

/// The routes of one `PolicyAPI` whose limiter a test can hold.
func limitedAPI(_ options: ServeOptions) -> (api: PolicyAPI, router: Router<BasicRequestContext>) {
    let context = CLIContext(registry: registry, write: { _ in }, writeError: { _ in })
    let api = PolicyAPI(context: context.queryContext, options: options)
    let router = Router()
    router.add(middleware: ServerMiddleware(hosts: HostAllowList(bound: "127.0.0.1", allowed: [])))
    api.addRoutes(to: router)
    Playground(api: api).addRoutes(to: router)
    return (api, router)
}

/// Holds every slot of `limiter` until `release` is signalled; returns once they are held.
func holdAllSlots(_ limiter: WorkLimiter, until release: DispatchSemaphore) async -> [Task<Int, any Error>] {
    var holders: [Task<Int, any Error>] = []
    let slots = await limiter.maxConcurrent
    for _ in 0..<slots {
        holders.append(
            Task {
                try await limiter.perform { () -> Int in
                    release.wait(); return 1
                }
            })
    }
    while await limiter.load.running < slots { await Task.yield() }
    return holders
}

/// No request's parsing runs outside the limiter (but for an `evaluate` body of at most 16 KiB, decoded to look its
/// question up, `EvaluateForAnotherUserTests`): with every slot held, a body that the scan would refuse gets the
/// limiter's answer (busy, or its time waited out), not the scan's.
@Suite(.serialized)
struct ParsingUnderTheLimiterTests {
    @Test func withEverySlotHeldTheScanDoesNotRun() async throws {
        let (api, router) = limitedAPI(ServeOptions(maxConcurrent: 1, maxWaiting: 0, timeBudgetSeconds: 120))
        let release = DispatchSemaphore(value: 0)
        let holders = await holdAllSlots(api.limiter, until: release)
        let app = Application(router: router)
        let body = manyKeysObject(80_000)
        let busy = try await app.test(.router) { client in
            try await client.execute(
                uri: "/v1/check", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: body)
            ) { ($0.status.code, String(buffer: $0.body)) }
        }
        #expect(busy.0 == 503, "\(busy.1)")
        #expect(busy.1.contains("busy"))
        release.signal()
        for holder in holders { _ = try await holder.value }
        let scanned = try await app.test(.router) { client in
            try await client.execute(
                uri: "/v1/check", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: body)
            ) { $0.status.code }
        }
        #expect(scanned == 413)
    }

    @Test func aRequestQueuedBehindHeldSlotsGets503AtItsBudget() async throws {
        let (api, router) = limitedAPI(ServeOptions(maxConcurrent: 2, maxWaiting: 4, timeBudgetSeconds: 0.2))
        let release = DispatchSemaphore(value: 0)
        let holders = await holdAllSlots(api.limiter, until: release)
        let answer = try await Application(router: router).test(.router) { client in
            try await client.execute(
                uri: "/v1/evaluate", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"policy": "frontline-entra", "app": "inventory", "user": "bob"}"#)
            ) { ($0.status.code, String(buffer: $0.body)) }
        }
        #expect(answer.0 == 503)
        #expect(answer.1.contains("waited out its time budget"))
        for _ in holders { release.signal() }
        for holder in holders { _ = try? await holder.value }
    }
}
