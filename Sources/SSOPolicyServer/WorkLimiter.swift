import Dispatch
import Foundation

/// Bounds the engine work the server does: at most `maxConcurrent` computations at once, at most `maxWaiting`
/// queued (more are refused), and a time budget after which the request is answered 503. Computations are
/// synchronous and cannot be interrupted, so one that overruns keeps its slot until it ends: the bound on
/// concurrent work holds even then.
actor WorkLimiter {
    let maxConcurrent: Int
    let maxWaiting: Int
    let timeBudget: Duration
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(maxConcurrent: Int, maxWaiting: Int, timeBudget: Duration) {
        self.maxConcurrent = max(1, maxConcurrent)
        self.maxWaiting = max(0, maxWaiting)
        self.timeBudget = timeBudget
    }

    /// Runs `work` off the cooperative pool within the limits.
    nonisolated func perform<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        guard await acquire() else {
            throw APIError(status: .serviceUnavailable, message: "the server is busy; try again")
        }
        let budget = timeBudget
        let answer = OneAnswer<Value>()
        return try await withCheckedThrowingContinuation { continuation in
            answer.continuation = continuation
            DispatchQueue.global().async {
                let result = Result { try work() }
                Task { await self.release() }
                answer.resume(with: result)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + budget.seconds) {
                answer.resume(
                    with: .failure(
                        APIError(
                            status: .serviceUnavailable,
                            message: "the request took longer than the time budget of \(budget.seconds) s")))
            }
        }
    }

    private func acquire() async -> Bool {
        if running < maxConcurrent {
            running += 1
            return true
        }
        if waiting.count >= maxWaiting { return false }
        await withCheckedContinuation { waiting.append($0) }
        return true
    }

    /// Hands the slot to the next waiter, or frees it.
    private func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// Resumes a continuation once: with the work's result or the time-out, whichever comes first.
private final class OneAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var resumed = false
    var continuation: CheckedContinuation<Value, any Error>?

    func resume(with result: Result<Value, any Error>) {
        let continuation: CheckedContinuation<Value, any Error>? = lock.withLock {
            if resumed { return nil }
            resumed = true
            return self.continuation
        }
        continuation?.resume(with: result)
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
