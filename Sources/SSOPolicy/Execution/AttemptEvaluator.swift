import SSOPolicyProviderKit

/// One access attempt (or other event) against a state given as facts. Facts left out are unknown: every
/// combination is tried, and the answer lists each distinct outcome with only the facts it depends on.
public struct EvaluateRequest: Sendable {
    public var app: String
    public var user: String
    /// Fact key → text, as given with `--fact key=value`.
    public var facts: [(key: String, value: String)]
    public var event: String
    public var conditions: [(key: String, value: String)]

    public init(
        app: String, user: String, facts: [(key: String, value: String)] = [], event: String = "open",
        conditions: [(key: String, value: String)] = []
    ) {
        self.app = app
        self.user = user
        self.facts = facts
        self.event = event
        self.conditions = conditions
    }
}

/// The answer: each outcome with the (unknown) facts it depends on.
public struct EvaluateResult: Sendable {
    public struct Outcome: Sendable {
        /// Fact key → value for the unknown facts this outcome depends on (empty when none mattered).
        public var when: [(key: String, value: String)]
        public var view: StepView
    }

    public var policy: CompiledPolicy
    public var app: String
    public var user: String
    public var event: String
    public var outcomes: [Outcome]
}

/// Problems with an evaluate request (unknown app, fact, value), with a suggestion where one is close.
public struct EvaluateError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}

public struct AttemptEvaluator: Sendable {
    public static let anotherUser = "another-user"
    public var traceMode: RuleTrace.Mode

    public init(traceMode: RuleTrace.Mode = .fired) { self.traceMode = traceMode }

    /// A fact to enumerate: its declaration index and the texts to try.
    struct Unknown {
        var fact: FactDeclaration
        var values: [String]
    }

    public func evaluate(_ request: EvaluateRequest, policy: CompiledPolicy) throws -> EvaluateResult {
        let descriptor = policy.descriptor
        let configuration = policy.configuration
        guard let app = configuration.app(named: request.app) else {
            throw EvaluateError(
                description: "policy '\(configuration.id)' has no app '\(request.app)'"
                    + Suggestion.didYouMean(request.app, in: configuration.apps.map(\.id)) + "; apps: "
                    + configuration.apps.map(\.id).joined(separator: ", "))
        }
        guard Identifier.isValid(request.user), request.user != "none", request.user != Self.anotherUser else {
            throw EvaluateError(description: "'\(request.user)' cannot be a user name")
        }
        guard let eventID = descriptor.event(request.event) else {
            throw EvaluateError(
                description: "unknown event '\(request.event)' for provider '\(descriptor.id)'"
                    + Suggestion.didYouMean(request.event, in: descriptor.allEvents.map(\.name)))
        }
        var given: [String: String] = [:]
        for (key, value) in request.facts {
            guard descriptor.fact(key) != nil else {
                throw EvaluateError(
                    description: "unknown fact '\(key)' for provider '\(descriptor.id)'"
                        + Suggestion.didYouMean(key, in: descriptor.facts.map(\.key)) + "; facts: "
                        + descriptor.facts.map(\.key).joined(separator: ", "))
            }
            if given[key] != nil { throw EvaluateError(description: "fact '\(key)' given twice") }
            given[key] = value
        }
        var conditions = StepConditions()
        for (key, text) in request.conditions {
            guard let id = descriptor.stepCondition(key) else {
                throw EvaluateError(
                    description: "unknown step condition '\(key)'"
                        + Suggestion.didYouMean(key, in: descriptor.stepConditions.map(\.key)))
            }
            let declaration = descriptor.stepConditions[Int(id.index)]
            guard let value = declaration.kind.parse(text) else {
                throw EvaluateError(description: "\(key): expected \(declaration.kind.expectation), found '\(text)'")
            }
            conditions.set(id, value)
        }
        var users = UserDirectory([request.user])
        let user = users.intern(request.user)
        // Validate given values now, so a typo is an error rather than an empty answer.
        for (key, value) in given {
            do {
                _ = try FactBuilder.parse(value, for: descriptor.facts[Int(descriptor.fact(key)!.index)], users: &users)
            } catch {
                throw EvaluateError(description: "\(error)")
            }
        }
        let unknowns: [Unknown] = descriptor.facts.filter { given[$0.key] == nil }.map { fact in
            switch fact.domain {
            case .choice(let values): return Unknown(fact: fact, values: values)
            case .account: return Unknown(fact: fact, values: ["none", request.user, Self.anotherUser])
            }
        }
        _ = users.intern(Self.anotherUser)

        let target: ProviderEvent.Target
        switch descriptor.allEvents[Int(eventID.index)].target {
        case .choice(let words): target = .word(words[0])
        default: target = .app(app)
        }
        let event = ProviderEvent(event: eventID, target: target, user: user, time: Clock.start, conditions: conditions)

        // Evaluate every combination of unknown facts.
        var combinations: [[String]] = [[]]
        for unknown in unknowns {
            combinations = combinations.flatMap { prefix in unknown.values.map { prefix + [$0] } }
        }
        let renderer = OutcomeRenderer(policy: policy, users: users)
        var evaluated: [(values: [String], view: StepView)] = []
        for combination in combinations {
            guard WorkBudget.spend() else {
                return EvaluateResult(
                    policy: policy, app: request.app, user: request.user, event: request.event, outcomes: [])
            }
            var device = given
            var perApp: [Int: [String: String]] = [:]
            for (unknown, value) in zip(unknowns, combination) {
                if unknown.fact.scope == .app {
                    perApp[app.int, default: [:]][unknown.fact.key] = value
                } else {
                    device[unknown.fact.key] = value
                }
            }
            for (key, value) in given where descriptor.facts[Int(descriptor.fact(key)!.index)].scope == .app {
                perApp[app.int, default: [:]][key] = value
                device.removeValue(forKey: key)
            }
            var scratch = users
            let facts: FactValues
            do {
                facts = try FactBuilder.make(
                    descriptor, appCount: configuration.apps.count, device: device, perApp: perApp, users: &scratch)
            } catch {
                throw EvaluateError(description: "\(error)")
            }
            var trace = RuleTrace(traceMode)
            let outcome = policy.attempt(event, facts: facts, trace: &trace)
            let view = renderer.view(
                number: 1, time: Clock.start, event: request.event, app: request.app, user: user, outcome: outcome,
                trace: trace.entries)
            evaluated.append((combination, view))
        }
        let leaves = Self.split(evaluated.indices.map { $0 }, unknowns.indices.map { $0 }, evaluated, path: [])
        let outcomes = leaves.map { leaf in
            EvaluateResult.Outcome(
                when: leaf.path.map { (unknowns[$0.fact].fact.key, $0.value) }, view: evaluated[leaf.rows[0]].view)
        }
        return EvaluateResult(
            policy: policy, app: request.app, user: request.user, event: request.event, outcomes: outcomes)
    }

