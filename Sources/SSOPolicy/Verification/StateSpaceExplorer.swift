import SSOPolicyProviderKit

/// What an exploration found: the first (shortest) violating move sequence per property, and how far it got.
struct ExplorationOutcome: Sendable {
    /// Per property (checker order): the move indices of a shortest sequence that breaks it, or nil.
    var violations: [[Int]?]
    /// Distinct states reached (the initial state included).
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
}

/// Breadth-first exploration of every move sequence up to a depth, deduplicating equal states (provider state,
/// path monitor and clock), so the first violation found for a property is a shortest one. The trace is off on
/// this path; counterexamples are replayed with the trace afterwards.
struct StateSpaceExplorer: StateSpaceVisitor {
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

    private struct Node<State> {
        var state: State
        var monitor: PathMonitor
        var clock: Int
        var id: Int32
    }

    mutating func visit<State: Hashable & Sendable>(
        initial: State, apply: (inout State, ProviderEvent, inout RuleTrace) -> StepOutcome
    ) -> ExplorationOutcome {
        let propertyCount = checker.properties.count
        let allFound: UInt64 = propertyCount >= 64 ? .max : (1 << UInt64(propertyCount)) - 1
        var found: UInt64 = 0
        var violations = [[Int]?](repeating: nil, count: propertyCount)
        var parents: [Int32] = [-1]
        var moveOf: [UInt16] = [0]
        var visited = FingerprintSet()
        var trace = RuleTrace(.off)

        func fingerprint(_ state: State, _ monitor: PathMonitor, _ clock: Int) -> UInt64 {
            var hasher = Hasher()
            state.hash(into: &hasher)
            hasher.combine(monitor)
            hasher.combine(clock)
            return UInt64(bitPattern: Int64(hasher.finalize()))
        }
        func path(to node: Int32, then move: Int) -> [Int] {
            var result = [move]
            var current = node
            while current > 0 {
                result.append(Int(moveOf[Int(current)]))
                current = parents[Int(current)]
            }
            return result.reversed()
        }

        /// One event of a move (a plain event, or one of a handover's): apply it, keep the path of each property it
        /// breaks for the first time (breadth-first, so a shortest one), and advance the path monitor.
        func play(
            _ event: ProviderEvent, _ state: inout State, _ monitor: inout PathMonitor, reachedFrom node: Int32,
            by moveIndex: Int
        ) {
            let outcome = apply(&state, event, &trace)
            let broken = checker.violations(event, outcome, before: monitor) & ~found
            if broken != 0 {
                var rest = broken
                while rest != 0 {
                    let index = rest.trailingZeroBitCount
                    rest &= rest - 1
                    violations[index] = path(to: node, then: moveIndex)
                }
                found |= broken
            }
            checker.advance(&monitor, event)
        }

        let root = Node(state: initial, monitor: PathMonitor(), clock: startTime, id: 0)
        _ = visited.insert(fingerprint(root.state, root.monitor, root.clock))
        var frontier = [root]
        var next: [Node<State>] = []
        var transitions = 0
        var completed = 0
        var truncated = false
        var memoryLimited = false
        var stoppedByMonitor = false
        var widestFrontier = 1
        let stride = MemoryLayout<Node<State>>.stride
        /// What an array holds after one more append (a full array doubles, and holds both copies while it does).
        func bytesAfterAppend<Element>(_ array: [Element], _ size: Int) -> Int {
            array.count < array.capacity ? array.capacity * size : max(array.capacity * 3, 16) * size
        }
        /// The explorer's memory if the next state is new: counted, not measured, so the bound is deterministic.
        func bytesIfNew() -> Int {
            visited.byteCountDuringNextInsert + frontier.capacity * stride + bytesAfterAppend(next, stride)
                + bytesAfterAppend(parents, MemoryLayout<Int32>.stride)
                + bytesAfterAppend(moveOf, MemoryLayout<UInt16>.stride)
        }

        level: while completed < depth, !frontier.isEmpty {
            let keepsNodes = completed + 1 < depth
            for node in frontier {
                let open = moves.allowed[Int(min(node.monitor.actedUsers, UInt8(moves.allowed.count - 1)))]
                for moveIndex in open {
                    let move = moves.moves[moveIndex]
                    var state = node.state
                    var monitor = node.monitor
                    var clock = node.clock
                    switch move.kind {
                    case .wait(let seconds):
                        clock += seconds
                    case .handover(let from, let to, let events):
                        guard monitor.lastActor == UInt8(min(Int(from.index), 254)) else { continue }
                        for var event in events {
                            event.time = clock
                            play(event, &state, &monitor, reachedFrom: node.id, by: moveIndex)
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
                        play(event, &state, &monitor, reachedFrom: node.id, by: moveIndex)
                    }
                    transitions += 1
                    if bytesIfNew() > maxBytes {
                        truncated = true
                        memoryLimited = true
                        break level
                    }
                    guard visited.insert(fingerprint(state, monitor, clock)) else { continue }
                    if keepsNodes {
                        parents.append(node.id)
                        moveOf.append(UInt16(moveIndex))
                        next.append(Node(state: state, monitor: monitor, clock: clock, id: Int32(parents.count - 1)))
                    }
                    if visited.count >= maxStates {
                        truncated = true
                        break level
                    }
                    if let hook = self.monitor, visited.count % hook.interval == 0,
                        !hook.check(.init(states: visited.count, transitions: transitions, depth: completed))
                    {
                        truncated = true
                        stoppedByMonitor = true
                        break level
                    }
                }
                if stopsWhenAllBroken, found == allFound { break level }
            }
            completed += 1
            widestFrontier = max(widestFrontier, next.count)
            swap(&frontier, &next)
            next.removeAll(keepingCapacity: true)
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
            fingerprintBytes: visited.byteCount + widestFrontier * stride)
    }
}
