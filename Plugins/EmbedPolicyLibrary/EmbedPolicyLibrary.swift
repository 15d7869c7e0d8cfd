import Foundation
import PackagePlugin

/// Embeds every YAML and Markdown file under `Policies/` into the `SSOPolicyBundledLibrary` target as Swift source,
/// so `ssopolicy` with no arguments runs the bundled defaults from any directory.
@main
struct EmbedPolicyLibrary: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let policies = context.package.directoryURL.appending(path: "Policies")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPolicyLibrary.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: policies, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "yaml" {
                inputs.append(url)
            }
        }
        inputs.sort { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding the policy library (\(inputs.count) files)",
                executable: try context.tool(named: "embed-policy-library").url,
                arguments: [policies.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
