import AirWatchSDKProvider
import EntraSharedDeviceProvider
import Foundation
import SSOPolicy

// libFuzzer target over the loader: the input bytes are read as a YAML document and loaded as a policy, a scenario
// and a suite through the engine's public API, with diagnostics collected. A policy that loads plays a bundled
// scenario; a scenario that loads plays against bundled policies; both render JSON. (Evaluating attempts is
// the batch target's job.) Nothing may crash or hang.

let engine = SSOPolicyEngine(
    registry: ProviderRegistry([
        AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
    ]))
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
let bundledPolicies = [
    "Policies/airwatch/warehouse-airwatch.yaml", "Policies/entra/frontline-entra.yaml",
].compactMap { try? engine.loadPolicy(path: root + "/" + $0) }
let bundledScenario = try? engine.loadScenario(path: root + "/Policies/scenarios/shift-change.yaml")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let document = try? engine.readDocument(bytes: bytes, file: "fuzz.yaml") else { return 0 }
    _ = try? engine.kind(of: document)
    if let policy = try? engine.loadPolicy(document, file: "fuzz.yaml") {
        if let bundledScenario, let result = try? engine.run(bundledScenario, against: policy, mode: .lenient) {
            _ = RunJSON.run(result).serialized()
        }
    }
    if let scenario = try? engine.loadScenario(document, file: "fuzz.yaml") {
        for policy in bundledPolicies {
            if let result = try? engine.run(scenario, against: policy, traceMode: .explain, mode: .lenient) {
                _ = RunJSON.run(result).serialized()
            }
        }
    }
    _ = try? engine.loadSuite(document, file: "fuzz.yaml")
    _ = try? engine.loadFleet(document, file: "fuzz.yaml")
    return 0
}
