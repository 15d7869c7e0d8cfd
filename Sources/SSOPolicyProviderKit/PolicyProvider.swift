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
///     public func initialState(_ policy: Policy, facts: FactValues) throws -> State { ... }
///     public func apply(_ event: ProviderEvent, to state: inout State, policy: Policy,
///                       trace: inout RuleTrace) throws -> StepOutcome { ... }
/// }
/// // composition root:
/// let registry = ProviderRegistry([AnyPolicyProvider(ExampleProvider())])
/// ```
public protocol PolicyProvider: Sendable {
    /// The provider's compiled form of a policy: settings resolved into the shape its decisions need. A value: two
    /// equal policies of one provider play every event alike (`advise` plays a policy once however many of the sets
    /// it tries compile to it).
    associatedtype Policy: Hashable & Sendable
    /// Everything the provider remembers between steps.
    associatedtype State: Hashable & Sendable

    var descriptor: ProviderDescriptor { get }

    /// Builds the compiled policy; cross-key problems go to `diagnostics` with the position of the key involved.
    /// Returning nil requires at least one error in `diagnostics`.
    func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> Policy?

    /// Findings about the configuration itself (e.g. no user authentication).
    func configurationFindings(_ policy: Policy) -> [PolicyFinding]

    /// The state a scenario (or an `evaluate` attempt) starts from. Throws the first fact it reads that a what-if
    /// left unknown (`FactValues.bool` and its kin); a fact read lazily (`FactValues.given`) waits in the state.
    func initialState(_ policy: Policy, facts: FactValues) throws -> State

    /// Overwrites `state` with `initialState(policy, facts:)`, reusing its storage: tight loops of attempts call
    /// this so that starting an attempt does not allocate. The default simply assigns a fresh state.
    func resetState(_ state: inout State, policy: Policy, facts: FactValues) throws

    /// Plays one event. Must not allocate when `trace.mode == .off` on the access-attempt path. Throws the first fact
    /// it reads that a what-if left unknown (`Given.value`): `evaluate` then plays the attempt once per value of it.
    func apply(_ event: ProviderEvent, to state: inout State, policy: Policy, trace: inout RuleTrace) throws
        -> StepOutcome

    /// What `event` reads and writes of the state under `policy` (see `EventFootprint`), for `verify`'s
    /// partial-order reduction. Nil, the default, means "anything": the event commutes with nothing.
    func footprint(of event: ProviderEvent, policy: Policy) -> EventFootprint?
}

extension PolicyProvider {
    public func configurationFindings(_ policy: Policy) -> [PolicyFinding] { [] }

    public func resetState(_ state: inout State, policy: Policy, facts: FactValues) throws {
        state = try initialState(policy, facts: facts)
    }

    public func footprint(of event: ProviderEvent, policy: Policy) -> EventFootprint? { nil }
}

/// A provider with its types erased, as the registry and the core hold it.
///
/// `init` is inlinable so that the composition root (which names the concrete provider) compiles the closures of
/// the policy's `StateMachine` specialized for it: they call the provider directly, with no generic metadata
/// lookups or value-witness copies of its policy per event.
public struct AnyPolicyProvider: Sendable {
    public let descriptor: ProviderDescriptor
    @usableFromInline let compileClosure: @Sendable (PolicyConfiguration, inout Diagnostics) -> CompiledPolicy?

