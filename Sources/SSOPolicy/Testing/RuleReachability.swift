import SSOPolicyProviderKit

/// Which of a policy's rules can fire at all, found by playing events against the real provider model, so a
/// coverage report can say *why* a suite never reached a rule: "reachable, e.g. …" or "not reached in N
/// states; the check fails because …".
///
/// Two bounded searches: every combination of the provider's enumerable facts followed by one event (the
/// decision-table view), and a breadth-first search from the default start over event sequences (with time
/// jumps just past each of the policy's durations) up to `maxDepth` steps or `maxStates` states. The claim is
/// never stronger than the bound: a rule not found is reported as "not reached in N states", not "impossible".
public struct RuleReachability: Sendable {
    /// How one rule fared in the search.
    public struct RuleResult: Sendable {
        /// The shortest event sequence found that fires the rule, rendered for people.
        public var example: String?
        /// For a rule never fired: how often each condition was the first to fail when the rule was checked.
        public var failedConditions: [UInt8: Int]
    }

    public var rules: [RuleResult]
    public var statesExplored: Int
    public var maxDepth: Int

    public static func explore(_ policy: CompiledPolicy, maxDepth: Int = 3, maxStates: Int = 20_000)
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

    /// Every event variant: each declared event on each target, by each user when it takes one, with each value
    /// of the step conditions it accepts (or none), after each of the time jumps.
    func moves(delays: [Int]) -> [Move] {
        let apps = policy.configuration.apps
        var moves: [Move] = []
        for (index, declaration) in descriptor.allEvents.enumerated() {
            var targets: [(ProviderEvent.Target, String)] = []
            switch declaration.target {
            case .app: targets = apps.indices.map { (.app(AppID($0)), apps[$0].id) }
            case .appOrAll: targets = apps.indices.map { (.app(AppID($0)), apps[$0].id) } + [(.allApps, "all")]
            case .choice(let words): targets = words.map { (.word($0), $0) }
            }
            let actors: [UserID?] = declaration.requiresUser ? [UserID(0), UserID(1)] : [nil]
            var variants: [(StepConditions, String)] = [(StepConditions(), "")]
            for (conditionIndex, condition) in descriptor.stepConditions.enumerated()
            where condition.events.contains(declaration.name) {
                let values = condition.kind.enumeratedValues ?? []
                variants = variants.flatMap { base in
                    [base]
                        + values.compactMap { text -> (StepConditions, String)? in
                            guard let value = condition.kind.parse(text) else { return nil }
                            var conditions = base.0
                            conditions.set(StepConditionID(conditionIndex), value)
                            return (conditions, base.1 + ", \(condition.key): \(text)")
                        }
                }
            }
            for (target, targetName) in targets {
                for actor in actors {
                    for (conditions, conditionText) in variants {
                        for delay in delays {
                            let who = actor.map { "user: \(users.name($0)), " } ?? ""
                            let when = delay == 60 ? "" : "after: \(Duration.format(delay)), "
                            moves.append(
                                Move(
                                    event: ProviderEvent(
                                        event: EventID(index), target: target, user: actor, time: 0,
                                        conditions: conditions),
                                    text: "{ \(when)\(who)\(declaration.name): \(targetName)\(conditionText) }",
                                    delay: delay))
                        }
                    }
                }
            }
        }
        return moves
    }

    /// Time jumps: the scenario default (one minute) and one second past every duration the policy sets.
    var delays: [Int] {
        var values: Set<Int> = [60]
        let blocks = [policy.configuration.settings] + policy.configuration.apps.map(\.keys)
        for block in blocks {
            for entry in block.entries.values {
                if case .seconds(let seconds) = entry.value, seconds > 0 { values.insert(seconds + 1) }
            }
        }
        return values.sorted()
    }

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
        var combinations: [[(String, String)]] = [[]]
        for fact in descriptor.facts {
            let values: [String]
            switch fact.domain {
            case .choice(let choices): values = choices
            case .account: values = ["none", "alice", "bob"]
            }
            combinations = combinations.flatMap { prefix in values.map { prefix + [(fact.key, $0)] } }
            if combinations.count > 4096 { break }
        }
        let moves = moves(delays: [60])
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
                _ = policy.attempt(event, facts: facts, trace: &trace)
                states += 1
                record([given, move.text])
            }
        }
    }

    /// Breadth-first over event sequences from the default start, deduplicating equal provider states.
    mutating func breadthFirst(maxDepth: Int, maxStates: Int) {
        guard
            let facts = try? FactBuilder.make(
                descriptor, appCount: policy.configuration.apps.count, users: &users)
        else { return }
        let moves = moves(delays: delays)
        var seen: Set<AnyHashable> = []
        let start = policy.makeSession(facts: facts)
        seen.insert(start.stateKey)
        var frontier: [(session: PolicySession, time: Int, path: [String])] = [(start, Clock.start - 60, [])]
        var explored = 0
        for _ in 0..<maxDepth {
            var next: [(session: PolicySession, time: Int, path: [String])] = []
            for node in frontier {
                for move in moves {
                    guard explored < maxStates else { return }
                    let session = node.session.copy()
                    var event = move.event
                    event.time = node.time + move.delay
                    trace.reset()
                    _ = session.apply(event, trace: &trace)
                    explored += 1
                    states += 1
                    let path = node.path + [move.text]
                    record(path)
                    if seen.insert(session.stateKey).inserted { next.append((session, event.time, path)) }
                }
            }
            frontier = next
        }
    }
}
