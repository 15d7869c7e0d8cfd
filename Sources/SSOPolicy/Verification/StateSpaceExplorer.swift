import Foundation
import SSOPolicyProviderKit

/// What an exploration found: the first (shortest) violating move sequence per property, and how far it got.
struct ExplorationOutcome: Sendable {
    /// Per property (checker order): the move indices of a shortest sequence that breaks it, or nil.
    var violations: [[Int]?]
    /// Distinct states reached (the initial state included); up to symmetry when the reduction is on.
    var states: Int
    /// Moves played (time moves included).
    var transitions: Int
    /// Every sequence of at most this many moves was checked.
    var completedDepth: Int
    /// No new state appeared before the depth bound: every reachable state was explored.
    var closed: Bool
    /// The state limit (or the memory limit) stopped the exploration before the depth bound.
    var truncated: Bool
    /// The memory limit was what stopped it.
    var memoryLimited = false
    /// The caller's monitor (e.g. a time limit) was what stopped it.
    var stoppedByMonitor = false
    /// Bytes of the fingerprint table and the widest frontier, an estimate of the explorer's own memory.
    var fingerprintBytes: Int
    /// The provider's state renames its users, so states equal up to a renaming of users were explored once.
    var symmetryReduced = false
    /// Some moves commute and each pair was played in one order only where the other was covered (sleep sets).
    var partialOrderReduced = false
    /// Parent links of the explored states (see `path(to:then:)`).
    var parents: [Int32] = []
    var moveOf: [UInt16] = []

    /// The move indices from the start to the state `node`, then `move`.
    func path(to node: Int32, then move: Int) -> [Int] {
        var result = [move]
        var current = node
        while current > 0 {
            result.append(Int(moveOf[Int(current)]))
            current = parents[Int(current)]
        }
        return result.reversed()
    }
}

/// What a search records of each transition beyond the properties' violations, with the rule trace of the step
/// (coverage: the rules that fired and the conditions that failed). Each thread records into its own copy, and the
/// copies are merged in frontier order, so what is recorded does not depend on the threads.
protocol ExplorationRecorder: Sendable {
    /// The trace mode the steps run with (`.off` when nothing is recorded).
    var traceMode: RuleTrace.Mode { get }
    /// An empty recorder for one thread's slice of a level.
    func makeSlice() -> Self
    /// One transition: the trace of its step, the explored node it leaves from (`node` for `path(to:then:)`) and
    /// its move.
    mutating func record(_ trace: RuleTrace, node: Int32, move: Int)
    /// Adds a later slice's records.
    mutating func merge(_ slice: Self)
}

/// Records nothing: `verify`.
struct NoRecorder: ExplorationRecorder {
    var traceMode: RuleTrace.Mode { .off }
    func makeSlice() -> NoRecorder { self }
    mutating func record(_ trace: RuleTrace, node: Int32, move: Int) {}
    mutating func merge(_ slice: NoRecorder) {}
}

