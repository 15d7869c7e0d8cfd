import SSOPolicyProviderKit

/// What `advise` is asked: the goal severity, the bound on changes, an optional `verify` oracle.
public struct AdviceRequest: Sendable {
    /// No finding at this severity or worse may remain (in a step or in the policy itself, as `run --fail-on`).
    public var goal: Severity
    /// The most changes one suggestion may make.
    public var maxChanges: Int
    /// Enumerate every set of changes up to the bound and keep the minimal ones, rather than pruning supersets of
    /// the sets already found: the brute force that confirms the search (tests, `Benchmarks/advise.sh`).
    public var exhaustive: Bool
    /// When set, a suggestion must also make this hold of the changed policy (`--property P --depth D`).
    public var property: (@Sendable (CompiledPolicy) throws -> Bool)?

    public static let maxChangesRange = 1...4

    public init(
        goal: Severity = .high, maxChanges: Int = 3, exhaustive: Bool = false,
        property: (@Sendable (CompiledPolicy) throws -> Bool)? = nil
    ) {
        self.goal = goal
        self.maxChanges = maxChanges
        self.exhaustive = exhaustive
        self.property = property
    }
}

/// One policy the changes apply to: a policy file, or one device group of a fleet's setup (a fleet's setup meets
/// the goal when every group it plays on does).
public struct AdviceSubject: Sendable {
    public var policy: CompiledPolicy
    /// The device group, for a fleet.
    public var group: String?
    public var effort: EffortTable
    /// Bind strictly (a policy file, as `run`) or leniently (a fleet, as `compare`).
    public var lenient: Bool

    public init(policy: CompiledPolicy, group: String? = nil, effort: EffortTable = .standard, lenient: Bool = false) {
        self.policy = policy
        self.group = group
        self.effort = effort
        self.lenient = lenient
    }
}

/// The search behind `advise` (spec 3.5): sets of changes, smallest first, after which the scenario meets the goal.
///
/// Sizes are tried in order (1, 2, … up to the bound); a set is tried only when no set already found is part of it,
/// so every set found is minimal: each of its proper subsets was tried at a smaller size and fell short. Each
/// candidate recompiles the policy with the changes (as `evaluate --setting` does), binds the scenario and plays
/// it with the trace off. A setting the scenario never reads cannot meet the goal on its own and leaves a set
/// found with it as a superset, so it is never part of an answer; what bounds the cost is the work budget, one unit
/// per candidate.
struct AdviceSearch {
    var scenario: Scenario
    var subjects: [AdviceSubject]
    var request: AdviceRequest
    var targets: [AdviceTarget]

    /// The most candidates one search tries when no budget is bound.
    static let maxCandidates = 400_000

    /// How one candidate fared.
    struct Trial {
        var changes: [AdviceChange]
        /// Findings at or above the goal left (steps and configuration, over every subject); nil when a subject
        /// does not compile or bind with the changes.
        var remaining: Int?
        /// The oracle's answer, when asked and the scenario meets the goal.
        var propertyHolds: Bool?
        var meets: Bool { remaining == 0 && propertyHolds != false }
    }

    struct Outcome {
        var found: [[AdviceChange]]
        /// The candidates that came closest (fewest remaining findings), when none met the goal.
        var closest: [Trial]
        var tried: Int
        /// Why it stopped before the bound, if it did.
        var stopped: String?
    }

    /// Fewest remaining findings first, then fewer changes, then in order.
    static func closer(_ lhs: Trial, _ rhs: Trial) -> Bool {
        let l = lhs.remaining ?? .max
        let r = rhs.remaining ?? .max
        if l != r { return l < r }
        if lhs.changes.count != rhs.changes.count { return lhs.changes.count < rhs.changes.count }
        return lhs.changes.lexicographicallyPrecedes(rhs.changes)
    }

