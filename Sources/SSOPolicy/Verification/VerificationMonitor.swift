/// A hook into a long `verify` search, so a caller can show progress and stop it on a deadline without the
/// search knowing about clocks or terminals. The explorer calls `check` once every `interval` new states; when it
/// answers false, the search stops like at the state limit, with a partial answer that says why
/// (`VerificationReport.stoppedByMonitor`).
public struct VerificationMonitor: Sendable {
    public struct Progress: Sendable {
        public var states: Int
        public var transitions: Int
        /// Levels of the breadth-first search completed so far.
        public var depth: Int
    }

    public var interval: Int
    public var check: @Sendable (Progress) -> Bool

    public init(interval: Int = 4096, check: @escaping @Sendable (Progress) -> Bool) {
        self.interval = max(1, interval)
        self.check = check
    }
}
