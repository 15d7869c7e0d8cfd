import Synchronization

/// A value worked out on first use and kept, safe to share between threads: what a process need not pay for when it
/// starts (every registered provider's rule declarations and rule texts) is built when a command first reads it.
@usableFromInline
final class OnceValue<Value: Sendable>: Sendable {
    private enum State {
        case pending(@Sendable () -> Value)
        case made(Value)
    }

    private let state: Mutex<State>

    /// A value `make` works out when it is first read; `make` must not read this value itself.
    @usableFromInline
    init(_ make: @escaping @Sendable () -> Value) {
        state = Mutex(.pending(make))
    }

    /// A value known already.
    init(value: Value) {
        state = Mutex(.made(value))
    }

    @usableFromInline
    var wrapped: Value {
        state.withLock { state in
            switch state {
            case .made(let value):
                return value
            case .pending(let make):
                let value = make()
                state = .made(value)
                return value
            }
        }
    }
}
