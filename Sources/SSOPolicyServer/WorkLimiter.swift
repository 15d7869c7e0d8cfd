import Dispatch
import Foundation
import SSOPolicy
import SSOPolicyQueries

/// Bounds the engine work the server does: at most `maxConcurrent` computations at once, at most `maxWaiting`
/// queued (more are refused), and one time budget per request that starts when the request arrives, so time spent
/// queued counts against it. When the budget runs out the request is answered 503 at once and its computation is
/// stopped through its `WorkBudget`: the engine's loops check it every iteration, so the worker frees its slot
/// within one iteration rather than when the work would have ended. A computation's slot is held until it has
/// actually stopped, so the bound on concurrent work holds even then. Each computation may also spend at most
/// `maxUnits` units of work, which bounds its memory.
actor WorkLimiter {
    let maxConcurrent: Int
    let maxWaiting: Int
    let timeBudget: Swift.Duration
    let maxUnits: Int
    private var running = 0
    private var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID = 0

    init(maxConcurrent: Int, maxWaiting: Int, timeBudget: Swift.Duration, maxUnits: Int = 20_000) {
        self.maxConcurrent = max(1, maxConcurrent)
        self.maxWaiting = max(0, maxWaiting)
        self.timeBudget = timeBudget
        self.maxUnits = maxUnits
    }

    /// Runs `work` off the cooperative pool within the limits; `arrival` is when the request came in.
    nonisolated func perform<Value: Sendable>(
        arrival: ContinuousClock.Instant = .now, _ work: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        let deadline = arrival + timeBudget
        let budgetText = Self.text(timeBudget)
        switch await acquire(until: deadline) {
        case .refused: throw APIError(status: .serviceUnavailable, message: "the server is busy; try again")
        case .expired:
            throw APIError(
                status: .serviceUnavailable,
                message: "the server is busy: the request waited out its time budget of \(budgetText) s; try again")
        case .granted: break
        }
        // A request whose time ran out while its body was read or as it took the slot is not started.
        if ContinuousClock.now >= deadline {
            await release()
            throw Self.overBudget(budgetText)
        }
        let budget = WorkBudget(maxUnits: maxUnits)
        let answer = OneAnswer<Value>()
        let remaining = max(.zero, deadline - .now)
        let maxUnits = self.maxUnits
        return try await withCheckedThrowingContinuation { continuation in
            answer.continuation = continuation
            ComputeThread.start {
                let result = Result { try WorkBudget.$current.withValue(budget) { try work() } }
                // The slot is freed before the caller hears the answer, so its next request finds it free.
                Task {
                    await self.release()
                    switch budget.stopReason {
                    case nil: answer.resume(with: result)
                    case .tooMuchWork?:
                        answer.resume(
                            with: .failure(
                                APIError(
                                    status: .unprocessableContent,
                                    message: "the request asks for more than \(maxUnits) units of work (a step "
                                        + "played against one policy, an evaluated combination, a matrix row); send less",
                                    exceededWork: true)))
                    case .stopped?:
                        answer.resume(with: .failure(Self.overBudget(budgetText)))
                    }
                }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + remaining.inSeconds) {
                budget.stop()
                answer.resume(with: .failure(Self.overBudget(budgetText)))
            }
        }
    }

    nonisolated static func overBudget(_ budget: String) -> APIError {
        APIError(status: .serviceUnavailable, message: "the request took longer than the time budget of \(budget) s")
    }

    nonisolated static func text(_ duration: Swift.Duration) -> String {
        let seconds = duration.inSeconds
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    enum Admission { case granted, refused, expired }

    private func acquire(until deadline: ContinuousClock.Instant) async -> Admission {
        if running < maxConcurrent {
            running += 1
            return .granted
        }
        if waiting.count >= maxWaiting { return .refused }
        nextID += 1
        let id = nextID
        let granted = await withCheckedContinuation { continuation in
            waiting.append((id, continuation))
            Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                self.expire(id)
            }
        }
        return granted ? .granted : .expired
    }

    /// A waiter whose deadline passed leaves the queue unserved.
    private func expire(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(returning: false)
    }

    /// Hands the slot to the next waiter, or frees it.
    private func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().continuation.resume(returning: true)
        }
    }

    /// For tests: computations holding a slot, and requests queued.
    var load: (running: Int, waiting: Int) { (running, waiting.count) }
}

/// Computations run on threads of their own, niced below the event loops. On the Dispatch pool they would take the
/// threads Swift's concurrency runs the server's request tasks on (its width is the core count), and `/healthz`
/// would wait behind them; niced, however many compute at once, the threads that accept connections and answer
/// cheap requests get the processor first.
enum ComputeThread {
    static let niceness: Int32 = 10

    static func start(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread {
            #if os(Linux)
                // On Linux a nice value belongs to a thread, and `who` 0 is the calling thread.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
            #endif
            work()
        }
        thread.name = "ssopolicy-compute"
        thread.start()
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

extension Swift.Duration {
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
