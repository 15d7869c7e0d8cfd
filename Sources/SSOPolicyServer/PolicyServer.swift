import Dispatch
import Foundation
import Hummingbird
import Logging
import SSOPolicyCLI

/// `ssopolicy serve`: the API and the playground on Hummingbird, stopped cleanly by SIGINT or SIGTERM (the
/// application's service group finishes in-flight requests before it returns).
public enum PolicyServer {
    /// The OpenAPI 3.1 document served at /v1/openapi.json (checked in as docs/openapi.json).
    public static var openAPIDocument: String { OpenAPIDocument.text }

    /// The routes, for in-process tests (`app.test(.router)`) and for the real server alike.
    public static func router(_ options: ServeOptions, context: CLIContext) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: ServerMiddleware())
        let api = PolicyAPI(context: context, options: options)
        api.addRoutes(to: router)
        Playground(api: api).addRoutes(to: router)
        return router
    }

    public static func application(
        _ options: ServeOptions, context: CLIContext, logger: Logger = Logger(label: "ssopolicy.serve"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(options, context: context),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "ssopolicy"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? options.port) },
            logger: logger)
    }

    /// Runs until SIGINT or SIGTERM; returns the exit code. Blocks the calling (main) thread, which is not one of
    /// the concurrency pool's, while the server runs on its own threads.
    public static func runUntilStopped(_ options: ServeOptions, context: CLIContext) -> Int32 {
        var logger = Logger(label: "ssopolicy.serve")
        logger.logLevel = .info
        let app = application(options, context: context, logger: logger) { port in
            context.write("ssopolicy serve: listening on http://\(options.host):\(port)/\n")
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
            } catch {
                outcome.set("error: cannot serve on \(options.host):\(options.port): \(error)")
            }
            done.signal()
        }
        done.wait()
        if let message = outcome.message {
            context.writeError(message + "\n")
            return 1
        }
        context.write("ssopolicy serve: stopped\n")
        return 0
    }
}

/// The server task's failure, read by the thread that waited for it.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?

    func set(_ message: String) { lock.withLock { text = message } }
    var message: String? { lock.withLock { text } }
}
