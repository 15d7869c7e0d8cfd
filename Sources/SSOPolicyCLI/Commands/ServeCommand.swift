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

    @Option(name: .long, help: "Requests computed at once.")
    var maxConcurrent = 4

    @Option(name: .long, help: "Seconds one request may compute before it is answered 503.")
    var timeBudget = 5.0

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be 0...65535") }
        if maxConcurrent < 1 { throw ValidationError("--max-concurrent must be at least 1") }
        if !(timeBudget > 0) { throw ValidationError("--time-budget must be positive") }
    }

    func run(in context: CLIContext) throws -> Int32 {
        guard let serve = context.serve else {
            context.writeError("error: this build of ssopolicy has no server\n")
            return 1
        }
        let options = ServeOptions(
            host: host, port: port, maxConcurrent: maxConcurrent, timeBudgetSeconds: timeBudget)
        return serve(options, context)
    }
}
