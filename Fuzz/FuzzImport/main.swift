import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyImport

// libFuzzer target over `ssopolicy import`'s readers: the input bytes are read as an export (Graph JSON, an XML or
// binary plist, or a CMS-signed profile, chosen by content), mapped to policies, and each policy is written and
// loaded back as the command does before it writes a file (in the compact form when the full one passes the
// loader's file limit). Nothing may crash or hang, and a policy the importer makes must load.

let registry = ProviderRegistry([
    AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
    AnyPolicyProvider(ImprivataMAMProvider()),
    AnyPolicyProvider(AppleSharedIPadProvider()),
])
let engine = SSOPolicyEngine(registry: registry)
let importer = ConfigImporter(
    entra: registry.provider(id: "entra-shared-device")!.descriptor,
    apple: registry.provider(id: "apple-shared-ipad")?.descriptor)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let outcome = importer.run(documents: [(bytes, "fuzz.json")])
    for policy in outcome.policies {
        // As the command: the compact form past the loader's file limit, and a refusal naming it past even that.
        guard case .success(let yaml) = PolicyYAMLWriter.fitting(policy, maxBytes: engine.limits.maxBytes) else {
            continue
        }
        do {
            _ = try engine.loadPolicy(yaml: yaml, file: "fuzz.yaml")
        } catch {
            fatalError("an imported policy does not load: \(error)\n\(yaml)")
        }
    }
    return 0
}
