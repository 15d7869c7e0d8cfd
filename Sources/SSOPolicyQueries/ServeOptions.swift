/// What `ssopolicy serve` asks of the server: where to listen, how much work and how many connections to accept,
/// and how long a client may take.
package struct ServeOptions: Sendable, Hashable {
    package var host: String
    /// 0 picks a free port (the server prints the one it got).
    package var port: Int
    /// Requests computed at once; further ones wait, and past `maxWaiting` are refused with 503.
    package var maxConcurrent: Int
    package var maxWaiting: Int
    /// Time one request may take from the moment its body is read, time queued included, before it is answered 503.
    package var timeBudgetSeconds: Double
    /// Open connections; beyond it, the oldest connection still waiting for a request is closed to make room, and
    /// when every connection is busy the new one is answered 503.
    package var maxConnections: Int
    /// Time a new connection has to send its request head.
    package var headerTimeoutSeconds: Double
    /// Time a request has to send its body once its head is in.
    package var bodyTimeoutSeconds: Double
    /// Time a kept-alive connection may wait for its next request.
    package var idleTimeoutSeconds: Double
    /// Host names (besides loopback names, IP literals and `host`) that requests may name in their Host header.
    package var allowedHosts: [String]
    /// Work units one request may spend (see `WorkBudget`): bounds its time and memory however its input is shaped.
    /// Its answer costs memory per unit too (a 100 000-unit compare peaked near 700 MB while rendered), so the bound
    /// is modest: the largest scenario the loader accepts (10 000 steps) against one policy fits.
    package var maxWorkUnits = 20_000
    /// Answer bytes all connections together may hold unread: written by the server, not yet taken by the system's
    /// socket buffers (a client that does not read its answer leaves it here until its connection closes). An
    /// answer that would pass it gets 503 with `Retry-After: 1` instead; one answer is always let through when none
    /// is held. With the caches (32 MiB each) and the computing slots, this keeps the server under 256 MB.
    package var maxAnswerBytes = 64 << 20

    package init(
        host: String = "127.0.0.1", port: Int = 8080, maxConcurrent: Int = 4, maxWaiting: Int = 64,
        timeBudgetSeconds: Double = 5, maxConnections: Int = 1024, headerTimeoutSeconds: Double = 10,
        bodyTimeoutSeconds: Double = 30, idleTimeoutSeconds: Double = 15, allowedHosts: [String] = []
    ) {
        self.host = host
        self.port = port
        self.maxConcurrent = maxConcurrent
        self.maxWaiting = maxWaiting
        self.timeBudgetSeconds = timeBudgetSeconds
        self.maxConnections = maxConnections
        self.headerTimeoutSeconds = headerTimeoutSeconds
        self.bodyTimeoutSeconds = bodyTimeoutSeconds
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.allowedHosts = allowedHosts
    }

    /// The accepted range of each numeric option, with its flag; `ssopolicy serve` refuses values outside them.
    package static let portRange = 0...65535
    package static let maxConcurrentRange = 1...256
    package static let maxWaitingRange = 0...10_000
    package static let maxConnectionsRange = 1...65_536
    package static let secondsRange = 0.001...3600.0
}
