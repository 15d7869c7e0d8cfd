/// A vendor model: the one protocol a provider module implements.
///
/// The core validates a policy's generic parts and every key the provider declares, then calls `compile` once;
/// scenarios start from `initialState` and feed events to `apply`. State is a value (Hashable), so runs can be
/// replayed, compared and explored exhaustively.
///
/// ```swift
/// public struct ExampleProvider: PolicyProvider {
///     public var descriptor: ProviderDescriptor { ExampleProvider.declaration }
///     public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> Policy? { ... }
///     public func initialState(_ policy: Policy, facts: FactValues) -> State { ... }
///     public func apply(_ event: ProviderEvent, to state: inout State, policy: Policy,
///                       trace: inout RuleTrace) -> StepOutcome { ... }
/// }
/// // composition root:
/// let registry = ProviderRegistry([AnyPolicyProvider(ExampleProvider())])
/// ```
public protocol PolicyProvider: Sendable {
    /// The provider's compiled form of a policy: settings resolved into the shape its decisions need.
    associatedtype Policy: Sendable
    /// Everything the provider remembers between steps.
    associatedtype State: Hashable & Sendable

    var descriptor: ProviderDescriptor { get }

    /// Builds the compiled policy; cross-key problems go to `diagnostics` with the position of the key involved.
    /// Returning nil requires at least one error in `diagnostics`.
    func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> Policy?

    /// Findings about the configuration itself (e.g. no user authentication).
    func configurationFindings(_ policy: Policy) -> [PolicyFinding]

    /// The state a scenario (or an `evaluate` attempt) starts from.
    func initialState(_ policy: Policy, facts: FactValues) -> State

    /// Overwrites `state` with `initialState(policy, facts:)`, reusing its storage: tight loops of attempts call
    /// this so that starting an attempt does not allocate. The default simply assigns a fresh state.
    func resetState(_ state: inout State, policy: Policy, facts: FactValues)

    /// Plays one event. Must not allocate when `trace.mode == .off` on the access-attempt path.
    func apply(_ event: ProviderEvent, to state: inout State, policy: Policy, trace: inout RuleTrace) -> StepOutcome
}

extension PolicyProvider {
    public func configurationFindings(_ policy: Policy) -> [PolicyFinding] { [] }

    public func resetState(_ state: inout State, policy: Policy, facts: FactValues) {
        state = initialState(policy, facts: facts)
    }

    /// The loop behind `CompiledPolicy.withAttemptEvaluator`: a runtime internal, not part of the provider API
    /// (package access). Inlinable so that `AnyPolicyProvider.init`, inlined in the composition root, compiles it
    /// specialized: the loop then calls `resetState` and `apply` directly, without generic metadata or copies.
    @inlinable @usableFromInline
    package func attemptLoop(_ policy: Policy) -> CompiledPolicy.AttemptLoop {
        { body in
            // One scratch state for the whole loop, mutated in place through `!` (never copied, so never
            // reallocated by copy-on-write): each attempt resets it instead of allocating a new one. It lives
            // behind a pointer, not in a captured `var`: the closure escapes (by type), and a captured `var` would
            // cost a dynamic exclusivity check on every attempt. The closure is used only while `body` runs.
            let scratch = UnsafeMutablePointer<State?>.allocate(capacity: 1)
            scratch.initialize(to: nil)
            defer {
                scratch.deinitialize(count: 1)
                scratch.deallocate()
            }
            body { event, facts, trace in
                if scratch.pointee == nil {
                    scratch.pointee = initialState(policy, facts: facts)
                } else {
                    resetState(&scratch.pointee!, policy: policy, facts: facts)
                }
                return apply(event, to: &scratch.pointee!, policy: policy, trace: &trace)
            }
        }
    }
}

/// A provider with its types erased, as the registry and the core hold it.
///
/// `init` is inlinable so that the composition root (which names the concrete provider) compiles the attempt loop
/// specialized for it: the loop then calls the provider directly, with no generic metadata lookups or value-witness
/// copies of its policy and state per attempt.
public struct AnyPolicyProvider: Sendable {
    public let descriptor: ProviderDescriptor
    @usableFromInline let compileClosure: @Sendable (PolicyConfiguration, inout Diagnostics) -> CompiledPolicy?

    @inlinable
    public init<P: PolicyProvider>(_ provider: P) {
        let descriptor = provider.descriptor
        self.descriptor = descriptor
        self.compileClosure = { configuration, diagnostics in
            let before = diagnostics.errors.count
            guard let policy = provider.compile(configuration, diagnostics: &diagnostics) else {
                if diagnostics.errors.count == before {
                    diagnostics.error(
                        "provider '\(descriptor.id)' rejected the policy without saying why",
                        at: configuration.position)
                }
                return nil
            }
            return CompiledPolicy(
                configuration: configuration, descriptor: descriptor,
                engine: TypedEngine(provider: provider, policy: policy),
                attemptLoop: provider.attemptLoop(policy))
        }
    }

    public var id: String { descriptor.id }

    /// Compiles a validated configuration; nil (with errors in `diagnostics`) if the provider rejects it.
    public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> CompiledPolicy? {
        compileClosure(configuration, &diagnostics)
    }
}

/// A compiled policy: its configuration, its provider's declarations, and a way to play events.
public final class CompiledPolicy: Sendable {
    /// Evaluates attempts from facts: `(event, facts, trace) -> outcome`.
    @usableFromInline package typealias AttemptFunction = (ProviderEvent, FactValues, inout RuleTrace) -> StepOutcome
    /// Runs its argument with an `AttemptFunction` that keeps scratch state for the duration of the call.
    @usableFromInline package typealias AttemptLoop =
        @Sendable (_ body: (_ evaluate: @escaping AttemptFunction) -> Void) -> Void