    @inlinable
    public init<P: PolicyProvider>(_ provider: P) {
        let descriptor = provider.descriptor
        self.descriptor = descriptor
        // Held once and shared by every policy this provider compiles (a descriptor is many references to copy).
        let shared = SharedDescriptor(descriptor)
        let texts = OnceValue { RuleTexts(descriptor) }
        let renaming = userRenaming(P.State.self)
        // `compile` hands itself to each policy it makes (`recompile`), which captures what it captures again: it
        // reads the descriptor through `shared`, so that no compile copies the descriptor's references.
        @Sendable func compile(_ configuration: PolicyConfiguration, _ diagnostics: inout Diagnostics)
            -> CompiledPolicy?
        {
            let before = diagnostics.errorCount
            guard let policy = provider.compile(configuration, diagnostics: &diagnostics) else {
                if diagnostics.errorCount == before {
                    diagnostics.error(
                        "provider '\(shared.value.id)' rejected the policy without saying why",
                        at: configuration.position)
                }
                return nil
            }
            // Each closure captures one reference (the provider with its compiled policy, or a run's state with
            // its own copy of them, made once per run), which Swift uses as the closure's context: no context is
            // allocated and no copy of the policy retained per closure.
            let findings = provider.configurationFindings(policy)
            let held = ProviderPolicy(provider, consume policy)
            // Only `evaluate` leaves facts unknown, and only through `attempts`: everywhere else every fact is given,
            // so no read throws; should one, the run has no state (`initialState` nil) or the step answers
            // `.notApplicable`, never a trap.
            let machine = StateMachine<P.State>(
                initialState: { facts in try? held.provider.initialState(held.policy, facts: facts) },
                apply: { state, event, trace in
                    (try? held.provider.apply(event, to: &state, policy: held.policy, trace: &trace)) ?? .notApplicable
                },
                renaming: renaming,
                footprint: { event in held.provider.footprint(of: event, policy: held.policy) },
                run: {
                    let run = ProviderRunState(held)
                    return StateRun(
                        start: { facts in run.state = try? run.provider.initialState(run.policy, facts: facts) },
                        play: { event, trace in
                            guard run.state != nil else { return .notApplicable }
                            return (try? run.provider.apply(event, to: &run.state!, policy: run.policy, trace: &trace))
                                ?? .notApplicable
                        })
                },
                attempts: {
                    // The scratch state, made by the first attempt and then reset in place (never copied, so never
                    // reallocated by copy-on-write).
                    let run = ProviderRunState(held)
                    return { (event, facts, trace) throws in
                        let provider = run.provider
                        guard run.state != nil else {
                            var state = try provider.initialState(run.policy, facts: facts)
                            defer { run.state = state }
                            return try provider.apply(event, to: &state, policy: run.policy, trace: &trace)
                        }
                        try provider.resetState(&run.state!, policy: run.policy, facts: facts)
                        return try provider.apply(event, to: &run.state!, policy: run.policy, trace: &trace)
                    }
                })
            return CompiledPolicy(
                configuration: configuration, descriptor: shared,
                findings: findings, engine: TypedEngine(machine: machine), played: held,
                texts: texts, recompile: compile)
        }
        self.compileClosure = compile
    }

    public var id: String { descriptor.id }

    /// Compiles a validated configuration; nil (with errors in `diagnostics`) if the provider rejects it.
    public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> CompiledPolicy? {
        compileClosure(configuration, &diagnostics)
    }
}

/// A provider and a policy it compiled, held once by the closures of the policy's state machine.
@usableFromInline
final class ProviderPolicy<P: PolicyProvider>: Sendable {
    @usableFromInline let provider: P
    @usableFromInline let policy: P.Policy

    @usableFromInline
    init(_ provider: P, _ policy: P.Policy) {
        self.provider = provider
        self.policy = policy
    }
}

extension ProviderPolicy: PlayedPolicy {
    @usableFromInline
    func hash(into hasher: inout Hasher) { hasher.combine(policy) }

    @usableFromInline
    func plays(like other: any PlayedPolicy) -> Bool {
        guard let other = other as? ProviderPolicy<P> else { return false }
        return policy == other.policy
    }
}

/// A compiled provider policy compared by value, without its configuration: two that are alike play every event
/// alike under one provider.
@usableFromInline
package protocol PlayedPolicy: AnyObject, Sendable {
    func hash(into hasher: inout Hasher)
    /// Whether `other` holds an equal policy of the same provider type.
    func plays(like other: any PlayedPolicy) -> Bool
}

/// The state of one run (or one attempt loop's scratch state) with the provider and policy it is played by, held
/// by the run's closures. A run is played on one thread, by one caller at a time, so its accesses need no dynamic
/// exclusivity check.
@usableFromInline
final class ProviderRunState<P: PolicyProvider> {
    @usableFromInline let provider: P
    @usableFromInline let policy: P.Policy
    @exclusivity(unchecked) @usableFromInline var state: P.State?

