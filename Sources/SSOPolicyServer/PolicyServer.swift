import Dispatch
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import SSOPolicy
import SSOPolicyQueries

/// `ssopolicy serve`: the API and the playground on Hummingbird, stopped cleanly by SIGINT or SIGTERM (the
/// application's service group finishes in-flight requests before it returns).
package enum PolicyServer {
    /// The OpenAPI 3.1 document served at /v1/openapi.json (checked in as docs/openapi.json).
    package static var openAPIDocument: String { OpenAPIDocument.text }

    /// The routes, for in-process tests (`app.test(.router)`) and for the real server alike.
    package static func router(_ options: ServeOptions, context: QueryContext) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(
            middleware: ServerMiddleware(hosts: HostAllowList(bound: options.host, allowed: options.allowedHosts)))
        let api = PolicyAPI(context: context, options: options)
        api.addRoutes(to: router)
        Playground(api: api).addRoutes(to: router)
        return router
    }

    /// The server with its connection guard: `connections` is the registry it admits connections to (tests read it).
    package static func application(
        _ options: ServeOptions, context: QueryContext, logger: Logger = Logger(label: "ssopolicy.serve"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        application(
            options, context: context,
            connections: ConnectionRegistry(
                maxConnections: options.maxConnections, maxAnswerBytes: options.maxAnswerBytes, logger: logger),
            logger: logger, onServerRunning: onServerRunning)
    }

    static func application(
        _ options: ServeOptions, context: QueryContext, connections: ConnectionRegistry, logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let timeouts = ConnectionTimeouts(options)
        return Application(
            router: router(options, context: context),
            server: HTTPServerBuilder { responder in
                GuardedHTTP1Channel(responder: responder, connections: connections, timeouts: timeouts)
            },
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: "ssopolicy", backlog: 1024),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? options.port) },
            logger: logger)
    }

    /// The options with the connection cap lowered, if need be, to fit the descriptor limit (raised first).
    static func fitted(_ requested: ServeOptions, logger: Logger) -> ServeOptions {
        var options = requested
        let descriptors = DescriptorLimit.raise()
        let fitting = DescriptorLimit.connectionsFitting(descriptors)
        if options.maxConnections > fitting {
            logger.warning(
                "--max-connections lowered to fit the descriptor limit",
                metadata: [
                    "requested": .stringConvertible(options.maxConnections), "used": .stringConvertible(fitting),
                    "descriptor_limit": .stringConvertible(descriptors),
                ])
            options.maxConnections = fitting
        }
        return options
    }

    /// Runs until SIGINT or SIGTERM (the service group finishes in-flight requests first); returns the exit code.
    package static func run(_ options: ServeOptions, context: QueryContext) async -> Int32 {
        var logger = Logger(label: "ssopolicy.serve")
        logger.logLevel = .info
        let options = fitted(options, logger: logger)
        let app = application(options, context: context, logger: logger) { port in
            context.write("ssopolicy serve: listening on http://\(options.host):\(port)/\n")
        }
        do {
            try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        } catch {
            context.writeError("error: cannot serve on \(options.host):\(options.port): \(error)\n")
            return 1
        }
        context.write("ssopolicy serve: stopped\n")
        return 0
    }
}

/// The process's open-descriptor limit. Every connection holds a descriptor, so the connection cap must leave room
/// below the limit for the ones the server needs itself (listening socket, event loops, threads, log output) and
/// for connections being refused; then an accept never fails for lack of descriptors because of connections. Should
/// it fail anyway (descriptors used elsewhere), NIO's accept back-off retries a second later and the server lives on.
enum DescriptorLimit {
    static let reserved = 128

    /// Raises the soft limit to the hard one (up to 1 << 20) and returns the soft limit in force.
    static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let wanted = min(limit.rlim_max, 1 << 20)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// Connections that fit under `limit` descriptors with room for the server's own and for refusals.
    static func connectionsFitting(_ limit: Int) -> Int {
        max(1, (limit - reserved) * 9 / 10)
    }
}
