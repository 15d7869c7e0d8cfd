import SSOPolicyProviderKit

/// A JSON Schema (draft 2020-12) for policy, scenario and suite files, generated from the registered providers'
/// declarations — the same settings, value kinds, per-app keys, facts, events and conditions the loaders
/// validate against — so the schema and `ssopolicy check` cannot drift apart.
///
/// YAML editors (the YAML language server) type scalars by YAML 1.2's core schema: `true` is a boolean, `5` an
/// integer, `16.4` a number, `08:00` a string. ssopolicy reads every scalar as text, so value schemas accept each
/// typed form that the checker accepts as text (`5` and `"5"`), and nothing the checker rejects where a schema can
/// say so. Checks a schema cannot express (unique app ids, time never going backwards, apps a scenario names
/// existing in a policy) stay with `check`.
package struct JSONSchemaGenerator: Sendable {
    package enum Kind: String, CaseIterable, Sendable {
        case policy, scenario, suite, fleet
    }

    package let registry: ProviderRegistry

    package init(registry: ProviderRegistry) { self.registry = registry }

    static let identifierPattern = "^[A-Za-z0-9._-]{1,64}$"

    /// The schema for one kind of file, or (nil) for every kind, dispatching on the top-level key as `check` does.
    package func schema(for kind: Kind? = nil) -> JSONValue {
        var root: [(String, JSONValue)] = [
            ("$schema", "https://json-schema.org/draft/2020-12/schema"),
            ("$id", .string("https://ssopolicy.dev/schema/\(kind?.rawValue ?? "ssopolicy").schema.json")),
            (
                "title",
                .string(
                    kind.map { "ssopolicy \($0.rawValue) file" } ?? "ssopolicy policy, scenario, suite or fleet file")
            ),
        ]
        if let kind {
            root.append(("$ref", .string("#/$defs/\(kind.rawValue)")))
        } else {
            root.append(
                (
                    "description",
                    "A suite has a top-level 'suite' key, a scenario 'scenario', a fleet 'fleet', a policy 'policy'."
                ))
            root.append(
                ("if", .object([("required", ["suite"])])))
            root.append(("then", .object([("$ref", "#/$defs/suite")])))
            root.append(
                (
                    "else",
                    .object([
                        ("if", .object([("required", ["scenario"])])),
                        ("then", .object([("$ref", "#/$defs/scenario")])),
                        (
                            "else",
                            .object([
                                ("if", .object([("required", ["fleet"])])),
                                ("then", .object([("$ref", "#/$defs/fleet")])),
                                ("else", .object([("$ref", "#/$defs/policy")])),
                            ])
                        ),
                    ])
                ))
        }
        root.append(("$defs", .object(definitions())))
        return .object(root)
    }

    func definitions() -> [(String, JSONValue)] {
        var defs: [(String, JSONValue)] = [
            ("identifier", .object([("type", "string"), ("pattern", .string(Self.identifierPattern))])),
            ("policy", policy()), ("scenario", scenario()), ("suite", suite()), ("fleet", fleet()),
        ]
        for provider in registry.providers {
            defs.append(("\(provider.id).settings", settings(provider.descriptor)))
            defs.append(("\(provider.id).app", app(provider.descriptor)))
        }
        return defs
    }

    // MARK: Policy

    func policy() -> JSONValue {
        let providers = registry.providers
        return .object([
            ("type", "object"),
            ("description", "A policy: a provider, its settings and its apps."),
            ("required", ["policy", "provider", "apps"]),
            (
                "properties",
                .object([
                    (
                        "policy",
                        .object([
                            ("description", "The policy id: lower-case letters, digits and '-'."),
                            ("type", "string"), ("pattern", "^[a-z0-9][a-z0-9-]{0,63}$"),
                        ])
                    ),
                    ("title", .object([("type", "string")])),
                    (
                        "provider",
                        .object([
                            ("description", "A registered provider (see 'ssopolicy providers')."),
                            ("enum", .array(providers.map { .string($0.id) })),
                        ])
                    ),
                    ("settings", .object([("type", ["object", "null"])])),
                    ("apps", .object([("type", "array"), ("minItems", 1), ("items", .object([("type", "object")]))])),
                ])
            ),
            ("additionalProperties", false),
            (
                "allOf",
                .array(
                    providers.map { provider in
                        Self.whenProvider(
                            provider.id,
                            apps: .object([("items", .object([("$ref", .string("#/$defs/\(provider.id).app"))]))]))
                    })
            ),
        ])
    }

    /// The part of a policy or a fleet setup that a provider's id selects: its settings and the schema of its apps.
    static func whenProvider(_ id: String, apps: JSONValue) -> JSONValue {
        .object([
            (
                "if",
                .object([
                    ("properties", .object([("provider", .object([("const", .string(id))]))])),
                    ("required", ["provider"]),
                ])
            ),
            (
                "then",
                .object([
                    (
                        "properties",
                        .object([("settings", .object([("$ref", .string("#/$defs/\(id).settings"))])), ("apps", apps)])
                    )
                ])
            ),
        ])
    }

    func settings(_ descriptor: ProviderDescriptor) -> JSONValue {
        var properties = descriptor.settings.map { ($0.key, Self.setting($0, descriptor)) }
        if !descriptor.modelOptions.isEmpty {
            properties.append(
                (
                    "model",
                    .object([
                        (
                            "description",
                            "Model options: readings where the sources disagree; the seed's is the default."
                        ),
                        ("type", ["object", "null"]),
                        (
                            "properties",
                            .object(
                                descriptor.modelOptions.map {
                                    ($0.key, Self.setting($0.setting, descriptor, acceptsUnknown: false))
                                })
                        ),
                        ("additionalProperties", false),
                    ])
                ))
        }
        var fields: [(String, JSONValue)] = [
            ("description", .string("Settings of provider '\(descriptor.id)'.")),
            ("type", ["object", "null"]),
            ("properties", .object(properties)),
            ("additionalProperties", false),
        ]
        let required = descriptor.settings.filter { $0.defaultValue == nil }.map { JSONValue.string($0.key) }
        if !required.isEmpty { fields.append(("required", .array(required))) }
        return .object(fields)
    }

    func app(_ descriptor: ProviderDescriptor) -> JSONValue {
        let properties: [(String, JSONValue)] =
            [
                (
                    "id",
                    .object([
                        ("description", "The app id, unique in the policy ('all' is reserved)."),
                        ("$ref", "#/$defs/identifier"), ("not", .object([("const", "all")])),
                    ])
                ),
                ("name", .object([("type", "string")])),
            ] + descriptor.appKeys.map { ($0.key, Self.setting($0, descriptor)) }
        let required = ["id"] + descriptor.appKeys.filter { $0.defaultValue == nil }.map(\.key)
        return .object([
            ("description", .string("An app of provider '\(descriptor.id)'.")),
            ("type", "object"), ("required", .array(required.map(JSONValue.string))),
            ("properties", .object(properties)),
            ("additionalProperties", false),
        ])
    }

    /// A setting or per-app key; unless `acceptsUnknown` is false (model options), also the word `unknown`, which
    /// the loader accepts for every setting and app key with a default.
    static func setting(
        _ declaration: SettingDeclaration, _ descriptor: ProviderDescriptor, acceptsUnknown: Bool = true
    ) -> JSONValue {
        var description = declaration.meaning
        if let value = declaration.defaultValue { description += " Default: \(value)." }
        let unknown = acceptsUnknown && declaration.defaultValue != nil
        if unknown { description += " 'unknown' plays the default and says so." }
        description += " Source: \(descriptor.renderCitations(declaration.sources))."
        let kind = value(declaration.kind)
        return .object([("description", .string(description))] + (unknown ? orUnknown(kind) : kind))
    }

    /// A value schema that also accepts the word `unknown`: added to an `enum`, or as one more `anyOf` branch.
    static func orUnknown(_ schema: [(String, JSONValue)]) -> [(String, JSONValue)] {
        let word = JSONValue.string(UnknownSetting.word)
        if schema.count == 1, schema[0].0 == "enum", case .array(let values) = schema[0].1 {
            return [("enum", .array(values + [word]))]
        }
        if schema.count == 1, schema[0].0 == "anyOf", case .array(let branches) = schema[0].1 {
            return [("anyOf", .array(branches + [.object([("const", word)])]))]
        }
        return [("anyOf", [.object(schema), .object([("const", word)])])]
    }

    /// The schema of a value of `kind`, in each YAML-typed form the checker accepts as text.
    static func value(_ kind: ValueKind) -> [(String, JSONValue)] {
        switch kind {
        case .choice(let words):
            return [("enum", .array(words.flatMap(typedForms)))]
        case .bool:
            return [("enum", [true, false, "true", "false"])]
        case .duration:
            return [
                (
                    "anyOf",
                    [
                        .object([("const", 0)]),
                        .object([("type", "string"), ("pattern", "^(0|([0-9]+[dhms])+)$")]),
                    ]
                )
            ]
        case .integer(let min, let max):
            var number: [(String, JSONValue)] = [("type", "integer")]
            if let min { number.append(("minimum", .int(min))) }
            if let max { number.append(("maximum", .int(max))) }
            return [("anyOf", [.object(number), .object([("type", "string"), ("pattern", "^-?[0-9]+$")])])]
        case .version:
            return [
                (
                    "anyOf",
                    [
                        .object([("type", "number"), ("minimum", 0)]),
                        .object([("type", "string"), ("pattern", "^[0-9]+(\\.[0-9]+)*$")]),
                    ]
                )
            ]
        case .identifier:
            return [
                ("anyOf", [.object([("$ref", "#/$defs/identifier")]), .object([("type", "integer"), ("minimum", 0)])])
            ]
        case .app:
            return [("$ref", "#/$defs/identifier"), ("not", .object([("const", "all")]))]
        }
    }

    /// A word as text, plus the typed value a YAML 1.2 editor would read it as (`true`, `5`).
    static func typedForms(_ word: String) -> [JSONValue] {
        switch word {
        case "true": return ["true", true]
        case "false": return ["false", false]
        default:
            if let number = Int(word), String(number) == word { return [.string(word), .int(number)] }
            return [.string(word)]
        }
    }

    // MARK: Scenario

    func scenario() -> JSONValue {
        .object([
            ("type", "object"),
            ("description", "A scenario: timed steps, each with exactly one event."),
            ("required", ["scenario", "steps"]),
            (
                "properties",
                .object([
                    ("scenario", .object([("$ref", "#/$defs/identifier")])),
                    ("title", .object([("type", "string")])),
                    (
                        "timezone",
                        .object([
                            (
                                "description",
                                .string(
                                    "IANA time zone (e.g. Europe/Paris) of dated 'at' times written without an offset; "
                                        + "durations across a daylight-saving change are real elapsed time.")
                            ), ("type", "string"), ("pattern", "^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$"),
                        ])
                    ),
                    ("given", given()),
                    ("steps", .object([("type", "array"), ("minItems", 1), ("maxItems", 10_000), ("items", step())])),
                ])
            ),
            ("additionalProperties", false),
        ])
    }

    func given() -> JSONValue {
        var properties: [(String, JSONValue)] = []
        for provider in registry.providers {
            for fact in provider.descriptor.facts where !properties.contains(where: { $0.0 == fact.key }) {
                let value: JSONValue
                switch fact.domain {
                case .choice(let words): value = .object([("enum", .array(words.flatMap(Self.typedForms)))])
                case .account: value = .object([("$ref", "#/$defs/identifier")])
                }
                var schema: [(String, JSONValue)] = [
                    (
                        "description",
                        .string(
                            "\(fact.meaning) Default: \(fact.defaultValue). Source: \(provider.descriptor.renderCitations(fact.sources))."
                        )
                    )
                ]
                if fact.scope == .app {
                    schema.append(
                        (
                            "anyOf",
                            [
                                value,
                                .object([
                                    ("type", "object"), ("propertyNames", .object([("$ref", "#/$defs/identifier")])),
                                    ("additionalProperties", value),
                                ]),
                            ]
                        ))
                } else {
                    guard case .object(let fields) = value else { continue }
                    schema += fields
                }
                properties.append((fact.key, .object(schema)))
            }
        }
        return .object([
            ("description", "Initial facts of the registered providers."),
            ("type", ["object", "null"]), ("properties", .object(properties)), ("additionalProperties", false),
        ])
    }

    func step() -> JSONValue {
        var events: [(name: String, declaration: EventDeclaration, schema: JSONValue)] = []
        for provider in registry.providers {
            for event in provider.descriptor.allEvents where !events.contains(where: { $0.name == event.name }) {
                // A scenario is vendor-neutral: the words of every provider declaring the event, and a user only
                // when every one of them needs it (binding checks the policy's own declaration).
                let all = registry.providers.flatMap(\.descriptor.allEvents).filter { $0.name == event.name }
                var merged = event
                merged.requiresUser = all.allSatisfy(\.requiresUser)
                let target: JSONValue
                switch event.target {
                case .app:
                    target = .object([("$ref", "#/$defs/identifier"), ("not", .object([("const", "all")]))])
                case .appOrAll: target = .object([("$ref", "#/$defs/identifier")])
                case .choice:
                    var words: [String] = []
                    for case .choice(let choices) in all.map(\.target) {
                        for word in choices where !words.contains(word) { words.append(word) }
                    }
                    target = .object([("enum", .array(words.map(JSONValue.string)))])
                }
                guard case .object(let fields) = target else { continue }
                let schema = JSONValue.object(
                    [
                        (
                            "description",
                            .string("\(event.meaning). Source: \(provider.descriptor.renderCitations(event.sources)).")
                        )
                    ] + fields)
                events.append((event.name, merged, schema))
            }
        }
        let handovers = registry.providers.compactMap { provider in
            provider.descriptor.handover.map { "\(provider.descriptor.id): \($0.summary) (\($0.sources.text))" }
        }
        var handoverRules: [JSONValue] = []
        if !handovers.isEmpty {
            let worker: [(String, JSONValue)] = [
                ("$ref", "#/$defs/identifier"), ("not", .object([("enum", ["none", "all"])])),
            ]
            events.append(
                (
                    HandoverDeclaration.stepKey,
                    EventDeclaration(
                        HandoverDeclaration.stepKey, target: .choice([]), requiresUser: false, accessAttempt: false,
                        meaning: "", sources: []),
                    .object([
                        (
                            "description",
                            .string(
                                "A shift change from one worker to the next (the step's user is 'to'; no 'user' key), "
                                    + "expanded to each provider's documented procedure: "
                                    + handovers.joined(separator: "; ")
                                    + ". Without 'from', the first worker takes the device: only the actions by 'to'.")
                        ),
                        ("type", "object"), ("required", ["to"]), ("additionalProperties", false),
                        (
                            "properties",
                            .object([
                                (
                                    "from",
                                    .object(
                                        [
                                            (
                                                "description",
                                                "The worker leaving; left out when the first worker takes the device."
                                            )
                                        ] + worker)
                                ),
                                ("to", .object([("description", "The worker taking over.")] + worker)),
                            ])
                        ),
                    ])
                ))
            handoverRules.append(
                .object([
                    ("if", .object([("required", [.string(HandoverDeclaration.stepKey)])])),
                    ("then", .object([("not", .object([("required", ["user"])]))])),
                ]))
        }
        var conditions: [(String, StepConditionDeclaration)] = []
        var conditionDescriptions: [String: String] = [:]
        for provider in registry.providers {
            for condition in provider.descriptor.stepConditions
            where !conditions.contains(where: { $0.0 == condition.key }) {
                conditions.append((condition.key, condition))
                conditionDescriptions[condition.key] =
                    "\(condition.meaning) On: \(condition.events.joined(separator: ", ")). Source: "
                    + provider.descriptor.renderCitations(condition.sources) + "."
            }
        }
        let properties: [(String, JSONValue)] =
            [
                (
                    "at",
                    .object([
                        (
                            "description",
                            .string(
                                "Clock time HH:MM or HH:MM:SS (quote it: \"08:00\"); a later day as \"+1d 00:10\". "
                                    + "Or, when the first step's is, a dated time 2026-11-24T19:05 (':SS' optional) in "
                                    + "the scenario's timezone, or with an offset: 2026-11-24T19:05+01:00 or ...Z.")
                        ), ("type", "string"),
                        (
                            "pattern",
                            .string(
                                "^((\\+[0-9]{1,2}d )?[0-9]{2}:[0-9]{2}(:[0-9]{2})?|[0-9]{4}-[0-9]{2}-[0-9]{2}[T ]"
                                    + "[0-9]{2}:[0-9]{2}(:[0-9]{2})?(Z|[+-][0-9]{2}:[0-9]{2})?)$")
                        ),
                    ])
                ),
                (
                    "after",
                    .object(
                        [("description", "Time since the previous step, e.g. 30s, 15m, 2h.")] + Self.value(.duration))
                ),
                (
                    "user",
                    .object([
                        ("description", "The acting user ('none' and 'all' are reserved)."),
                        ("$ref", "#/$defs/identifier"), ("not", .object([("enum", ["none", "all"])])),
                    ])
                ),
                ("note", .object([("type", "string")])),
            ] + events.map { ($0.name, $0.schema) }
            + conditions.map { key, condition in
                (
                    key,
                    .object(
                        [
                            (
                                "description",
                                .string(conditionDescriptions[key] ?? condition.meaning)
                            )
                        ] + Self.value(condition.kind))
                )
            }
        var rules: [JSONValue] =
            [
                .object([("not", .object([("required", ["at", "after"])]))])
            ] + handoverRules
        for event in events where event.declaration.requiresUser {
            rules.append(
                .object([
                    ("if", .object([("required", .array([.string(event.name)]))])),
                    ("then", .object([("required", ["user"])])),
                ]))
        }
        for (key, condition) in conditions {
            rules.append(
                .object([
                    ("if", .object([("required", .array([.string(key)]))])),
                    (
                        "then",
                        .object([
                            ("anyOf", .array(condition.events.map { .object([("required", .array([.string($0)]))]) }))
                        ])
                    ),
                ]))
        }
        return .object([
            ("type", "object"),
            ("description", "A step: a time, a user, exactly one event, and step conditions."),
            ("properties", .object(properties)),
            ("additionalProperties", false),
            ("oneOf", .array(events.map { .object([("required", .array([.string($0.name)]))]) })),
            ("allOf", .array(rules)),
        ])
    }

    // MARK: Suite

    func suite() -> JSONValue {
        var findings: [String] = []
        var details: [(String, JSONValue)] = []
        for provider in registry.providers {
            for finding in provider.descriptor.findings where !findings.contains(finding.id) {
                findings.append(finding.id)
            }
            for detail in provider.descriptor.details where !details.contains(where: { $0.0 == detail.key }) {
                switch detail.kind {
                case .choice(let words):
                    details.append((detail.key, .object([("enum", .array(words.flatMap(Self.typedForms)))])))
                case .account: details.append((detail.key, .object([("$ref", "#/$defs/identifier")])))
                }
            }
        }
        let findingList = JSONValue.object([
            ("type", ["array", "null"]), ("items", .object([("enum", .array(findings.map(JSONValue.string)))])),
        ])
        let expectation = JSONValue.object([
            ("type", "object"),
            ("description", "What must hold at one step; only the fields written are checked."),
            ("required", ["step"]),
            (
                "properties",
                .object([
                    (
                        "step",
                        .object([("description", "The step number, from 1.")] + Self.value(.integer(min: 1, max: nil)))
                    ),
                    (
                        "prompts",
                        .object([
                            ("type", ["array", "null"]),
                            ("description", .string("The prompts the user sees, in order. " + Glossary.promptsText)),
                            ("items", .object([("enum", .array(Prompt.allCases.map { .string($0.name) }))])),
                        ])
                    ),
                    (
                        "session",
                        .object([
                            ("description", .string("The session that results. " + Glossary.sessionsText)),
                            ("enum", .array(SessionKind.allCases.map { .string($0.name) })),
                        ])
                    ),
                    ("session_user", .object([("$ref", "#/$defs/identifier")])),
                    (
                        "details",
                        .object([("type", "object"), ("properties", .object(details)), ("additionalProperties", false)])
                    ),
                    ("findings", findingList),
                    ("absent_findings", findingList),
                ])
            ),
            ("additionalProperties", false),
        ])
        return .object([
            ("type", "object"),
            ("description", "A test suite: expectations on a policy × scenario run."),
            ("required", ["suite", "policy", "scenario", "expect"]),
            (
                "properties",
                .object([
                    ("suite", .object([("$ref", "#/$defs/identifier")])),
                    ("title", .object([("type", "string")])),
                    (
                        "policy",
                        .object([("description", "Path to the policy, relative to this file."), ("type", "string")])
                    ),
                    (
                        "scenario",
                        .object([("description", "Path to the scenario, relative to this file."), ("type", "string")])
                    ),
                    ("expect", .object([("type", "array"), ("minItems", 1), ("items", expectation)])),
                ])
            ),
            ("additionalProperties", false),
        ])
    }
}
