import AirWatchSDKProvider
import EntraSharedDeviceProvider
import Foundation
import SSOPolicy

// libFuzzer target over `evaluate --batch`: the input is a batch stream. The first byte picks the policy and the
// chunk size the line reader is fed with (so line and chunk boundaries move), the rest goes through `BatchRun`
// with a small line limit, exactly as the command streams it. Nothing may crash, hang or grow without bound.

let engine = SSOPolicyEngine(
    registry: ProviderRegistry([
        AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
    ]))
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
let policies = [
    ("Policies/airwatch/warehouse-airwatch.yaml", "timesheet"), ("Policies/entra/frontline-entra.yaml", "inventory"),
].compactMap { path, app in (try? engine.loadPolicy(path: root + "/" + path)).map { ($0, app) } }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatch(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0, !policies.isEmpty else { return 0 }
    let input = UnsafeRawBufferPointer(start: start, count: count)
    let selector = Int(input[0])
    let (policy, app) = policies[selector % policies.count]
    let chunk = 1 + selector / 2
    var offset = 1
    let reader = LineReader(maxLineBytes: 512) { buffer in
        let size = min(chunk, buffer.count, count - offset)
        guard size > 0 else { return 0 }
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: input[offset..<offset + size]))
        offset += size
        return size
    }
    var run = BatchRun(evaluator: BatchEvaluator(policy: policy, app: app, user: "bob"), file: "<fuzz>")
    var written = 0
    let summary = run.run(reader, write: { written += $0.utf8.count }, writeError: { _ in })
    precondition(summary.answered + summary.errors <= summary.lines + 1, "more answers than lines")
    return 0
}
