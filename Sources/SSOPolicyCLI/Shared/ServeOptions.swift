/// What `ssopolicy serve` asks of the server: where to listen and how much work to accept.
public struct ServeOptions: Sendable, Hashable {
    public var host: String
    /// 0 picks a free port (the server prints the one it got).
    public var port: Int
    /// Requests computed at once; further ones wait, and past `maxWaiting` are refused with 503.
    public var maxConcurrent: Int
    public var maxWaiting: Int
    /// Time one request may compute before it is answered 503.
    public var timeBudgetSeconds: Double

    public init(
        host: String = "127.0.0.1", port: Int = 8080, maxConcurrent: Int = 4, maxWaiting: Int = 64,
        timeBudgetSeconds: Double = 5
    ) {
        self.host = host
        self.port = port
        self.maxConcurrent = maxConcurrent
        self.maxWaiting = maxWaiting
        self.timeBudgetSeconds = timeBudgetSeconds
    }
}
