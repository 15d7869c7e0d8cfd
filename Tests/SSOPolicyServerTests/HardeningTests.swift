import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicyServer

/// A scenario of `steps` alternating steps in the app `inventory`, as inline YAML.
func longScenario(steps: Int) -> String {
    var yaml = "scenario: long\nsteps:\n"
    for index in 0..<steps { yaml += "  - { user: \(index % 2 == 0 ? "alice" : "bob"), open: inventory }\n" }
    return yaml
}

/// Issue 13, point 3: a request past its budget frees its worker, queue time counts, work per request is bounded.
struct BudgetTests {
    @Test func workPastItsTimeIsStoppedAndFreesItsSlot() async throws {
        let limiter = WorkLimiter(maxConcurrent: 1, maxWaiting: 0, timeBudget: .milliseconds(50), maxUnits: .max)
        let iterations = Counter()
        do {
            // Without the stop this loop never ends; with it, it ends at the next check.
            _ = try await limiter.perform { () -> Int in
                while WorkBudget.spend() { iterations.add() }
                return 1
            }
            Issue.record("expected the time budget to run out")
        } catch let error as APIError {
            #expect(error.status.code == 503)
            #expect(error.message.contains("time budget"))
        }
        var freed = false
        for _ in 0..<500 where !freed {
            freed = await limiter.load.running == 0
            if !freed { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(freed, "the stopped computation still holds its slot")
        let stoppedAt = iterations.value
        try await Task.sleep(for: .milliseconds(50))
        #expect(iterations.value == stoppedAt, "the loop went on after its slot was freed")
    }

    @Test func timeSpentQueuedCountsAgainstTheBudget() async throws {
        let limiter = WorkLimiter(maxConcurrent: 1, maxWaiting: 4, timeBudget: .milliseconds(200))
        let release = DispatchSemaphore(value: 0)
        let ran = Counter()
        let holder = Task {
            try await limiter.perform { () -> Int in
                release.wait(); return 1
            }
        }
        while await limiter.load.running == 0 { await Task.yield() }
        do {
            _ = try await limiter.perform { () -> Int in
                ran.add()
                return 2
            }
            Issue.record("expected the queued request to run out of time")
        } catch let error as APIError {
            #expect(error.status.code == 503)
            #expect(error.message.contains("waited out its time budget"))
        }
        #expect(ran.value == 0)
        release.signal()
        // The holder ran past its own budget too (it never checks it), and kept its slot until it ended.
        await #expect(throws: APIError.self) { try await holder.value }
    }

    @Test func aRequestThatArrivedBeforeItsBudgetRanOutIsNotRun() async throws {
        let limiter = WorkLimiter(maxConcurrent: 1, maxWaiting: 4, timeBudget: .milliseconds(100))
        let ran = Counter()
        await #expect(throws: APIError.self) {
            try await limiter.perform(arrival: .now - .seconds(1)) { () -> Int in
                while WorkBudget.spend() { ran.add() }
                return 1
            }
        }
        #expect(ran.value == 0)
        #expect(await limiter.load.running == 0)
    }

    /// The engine's loops stop at their next check: a run over a budget of 100 units spends 101 and no more.
    @Test(arguments: ["run", "evaluate", "matrix"])
    func engineLoopsStopWithinOneIteration(_ verb: String) throws {
        let context = CLIContext(registry: registry, write: { _ in }, writeError: { _ in })
        let queries = Queries(
            resolver: RequestResolver(
                engine: context.engine, catalog: BundledCatalog(files: context.bundled, engine: context.engine)),
            registry: registry)
        let budget = WorkBudget(maxUnits: 3)
        try WorkBudget.$current.withValue(budget) {
            switch verb {
            case "run":
                _ = try queries.run(
                    scenario: .inline(yaml: longScenario(steps: 50), file: nil), policy: .bundled("frontline-entra"),
                    explain: false)
            case "evaluate":
                _ = try queries.evaluate(
                    policy: .bundled("warehouse-airwatch"), request: EvaluateRequest(app: "timesheet", user: "bob"),
                    explain: false)
            default:
                _ = try queries.matrix(policy: .bundled("warehouse-airwatch"), app: nil, all: true)
            }
        }
        #expect(budget.stopReason == .tooMuchWork)
        #expect(budget.unitsSpent == 4)
    }

    @Test func aRequestAskingForTooMuchWorkIs422() async throws {
        var options = ServeOptions(timeBudgetSeconds: 120)
        options.maxWorkUnits = 1000
        let body =
            #"{"scenario": {"yaml": \#(quoted(longScenario(steps: 400)))}, "policies": ["frontline-entra", "#
            + #""warehouse-airwatch", "frontline-entra"]}"#
        let answer = try await request(.post, "/v1/compare", body: body, options: options)
        #expect(answer.status == 422, "\(answer.body)")
        #expect(answer.body.contains("more than 1000 units of work"))
        let fits = try await request(
            .post, "/v1/compare",
            body: #"{"scenario": {"yaml": \#(quoted(longScenario(steps: 300)))}, "policies": ["frontline-entra", "#
                + #""warehouse-airwatch"]}"#, options: options)
        #expect(fits.status == 200)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// Issue 13, point 5: every numeric serve option is range-checked; out of range is a usage error.
struct ServeOptionRangeTests {
    @Test(arguments: [
        ["--time-budget", "inf"], ["--time-budget", "1e300"], ["--time-budget", "nan"], ["--time-budget", "-1"],
        ["--time-budget", "0"], ["--port", "70000"], ["--port", "-1"], ["--max-concurrent", "0"],
        ["--max-concurrent", "100000"], ["--max-waiting", "-1"], ["--max-connections", "0"],
        ["--header-timeout", "inf"], ["--body-timeout", "0"], ["--idle-timeout", "1e300"], ["--allow-host", "a:80"],
    ])
    func outOfRangeIsAUsageError(_ arguments: [String]) {
        #expect(cli(["serve"] + arguments).code == 64)
    }
}

/// Issue 13, point 9: HTTP hygiene.
struct HTTPHygieneTests {
    @Test(arguments: ["text/plain", "multipart/form-data; boundary=x", "application/xml"])
    func postBodiesOfOtherTypesAre415(_ type: String) async throws {
        let answer = try await request(
            .post, "/v1/evaluate", body: #"{"policy": "frontline-entra", "app": "inventory", "user": "bob"}"#,
            headers: [.contentType: type])
        #expect(answer.status == 415)
        #expect(answer.body.contains("application/json"))
    }

    @Test(arguments: ["application/json", "application/json; charset=utf-8", "application/x-www-form-urlencoded"])
    func jsonAndCurlsDefaultTypeAreAccepted(_ type: String) async throws {
        let answer = try await request(
            .post, "/v1/evaluate", body: #"{"policy": "frontline-entra", "app": "inventory", "user": "bob"}"#,
            headers: [.contentType: type])
        #expect(answer.status == 200)
    }

    @Test(arguments: [
        #"{"policy": "frontline-entra", "policy": "warehouse-airwatch", "app": "inventory", "user": "bob"}"#,
        #"{"policy": "frontline-entra", "app": "inventory", "user": "bob", "\u0070olicy": "warehouse-airwatch"}"#,
        #"{"policy": "frontline-entra", "app": "inventory", "user": "bob", "facts": {"a": "1", "a": "2"}}"#,
    ])
    func duplicateKeysAre400(_ body: String) async throws {
        let answer = try await request(.post, "/v1/evaluate", body: body)
        #expect(answer.status == 400)
        #expect(answer.body.contains("twice in one object"))
    }

    @Test func pagesAndDataCarryTheSecurityHeaders() async throws {
        let page = try await exchange(.get, "/")
        let policy = try #require(page.headers[.contentSecurityPolicy])
        #expect(policy.contains("script-src 'none'"))
        #expect(policy.contains("style-src '\(SecurityHeaders.hash(PlaygroundPage.css))'"))
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(page.headers[.xFrameOptions] == "DENY")
        #expect(page.headers[.xContentTypeOptions] == "nosniff")

        let embed = try await exchange(.get, "/embed?policies=frontline-entra")
        #expect(embed.status == 200)
        #expect(embed.headers[.xFrameOptions] == nil)
        #expect(!(embed.headers[.contentSecurityPolicy] ?? "frame-ancestors").contains("frame-ancestors"))
        #expect(embed.headers[.xContentTypeOptions] == "nosniff")

        let data = try await exchange(.get, "/v1/providers")
        #expect(data.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'; sandbox") == true)
        #expect(data.headers[.xContentTypeOptions] == "nosniff")
        let missing = try await exchange(.get, "/nowhere")
        #expect(missing.status == 404)
        #expect(missing.headers[.xContentTypeOptions] == "nosniff")
    }

    @Test func theHashIsSHA256() {
        #expect(
            SHA256.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SecurityHeaders.hash("") == "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        let long = String(repeating: "a", count: 1000)
        #expect(
            SHA256.digest(Array(long.utf8)).map { String(format: "%02x", $0) }.joined()
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test(arguments: [
        ("localhost:8080", true), ("127.0.0.1:8080", true), ("[::1]:8080", true), ("LOCALHOST", true),
        ("10.1.2.3", true), ("app.localhost:1", true), ("attacker.example", false),
        ("attacker.example:8080", false), ("policies.example:443", true), ("127.0.0.1.nip.io", false),
    ])
    func hostHeaderIsCheckedAgainstTheBoundAddress(_ host: String, _ allowed: Bool) {
        let list = HostAllowList(bound: "127.0.0.1", allowed: ["policies.example"])
        #expect(((try? list.check(host)) != nil) == allowed, "\(host)")
    }
}
