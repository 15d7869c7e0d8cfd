import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicyCLI
import SSOPolicyImport
import SSOPolicyTestSupport

/// The three shipped providers, as the executable registers them.
let registry = ProviderRegistry([
    AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
    AnyPolicyProvider(ImprivataMAMProvider()),
    AnyPolicyProvider(AppleSharedIPadProvider()),
])
let engine = SSOPolicyEngine(registry: registry)
let importer = ConfigImporter(
    entra: registry.provider(id: "entra-shared-device")!.descriptor,
    apple: registry.provider(id: "apple-shared-ipad")?.descriptor)

/// The repository root and this target's hand-composed exports.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures"
let exports = fixtures + "/exports"

/// Runs `ssopolicy` in-process with the three providers.
func ssopolicy(_ arguments: String...) -> (code: Int32, out: String, err: String) {
    let capture = Capture()
    let context = CLIContext(registry: registry, write: { capture.out($0) }, writeError: { capture.err($0) })
    let code = CommandLineTool.run(arguments, context: context)
    return (code, capture.output, capture.errors)
}

/// Imports bytes held in memory.
func importing(_ text: String, file: String = "export.json") -> ConfigImporter.Outcome {
    importer.run(documents: [(Array(text.utf8), file)])
}

func importing(bytes: [UInt8], file: String) -> ConfigImporter.Outcome {
    importer.run(documents: [(bytes, file)])
}

func bytes(of path: String) -> [UInt8] {
    Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
}

/// The rendered diagnostics of an outcome.
extension ConfigImporter.Outcome {
    var messages: [String] { diagnostics.map(\.description) }
    var errorMessages: [String] { diagnostics.filter { $0.severity == .error }.map(\.description) }
    var yaml: [String] { policies.map(PolicyYAMLWriter.yaml) }
}