    struct Leaf {
        var path: [(fact: Int, value: String)]
        var rows: [Int]
    }

    /// A reduced decision tree over the unknown facts: split on the fact that best separates outcomes until each
    /// group decides the same; facts that never matter never appear.
    static func split(
        _ rows: [Int], _ remaining: [Int], _ evaluated: [(values: [String], view: StepView)],
        path: [(fact: Int, value: String)]
    ) -> [Leaf] {
        func key(_ row: Int) -> String {
            RunJSON.step(evaluated[row].view, includeTrace: false).serialized(pretty: false)
        }
        if rows.count <= 1 || remaining.isEmpty { return [Leaf(path: path, rows: rows)] }
        let distinct = Set(rows.map(key))
        if distinct.count <= 1 || remaining.isEmpty { return [Leaf(path: path, rows: rows)] }
        var best: (fact: Int, score: Int)?
        for fact in remaining {
            var groups: [String: Set<String>] = [:]
            for row in rows { groups[evaluated[row].values[fact], default: []].insert(key(row)) }
            let score = groups.values.reduce(0) { $0 + $1.count }
            if score < distinct.count * groups.count, best == nil || score < best!.score { best = (fact, score) }
        }
        guard let chosen = best?.fact else { return [Leaf(path: path, rows: rows)] }
        var order: [String] = []
        var groups: [String: [Int]] = [:]
        for row in rows {
            let value = evaluated[row].values[chosen]
            if groups[value] == nil { order.append(value) }
            groups[value, default: []].append(row)
        }
        let rest = remaining.filter { $0 != chosen }
        return order.flatMap { value in split(groups[value]!, rest, evaluated, path: path + [(chosen, value)]) }
    }
}

extension EvaluateResult {
    public var json: JSONValue {
        .object([
            ("policy", .string(policy.configuration.id)), ("provider", .string(policy.descriptor.id)),
            ("app", .string(app)), ("user", .string(user)), ("event", .string(event)),
            (
                "outcomes",
                .array(
                    outcomes.map { outcome in
                        guard case .object(let fields) = RunJSON.step(outcome.view) else { return .null }
                        let kept = fields.filter { !["step", "at", "event", "app", "user"].contains($0.0) }
                        return .object([("when", .object(outcome.when.map { ($0.key, .string($0.value)) }))] + kept)
                    })
            ),
        ])
    }
}