/// Breadth-first exploration of every move sequence up to a depth, deduplicating equal states (provider state,
/// path monitor and clock), so the first violation found for a property is a shortest one. The trace is off on
/// this path; counterexamples are replayed with the trace afterwards.
///
/// Each level is expanded by `jobs` threads, each over a contiguous slice of the frontier, against the states of
/// the earlier levels (read-only while they run). The new states are then merged in frontier order by one thread,
/// so every count, verdict and counterexample is the one a single thread finds: the first violation in frontier
/// order, the same states kept, the same stopping point at a limit, whatever the number of threads or their timing.
struct StateSpaceExplorer<Recorder: ExplorationRecorder>: StateMachineDriver {
    /// The facts the search starts from: the state they describe is its root.
    let start: FactValues
    let moves: ExplorationMoves
    let checker: PropertyChecker
    let depth: Int
    let maxStates: Int
    /// Bytes the explorer's own structures (fingerprints, frontiers, parent links) may hold.
    let maxBytes: Int
    let handoverAssumed: Bool
    /// `--assume hands-over`: the user changes only through a handover move.
    var handsOverAssumed = false
    let startTime: Int
    let stopsWhenAllBroken: Bool
    /// Asked every `interval` new states whether to go on (progress, time limit).
    var monitor: VerificationMonitor?
    /// Threads that expand a level.
    var jobs = 1
    /// Explore states equal up to a renaming of the users once (when the provider's state can be renamed).
    var symmetry = true
    /// Bytes of a bitstate array instead of the exact fingerprint table (a partial search).
    var bitstateBytes: Int?
    /// Play only one order of two moves that commute (`MoveIndependence`), where the other order is covered. Not
    /// with a bitstate array (whose skipped states would void the argument that every state's least path is
    /// played), nor with `comparesProviderStateOnly` (coverage records every transition's rules).
    var partialOrder = false
    /// What the search records of each transition.
    var recorder: Recorder
    /// States are equal when their provider states are (coverage), not also their path monitor and clock.
    var comparesProviderStateOnly = false
    /// Transitions after which the search stops (coverage's budget); exact with one job.
    var maxTransitions = Int.max
    /// Frontier nodes expanded before a merge: bounds what the threads hold (a block's successors) whatever the
    /// thread count; results and stopping points do not depend on it.
    var blockNodes = VerificationOptions.defaultBlockNodes

    /// Nodes of a level whose heap is estimated (`HeapEstimate.perValue`): the first ones of the level, mostly
    /// siblings, which share the buffers a move leaves alone.
    static var heapSample: Int { 32 }

    /// States in which more users have acted keep their names (sound, only not reduced): 6 users, 720 renamings.
    static var maxPermutedUsers: Int { 6 }

    /// Explores from the state `start` describes.
    mutating func drive<State: Hashable & Sendable>(_ machine: StateMachine<State>) -> ExplorationOutcome {
        // Every fact of a verification is given, so the state is always made; were it not, nothing is explored.
        guard let initial = machine.initialState(start) else {
            return ExplorationOutcome(
                violations: [], states: 0, transitions: 0, completedDepth: 0, closed: false, truncated: false,
                fingerprintBytes: 0)
        }
        let apply = machine.apply
        let renaming = machine.renaming
        let rename = symmetry ? renaming : nil
        let independence =
            partialOrder && bitstateBytes == nil && !comparesProviderStateOnly
            ? MoveIndependence(
                moves: moves, signOutMatters: checker.tracksSignOut || checker.tracksHandover,
                footprint: machine.footprint)
            : MoveIndependence(count: moves.moves.count)
        var outcome: ExplorationOutcome
        if let bitstateBytes {
            var visited = BitstateSet(bytes: bitstateBytes)
            outcome = search(
                initial: initial, apply: apply, rename: rename, independence: independence, visited: &visited)
        } else {
            var visited = FingerprintSet()
            outcome = search(
                initial: initial, apply: apply, rename: rename, independence: independence, visited: &visited)
        }
        outcome.symmetryReduced = rename != nil
        outcome.partialOrderReduced = independence.reduces
        return outcome
    }

    /// What one thread found in its slice of a level.
    private struct Slice<State: Sendable> {
        var recorder: Recorder
        var candidates: [Candidate] = []
        /// The provider states of the candidates that keep their node (`Candidate.state`).
        var states: [State] = []
        /// Per frontier node of the slice: transitions of the slice up to and including that node's.
        var transitionsThrough: [Int] = []
        /// Per property: the frontier position and move of the slice's first violation.
        var firstViolation: [(from: Int, move: Int)?]
        var found: UInt64 = 0
    }

