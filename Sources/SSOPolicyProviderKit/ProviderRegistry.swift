/// The providers an engine knows, looked up by id. Populated once, explicitly, in a composition root
/// (the `ssopolicy` executable, a test, or an embedding tool) — never discovered at run time.
public struct ProviderRegistry: Sendable {
    public let providers: [AnyPolicyProvider]

    /// Providers are kept sorted by id; ids must be unique.
    public init(_ providers: [AnyPolicyProvider]) {
        var seen = Set<String>()
        for provider in providers {
            precondition(seen.insert(provider.id).inserted, "provider id '\(provider.id)' registered twice")
            // The core's properties and verdicts read findings by concern: a provider without the mapping would
            // make them hold vacuously, so it is refused here rather than trusted.
            let problems = provider.descriptor.vocabularyProblems()
            precondition(problems.isEmpty, "provider '\(provider.id)': " + problems.joined(separator: "; "))
        }
        self.providers = providers.sorted { $0.id < $1.id }
    }

    public func provider(id: String) -> AnyPolicyProvider? {
        providers.first { $0.id == id }
    }

    public var ids: [String] { providers.map(\.id) }
}
