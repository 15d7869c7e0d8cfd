import SSOPolicyProviderKit

/// What to explore: how many users, how many moves, which properties, under which assumptions.
package struct VerificationOptions: Sendable, Hashable {
    package static let userRange = 1...CounterexampleWriter.userNames.count
    package static let depthRange = 1...64

    package var users: Int
    package var depth: Int
    /// Property ids to check; empty means every property of each policy's provider.
    package var properties: [String]
    package var assumptions: [VerificationAssumption]
    /// Also explore each step-condition value (e.g. a failing broker sign-out) as a variant of its event.
    package var exploreConditions: Bool
    /// Distinct states after which the exploration stops (and says so) instead of exhausting memory.
    package var maxStates: Int
    /// Keep exploring to the depth after every property is broken (to count the state space, or to benchmark).
    package var exhaustive: Bool
    /// Bytes of resident memory the search may bring the process to; reaching it stops the exploration with a
    /// partial answer, as the state limit does. Counted, not measured, so the stop is deterministic: the process's
    /// own size (`processReserveBytes`) plus what the explorer holds (the state table, the frontiers with each
    /// state's heap, parent links), each array counted at its capacity and while it grows.
    package var maxMemoryBytes: Int

    package static let defaultMaxMemoryBytes = 256 << 20
    /// The resident size of the tool before it explores (code, runtime, the loaded policies) and the threads'
    /// buffers of one block of the frontier (bounded by `blockNodes`, and left out of the count so that the stopping
    /// point does not depend on the threads), counted against `maxMemoryBytes` first: a bound below it stops the
    /// search before its first state.
    package static let processReserveBytes = 32 << 20
    package static let maxMemoryRange = (1 << 20)...(1 << 40)
    /// Explore states that differ only by a renaming of the users once (sound: the properties speak of "the acting
    /// user" and "another user", never of a particular one). Used when the provider's state can rename its users.
    package var symmetry: Bool
    /// Threads that expand each level of the search. Results do not depend on it.
    package var jobs: Int
    /// Partial-order reduction: of two moves of one user that the provider declares commute (`EventFootprint`),
    /// play one order only where the other is covered (sleep sets). Every state is still reached at the same depth
    /// and every step's outcome still checked, so verdicts, state counts and counterexample lengths do not change;
    /// fewer transitions are played. Not with a bitstate array. Off by default: the bundled vendors' events share
    /// device-wide state, so few moves commute, and on the bundled policies it skips under 1 % of the transitions
    /// for a sleep set per frontier node (docs/verification.md has the numbers).
    package var partialOrder: Bool
    /// Bytes of a bitstate array (SPIN's supertrace) that replaces the exact state table: fixed memory, but a
    /// partial search that may skip states. Nil: exact.
    package var bitstateBytes: Int?
    /// Frontier nodes expanded by the threads before their successors are merged (tests vary it: it changes
    /// nothing but the memory the threads hold).
    package var blockNodes = defaultBlockNodes
    package static let defaultBlockNodes = 1024

    package static let jobsRange = 1...256
    package static let bitstateRange = (1 << 20)...(1 << 40)

    package init(
        users: Int = 2, depth: Int = 8, properties: [String] = [], assumptions: [VerificationAssumption] = [],
        exploreConditions: Bool = false, maxStates: Int = 50_000_000, exhaustive: Bool = false,
        maxMemoryBytes: Int = defaultMaxMemoryBytes, symmetry: Bool = true, partialOrder: Bool = false, jobs: Int = 1,
        bitstateBytes: Int? = nil
    ) {
        self.symmetry = symmetry
        self.partialOrder = partialOrder
        self.jobs = jobs
        self.bitstateBytes = bitstateBytes
        self.exhaustive = exhaustive
        self.maxMemoryBytes = maxMemoryBytes
        self.users = users
        self.depth = depth
        self.properties = properties
        self.assumptions = assumptions
        self.exploreConditions = exploreConditions
        self.maxStates = maxStates
    }

    /// The command that reproduces a report, written into counterexample files.
    func commandLine(policy: String) -> String {
        var parts = ["ssopolicy verify", policy, "--users \(users)", "--depth \(depth)"]
        parts += properties.map { "--property \($0)" }
        parts += assumptions.map { "--assume \($0.rawValue)" }
        if exploreConditions { parts.append("--explore-conditions") }
        if exhaustive { parts.append("--exhaustive") }
        if !symmetry { parts.append("--no-symmetry") }
        if partialOrder { parts.append("--partial-order") }
        if let bitstateBytes { parts.append("--bitstate \(bitstateBytes >> 20)") }
        return parts.joined(separator: " ")
    }
}

