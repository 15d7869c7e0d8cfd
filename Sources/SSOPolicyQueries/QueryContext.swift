import SSOPolicy
import SSOPolicyBundledLibrary

/// What the shared verbs need from the outside world: the providers, the bundled library, and where messages go.
/// The command line builds it from its own context; the server receives it from the composition root.
public struct QueryContext: Sendable {
    public var registry: ProviderRegistry
    public var bundled: [BundledFile]
    public var write: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void

    public init(
        registry: ProviderRegistry, bundled: [BundledFile] = BundledLibrary.files,
        write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void
    ) {
        self.registry = registry
        self.bundled = bundled
        self.write = write
        self.writeError = writeError
    }

    public var engine: SSOPolicyEngine { SSOPolicyEngine(registry: registry) }
}