    public let configuration: PolicyConfiguration
    public let descriptor: ProviderDescriptor
    public let findings: [PolicyFinding]
    /// Per rule index: the rule's sources as readers see them, rendered once per compiled policy rather than
    /// per trace entry (an `evaluate` with nothing known renders tens of thousands of traces).
    package let ruleSources: [String]
    /// Per rule index: the decision list the rule is tried in, if any.
    package let ruleLists: [String?]
    /// Per rule index: why it fires (`firedBecause`) and its conditions' words when they hold, worded once per
    /// compiled policy like `ruleSources`, so a trace entry shares these strings instead of joining new ones.
    package let ruleBecause: [String]
    package let ruleHolds: [[String]]
    let engine: any PolicyEngine
    let attemptLoop: AttemptLoop

    @usableFromInline
    init(
        configuration: PolicyConfiguration, descriptor: ProviderDescriptor, engine: any PolicyEngine,
        attemptLoop: @escaping AttemptLoop
    ) {
        self.configuration = configuration
        self.descriptor = descriptor
        self.engine = engine
        self.attemptLoop = attemptLoop
        self.findings = engine.configurationFindings()
        self.ruleSources = descriptor.rules.map { descriptor.renderCitations($0.source) }
        self.ruleBecause = descriptor.rules.map(\.firedBecause)
        self.ruleHolds = descriptor.rules.map { $0.conditions.map(\.holds) }
        var lists = [String?](repeating: nil, count: descriptor.rules.count)
        for list in descriptor.decisionLists {
            for name in list.rules {
                if let id = descriptor.rule(name), Int(id.index) < lists.count, lists[Int(id.index)] == nil {
                    lists[Int(id.index)] = list.name
                }
            }
        }
        self.ruleLists = lists
    }

    /// A fresh session (provider state) starting from these facts.
    package func makeSession(facts: FactValues) -> PolicySession { engine.makeSession(facts: facts) }

    /// One event against a state built from facts, without keeping the state: the `evaluate` path.
    public func attempt(_ event: ProviderEvent, facts: FactValues, trace: inout RuleTrace) -> StepOutcome {
        engine.attempt(event, facts: facts, trace: &trace)
    }

    /// Runs `body` with a function that evaluates attempts without per-call type erasure or allocation, for tight
    /// loops (benchmarks, exhaustive exploration).
    package func withAttemptEvaluator<R, E: Error>(
        _ body: (_ evaluate: AttemptFunction) throws(E) -> R
    ) throws(E) -> R {
        var result: Result<R, E>?
        attemptLoop { evaluate in
            do throws(E) {
                result = .success(try body(evaluate))
            } catch {
                result = .failure(error)
            }
        }
        return try result!.get()
    }
}

/// Provider state behind a type-erased handle; one per policy per scenario run.
@usableFromInline package class PolicySession {
    init() {}

    /// Plays one event and returns its outcome.
    package func apply(_ event: ProviderEvent, trace: inout RuleTrace) -> StepOutcome {
        fatalError("PolicySession.apply is implemented by the typed subclass")
    }

    /// A hashable snapshot of the provider state, for deduplicating states when exploring.
    package var stateKey: AnyHashable { fatalError("PolicySession.stateKey is implemented by the typed subclass") }

    /// A copy of this session that evolves independently.
    package func copy() -> PolicySession { fatalError("PolicySession.copy is implemented by the typed subclass") }
}

@usableFromInline
protocol PolicyEngine: Sendable {
    func configurationFindings() -> [PolicyFinding]
    func makeSession(facts: FactValues) -> PolicySession
    func attempt(_ event: ProviderEvent, facts: FactValues, trace: inout RuleTrace) -> StepOutcome
    func visitStateSpace<V: StateSpaceVisitor>(facts: FactValues, _ visitor: inout V) -> V.Result
}

@usableFromInline
struct TypedEngine<P: PolicyProvider>: PolicyEngine {
    let provider: P
    let policy: P.Policy

    @usableFromInline
    init(provider: P, policy: P.Policy) {
        self.provider = provider
        self.policy = policy
    }

    @usableFromInline
    func configurationFindings() -> [PolicyFinding] { provider.configurationFindings(policy) }

    @usableFromInline
    func makeSession(facts: FactValues) -> PolicySession {
        TypedSession(provider: provider, policy: policy, state: provider.initialState(policy, facts: facts))
    }

    @usableFromInline
    func attempt(_ event: ProviderEvent, facts: FactValues, trace: inout RuleTrace) -> StepOutcome {
        var state = provider.initialState(policy, facts: facts)
        return provider.apply(event, to: &state, policy: policy, trace: &trace)
    }
}

final class TypedSession<P: PolicyProvider>: PolicySession {
    let provider: P
    let policy: P.Policy
    var state: P.State

    init(provider: P, policy: P.Policy, state: P.State) {
        self.provider = provider
        self.policy = policy
        self.state = state
    }

    override func apply(_ event: ProviderEvent, trace: inout RuleTrace) -> StepOutcome {
        provider.apply(event, to: &state, policy: policy, trace: &trace)
    }

    override var stateKey: AnyHashable { AnyHashable(state) }

    override func copy() -> PolicySession { TypedSession(provider: provider, policy: policy, state: state) }
}
