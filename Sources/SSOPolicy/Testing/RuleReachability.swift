import SSOPolicyProviderKit

/// Which of a policy's rules can fire at all, found by playing events against the real provider model, so a
/// coverage report can say *why* a suite never reached a rule: "reachable, e.g. …" or "not reached in N
/// states; the check fails because …".
///
/// Two bounded searches: every combination of the provider's enumerable facts followed by one event (the
/// decision-table view), and `verify`'s breadth-first explorer (recording each step's trace) from the default
/// start over event sequences (with time jumps around each of the policy's durations) up to `maxDepth` steps or
/// `maxStates` steps played. The claim is never stronger than the bound: a rule not found is reported as "not reached in N states", not "impossible".
package struct RuleReachability: Sendable {
    /// How one rule fared in the search.
    package struct RuleResult: Sendable {
        /// The shortest event sequence found that fires the rule, rendered for people.
        package var example: String?
        /// For a rule never fired: how often each condition was the first to fail when the rule was checked.
        package var failedConditions: [UInt8: Int]
    }

    package var rules: [RuleResult]
    package var statesExplored: Int
    package var maxDepth: Int

    package static func explore(_ policy: CompiledPolicy, maxDepth: Int = 3, maxStates: Int = 20_000)
        -> RuleReachability
    {
        var explorer = Explorer(policy: policy)
        // The search from the default start goes first: its examples read like scenarios.
        explorer.breadthFirst(maxDepth: maxDepth, maxStates: maxStates)
        explorer.fromFactCombinations()
        return RuleReachability(rules: explorer.results, statesExplored: explorer.states, maxDepth: maxDepth)
    }
}

/// The search behind `RuleReachability`.
private struct Explorer {
    struct Move {
        var event: ProviderEvent
        var text: String
        var delay: Int
    }

    let policy: CompiledPolicy
    let descriptor: ProviderDescriptor
    var users = UserDirectory(["alice", "bob"])
    var results: [RuleReachability.RuleResult]
    var states = 0
    var trace = RuleTrace(.explain)

    init(policy: CompiledPolicy) {
        self.policy = policy
        self.descriptor = policy.descriptor
        self.results = Array(
            repeating: RuleReachability.RuleResult(example: nil, failedConditions: [:]),
            count: descriptor.rules.count)
    }

    /// Every event variant of the verifier's move set (each declared event on each target, by alice or bob when
    /// it takes a user, with each step-condition value), after each of the time jumps.
    func moves(delays: [Int]) -> [Move] {
        let events = ExplorationMoves(policy: policy, users: 2, exploreConditions: true, noRestart: false).moves
        var moves: [Move] = []
        for move in events {
            guard let event = move.event else { continue }
            let who = event.user.map { "user: \(users.name($0)), " } ?? ""
            let conditions = move.conditions.map { ", \($0.key): \($0.value)" }.joined()
            for delay in delays {
                let when = delay == 60 ? "" : "after: \(Duration.format(delay)), "
                moves.append(
                    Move(
                        event: event, text: "{ \(when)\(who)\(move.eventName): \(move.targetText)\(conditions) }",
                        delay: delay))
            }
        }
        return moves
    }

    /// Time jumps: the scenario default (one minute) and the verifier's jumps around each of the policy's durations.
    var delays: [Int] { Array(Set([60] + ExplorationMoves.timeJumps(policy.configuration))).sorted() }

    mutating func record(_ path: [String]) {
        for entry in trace.entries {
            let index = Int(entry.rule.index)
            guard index < results.count else { continue }
            if entry.fired {
                if results[index].example == nil { results[index].example = path.joined(separator: ", ") }
            } else {
                results[index].failedConditions[entry.failedCondition, default: 0] += 1
            }
        }
    }

    /// Each combination of enumerable facts (account facts as nobody, alice or bob), then one event.
    mutating func fromFactCombinations() {
        let space = FactSpace(descriptor, actingUser: "alice", otherUser: "bob", growUntil: 4096)
        let combinations = (0..<space.count).map { space.row($0).map { ($0.key, $0.value) } }
        let moves = moves(delays: [60])
        policy.withAttempts { attempt in
            for combination in combinations {
                var scratch = users
                var device: [String: String] = [:]
                for (key, value) in combination { device[key] = value }
                guard
                    let facts = try? FactBuilder.make(
                        descriptor, appCount: policy.configuration.apps.count, device: device, users: &scratch)
                else { continue }
                let changed = zip(descriptor.facts, combination).filter { $0.defaultValue != $1.1 }.map(\.1)
                let given = "given { " + changed.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }"
                for move in moves {
                    var event = move.event
                    event.time = Clock.start
                    trace.reset()
                    _ = try? attempt(event, facts, &trace)
                    states += 1
                    record([given, move.text])
                }
            }
        }
    }

    /// Breadth-first over event sequences from the default start, deduplicating equal provider states: `verify`'s
    /// explorer, recording the trace of every step.
    mutating func breadthFirst(maxDepth: Int, maxStates: Int) {
        guard
            let facts = try? FactBuilder.make(
                descriptor, appCount: policy.configuration.apps.count, users: &users)
        else { return }
        let texts = moves(delays: delays)
        let explored = texts.map { move in
            ExplorationMove(
                kind: .event(move.event), eventName: "", targetText: "", conditions: [], delay: move.delay)
        }
        var explorer = StateSpaceExplorer(
            start: facts, moves: ExplorationMoves(unordered: explored, users: 2),
            checker: PropertyChecker(properties: [], descriptor: descriptor, tracksHandover: false), depth: maxDepth,
            maxStates: .max, maxBytes: .max, handoverAssumed: false, startTime: Clock.start - 60,
            stopsWhenAllBroken: false, recorder: CoverageRecorder(ruleCount: results.count))
        explorer.symmetry = false
        explorer.comparesProviderStateOnly = true
        explorer.maxTransitions = maxStates
        let outcome = policy.drive(&explorer)
        states += outcome.transitions
        let recorded = explorer.recorder
        for index in results.indices {
            if let first = recorded.firstFired[index] {
                results[index].example = outcome.path(to: first.node, then: first.move).map { texts[$0].text }
                    .joined(separator: ", ")
            }
            results[index].failedConditions.merge(recorded.failedConditions[index], uniquingKeysWith: +)
        }
    }
}

/// What coverage records of each explored step: per rule, the first step that fired it and how often each
/// condition was the first to fail.
struct CoverageRecorder: ExplorationRecorder {
    var firstFired: [(node: Int32, move: Int)?]
    var failedConditions: [[UInt8: Int]]

    init(ruleCount: Int) {
        firstFired = Array(repeating: nil, count: ruleCount)
        failedConditions = Array(repeating: [:], count: ruleCount)
    }

    var traceMode: RuleTrace.Mode { .explain }

    func makeSlice() -> CoverageRecorder { CoverageRecorder(ruleCount: firstFired.count) }

    mutating func record(_ trace: RuleTrace, node: Int32, move: Int) {
        for entry in trace.entries {
            let index = Int(entry.rule.index)
            guard index < firstFired.count else { continue }
            if entry.fired {
                if firstFired[index] == nil { firstFired[index] = (node, move) }
            } else {
                failedConditions[index][entry.failedCondition, default: 0] += 1
            }
        }
    }

    mutating func merge(_ slice: CoverageRecorder) {
        for index in firstFired.indices {
            if firstFired[index] == nil { firstFired[index] = slice.firstFired[index] }
            failedConditions[index].merge(slice.failedConditions[index], uniquingKeysWith: +)
        }
    }
}
