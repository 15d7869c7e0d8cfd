import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// Runs `ssopolicy` in-process with `input` as standard input.
func ssopolicy(input: [UInt8], _ arguments: String...) -> (code: Int32, out: String, err: String) {
    ssopolicy(input: input, arguments: arguments)
}

/// Runs `ssopolicy` in-process with `input` as standard input.
func ssopolicy(input: [UInt8], arguments: [String]) -> (code: Int32, out: String, err: String) {
    let capture = Capture()
    let stream = InputStream(input)
    let context = CLIContext(
        registry: ProviderRegistry([
            AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
            AnyPolicyProvider(ImprivataMAMProvider()),
            AnyPolicyProvider(AppleSharedIPadProvider()),
        ]),
        write: { capture.out($0) }, writeError: { capture.err($0) }, readInput: { stream.read(into: $0) })
    let code = CommandLineTool.run(arguments, context: context)
    return (code, capture.output, capture.errors)
}

/// Bytes handed out in small reads, like a pipe.
final class InputStream: @unchecked Sendable {
    private let lock = NSLock()
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        lock.withLock {
            let size = min(buffer.count, bytes.count - offset, 4096)
            for index in 0..<size { buffer[index] = bytes[offset + index] }
            offset += size
            return size
        }
    }
}

let registry = ProviderRegistry([
    AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
    AnyPolicyProvider(ImprivataMAMProvider()),
    AnyPolicyProvider(AppleSharedIPadProvider()),
])
let engine = SSOPolicyEngine(registry: registry)

struct BatchEvaluateTests {
    static let policy = repository + "/Policies/airwatch/warehouse-airwatch.yaml"

    @Test func eachLineAnswersLikeASingleEvaluate() throws {
        let single = ssopolicy(
            "evaluate", Self.policy, "--app", "timesheet", "--user", "bob", "--fact", "passcode_set=true",
            "--fact", "session_live=false", "--format", "json")
        #expect(single.code == 0)
        // The same object, without the merged `answers` a batch line leaves out.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(single.out.utf8)) as? [String: Any])
        #expect(object.removeValue(forKey: "answers") != nil)
        let compact = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        let lines = """
            {"passcode_set": true, "session_live": "false"}

            {"session_live": false, "passcode_set": "true"}
            """
        let batch = ssopolicy(
            input: Array(lines.utf8), "evaluate", Self.policy, "--app", "timesheet", "--user", "bob", "--batch", "-")
        #expect(batch.code == 0, "\(batch.err)")
        let out = batch.out.split(separator: "\n").map(String.init)
        #expect(out.count == 2)
        #expect(out[0] == out[1])
        let parsed = try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: Data(out[0].utf8)), options: [.sortedKeys])
        #expect(parsed == compact)
    }

    @Test func badLinesAreReportedWithTheirLineNumberAndTheRestContinues() {
        var input = Array(
            """
            {"passcode_set": true}
            {"pascode_set": true}
            not json
            {"passcode_set": 1}
            {"passcode_set": "maybe"}
            {"user": "carol", "session_user": "alice"}
            {"app": "timesheat"}
            {"passcode_set": true, "passcode_set": false}
            {"a":{"a":{"a":{}}}}

            """.utf8)
        input += Array(#"{"session_user": "al"#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
        input += Array(repeating: UInt8(ascii: " "), count: 70_000) + [0x0A]
        input += Array("{}\n".utf8)
        let result = ssopolicy(
            input: input, "evaluate", Self.policy, "--app", "timesheet", "--user", "bob", "--batch", "-")
        #expect(result.code == 1)
        #expect(
            result.err.split(separator: "\n").map(String.init) == [
                "<stdin>:2: error: unknown fact 'pascode_set' for provider 'airwatch-sdk'; did you mean 'passcode_set'?; facts: passcode_set, session_live, silent_login, initial_check_done, session_user, checked_out_user",
                "<stdin>:3: error: column 1: expected a JSON object of facts ('{'), found 'n'",
                "<stdin>:4: error: column 18: 'passcode_set': numbers are not fact values; use a string or true/false",
                "<stdin>:5: error: fact 'passcode_set': expected one of 'true', 'false', found 'maybe'",
                "<stdin>:7: error: policy 'warehouse-airwatch' has no app 'timesheat'; did you mean 'timesheet'?; apps: inventory, timesheet",
                "<stdin>:8: error: key 'passcode_set' given twice",
                "<stdin>:9: error: column 6: 'a': nested objects and arrays are not fact values; use a string or true/false",
                "<stdin>:10: error: column 18: invalid UTF-8 in a string",
                "<stdin>:11: error: line longer than 65536 bytes",
            ])
        let answers = result.out.split(separator: "\n")
        #expect(answers.count == 3)
        #expect(answers[1].contains(#""user":"carol""#))
    }

    @Test func aFileArgumentNamesItsErrors() {
        let folder = Fixtures.folder()
        let path = Fixtures.write("{\"session_live\": true}\n[]\n", to: "facts.jsonl", in: folder)
        let result = ssopolicy("evaluate", Self.policy, "--app", "timesheet", "--user", "bob", "--batch", path)
        #expect(result.code == 1)
        #expect(result.err == "\(path):2: error: column 1: expected a JSON object of facts ('{'), found '['\n")
        #expect(result.out.split(separator: "\n").count == 1)
        let missing = ssopolicy("evaluate", Self.policy, "--app", "timesheet", "--user", "bob", "--batch", path + "x")
        #expect(missing.code == 1)
        #expect(missing.err == "\(path)x:1:1: error: no such file\n")
        #expect(
            ssopolicy(
                "evaluate", Self.policy, "--app", "a", "--user", "b", "--fact", "x=y", "--batch", path
            ).code == 64)
    }

    /// A long stream runs in constant memory: the reader hands over views into one buffer, output leaves in bounded
    /// pieces, and the memo stays bounded; nothing grows with the number of lines.
    @Test func aLongStreamNeverAccumulates() throws {
        let policy = try engine.loadPolicy(path: Self.policy)
        let variants = [
            #"{"passcode_set": true, "session_live": true, "silent_login": "succeeds", "initial_check_done": true, "session_user": "alice", "checked_out_user": "none"}"#,
            #"{"passcode_set": false, "session_live": false, "silent_login": "fails", "initial_check_done": false, "session_user": "none", "checked_out_user": "bob"}"#,
        ].map { Array(($0 + "\n").utf8) }
        let total = 40_000
        var produced = 0
        var pending: ArraySlice<UInt8> = []
        let reader = LineReader { buffer in
            if pending.isEmpty {
                guard produced < total else { return 0 }
                pending = variants[produced % 2][...]
                produced += 1
            }
            let size = min(pending.count, buffer.count)
            for (index, byte) in pending.prefix(size).enumerated() { buffer[index] = byte }
            pending = pending.dropFirst(size)
            return size
        }
        var run = BatchRun(evaluator: BatchEvaluator(policy: policy, app: "timesheet", user: "bob"), file: "-")
        var largestWrite = 0
        var lines = 0
        let summary = run.run(
            reader,
            write: { piece in
                largestWrite = max(largestWrite, piece.utf8.count)
                lines += piece.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            }, writeError: { Issue.record("\($0)") })
        #expect(summary.answered == total)
        #expect(lines == total)
        #expect(largestWrite < BatchRun.outputBufferBytes + 16_384)
        #expect(run.evaluator.memoCount == 2)
        #expect(run.evaluator.memoHits == total - 2)
    }

    @Test func theMemoIsBounded() throws {
        let policy = try engine.loadPolicy(path: Self.policy)
        var evaluator = BatchEvaluator(policy: policy, app: "timesheet", user: "bob")
        for index in 0..<(BatchEvaluator.maxMemoEntries + 10) {
            let line =
                #"{"passcode_set": true, "session_live": true, "silent_login": "fails", "initial_check_done": true, "checked_out_user": "none", "session_user": "u\#(index)"}"#
            guard case .success = evaluator.evaluate(line: line) else {
                Issue.record("line \(index) failed")
                return
            }
        }
        #expect(evaluator.memoCount <= BatchEvaluator.maxMemoEntries)
        // The memo started over once full (by entries or by bytes, whichever bound came first).
        #expect(evaluator.memoCount < BatchEvaluator.maxMemoEntries)
    }

    @Test func entraLinesWithOverrides() {
        let input = #"{"signed_in": "alice", "user": "bob", "app": "inventory"}"# + "\n"
        let result = ssopolicy(
            input: Array(input.utf8), "evaluate", "frontline-entra", "--app", "x", "--user", "y", "--batch", "-")
        #expect(result.code == 0, "\(result.err)")
        #expect(
            result.out.hasPrefix(
                #"{"policy":"frontline-entra","provider":"entra-shared-device","app":"inventory","user":"bob""#))
    }
}

