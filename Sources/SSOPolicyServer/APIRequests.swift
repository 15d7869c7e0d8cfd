/// The JSON bodies of the POST verbs: the command line's arguments and flags, as fields.
struct RunRequest: Decodable, Sendable {
    var scenario: RequestDocument
    var policy: RequestDocument
    var explain: Bool?
}

/// `policies` (two or more), or one `fleet` with `effort` (seconds per prompt kind) over the fleet's.
struct CompareRequest: Decodable, Sendable {
    var scenario: RequestDocument
    var policies: [RequestDocument]
    var fleet: RequestDocument?
    var effort: [String: Int]?
    var diff: Bool?
    var explain: Bool?

    enum CodingKeys: String, CodingKey { case scenario, policies, fleet, effort, diff, explain }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scenario = try container.decode(RequestDocument.self, forKey: .scenario)
        fleet = try container.decodeIfPresent(RequestDocument.self, forKey: .fleet)
        // Required unless a fleet is sent (so a body without either still says 'policies' is missing).
        policies =
            fleet == nil
            ? try container.decode([RequestDocument].self, forKey: .policies)
            : try container.decodeIfPresent([RequestDocument].self, forKey: .policies) ?? []
        effort = try container.decodeIfPresent([String: Int].self, forKey: .effort)
        diff = try container.decodeIfPresent(Bool.self, forKey: .diff)
        explain = try container.decodeIfPresent(Bool.self, forKey: .explain)
    }
}

/// `POST /v1/decide`: the decision on a fleet, as `ssopolicy decide FLEET --scenario S --format json`.
struct DecideRequest: Decodable, Sendable {
    var scenario: RequestDocument
    var fleet: RequestDocument
    var effort: [String: Int]?
}

/// Facts, conditions and settings are objects; they are applied in key order, so the same object always gives the same
/// answer. `settings` is `--setting`: a value answers as if the policy said so, `?` leaves the setting unknown. A
/// value is written as the JSON answers write it (`ScalarText`): a string, a boolean (`"device_locked": true`) or a
/// number (`"check_in_retries": 3`), each taken as its text, as `--fact key=value` takes it; `null` is as if the key
/// were left out.
struct EvaluateRequestBody: Decodable, Sendable {
    var policy: RequestDocument
    /// With a fleet as `policy`: the pair whose derived policy answers (`evaluate FLEET --setup S --group G`).
    var setup: String?
    var group: String?
    var app: String
    var user: String
    var facts: [String: String]?
    var conditions: [String: String]?
    var settings: [String: String]?
    var event: String?
    var explain: Bool?

    enum CodingKeys: String, CodingKey {
        case policy, setup, group, app, user, facts, conditions, settings, event, explain
    }

    init(
        policy: RequestDocument, setup: String? = nil, group: String? = nil, app: String, user: String,
        facts: [String: String]?, conditions: [String: String]?, settings: [String: String]?, event: String?,
        explain: Bool?
    ) {
        self.policy = policy
        self.setup = setup
        self.group = group
        self.app = app
        self.user = user
        self.facts = facts
        self.conditions = conditions
        self.settings = settings
        self.event = event
        self.explain = explain
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        policy = try container.decode(RequestDocument.self, forKey: .policy)
        setup = try container.decodeIfPresent(String.self, forKey: .setup)
        group = try container.decodeIfPresent(String.self, forKey: .group)
        app = try container.decode(String.self, forKey: .app)
        user = try container.decode(String.self, forKey: .user)
        func texts(_ key: CodingKeys) throws -> [String: String]? {
            try container.decodeIfPresent([String: ScalarText].self, forKey: key)?.compactMapValues(\.text)
        }
        facts = try texts(.facts)
        conditions = try texts(.conditions)
        settings = try texts(.settings)
        event = try container.decodeIfPresent(String.self, forKey: .event)
        explain = try container.decodeIfPresent(Bool.self, forKey: .explain)
    }
}

/// A value of `facts`, `conditions` or `settings` in the JSON types the answers use: a string as it is, a boolean as
/// `true`/`false`, a whole number as its digits, another number as its shortest decimal text; `null` is no value.
struct ScalarText: Decodable, Sendable {
    var text: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            text = nil
        } else if let value = try? container.decode(Bool.self) {
            text = value ? "true" : "false"
        } else if let value = try? container.decode(Int.self) {
            text = String(value)
        } else if let value = try? container.decode(Double.self), value.isFinite {
            text = String(value)
        } else if let value = try? container.decode(String.self) {
            text = value
        } else {
            throw DecodingError.typeMismatch(
                String.self,
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected a string, a boolean or a number (null: unknown)"))
        }
    }
}

struct MatrixRequest: Decodable, Sendable {
    var policy: RequestDocument
    /// With a fleet as `policy`: the pair whose derived policy's table is asked for.
    var setup: String?
    var group: String?
    var app: String?
    var all: Bool?
}

struct CheckRequest: Decodable, Sendable {
    var documents: [RequestDocument]
    var quiet: Bool?
}
