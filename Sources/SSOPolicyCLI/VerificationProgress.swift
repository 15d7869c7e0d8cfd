import Foundation
import SSOPolicy

/// `verify --progress` and `--timeout`: a `VerificationMonitor` that writes a progress line on standard error at
/// most once a second and stops the search at a deadline. Timing lives here, in the command line; the search only
/// counts states.
final class VerificationProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastLine: ContinuousClock.Instant
    private let deadline: ContinuousClock.Instant?
    private let writeError: (@Sendable (String) -> Void)?
    private var policy = ""

    /// `writeError` nil: no progress lines (only the deadline).
    init(timeoutSeconds: Int?, writeError: (@Sendable (String) -> Void)?) {
        let now = ContinuousClock.now
        start = now
        lastLine = now
        deadline = timeoutSeconds.map { now + .seconds($0) }
        self.writeError = writeError
    }

    /// Names the policy the next lines are about.
    func begin(_ policy: String) {
        lock.withLock { self.policy = policy }
    }

    var monitor: VerificationMonitor {
        VerificationMonitor { [self] progress in self.check(progress) }
    }

    private func check(_ progress: VerificationMonitor.Progress) -> Bool {
        let now = clock.now
        lock.lock()
        defer { lock.unlock() }
        if let writeError, now - lastLine >= .seconds(1) {
            lastLine = now
            let seconds = (now - start).components.seconds
            writeError(
                "verify \(policy): \(counted(progress.states, "state")), "
                    + "\(counted(progress.transitions, "transition")), depth \(progress.depth) done, \(seconds) s\n")
        }
        if let deadline, now >= deadline { return false }
        return true
    }
}