    private mutating func search<State: Hashable & Sendable, Visited: VisitedStates>(
        initial: State, apply: @Sendable (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome,
        rename: UserRenaming<State>?, independence: MoveIndependence, visited: inout Visited
    ) -> ExplorationOutcome {
        let propertyCount = checker.properties.count
        let allFound: UInt64 = propertyCount >= 64 ? .max : (1 << UInt64(propertyCount)) - 1
        var found: UInt64 = 0
        var violations = [[Int]?](repeating: nil, count: propertyCount)
        var parents: [Int32] = [-1]
        var moveOf: [UInt16] = [0]
        let canonical = CanonicalFingerprint(
            renames: rename != nil, maxPermuted: Self.maxPermutedUsers, providerStateOnly: comparesProviderStateOnly)

        func path(to node: Int32, then move: Int) -> [Int] {
            ExplorationOutcome(
                violations: [], states: 0, transitions: 0, completedDepth: 0, closed: false, truncated: false,
                fingerprintBytes: 0, parents: parents, moveOf: moveOf
            ).path(to: node, then: move)
        }

        let root = NodeInfo(monitor: PathMonitor(), clock: startTime, id: 0)
        _ = visited.insert(canonical(initial, root.monitor, root.clock, renaming: rename))
        /// The frontier's nodes and, at the same positions, their provider states; then the next level's.
        var frontier = [root]
        var frontierStates = [initial]
        var next: [NodeInfo] = []
        var nextStates: [State] = []
        let reducing = independence.reduces
        /// Per node of `frontier` and `next` (partial-order reduction only, empty otherwise): the moves not to play
        /// from it. Each was played, from a node on the way there, before the move taken there, and commutes with
        /// every move taken since. Kept beside the nodes so that a search without the reduction holds no more.
        var frontierSleep: [MoveSet] = reducing ? [.empty] : []
        var nextSleep: [MoveSet] = []
        var transitions = 0
        var completed = 0
        var truncated = false
        var memoryLimited = false
        var stoppedByMonitor = false
        var widestFrontier = 1
        let stride = MemoryLayout<NodeInfo>.stride + MemoryLayout<State>.stride
        /// The heap each held node owns beyond its inline size (a provider's state keeps its apps in arrays):
        /// estimated from the root, then from a sample of each level.
        var nodeHeap = HeapEstimate.bytes(of: initial)
        // The arrays' buffers as the bound counts them (`CountedCapacity`): the frontier's arrays, the next level's
        // (appended in step, and swapped with the frontier's at each level), and the parents and moves (in step).
        var frontierCapacity = CountedCapacity(holding: frontier.count)
        var nextCapacity = CountedCapacity()
        var parentsCapacity = CountedCapacity(holding: parents.count)
        /// The explorer's memory if the next state is new: counted, not measured, so the bound is deterministic.
        func bytesIfNew() -> Int {
            visited.byteCountDuringNextInsert + frontierCapacity.elements * stride
                + nextCapacity.bytesAfterAppend(count: next.count, size: stride)
                + (frontier.count + next.count + 1) * nodeHeap
                + parentsCapacity.bytesAfterAppend(count: parents.count, size: MemoryLayout<Int32>.stride)
                + parentsCapacity.bytesAfterAppend(count: moveOf.count, size: MemoryLayout<UInt16>.stride)
                + (reducing
                    ? frontierCapacity.elements * MemoryLayout<MoveSet>.stride
                        + nextCapacity.bytesAfterAppend(count: nextSleep.count, size: MemoryLayout<MoveSet>.stride) : 0)
        }

        let jobs = max(1, self.jobs)
        var dedupers = [FingerprintSet](repeating: FingerprintSet(capacity: 16), count: jobs)
        let stop = StopSignal()
        level: while completed < depth, !frontier.isEmpty {
            if bytesIfNew() > maxBytes {
                truncated = true
                memoryLimited = true
                transitions += 1
                break level
            }
            let keepsNodes = completed + 1 < depth
            // The level is expanded block by block (a fixed number of frontier nodes, whatever the thread count), each
            // block merged before the next: the threads' buffers of candidates stay bounded by the block, and since
            // a block's merge is the level's merge restricted to it, the result is the same as expanding the level
            // at once.
            var blockStart = 0
            block: while blockStart < frontier.count {
                let blockEnd = min(frontier.count, blockStart + max(1, blockNodes))
                defer { blockStart = blockEnd }
                // Expand: each thread a contiguous slice of the block, in frontier order.
                let sliceCount = min(jobs, blockEnd - blockStart)
                let bounds = (0...sliceCount).map { blockStart + $0 * (blockEnd - blockStart) / sliceCount }
                var slices = [Slice<State>?](repeating: nil, count: sliceCount)
                let level = completed
                let statesBefore = visited.count
                let transitionsBeforeLevel = transitions
                let context = ExpansionContext(
                    moves: moves, checker: checker, handoverAssumed: handoverAssumed,
                    handsOverAssumed: handsOverAssumed,
                    stopsWhenAllBroken: stopsWhenAllBroken, allFound: allFound, foundBefore: found,
                    keepsNodes: keepsNodes, hook: monitor, stop: stop, recorder: recorder,
                    transitionBudget: maxTransitions == .max ? .max : maxTransitions - transitions,
                    independence: reducing ? independence : nil)
                frontier.withUnsafeBufferPointer { nodes in
                    frontierStates.withUnsafeBufferPointer { states in
                        frontierSleep.withUnsafeBufferPointer { sleeps in
                            slices.withUnsafeMutableBufferPointer { results in
                                dedupers.withUnsafeMutableBufferPointer { sets in
                                    withoutActuallyEscaping(apply) { apply in
                                        let shared = UncheckedSendable((nodes, states, sleeps, results, sets, visited))
                                        let work = { @Sendable (slice: Int) in
                                            let (nodes, states, sleeps, results, sets, visited) = shared.value
                                            results[slice] = context.expand(
                                                nodes, states, sleeps, bounds[slice]..<bounds[slice + 1], apply: apply,
                                                canonical: canonical, renaming: rename,
                                                seen: visited, local: &sets[slice],
                                                progress: slice == 0
                                                    ? (statesBefore, transitionsBeforeLevel, level, sliceCount) : nil)
                                        }
                                        if sliceCount == 1 {
                                            work(0)
                                        } else {
                                            DispatchQueue.concurrentPerform(iterations: sliceCount, execute: work)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                if stop.isSet {
                    truncated = true
                    stoppedByMonitor = true
                    break level
                }
                // Merge, in frontier order: the violations first found, then the new states.
                var cutoff = Int.max
                var levelFound: UInt64 = 0
                for slice in slices {
                    levelFound |= slice!.found
                    recorder.merge(slice!.recorder)
                }
                let newlyFound = levelFound & ~found
                if newlyFound != 0 {
                    var lastFirst = -1
                    var rest = newlyFound
                    while rest != 0 {
                        let index = rest.trailingZeroBitCount
                        rest &= rest - 1
                        let first = slices.lazy.compactMap { $0!.firstViolation[index] }.first!
                        violations[index] = path(to: frontier[first.from].id, then: first.move)
                        lastFirst = max(lastFirst, first.from)
                    }
                    found |= newlyFound
                    if stopsWhenAllBroken, found == allFound { cutoff = lastFirst }
                }
                var transitionsBefore = transitions
                merge: for index in 0..<sliceCount {
                    // Each slice is released once merged, so a level's new states are not all held twice.
                    let slice = slices[index]!
                    slices[index] = nil
                    let first = bounds[index]
                    for candidate in slice.candidates {
                        if candidate.from > cutoff { break }
                        guard visited.insert(candidate.fingerprint) else { continue }
                        if let node = candidate.node {
                            parents.append(frontier[candidate.from].id)
                            moveOf.append(candidate.move)
                            next.append(
                                NodeInfo(monitor: node.monitor, clock: node.clock, id: Int32(parents.count - 1)))
                            nextStates.append(slice.states[node.state])
                            if reducing { nextSleep.append(candidate.sleep) }
                            nextCapacity.grow(toHold: next.count)
                            parentsCapacity.grow(toHold: parents.count)
                        }
                        let transitionsHere = transitionsBefore + candidate.transition
                        if visited.count >= maxStates {
                            truncated = true
                            transitions = transitionsHere
                            break level
                        }
                        if bytesIfNew() > maxBytes {
                            truncated = true
                            memoryLimited = true
                            transitions = transitionsHere + 1
                            break level
                        }
                        if let hook = monitor, visited.count % hook.interval == 0,
                            !hook.check(.init(states: visited.count, transitions: transitionsHere, depth: completed))
                        {
                            truncated = true
                            stoppedByMonitor = true
                            transitions = transitionsHere
                            break level
                        }
                    }
                    if cutoff < bounds[index + 1] {
                        transitionsBefore += slice.transitionsThrough[cutoff - first]
                        break merge
                    }
                    transitionsBefore += slice.transitionsThrough.last ?? 0
                }
                transitions = transitionsBefore
                if cutoff != .max { break level }
                if transitions >= maxTransitions {
                    truncated = true
                    break level
                }
            }
            completed += 1
            widestFrontier = max(widestFrontier, next.count)
            // The root's heap counts until a level is sampled; then a sample of the level being expanded, taken at
            // levels 1, 2, 4, 8…: a state's buffers follow the policy's apps and stores, which no move adds, and
            // reflection is slow enough to show in a small search.
            if !next.isEmpty, completed & (completed - 1) == 0 {
                nodeHeap = HeapEstimate.perValue(nextStates.prefix(Self.heapSample).map { $0 as Any })
            }
            swap(&frontier, &next)
            swap(&frontierCapacity, &nextCapacity)
            next.removeAll(keepingCapacity: true)
            swap(&frontierStates, &nextStates)
            nextStates.removeAll(keepingCapacity: true)
            swap(&frontierSleep, &nextSleep)
            nextSleep.removeAll(keepingCapacity: true)
        }
        let stoppedEarly = stopsWhenAllBroken && found == allFound && !frontier.isEmpty
        if stoppedEarly && !truncated && completed < depth {
            // Every property is broken: nothing is left to claim, the depth reached is where the search stopped.
            completed += 1
        }
        return ExplorationOutcome(
            violations: violations, states: visited.count, transitions: transitions, completedDepth: completed,
            closed: !truncated && !stoppedEarly && frontier.isEmpty && completed < depth,
            truncated: truncated, memoryLimited: memoryLimited, stoppedByMonitor: stoppedByMonitor,
            fingerprintBytes: visited.byteCount + widestFrontier
                * (stride + (reducing ? MemoryLayout<MoveSet>.stride : 0)),
            parents: parents, moveOf: moveOf)
    }

    /// What the expanding threads share: the moves, the checker and the level's settings (all read-only).
    private struct ExpansionContext: Sendable {
        let moves: ExplorationMoves
        let checker: PropertyChecker
        let handoverAssumed: Bool
        let handsOverAssumed: Bool
        let stopsWhenAllBroken: Bool
        let allFound: UInt64
        let foundBefore: UInt64
        let keepsNodes: Bool
        let hook: VerificationMonitor?
        let stop: StopSignal
        let recorder: Recorder
        /// Transitions this slice may play (coverage's budget).
        let transitionBudget: Int
        /// The moves that commute, when the search uses sleep sets (partial-order reduction).
        let independence: MoveIndependence?

        /// Plays every open move from the frontier nodes `range`, keeping the successors not seen in earlier levels
        /// nor earlier in this slice, and the slice's first violation of each property not yet broken.
        func expand<State: Hashable & Sendable, Visited: VisitedStates>(
            _ nodes: UnsafeBufferPointer<NodeInfo>, _ states: UnsafeBufferPointer<State>,
            _ sleeps: UnsafeBufferPointer<MoveSet>, _ range: Range<Int>,
            apply: @Sendable (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome,
            canonical: CanonicalFingerprint, renaming: UserRenaming<State>?, seen: Visited,
            local: inout FingerprintSet,
            progress: (states: Int, transitions: Int, depth: Int, slices: Int)?
        ) -> Slice<State> {
            // The slice's parts are built in locals and put together at the end: the fields of a generic `Slice` are
            // found through its runtime type, which unspecialized code would ask for at every access.
            var recorded = recorder.makeSlice()
            var firstViolation = [(from: Int, move: Int)?](repeating: nil, count: checker.properties.count)
            var candidates: [Candidate] = []
            var kept: [State] = []
            var transitionsThrough: [Int] = []
            var sliceFound: UInt64 = 0
            transitionsThrough.reserveCapacity(range.count)
            local.removeAll()
            let records = recorder.traceMode != .off
            var trace = RuleTrace(recorder.traceMode)
            var transition = 0
            var found = foundBefore

            func play(_ event: ProviderEvent, _ state: inout State, _ monitor: inout PathMonitor, from: Int, move: Int)
            {
                let outcome = apply(&state, event, &trace)
                let broken = checker.violations(event, outcome, before: monitor) & ~found
                if broken != 0 {
                    var rest = broken
                    while rest != 0 {
                        let index = rest.trailingZeroBitCount
                        rest &= rest - 1
                        firstViolation[index] = (from, move)
                    }
                    found |= broken
                    sliceFound |= broken
                }
                checker.advance(&monitor, event)
            }

            nodes: for position in range {
                let node = nodes[position]
                let open = moves.allowed[Int(min(node.monitor.actedUsers, UInt8(moves.allowed.count - 1)))]
                /// Moves played from this node so far, and those not to play (partial-order reduction).
                var played = MoveSet.empty
                let asleep = independence != nil ? sleeps[position] : .empty
                for moveIndex in open {
                    if transition >= transitionBudget {
                        transitionsThrough.append(transition)
                        break nodes
                    }
                    // Asleep: it commutes with the move that led here and was played before it, from where that
                    // move was played; playing it here would reach a state of that other order at the same depth.
                    if asleep.contains(moveIndex) { continue }
                    let move = moves.moves[moveIndex]
                    var state = states[position]
                    var monitor = node.monitor
                    var clock = Saturating.sum(node.clock, move.delay)
                    if records { trace.reset() }
                    switch move.kind {
                    case .wait(let seconds):
                        clock = Saturating.sum(clock, seconds)
                    case .handover(let from, let to, let events):
                        guard monitor.lastActor == UInt8(min(Int(from.index), 254)) else { continue }
                        for var event in events {
                            event.time = clock
                            play(event, &state, &monitor, from: position, move: moveIndex)
                        }
                        checker.handOver(&monitor, to: to)
                    case .event(var event):
                        if handoverAssumed, let user = event.user, !checker.handoverAllowed(user, monitor) {
                            continue
                        }
                        if handsOverAssumed, let user = event.user, monitor.lastActor != PathMonitor.noUser,
                            monitor.lastActor != UInt8(min(Int(user.index), 254))
                        {
                            continue
                        }
                        event.time = clock
                        play(event, &state, &monitor, from: position, move: moveIndex)
                    }
                    transition += 1
                    if records { recorded.record(trace, node: node.id, move: moveIndex) }
                    let fingerprint = canonical(state, monitor, clock, renaming: renaming)
                    // Partial-order reduction: the successor sleeps through the moves asleep here or played here
                    // before this one that commute with it.
                    var sleep = MoveSet.empty
                    if let independence {
                        sleep = asleep.union(played).intersection(independence.commuting[moveIndex])
                        played.insert(moveIndex)
                    }
                    guard !seen.contains(fingerprint), local.insert(fingerprint) else { continue }
                    var successor: (monitor: PathMonitor, clock: Int, state: Int)?
                    if keepsNodes {
                        successor = (monitor, clock, kept.count)
                        kept.append(state)
                    }
                    candidates.append(
                        Candidate(
                            fingerprint: fingerprint, from: position, move: UInt16(moveIndex), transition: transition,
                            node: successor, sleep: sleep))
                    if let progress, let hook, candidates.count % hook.interval == 0 {
                        // Progress while a long level expands: the states known so far plus this slice's share.
                        let estimate = progress.states + candidates.count * progress.slices
                        if !hook.check(
                            .init(
                                states: estimate, transitions: progress.transitions + transition * progress.slices,
                                depth: progress.depth))
                        {
                            stop.set()
                        }
                    }
                }
                transitionsThrough.append(transition)
                if stopsWhenAllBroken, found == allFound { break }
                if hook != nil, stop.isSet { break }
            }
            return Slice(
                recorder: recorded, candidates: candidates, states: kept, transitionsThrough: transitionsThrough,
                firstViolation: firstViolation, found: sliceFound)
        }
    }
}

/// What the search keeps of a frontier node beside its provider state. Not generic (not even nested in the generic
/// explorer), so that the threads that expand a level read and write it without asking the runtime for a generic
/// type's layout per node; the provider's states live in their own array beside these.
private struct NodeInfo: Sendable {
    var monitor: PathMonitor
    var clock: Int
    var id: Int32
}

/// A successor a thread found while expanding its slice of a level, before the merge decides whether it is new.
private struct Candidate {
    var fingerprint: UInt64
    /// Position in the frontier of the node it comes from.
    var from: Int
    var move: UInt16
    /// Transitions of the slice up to and including this one.
    var transition: Int
    /// The successor's path monitor, clock and provider state (the index of the state in the slice's `states`);
    /// nil on the last level, whose states are counted but not expanded.
    var node: (monitor: PathMonitor, clock: Int, state: Int)?
    /// The node's sleep set (partial-order reduction).
    var sleep = MoveSet.empty
}

/// The fingerprint of an explored state (provider state, path monitor, clock). With symmetry, the state is first
/// renamed so that the users who have acted appear in order: the first user the state lists (`forEachUser`, then
/// the monitor's last actor and signed-out users) becomes user 0, the next new one user 1, and so on, users it does
/// not list keeping their relative order. States equal up to a renaming list their users in renamed order, so they
/// get the same fingerprint (except when two users sit in one user set and nothing else tells them apart, where
/// equal states may keep two fingerprints: fewer merges, never a wrong one, since every fingerprint is that of a
/// renaming of the state itself).
///
/// Not generic itself (its methods are): the explorer's threads call it once per transition, and a generic struct's
/// runtime type would be looked up at every call in the explorer's unspecialized code.
struct CanonicalFingerprint: Sendable {
    /// Whether the provider's state renames its users (the renaming itself is passed with each state).
    let renames: Bool
    /// Renamings by their images packed 4 bits per user, for up to `maxPermuted` acted users.
    let permutations: [UInt64: UserPermutation]
    let maxPermuted: Int
    /// Leave the path monitor and the clock out (coverage compares provider states only).
    var providerStateOnly = false

    init(renames: Bool, maxPermuted: Int, providerStateOnly: Bool) {
        self.renames = renames
        self.maxPermuted = maxPermuted
        self.providerStateOnly = providerStateOnly
        var table: [UInt64: UserPermutation] = [:]
        if renames {
            for count in 2...maxPermuted {
                for permutation in Self.permutations(of: count) {
                    table[Self.key(permutation.images.map(Int.init))] = permutation
                }
            }
        }
        permutations = table
    }

    static func key(_ images: [Int]) -> UInt64 {
        var key: UInt64 = UInt64(images.count)
        for (index, image) in images.enumerated() { key |= UInt64(image) << (4 * UInt64(index) + 8) }
        return key
    }

    /// Every permutation of `0..<count`.
    static func permutations(of count: Int) -> [UserPermutation] {
        var result: [[Int]] = [[]]
        for user in 0..<count {
            result = result.flatMap { partial in
                (0...partial.count).map { at in
                    var longer = partial
                    longer.insert(user, at: at)
                    return longer
                }
            }
        }
        return result.map(UserPermutation.init)
    }

    func plain<State: Hashable>(_ state: State, _ monitor: PathMonitor, _ clock: Int) -> UInt64 {
        var hasher = Hasher()
        state.hash(into: &hasher)
        if !providerStateOnly {
            hasher.combine(monitor)
            hasher.combine(clock)
        }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// The fingerprint of `state` with `monitor` and `clock`; `renaming` is the state's renaming of users (nil when
    /// it has none or symmetry is off).
    func callAsFunction<State: Hashable>(
        _ state: State, _ monitor: PathMonitor, _ clock: Int, renaming: UserRenaming<State>?
    ) -> UInt64 {
        let acted = Int(monitor.actedUsers)
        guard let renaming, acted >= 2, acted <= maxPermuted else { return plain(state, monitor, clock) }
        // images[user] = its rank of first appearance, packed 4 bits per user.
        var ranks = FirstAppearance(acted: acted)
        // Through a pointer: a `var` captured by the closure handed to the provider's `forEachUser` would cost a
        // dynamic exclusivity check per user listed, per state.
        withUnsafeMutablePointer(to: &ranks) { ranks in
            renaming.forEachUser(state) { ranks.pointee.see(Int($0.index)) }
        }
        if monitor.lastActor != PathMonitor.noUser { ranks.see(Int(monitor.lastActor)) }
        var signedOut = monitor.signedOut
        while signedOut != 0 {
            ranks.see(signedOut.trailingZeroBitCount)
            signedOut &= signedOut - 1
        }
        for index in 0..<acted { ranks.see(index) }
        let images = ranks.images
        var identity = true
        for index in 0..<acted where (images >> (4 * UInt64(index))) & 15 != UInt64(index) { identity = false }
        guard !identity, let permutation = permutations[UInt64(acted) | images << 8] else {
            return plain(state, monitor, clock)
        }
        var renamed = state
        renaming.rename(&renamed, permutation)
        return plain(renamed, monitor.renamed(permutation), clock)
    }
}

/// Users ranked by first appearance: `images` packs each acted user's rank, 4 bits per user.
struct FirstAppearance {
    let acted: Int
    var images: UInt64 = 0
    var seen: UInt32 = 0
    var next: UInt64 = 0

    init(acted: Int) { self.acted = acted }

    mutating func see(_ index: Int) {
        guard index < acted, seen & (1 << UInt32(index)) == 0 else { return }
        seen |= 1 << UInt32(index)
        images |= next << (4 * UInt64(index))
        next += 1
    }
}

/// Set once by any thread (the time limit), read by the others between nodes.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}

/// A value handed to threads that only read it (or write disjoint parts of it), which the compiler cannot check.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// An array's buffer as `verify`'s memory bound counts it: it doubles (from 16 elements) whenever an append finds it
/// full. The array's real capacity also depends on what the allocator handed out, which differs from run to run (and
/// with the threads' timing); counted this way, the point where the bound stops a search does not.
struct CountedCapacity {
    private(set) var elements = 0

    init(holding count: Int = 0) { grow(toHold: count) }

    mutating func grow(toHold count: Int) {
        while elements < count { elements = elements == 0 ? max(16, count) : elements * 2 }
    }

    /// What an array of `count` elements of `size` bytes holds after one more append: a full buffer doubles, and
    /// holds both copies while it does.
    func bytesAfterAppend(count: Int, size: Int) -> Int {
        count < elements ? elements * size : max(elements * 3, 16) * size
    }
}
