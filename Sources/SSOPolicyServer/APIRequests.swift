/// The JSON bodies of the POST verbs: the command line's arguments and flags, as fields.
struct RunRequest: Decodable, Sendable {
    var scenario: RequestDocument
    var policy: RequestDocument
    var explain: Bool?
}

struct CompareRequest: Decodable, Sendable {
    var scenario: RequestDocument
    var policies: [RequestDocument]
    var diff: Bool?
    var explain: Bool?
}

/// Facts, conditions and settings are objects; they are applied in key order, so the same object always gives the same
/// answer. `settings` is `--setting`: a value answers as if the policy said so, `?` leaves the setting unknown.
struct EvaluateRequestBody: Decodable, Sendable {
    var policy: RequestDocument
    var app: String
    var user: String
    var facts: [String: String]?
    var conditions: [String: String]?
    var settings: [String: String]?
    var event: String?
    var explain: Bool?
}

struct MatrixRequest: Decodable, Sendable {
    var policy: RequestDocument
    var app: String?
    var all: Bool?
}

struct CheckRequest: Decodable, Sendable {
    var documents: [RequestDocument]
    var quiet: Bool?
}