struct BenchCommandTests {
    @Test func benchReportsEveryWorkloadInAFixedStructure() throws {
        let result = ssopolicy(
            "bench", "warehouse-airwatch", "frontline-entra", "--seconds", "0.01", "--format", "json")
        #expect(result.code == 0, "\(result.err)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(
            results.map { "\($0["policy"]!) \($0["workload"]!)" } == [
                "warehouse-airwatch attempt", "warehouse-airwatch scenario-step", "warehouse-airwatch what-if",
                "frontline-entra attempt", "frontline-entra scenario-step", "frontline-entra what-if",
            ])
        for entry in results {
            #expect(
                Set(entry.keys) == [
                    "policy", "provider", "workload", "variants", "operations", "seconds", "per_second", "p50_ns",
                    "p99_ns",
                    "checksum",
                ])
            #expect((entry["operations"] as? Int ?? 0) > 0)
        }
        let again = ssopolicy("bench", "warehouse-airwatch", "--seconds", "0.01", "--format", "json")
        let checksums = try #require(
            (try JSONSerialization.jsonObject(with: Data(again.out.utf8)) as? [String: Any])?["results"]
                as? [[String: Any]])
        #expect(checksums.count == 3)
        let whatIf = ssopolicy(
            "bench", "frontline-entra", "--workload", "what-if", "--seconds", "0.01", "--format", "json")
        let whatIfs = try #require(
            (try JSONSerialization.jsonObject(with: Data(whatIf.out.utf8)) as? [String: Any])?["results"]
                as? [[String: Any]])
        #expect(whatIfs.map { "\($0["workload"]!) \($0["variants"]!)" } == ["what-if 2"])
        let text = ssopolicy("bench", "warehouse-airwatch", "--seconds", "0.01")
        #expect(text.out.hasPrefix("ssopolicy bench: one core, trace off, batches of 1000 operations"))
        #expect(text.out.contains("warehouse-airwatch  airwatch-sdk  attempt"))
        #expect(ssopolicy("bench", "--seconds", "0").code == 64)
    }
}
