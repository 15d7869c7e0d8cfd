import SSOPolicy

/// The data of the HTML guide's what-if explorer for one policy: for each app and user, the `evaluate` answer of
/// every complete combination of the provider's facts (account facts as `none`, the acting user and
/// `another-user`, as `evaluate` tries them when unknown, then each of the guide's users by name). The page answers a question with unknown facts from these rows
/// alone (`WhatIfScript` groups them), so no engine runs in the browser and its answers are `evaluate`'s.
struct WhatIfTable {
    var policy: CompiledPolicy
    var users: [String]
    /// Outcome objects exactly as `evaluate --format json` writes them (without `when`), deduplicated.
    var outcomes: [JSONValue]
    /// For each outcome, the class of outcomes `evaluate` treats as the same decision (equal without the trace).
    var decisions: [Int]
    /// "app user" → the outcome index of each row, rows in `evaluate`'s enumeration order (first fact slowest).
    var rows: [(key: String, outcomes: [Int])]

    /// The value the page shows for an account fact that is the acting user.
    static let actingUser = "@user"

    /// A fact's values as the rows enumerate them: for an account fact, `evaluate`'s three first (the page
    /// tries only those when the fact is unknown), then the named users.
    static func values(_ fact: FactDeclaration, user: String, users: [String]) -> [String] {
        switch fact.domain {
        case .choice(let values): return values
        case .account: return ["none", user, AttemptEvaluator.anotherUser] + users
        }
    }

    static func build(_ policies: [CompiledPolicy], users: [String], registry: ProviderRegistry) throws
        -> [WhatIfTable]
    {
        try policies.map { try build($0, users: users) }
    }

    static func build(_ policy: CompiledPolicy, users: [String]) throws -> WhatIfTable {
        let facts = policy.descriptor.facts
        var outcomeIndex: [String: Int] = [:]
        var decisionIndex: [String: Int] = [:]
        var table = WhatIfTable(policy: policy, users: users, outcomes: [], decisions: [], rows: [])
        for app in policy.configuration.apps {
            for user in users {
                var combinations: [[(key: String, value: String)]] = [[]]
                for fact in facts {
                    combinations = combinations.flatMap { prefix in
                        values(fact, user: user, users: users).map { prefix + [(fact.key, $0)] }
                    }
                }
                var indices: [Int] = []
                for facts in combinations {
                    let request = EvaluateRequest(app: app.id, user: user, facts: facts)
                    let result = try AttemptEvaluator(traceMode: .fired).evaluate(request, policy: policy)
                    guard let outcome = result.outcomes.first else { continue }
                    guard case .object(let fields) = RunJSON.step(outcome.view) else { continue }
                    let kept = JSONValue.object(
                        fields.filter { !["step", "at", "event", "app", "user"].contains($0.0) })
                    let key = kept.serialized(pretty: false)
                    if let index = outcomeIndex[key] {
                        indices.append(index)
                        continue
                    }
                    let decision = RunJSON.step(outcome.view, includeTrace: false).serialized(pretty: false)
                    let decisionNumber = decisionIndex[decision] ?? decisionIndex.count
                    decisionIndex[decision] = decisionNumber
                    outcomeIndex[key] = table.outcomes.count
                    indices.append(table.outcomes.count)
                    table.outcomes.append(kept)
                    table.decisions.append(decisionNumber)
                }
                table.rows.append((app.id + " " + user, indices))
            }
        }
        return table
    }

    var json: JSONValue {
        let configuration = policy.configuration
        return .object([
            ("policy", .string(configuration.id)), ("provider", .string(policy.descriptor.id)),
            ("title", .optional(configuration.title)),
            (
                "apps",
                .array(
                    configuration.apps.map { app in
                        .object([("id", .string(app.id)), ("name", .optional(app.name))])
                    })
            ),
            ("users", .strings(users)),
            (
                "facts",
                .array(
                    policy.descriptor.facts.map { fact in
                        let values: [String]
                        let account: Bool
                        switch fact.domain {
                        case .choice(let choices): (values, account) = (choices, false)
                        case .account:
                            values = ["none", Self.actingUser, AttemptEvaluator.anotherUser] + users
                            account = true
                        }
                        return .object([
                            ("key", .string(fact.key)), ("values", .strings(values)), ("account", .bool(account)),
                            ("meaning", .string(fact.meaning)),
                        ])
                    })
            ),
            ("outcomes", .array(outcomes)), ("decisions", .array(decisions.map { .int($0) })),
            ("rows", .object(rows.map { ($0.key, .array($0.outcomes.map { .int($0) })) })),
        ])
    }
}
