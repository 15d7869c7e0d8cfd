/// A compiled policy's provider state machine with its types opened: how the core drives a provider, for
/// scenarios, attempts, matrices, benchmarks, verification and coverage alike (`CompiledPolicy.drive`).
///
/// The closures are made where the concrete provider is known (`AnyPolicyProvider.init`, inlined in the composition
/// root), so they call the provider's code directly; a driver holds states by value (no type-erased handle, no
/// `AnyHashable`), copies and hashes them, and plays events on them in place.
@usableFromInline
package struct StateMachine<State: Hashable & Sendable>: Sendable {
    /// The state facts describe (`PolicyProvider.initialState`); every fact given (nil only should a provider read
    /// a fact it was not given, which no input can make happen).
    package let initialState: @Sendable (FactValues) -> State?
    /// Plays one event on a state in place (`PolicyProvider.apply`); may run on several threads at once, each on
    /// its own state. Every fact given.
    package let apply: @Sendable (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome
    /// The state's renaming of users when it adopts `UserSymmetricState` (nil otherwise).
    package let renaming: UserRenaming<State>?
    /// What an event reads and writes of the state (`PolicyProvider.footprint`); nil: anything.
    package let footprint: @Sendable (ProviderEvent) -> EventFootprint?
    /// A run on a state of its own (`RunDriver`), made where the provider is known, so that no generic code over
    /// the state stands between the core and the provider at each event.
    package let run: @Sendable () -> StateRun
    /// Attempts on a scratch state of their own (`AttemptDriver`), made where the provider is known: each resets the
    /// state to the one facts describe, reusing its storage (`PolicyProvider.resetState`), then plays one event.
    package let attempts: @Sendable () -> StateRun.Attempt

    @usableFromInline
    init(
        initialState: @escaping @Sendable (FactValues) -> State?,
        apply: @escaping @Sendable (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome,
        renaming: UserRenaming<State>?,
        footprint: @escaping @Sendable (ProviderEvent) -> EventFootprint?,
        run: @escaping @Sendable () -> StateRun,
        attempts: @escaping @Sendable () -> StateRun.Attempt
    ) {
        self.initialState = initialState
        self.apply = apply
        self.renaming = renaming
        self.footprint = footprint
        self.run = run
        self.attempts = attempts
    }
}

/// One run's functions over a state they hold: `start` puts the state facts describe in it, `play` plays an event on
/// it (after a `start`). A run's facts are all given; an attempt's may be unknown in a what-if, and it throws the
/// first unknown fact it reads.
@usableFromInline
package struct StateRun {
    /// Puts the state facts describe in the run's state.
    @usableFromInline package typealias Start = (FactValues) -> Void
    /// Plays an event on the run's state.
    @usableFromInline package typealias Play = (ProviderEvent, inout RuleTrace) -> StepOutcome
    /// Resets the loop's state to the one facts describe, then plays an event on it.
    @usableFromInline package typealias Attempt = (ProviderEvent, FactValues, inout RuleTrace) throws
        -> StepOutcome

    package let start: Start
    package let play: Play

    @usableFromInline
    init(start: @escaping Start, play: @escaping Play) {
        self.start = start
        self.play = play
    }
}

/// What the core runs on a provider's state machine: a scenario player, an attempt loop, an explorer. Each is
/// handed the machine with the provider's state type opened.
@usableFromInline
package protocol StateMachineDriver {
    associatedtype Result

    mutating func drive<State: Hashable & Sendable>(_ machine: StateMachine<State>) -> Result
}

/// A provider state's `UserSymmetricState` conformance, as functions over the opened state type.
public struct UserRenaming<State>: Sendable {
    public let rename: @Sendable (inout State, UserPermutation) -> Void
    public let forEachUser: @Sendable (State, (UserID) -> Void) -> Void
}

/// The renaming of `State` when it adopts `UserSymmetricState`, nil otherwise (opened from the metatype).
@usableFromInline
func userRenaming<State: Hashable & Sendable>(_: State.Type) -> UserRenaming<State>? {
    (State.self as? any (UserSymmetricState & Sendable).Type).flatMap { renaming(of: $0) as? UserRenaming<State> }
}

/// `Sendable` (as every provider state is) so that the `@Sendable` closures may capture the state's metatype.
private func renaming<S: UserSymmetricState & Sendable>(of _: S.Type) -> Any {
    UserRenaming<S>(
        rename: { state, permutation in state.renameUsers(permutation) },
        forEachUser: { state, body in state.forEachUser(body) })
}

/// Attempts on one scratch state: each resets the state to its facts and plays one event (`StateMachine.attempts`).
/// The `evaluate` path, rule examples, reachability and the attempt benchmark drive a provider through this.
package struct AttemptDriver<Value, Failure: Error>: StateMachineDriver {
    package typealias Attempt = StateRun.Attempt
    let body: (_ attempt: Attempt) throws(Failure) -> Value

    package mutating func drive<State: Hashable & Sendable>(_ machine: StateMachine<State>) -> Result<
        Value, Failure
    > {
        let attempt = machine.attempts()
        do throws(Failure) {
            return .success(try body(attempt))
        } catch {
            return .failure(error)
        }
    }
}

extension CompiledPolicy {
    /// Runs `body` with a function that plays attempts (a state built from facts, then one event) on one scratch
    /// state, allocating nothing per attempt.
    package func withAttempts<Value, Failure: Error>(
        _ body: (_ attempt: AttemptDriver<Value, Failure>.Attempt) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try withoutActuallyEscaping(body) { body throws(Failure) in
            var driver = AttemptDriver(body: body)
            return try drive(&driver).get()
        }
    }

    /// One attempt from facts, on a fresh state; throws the first unknown fact it reads.
    package func attempt(_ event: ProviderEvent, facts: FactValues, trace: inout RuleTrace) throws
        -> StepOutcome
    {
        try withAttempts { (attempt) throws in try attempt(event, facts, &trace) }
    }
}

/// Runs of events on one scratch state: `start` puts the state facts describe in it, `play` plays an event on it.
/// Scenarios and the scenario-step benchmark drive a provider through this.
package struct RunDriver<Value>: StateMachineDriver {
    package typealias Start = StateRun.Start
    package typealias Play = StateRun.Play
    let body: (_ start: Start, _ play: Play) -> Value

    package mutating func drive<State: Hashable & Sendable>(_ machine: StateMachine<State>) -> Value {
        let run = machine.run()
        return body(run.start, run.play)
    }
}

extension CompiledPolicy {
    /// Runs `body` with `start`, which begins a run from the state facts describe, and `play`, which plays an
    /// event of the run.
    package func withRuns<Value>(_ body: (_ start: RunDriver<Value>.Start, _ play: RunDriver<Value>.Play) -> Value)
        -> Value
    {
        withoutActuallyEscaping(body) { body in
            var driver = RunDriver(body: body)
            return drive(&driver)
        }
    }
}
