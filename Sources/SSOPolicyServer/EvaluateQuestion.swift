/// An `evaluate` request with the acting user's name taken out: what the answer depends on besides the name. Two
/// requests that ask the same question for different users have the same question; a fact, condition or setting
/// whose value is the acting user's name keeps that as "the acting user", not as the name.
struct EvaluateQuestion: Hashable, Sendable, CacheSized {
    /// A value of the request: a text, or the acting user's name.
    enum Value: Hashable, Sendable {
        case text(String)
        case actingUser
    }

    let policy: RequestDocument
    let app: String
    let event: String?
    let explain: Bool?
    let facts: [String: Value]?
    let conditions: [String: Value]?
    let settings: [String: Value]?

    /// The question of `body`.
    init(_ body: EvaluateRequestBody) {
        func values(_ object: [String: String]?) -> [String: Value]? {
            object?.mapValues { $0 == body.user ? .actingUser : .text($0) }
        }
        policy = body.policy
        app = body.app
        event = body.event
        explain = body.explain
        facts = values(body.facts)
        conditions = values(body.conditions)
        settings = values(body.settings)
    }

    /// `body` asked for `user`: the name in its place, and in every value that was the acting user's name.
    static func asking(_ body: EvaluateRequestBody, for user: String) -> EvaluateRequestBody {
        func values(_ object: [String: String]?) -> [String: String]? {
            object?.mapValues { $0 == body.user ? user : $0 }
        }
        var asked = body
        asked.user = user
        asked.facts = values(body.facts)
        asked.conditions = values(body.conditions)
        asked.settings = values(body.settings)
        return asked
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
        return document + app.utf8.count + (event?.utf8.count ?? 0) + size(facts) + size(conditions) + size(settings)
    }
}
