/// A hook into a long `verify` search, so a caller can show progress and stop it on a deadline without the
/// search knowing about clocks or terminals. The explorer calls `check` once every `interval` new states; when it
/// answers false, the search stops like at the state limit, with a partial answer that says why
/// (`VerificationReport.stoppedByMonitor`).
package struct VerificationMonitor: Sendable {
    package struct Progress: Sendable {
        package var states: Int
        package var transitions: Int
        /// Levels of the breadth-first search completed so far.
        package var depth: Int
    }

    package var interval: Int
    package var check: @Sendable (Progress) -> Bool

    package init(interval: Int = 4096, check: @escaping @Sendable (Progress) -> Bool) {
        self.interval = max(1, interval)
        self.check = check
    }
}