    @usableFromInline
    init(_ held: ProviderPolicy<P>) {
        provider = held.provider
        policy = held.policy
    }
}

/// A compiled policy: its configuration, its provider's declarations, and a way to play events.
public final class CompiledPolicy: Sendable {
    public let configuration: PolicyConfiguration
    /// The provider's declarations, shared with every policy it compiles.
    @usableFromInline package let sharedDescriptor: SharedDescriptor
    @inlinable public var descriptor: ProviderDescriptor { sharedDescriptor.value }
    public let findings: [PolicyFinding]
    /// The provider's rules worded once per provider (`RuleTexts`), so that a trace entry shares these strings
    /// instead of rendering new ones (an `evaluate` with nothing known renders tens of thousands of traces).
    var texts: RuleTexts { wordedTexts.wrapped }
    /// Worded when a rendering first reads them (compiling, as `advise` does for every set it tries, does not).
    let wordedTexts: OnceValue<RuleTexts>
    /// Per rule index: the rule's sources as readers see them.
    package var ruleSources: [String] { texts.sources }
    /// Per rule index: the decision list the rule is tried in, if any.
    package var ruleLists: [String?] { texts.lists }
    /// Per rule index: why it fires (`firedBecause`) and its conditions' words when they hold.
    package var ruleBecause: [String] { texts.because }
    package var ruleHolds: [[String]] { texts.holds }
    let engine: any PolicyEngine
    /// The provider's policy, compared by value (not its configuration, positions or words): two compiled policies of
    /// one provider whose `played` are alike answer every event alike.
    package let played: any PlayedPolicy
    /// Compiles another configuration with the same provider: a what-if over settings recompiles the policy with
    /// each value of a setting it leaves unknown.
    let recompile: @Sendable (PolicyConfiguration, inout Diagnostics) -> CompiledPolicy?

    @usableFromInline
    init(
        configuration: PolicyConfiguration, descriptor: SharedDescriptor, findings: [PolicyFinding],
        engine: any PolicyEngine, played: any PlayedPolicy, texts: OnceValue<RuleTexts>,
        recompile: @escaping @Sendable (PolicyConfiguration, inout Diagnostics) -> CompiledPolicy?
    ) {
        self.configuration = configuration
        self.sharedDescriptor = descriptor
        self.engine = engine
        self.played = played
        self.wordedTexts = texts
        self.recompile = recompile
        self.findings = findings
    }

    /// The same policy with `configuration` (e.g. settings changed for a what-if); nil with the provider's errors in
    /// `diagnostics` when it rejects it.
    public func recompiled(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> CompiledPolicy? {
        recompile(configuration, &diagnostics)
    }

    /// Runs `driver` on this policy's provider state machine: the one way the core drives a provider, for
    /// scenarios, attempts, matrices, benchmarks, verification and coverage alike.
    package func drive<D: StateMachineDriver>(_ driver: inout D) -> D.Result { engine.drive(&driver) }
}

/// The policy's state machine behind an existential, so that `CompiledPolicy` need not be generic.
@usableFromInline
protocol PolicyEngine: Sendable {
    func drive<D: StateMachineDriver>(_ driver: inout D) -> D.Result
}

@usableFromInline
struct TypedEngine<State: Hashable & Sendable>: PolicyEngine {
    let machine: StateMachine<State>

    @usableFromInline
    init(machine: StateMachine<State>) { self.machine = machine }

    @usableFromInline
    func drive<D: StateMachineDriver>(_ driver: inout D) -> D.Result { driver.drive(machine) }
}

/// A provider's descriptor held once, so that each policy it compiles shares it instead of copying its references.
@usableFromInline
package final class SharedDescriptor: Sendable {
    @usableFromInline package let value: ProviderDescriptor

    @usableFromInline
    init(_ value: ProviderDescriptor) { self.value = value }
}
