import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicyCLI
import Testing

/// Replays what the fuzz targets do (Fuzz/FuzzLoader, Fuzz/FuzzBatch) on the seed corpus and on inputs kept from
/// fuzzing, so a crash once found stays fixed in plain `swift test`. Add each new crash input to `loaderInputs` or
/// `batchInputs` (or as a file under Fuzz/Corpus).
struct FuzzRegressionTests {
    static let engine = SSOPolicyEngine(
        registry: ProviderRegistry([
            AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
            AnyPolicyProvider(ImprivataMAMProvider()),
            AnyPolicyProvider(AppleSharedIPadProvider()),
        ]))

    /// Inputs that stress the loader's edges (fuzzing found no crash in 31 948 runs; these keep the edges tested).
    static let loaderInputs: [[UInt8]] = [
        Array("policy: p\nprovider: airwatch-sdk\napps:\n  - id: a\n  - id: a\n".utf8),
        Array("scenario: s\nsteps:\n  - { at: \"99:99\", user: a, open: x }\n".utf8),
        Array("scenario: s\nsteps:\n  - { after: 999999999999h, user: a, open: x }\n".utf8),
        Array("suite: s\npolicy: *x\n".utf8),
        Array("policy: &a [*a]\n".utf8),
        [0xEF, 0xBB, 0xBF] + Array("policy: p\n".utf8),
        Array("scenario: s\nsteps: [{open: \u{0}}]\n".utf8),
        [],
    ]

    static let batchInputs: [[UInt8]] = [
        [0x00] + Array("{\"session_user\": \"\\u0000\"}\n{\"user\": \"none\"}\n{\"user\": \"another-user\"}\n".utf8),
        [0x01] + Array("{\"app\": \"\", \"event\": \"tap\"}\n{\"event\": \"sign_out\"}\n\r\n\n".utf8),
        [0x00] + Array(repeating: UInt8(ascii: "{"), count: 10_000),
        [0xFF] + Array("{\"k\": \"\\ud83d\"}\n{\"\": null}\n".utf8),
    ]

    static func corpus(_ name: String) -> [[UInt8]] {
        let folder = repository + "/Fuzz/Corpus/" + name
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.sorted().compactMap { FileManager.default.contents(atPath: folder + "/" + $0).map { [UInt8]($0) } }
    }

    @Test func theLoaderHandlesTheCorpusAndKeptInputs() throws {
        let corpus = Self.corpus("loader")
        #expect(corpus.count >= 10)
        let scenario = try Self.engine.loadScenario(path: repository + "/Policies/scenarios/shift-change.yaml")
        let policy = try Self.engine.loadPolicy(path: repository + "/Policies/entra/frontline-entra.yaml")
        var loaded = 0
        for input in corpus + Self.loaderInputs {
            guard let document = try? Self.engine.readDocument(bytes: input, file: "fuzz.yaml") else { continue }
            if let compiled = try? Self.engine.loadPolicy(document, file: "fuzz.yaml") {
                loaded += 1
                if let result = try? Self.engine.run(scenario, against: compiled, mode: .lenient) {
                    #expect(!RunJSON.run(result).serialized().isEmpty)
                }
            }
            if let loadedScenario = try? Self.engine.loadScenario(document, file: "fuzz.yaml") {
                loaded += 1
                _ = try? Self.engine.run(loadedScenario, against: policy, traceMode: .explain, mode: .lenient)
            }
            _ = try? Self.engine.loadSuite(document, file: "fuzz.yaml")
        }
        // Seeds named `hostile_*` (key bombs) must be refused; every other seed loads.
        let hostile = ((try? FileManager.default.contentsOfDirectory(atPath: repository + "/Fuzz/Corpus/loader")) ?? [])
            .filter { $0.hasPrefix("hostile_") }
        #expect(hostile.count >= 4)
        #expect(loaded >= corpus.count - hostile.count)
    }

    @Test func theBatchPathHandlesTheCorpusAndKeptInputs() throws {
        let policies = [
            (try Self.engine.loadPolicy(path: repository + "/Policies/airwatch/warehouse-airwatch.yaml"), "timesheet"),
            (try Self.engine.loadPolicy(path: repository + "/Policies/entra/frontline-entra.yaml"), "inventory"),
        ]
        let corpus = Self.corpus("batch")
        #expect(corpus.count >= 3)
        for input in corpus + Self.batchInputs where !input.isEmpty {
            let (policy, app) = policies[Int(input[0]) % policies.count]
            var offset = 1
            let chunk = 1 + Int(input[0]) / 2
            let reader = LineReader(maxLineBytes: 512) { buffer in
                let size = min(chunk, buffer.count, input.count - offset)
                guard size > 0 else { return 0 }
                for index in 0..<size { buffer[index] = input[offset + index] }
                offset += size
                return size
            }
            var run = BatchRun(evaluator: BatchEvaluator(policy: policy, app: app, user: "bob"), file: "<fuzz>")
            let summary = run.run(reader, write: { _ in }, writeError: { _ in })
            #expect(summary.answered + summary.errors == summary.lines)
        }
    }
}
