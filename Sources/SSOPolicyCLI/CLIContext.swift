import SSOPolicy
import SSOPolicyBundledLibrary

/// What commands need from the outside world, handed in by the composition root: the providers, where output
/// goes, and the bundled library. Commands never reach for globals, so tests run them in-process.
package struct CLIContext: Sendable {
    package var registry: ProviderRegistry
    package var write: @Sendable (String) -> Void
    package var writeError: @Sendable (String) -> Void
    package var bundled: [BundledFile]
    /// Reads standard input (`evaluate --batch -`) like `read(2)`: bytes read, 0 at the end, negative on error.
    package var readInput: @Sendable (UnsafeMutableRawBufferPointer) -> Int
    /// Runs the HTTP server until it is asked to stop and returns the exit code; the composition root provides it
    /// (`nil` in builds without the server module). Awaited from the executable's async entry point.
    package var serve: (@Sendable (ServeOptions, QueryContext) async -> Int32)?

    package init(
        registry: ProviderRegistry, write: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void, bundled: [BundledFile] = BundledLibrary.files,
        readInput: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int = { LineReader.read(0, into: $0) },
        serve: (@Sendable (ServeOptions, QueryContext) async -> Int32)? = nil
    ) {
        self.registry = registry
        self.write = write
        self.writeError = writeError
        self.bundled = bundled
        self.readInput = readInput
        self.serve = serve
    }

    package var engine: SSOPolicyEngine { SSOPolicyEngine(registry: registry) }

    /// The part of the context the shared verbs (and the server) use.
    package var queryContext: QueryContext {
        QueryContext(registry: registry, bundled: bundled, write: write, writeError: writeError)
    }

    /// The shared verbs over paths on disk and bundled names.
    var queries: Queries<FileResolver> { Queries(resolver: FileResolver(context: self), registry: registry) }
}

/// A command that runs with a context and returns its exit code (0 ok, 1 invalid input or failed tests).
protocol ContextualCommand {
    func run(in context: CLIContext) throws -> Int32
}