    func run() throws -> Outcome {
        var found: [[AdviceChange]] = []
        var foundKeys: [[String: String]] = []
        var closest: [Trial] = []
        var tried = 0
        var stopped: String?
        let limit = Self.maxCandidates
        let bound = min(request.maxChanges, targets.count)
        func isSuperset(_ picked: [(target: Int, value: Int)]) -> Bool {
            var keys: [String: String] = [:]
            for item in picked {
                keys[targetKey(targets[item.target])] = targets[item.target].values[item.value]
            }
            return foundKeys.contains { solution in solution.allSatisfy { keys[$0.key] == $0.value } }
        }
        sizes: for size in 0...bound {
            var atSize: [[AdviceChange]] = []
            var picked: [(target: Int, value: Int)] = []
            // Depth-first over increasing target indices, each at each of its values.
            func visit(from start: Int) throws -> Bool {
                if picked.count == size {
                    if !request.exhaustive && isSuperset(picked) { return true }
                    guard tried < limit, WorkBudget.spend() else { return false }
                    tried += 1
                    let changes = picked.map { change(targets[$0.target], $0.value) }
                    let trial = try self.trial(changes)
                    if trial.meets {
                        atSize.append(changes)
                    } else if trial.remaining != nil {
                        closest.append(trial)
                        closest.sort(by: Self.closer)
                        if closest.count > 3 { closest.removeLast() }
                    }
                    return true
                }
                guard start < targets.count else { return true }
                for index in start..<targets.count {
                    for value in targets[index].values.indices {
                        picked.append((index, value))
                        defer { picked.removeLast() }
                        guard try visit(from: index + 1) else { return false }
                    }
                }
                return true
            }
            let finished = try visit(from: 0)
            for changes in atSize {
                found.append(changes)
                foundKeys.append(
                    Dictionary(uniqueKeysWithValues: changes.map { ((($0.app ?? "") + "\u{0}" + $0.key), $0.value) }))
            }
            guard finished else {
                stopped =
                    tried >= limit
                    ? "the search tried \(limit) sets of changes (the most it tries) before reaching "
                        + "\(size) change\(size == 1 ? "" : "s"); lower --max-changes"
                    : "the work budget stopped the search at \(size) change\(size == 1 ? "" : "s") after \(tried) "
                        + "sets of changes; lower --max-changes"
                break sizes
            }
            // The unchanged policy already meets the goal: nothing to suggest.
            if size == 0 && !atSize.isEmpty { break sizes }
        }
        if request.exhaustive {
            // Keep only the minimal sets, as the pruned search does by construction.
            let all = found
            found = all.filter { candidate in
                !all.contains { other in
                    other.count < candidate.count && other.allSatisfy { candidate.contains($0) }
                }
            }
        }
        return Outcome(found: found, closest: found.isEmpty ? closest : [], tried: tried, stopped: stopped)
    }

    func targetKey(_ target: AdviceTarget) -> String { (target.app ?? "") + "\u{0}" + target.key }

    func change(_ target: AdviceTarget, _ value: Int) -> AdviceChange {
        AdviceChange(kind: target.kind, app: target.app, key: target.key, value: target.values[value])
    }

    /// Plays the scenario on every subject with the changes.
    func trial(_ changes: [AdviceChange]) throws -> Trial {
        var remaining = 0
        var holds: Bool?
        for subject in subjects {
            guard let policy = Self.apply(changes, to: subject.policy) else { return Trial(changes: changes) }
            let binder = ScenarioBinder(mode: subject.lenient ? .lenient : .strict)
            guard case .success(let bound) = binder.bind(scenario, to: policy) else {
                return Trial(changes: changes)
            }
            let result = ScenarioRunner(traceMode: .off).run(bound)
            remaining = Saturating.sum(remaining, Self.blocking(result, goal: request.goal))
        }
        if remaining == 0, let property = request.property {
            holds = true
            for subject in subjects {
                guard let policy = Self.apply(changes, to: subject.policy), try property(policy) else {
                    holds = false
                    break
                }
            }
        }
        return Trial(changes: changes, remaining: remaining, propertyHolds: holds)
    }

    /// The findings at `goal` or worse of a run: in its steps (one per finding and step) and in the policy itself.
    static func blocking(_ result: RunResult, goal: Severity) -> Int {
        let descriptor = result.policy.descriptor
        var mask: UInt64 = 0
        for (index, finding) in descriptor.findings.enumerated() where finding.severity <= goal && index < 64 {
            mask |= 1 << UInt64(index)
        }
        var count = result.policy.findings.filter {
            descriptor.findings[Int($0.finding.index)].severity <= goal
        }.count
        for step in result.steps { count += (step.outcome.findings.bits & mask).nonzeroBitCount }
        return count
    }

    /// The policy with the changes applied and recompiled; nil when its provider rejects the combination.
    static func apply(_ changes: [AdviceChange], to policy: CompiledPolicy) -> CompiledPolicy? {
        guard !changes.isEmpty else { return policy }
        var configuration = policy.configuration
        let descriptor = policy.descriptor
        for change in changes {
            if let app = change.app {
                guard let index = configuration.app(named: app)?.int,
                    let declaration = descriptor.appKeys.first(where: { $0.key == change.key }),
                    let value = declaration.kind.parse(change.value)
                else { return nil }
                configuration.apps[index].keys.set(
                    change.key, value, at: configuration.apps[index].keys.position(of: change.key))
                configuration.apps[index].unknownKeys.removeAll { $0.key == change.key }
            } else {
                guard let declaration = descriptor.settings.first(where: { $0.key == change.key }),
                    let value = declaration.kind.parse(change.value)
                else { return nil }
                configuration.settings.set(change.key, value, at: configuration.settings.position(of: change.key))
                configuration.unknownSettings.removeAll { $0.key == change.key }
            }
        }
        var diagnostics = Diagnostics()
        return policy.recompiled(configuration, diagnostics: &diagnostics)
    }
}
