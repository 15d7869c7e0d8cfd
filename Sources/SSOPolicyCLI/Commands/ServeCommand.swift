import ArgumentParser
import SSOPolicy

/// Starts the HTTP API and playground. The server lives in its own module (SSOPolicyServer, on Hummingbird); the
/// composition root hands it in through `CLIContext.serve`, so this library stays free of NIO.
struct ServeCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API (/v1) and the what-if playground (/) until SIGINT or SIGTERM.",
        discussion: """
            Every API verb answers exactly what the command line's --format json answers for the same input. \
            Requests name bundled files or send YAML inline; the server never reads a file named by a request. \
            Binds to loopback unless --host says otherwise. See /v1/openapi.json.

            Examples:
              ssopolicy serve
              ssopolicy serve --port 9090
              curl -s localhost:8080/v1/compare -d '{"scenario":"shift-change","policies":["warehouse-airwatch","frontline-entra"]}'
            """)

    @Option(name: .long, help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(name: .long, help: "Requests computed at once (1 to 256).")
    var maxConcurrent = 4

    @Option(name: .long, help: "Requests queued for a computing slot; more are answered 503 (0 to 10000).")
    var maxWaiting = 64

    @Option(
        name: .long,
        help: "Seconds one request may take, time queued included, before it is answered 503 and its work stopped.")
    var timeBudget = 5.0

    @Option(
        name: .long,
        help:
            "Open connections; past it the oldest one still waiting for a request is closed, or the new one is answered 503."
    )
    var maxConnections = 1024

    @Option(name: .long, help: "Seconds a new connection has to send its request head.")
    var headerTimeout = 10.0

    @Option(name: .long, help: "Seconds a request has to send its body once its head is in.")
    var bodyTimeout = 30.0

    @Option(name: .long, help: "Seconds a kept-alive connection may wait for its next request.")
    var idleTimeout = 15.0

    @Option(
        name: .customLong("allow-host"),
        help: "A host name clients may use in the Host header besides loopback names and IP addresses (repeatable).")
    var allowedHosts: [String] = []

    func validate() throws {
        try Self.require(port, in: ServeOptions.portRange, "--port")
        try Self.require(maxConcurrent, in: ServeOptions.maxConcurrentRange, "--max-concurrent")
        try Self.require(maxWaiting, in: ServeOptions.maxWaitingRange, "--max-waiting")
        try Self.require(maxConnections, in: ServeOptions.maxConnectionsRange, "--max-connections")
        for (value, flag) in [
            (timeBudget, "--time-budget"), (headerTimeout, "--header-timeout"), (bodyTimeout, "--body-timeout"),
            (idleTimeout, "--idle-timeout"),
        ] {
            // NaN and infinity fail the range test too.
            guard ServeOptions.secondsRange.contains(value) else {
                throw ValidationError(
                    "\(flag) must be a number of seconds from \(ServeOptions.secondsRange.lowerBound) to "
                        + "\(Int(ServeOptions.secondsRange.upperBound)), not \(value)")
            }
        }
        for name in allowedHosts where name.isEmpty || name.contains(where: { $0 == "/" || $0 == " " || $0 == ":" }) {
            throw ValidationError("--allow-host takes a host name without port or path, not '\(name)'")
        }
    }

    static func require(_ value: Int, in range: ClosedRange<Int>, _ flag: String) throws {
        guard range.contains(value) else {
            throw ValidationError("\(flag) must be \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
    }

    var options: ServeOptions {
        ServeOptions(
            host: host, port: port, maxConcurrent: maxConcurrent, maxWaiting: maxWaiting, timeBudgetSeconds: timeBudget,
            maxConnections: maxConnections, headerTimeoutSeconds: headerTimeout, bodyTimeoutSeconds: bodyTimeout,
            idleTimeoutSeconds: idleTimeout, allowedHosts: allowedHosts.map { $0.lowercased() })
    }

    /// Serving runs from the executable's async entry point (`CommandLineTool.run` awaited); the synchronous entry
    /// point, used in-process by tests, can parse and validate `serve` but not run it.
    func run(in context: CLIContext) throws -> Int32 {
        context.writeError("error: serve runs only from the ssopolicy executable\n")
        return 1
    }

    func serve(in context: CLIContext) async -> Int32 {
        guard let serve = context.serve else {
            context.writeError("error: this build of ssopolicy has no server\n")
            return 1
        }
        return await serve(options, context.queryContext)
    }
}
