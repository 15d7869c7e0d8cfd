import Foundation

/// How far a playground view's computation got, written by the compute thread and read by the request's task when
/// the computation does not finish (its time budget ran out, it asked for too much work, or the server was busy), so
/// the page it gets instead can say what was left out and what to try.
final class PlaygroundProgress: @unchecked Sendable {
    /// The parts of a view, in the order they are computed.
    enum Part: String, Sendable, Hashable {
        case comparison = "the comparison"
        case matrix = "the decision table"
        case whatIf = "the what-if answer"
        case advice = "the advice"
    }

    /// The what-if question being answered, as the stopped page describes it.
    struct Question: Sendable, Hashable {
        var policy: String
        var app: String
        var user: String
        /// The chosen policy's facts the question leaves unknown, in declaration order.
        var unknownFacts: [String]
    }

    struct Snapshot: Sendable {
        var query: PlaygroundQuery?
        /// The part being computed when the computation ended, and the parts finished before it.
        var current: Part?
        var finished: [Part] = []
        var question: Question?
    }

    private let lock = NSLock()
    private var state = Snapshot()

    var snapshot: Snapshot { lock.withLock { state } }

    func read(_ query: PlaygroundQuery) { lock.withLock { state.query = query } }

    func start(_ part: Part) {
        lock.withLock {
            if let current = state.current { state.finished.append(current) }
            state.current = part
        }
    }

    func asks(_ question: Question) { lock.withLock { state.question = question } }

    /// Every part finished.
    func done() {
        lock.withLock {
            if let current = state.current { state.finished.append(current) }
            state.current = nil
        }
    }
}
