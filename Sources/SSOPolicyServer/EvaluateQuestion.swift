import SSOPolicy

/// An `evaluate` request with the names of its people taken out: what the answer depends on besides the names. The
/// people are the acting user and the users that account facts name (`signed_in: alice`), numbered in that order,
/// facts by key; requests that ask the same question of other people have the same question. A value anywhere in
/// the request that is one of the people's names stays that person, so who equals whom is part of the question.
struct EvaluateQuestion: Hashable, Sendable, CacheSized {
    /// A value of the request: a text, or one of the question's people by number (0 is the acting user).
    enum Value: Hashable, Sendable {
        case text(String)
        case person(Int)
    }

    /// At most this many people are numbered (`NameTemplate.standIns` has names for ten); further names stay texts.
    static let maxPeople = 8

    let policy: RequestDocument
    let setup: String?
    let group: String?
    let app: String
    let event: String?
    let explain: Bool?
    let facts: [String: Value]?
    let conditions: [String: Value]?
    let settings: [String: Value]?
    /// How many people the question has.
    let peopleCount: Int

    /// The question of `body` and its people's names, the acting user's first. `accountFacts` are the keys whose
    /// values name users (`accountFacts(in:)`).
    static func of(
        _ body: EvaluateRequestBody, accountFacts: Set<String>
    ) -> (question: EvaluateQuestion, people: [String]) {
        var people = [body.user]
        for (key, value) in (body.facts ?? [:]).sorted(by: { $0.key < $1.key })
        where accountFacts.contains(key) && AttemptEvaluator.isUserName(value) && !people.contains(value)
            && people.count < maxPeople
        {
            people.append(value)
        }
        func values(_ object: [String: String]?) -> [String: Value]? {
            object?.mapValues { value in people.firstIndex(of: value).map(Value.person) ?? .text(value) }
        }
        let question = EvaluateQuestion(
            policy: body.policy, setup: body.setup, group: body.group, app: body.app, event: body.event,
            explain: body.explain, facts: values(body.facts),
            conditions: values(body.conditions), settings: values(body.settings), peopleCount: people.count)
        return (question, people)
    }

    /// The request that asks this question of `people` (as many names as the question has people).
    func asked(of people: [String]) -> EvaluateRequestBody {
        func values(_ object: [String: Value]?) -> [String: String]? {
            object?.mapValues { value in
                switch value {
                case .text(let text): return text
                case .person(let number): return people[number]
                }
            }
        }
        return EvaluateRequestBody(
            policy: policy, setup: setup, group: group, app: app, user: people[0], facts: values(facts),
            conditions: values(conditions),
            settings: values(settings), event: event, explain: explain)
    }

    var byteCount: Int {
        func size(_ object: [String: Value]?) -> Int {
            (object ?? [:]).reduce(0) { total, pair in
                guard case .text(let text) = pair.value else { return total + pair.key.utf8.count }
                return total + pair.key.utf8.count + text.utf8.count
            }
        }
        let document: Int
        switch policy {
        case .bundled(let name): document = name.utf8.count
        case .inline(let yaml, let file): document = yaml.utf8.count + (file?.utf8.count ?? 0)
        }
        return document + (setup?.utf8.count ?? 0) + (group?.utf8.count ?? 0) + app.utf8.count
            + (event?.utf8.count ?? 0) + size(facts) + size(conditions) + size(settings)
    }
}

extension EvaluateQuestion {
    /// The fact keys whose values name users: declared as accounts by every provider that declares them.
    static func accountFacts(in registry: ProviderRegistry) -> Set<String> {
        var accounts: Set<String> = []
        var others: Set<String> = []
        for provider in registry.providers {
            for fact in provider.descriptor.facts {
                if case .account = fact.domain { accounts.insert(fact.key) } else { others.insert(fact.key) }
            }
        }
        return accounts.subtracting(others)
    }
}