/// The verdict on one property for one policy.
package struct PropertyVerdict: Sendable {
    package enum Status: Sendable {
        /// No explored sequence breaks it (up to the report's depth, or at any depth if the space closed).
        case holds
        case violated(Counterexample)
        /// The property belongs to another provider, or does not apply to this provider or policy (`reason`).
        case notApplicable
    }

    package var property: VerificationProperty
    package var status: Status
    /// Why the property is `n/a` for this policy (nil when it belongs to another provider).
    package var reason: String? = nil

    package var isViolated: Bool {
        if case .violated = status { return true }
        return false
    }
}

/// Everything `verify` found for one policy. Deterministic: no timings (the CLI measures those).
package struct VerificationReport: Sendable {
    package var policy: CompiledPolicy
    package var options: VerificationOptions
    package var verdicts: [PropertyVerdict]
    package var states: Int
    package var transitions: Int
    /// Every sequence of at most this many moves was checked.
    package var completedDepth: Int
    /// No new state appeared before the depth bound: the whole reachable space was explored.
    package var closed: Bool
    /// The state limit or the memory limit stopped the search; claims hold only up to `completedDepth`.
    package var truncated: Bool
    /// The memory limit (`maxMemoryBytes`) was what stopped it.
    package var memoryLimited: Bool
    /// The caller's `VerificationMonitor` (the command line's `--timeout`) was what stopped it.
    package var stoppedByMonitor = false
    /// The time moves explored, in seconds.
    package var timeMoves: [Int]
    /// Moves available from each state before symmetry and assumptions.
    package var moveCount: Int
    /// An estimate of the explorer's own memory (fingerprints and the widest frontier).
    package var explorerBytes: Int
    /// States equal up to a renaming of users were explored once (`states` counts them once).
    package var symmetryReduced = false
    /// Moves that commute were played in one order where the other was covered (`transitions` counts fewer).
    package var partialOrderReduced = false
    /// The search used a bitstate array of this many bytes: it may have skipped states (a partial search).
    package var bitstateBytes: Int?
    /// The assumptions are the vendor's documented handover, taken because none was asked for
    /// (`VerificationAssumption.documentedHandover`).
    package var assumedByDefault = false
    /// The same properties checked with no assumption at all, shown beside the verdicts on request (`verify
    /// --also-unassumed`); nil when not asked for.
    package var unassumed: [PropertyVerdict]?
}

