import Foundation

/// How much work one computation may still do, so that a caller can stop work it no longer wants.
///
/// The server gives each request a budget and stops it when the request's time runs out; the engine's long loops
/// (loading a scenario's steps, playing steps, evaluate's combinations, matrix rows) call `WorkBudget.spend()` once
/// per iteration and end early when it answers `false`, so a stopped computation frees its thread within one
/// iteration. Whoever binds a budget must discard what a stopped computation returns (it is partial). The budget is
/// bound as a task-local, which synchronous code on any thread can read, rather than threaded through every
/// signature: the command line binds none, and then a check is one task-local read.
public final class WorkBudget: @unchecked Sendable {
    /// Why a computation was stopped.
    public enum StopReason: Sendable, Hashable {
        /// `stop()` was called, e.g. because the request's time ran out.
        case stopped
        /// More than `maxUnits` units were spent: the input asks for more than one computation may hold.
        case tooMuchWork
    }

    @TaskLocal public static var current: WorkBudget?

    /// Units (one loaded step, one step played against one policy, one evaluated combination, one matrix row) the
    /// computation may spend in all; what it keeps in memory grows with them, so this bounds its memory too.
    public let maxUnits: Int
    /// The budget this one is part of: its stop stops this one, and what is spent here is spent there too unless
    /// this one is set aside (`aside`).
    public let parent: WorkBudget?
    private let spendsParent: Bool
    private let lock = NSLock()
    private var used = 0
    private var reason: StopReason?

    public convenience init(maxUnits: Int = .max, parent: WorkBudget? = nil) {
        self.init(maxUnits: maxUnits, parent: parent, spendsParent: true)
    }

    private init(maxUnits: Int, parent: WorkBudget?, spendsParent: Bool) {
        self.maxUnits = max(0, maxUnits)
        self.parent = parent
        self.spendsParent = spendsParent
    }

    public var unitsSpent: Int { lock.withLock { used } }
    public var stopReason: StopReason? { lock.withLock { reason } }

    /// Asks the computation to stop at its next check; safe from any thread.
    public func stop() { lock.withLock { if reason == nil { reason = .stopped } } }

    func spend(_ units: Int) -> Bool {
        let going = lock.withLock {
            guard reason == nil else { return false }
            used = Saturating.sum(used, units)
            if used > maxUnits { reason = .tooMuchWork }
            return reason == nil
        }
        guard going, let parent else { return going }
        // Work set aside spends none of the parent's units, but stops with it all the same.
        let parentGoing = spendsParent ? parent.spend(units) : parent.stopReason == nil
        guard !parentGoing else { return true }
        lock.withLock { if reason == nil { reason = parent.stopReason ?? .stopped } }
        return false
    }

    /// The computation was stopped: what it returned is partial.
    public struct Stopped: Error, Sendable {
        public var reason: StopReason
    }

    /// Throws once the bound budget has stopped the work, so a partial result goes no further (into rendering,
    /// which expects whole results). Call it after each engine call whose result is used.
    public static func throwIfStopped() throws(Stopped) {
        if let reason = current?.stopReason { throw Stopped(reason: reason) }
    }

    /// Spends `units` of the bound budget; `false` means stop now. Always `true` when no budget is bound.
    public static func spend(_ units: Int = 1) -> Bool {
        current?.spend(units) ?? true
    }

    /// Runs `body` with at most `units` of its own, inside the bound budget (whose stop stops it too), and says why
    /// it stopped, if it did: a part of a larger answer (one policy's what-if data, one decision table) can then be
    /// left out, and say so, while the rest goes on. Check `throwIfStopped()` afterwards: when the outer budget
    /// stopped, the whole answer is partial.
    public static func within<T>(_ units: Int, _ body: () throws -> T) rethrows -> (value: T, stopped: StopReason?) {
        let budget = WorkBudget(maxUnits: units, parent: current)
        let value = try $current.withValue(budget) { try body() }
        return (value, budget.stopReason)
    }

    /// Runs `body` with as many units as the bound budget has in all, of its own: what it spends is not counted
    /// there, but the bound budget's stop stops it. Work done on the side of an answer, whose failure leaves the
    /// answer to be computed as if it had not been tried, spends this way.
    public static func aside<T>(_ body: () throws -> T) rethrows -> (value: T, stopped: StopReason?) {
        guard let current else { return (try body(), nil) }
        let budget = WorkBudget(maxUnits: current.maxUnits, parent: current, spendsParent: false)
        let value = try $current.withValue(budget) { try body() }
        return (value, budget.stopReason)
    }
}
