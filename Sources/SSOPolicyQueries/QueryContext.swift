import SSOPolicy
import SSOPolicyBundledLibrary

/// What the shared verbs need from the outside world: the providers, the bundled library, and where messages go.
/// The command line builds it from its own context; the server receives it from the composition root.
package struct QueryContext: Sendable {
    package var registry: ProviderRegistry
    package var bundled: [BundledFile]
    package var write: @Sendable (String) -> Void
    package var writeError: @Sendable (String) -> Void

    package init(
        registry: ProviderRegistry, bundled: [BundledFile] = BundledLibrary.files,
        write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void
    ) {
        self.registry = registry
        self.bundled = bundled
        self.write = write
        self.writeError = writeError
    }

    package var engine: SSOPolicyEngine { SSOPolicyEngine(registry: registry) }
}