/// `ssopolicy verify` as a library: explores a policy's state space and checks properties on every step.
///
/// ```swift
/// let report = try Verifier(engine: engine).verify(policy, options: VerificationOptions(users: 2, depth: 8))
/// print(VerificationRender.text([report]))
/// ```
package struct Verifier: Sendable {
    package let engine: SSOPolicyEngine
    /// Progress and stopping for long searches; nil runs to the bounds.
    package var monitor: VerificationMonitor?

    package init(engine: SSOPolicyEngine, monitor: VerificationMonitor? = nil) {
        self.engine = engine
        self.monitor = monitor
    }

    /// Problems with the options (each a sentence naming the option), with suggestions for unknown ids.
    package static func problems(_ options: VerificationOptions, descriptors: [ProviderDescriptor]) -> [String] {
        var problems: [String] = []
        if !VerificationOptions.userRange.contains(options.users) {
            problems.append(
                "--users: expected \(VerificationOptions.userRange.lowerBound) to "
                    + "\(VerificationOptions.userRange.upperBound), found \(options.users)")
        }
        if !VerificationOptions.depthRange.contains(options.depth) {
            problems.append(
                "--depth: expected \(VerificationOptions.depthRange.lowerBound) to "
                    + "\(VerificationOptions.depthRange.upperBound), found \(options.depth)")
        }
        if options.maxStates < 1 { problems.append("--max-states: expected at least 1") }
        if !VerificationOptions.maxMemoryRange.contains(options.maxMemoryBytes) {
            problems.append("--max-memory: expected 1 MiB to 1 TiB, found \(options.maxMemoryBytes) bytes")
        }
        if !VerificationOptions.jobsRange.contains(options.jobs) {
            problems.append(
                "--jobs: expected \(VerificationOptions.jobsRange.lowerBound) to "
                    + "\(VerificationOptions.jobsRange.upperBound), found \(options.jobs)")
        }
        if let bytes = options.bitstateBytes, !VerificationOptions.bitstateRange.contains(bytes) {
            problems.append("--bitstate: expected 1 MiB to 1 TiB, found \(bytes) bytes")
        }
        let known = VerificationProperty.allIDs(descriptors)
        for id in options.properties where !known.contains(id) {
            problems.append(
                "--property: unknown property '\(id)'" + Suggestion.didYouMean(id, in: known) + "; known: "
                    + known.joined(separator: ", "))
        }
        return problems
    }

    package func verify(_ policy: CompiledPolicy, options: VerificationOptions) throws(DiagnosticsError)
        -> VerificationReport
    {
        // Unknown property ids are the caller's to reject against every provider; here they are not applicable.
        let problems = Self.problems(
            VerificationOptions(
                users: options.users, depth: options.depth, maxStates: options.maxStates,
                maxMemoryBytes: options.maxMemoryBytes, jobs: options.jobs, bitstateBytes: options.bitstateBytes),
            descriptors: [])
        if let first = problems.first {
            throw DiagnosticsError([.error(at: policy.configuration.position, first)])
        }
        let catalogue = VerificationProperty.catalogue(for: policy.descriptor)
        let requested: [(id: String, property: VerificationProperty?)] =
            options.properties.isEmpty
            ? catalogue.map { ($0.id, $0) }
            : options.properties.map { id in (id, catalogue.first { $0.id == id }) }
        // A property that does not apply to this provider or policy is `n/a`, not explored.
        let inapplicable = Dictionary(
            requested.compactMap { entry in
                entry.property.flatMap { property in property.notApplicable(to: policy).map { (property.id, $0) } }
            }, uniquingKeysWith: { first, _ in first })
        let selected = requested.compactMap(\.property).filter { inapplicable[$0.id] == nil }

        let handover = options.assumptions.contains(.signsOutBeforeHandover)
        let handsOver = options.assumptions.contains(.handsOver)
        let checker = PropertyChecker(
            properties: selected, descriptor: policy.descriptor, tracksHandover: handover || handsOver)
        let moves = ExplorationMoves(
            policy: policy, users: options.users, exploreConditions: options.exploreConditions,
            noRestart: options.assumptions.contains(.noRestart), handsOver: handsOver)
        var users = UserDirectory(Array(CounterexampleWriter.userNames.prefix(options.users)))
        let facts: FactValues
        do {
            facts = try FactBuilder.make(policy.descriptor, appCount: policy.configuration.apps.count, users: &users)
        } catch {
            throw DiagnosticsError([.error(at: policy.configuration.position, "\(error)")])
        }
        var explorer = StateSpaceExplorer(
            start: facts, moves: moves, checker: checker, depth: options.depth, maxStates: options.maxStates,
            maxBytes: options.maxMemoryBytes - VerificationOptions.processReserveBytes, handoverAssumed: handover,
            startTime: Clock.start,
            stopsWhenAllBroken: !options.exhaustive, recorder: NoRecorder())
        explorer.handsOverAssumed = handsOver
        explorer.monitor = monitor
        explorer.jobs = options.jobs
        explorer.symmetry = options.symmetry
        explorer.partialOrder = options.partialOrder
        explorer.bitstateBytes = options.bitstateBytes
        explorer.blockNodes = options.blockNodes
        let outcome =
            selected.isEmpty
            ? ExplorationOutcome(
                violations: [], states: 0, transitions: 0, completedDepth: 0, closed: false, truncated: false,
                fingerprintBytes: 0)
            : policy.drive(&explorer)

        let writer = CounterexampleWriter(
            engine: engine, policy: policy, commandLine: options.commandLine(policy: policy.configuration.id))
        var verdicts: [PropertyVerdict] = []
        for (id, property) in requested {
            if let property, let reason = inapplicable[property.id] {
                verdicts.append(PropertyVerdict(property: property, status: .notApplicable, reason: reason))
                continue
            }
            guard let property, let index = selected.firstIndex(of: property) else {
                verdicts.append(
                    PropertyVerdict(
                        property: VerificationProperty(
                            id: id, meaning: "not a property of \(policy.descriptor.id)", origin: "",
                            check: .findings([])), status: .notApplicable))
                continue
            }
            if let path = outcome.violations[index] {
                let counterexample = try writer.make(
                    path.map { moves.moves[$0] }, property: property, checker: checker, index: index)
                verdicts.append(PropertyVerdict(property: property, status: .violated(counterexample)))
            } else {
                verdicts.append(PropertyVerdict(property: property, status: .holds))
            }
        }
        var report = VerificationReport(
            policy: policy, options: options, verdicts: verdicts, states: outcome.states,
            transitions: outcome.transitions, completedDepth: outcome.completedDepth,
            closed: outcome.closed && options.bitstateBytes == nil,
            truncated: outcome.truncated, memoryLimited: outcome.memoryLimited, timeMoves: moves.waits,
            moveCount: moves.moves.count,
            explorerBytes: outcome.fingerprintBytes)
        report.stoppedByMonitor = outcome.stoppedByMonitor
        report.symmetryReduced = outcome.symmetryReduced
        report.partialOrderReduced = outcome.partialOrderReduced
        report.bitstateBytes = options.bitstateBytes
        return report
    }
}
