import SSOPolicyProviderKit

/// The fleet file's schema (spec 3.4): device groups, neutral app profiles, setups whose settings and console
/// choices are those of their provider, and effort in seconds per prompt kind.
extension JSONSchemaGenerator {
    func fleet() -> JSONValue {
        let providers = registry.providers.filter { $0.descriptor.fleet != nil }
        let catalogue = providers.compactMap(\.descriptor.fleet).flatMap(\.catalogue).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        let lowerID: JSONValue = .object([("type", "string"), ("pattern", "^[a-z0-9][a-z0-9-]{0,63}$")])
        func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ description: String) -> JSONValue
        where T.RawValue == String {
            .object([("description", .string(description)), ("enum", .array(T.allCases.map { .string($0.rawValue) }))])
        }
        let bool: JSONValue = .object(Self.value(.bool))
        let group: JSONValue = .object([
            ("type", "object"), ("required", ["group", "platform"]),
            (
                "properties",
                .object([
                    ("group", lowerID), ("name", .object([("type", "string")])),
                    ("platform", choice(DevicePlatform.self, "The devices' platform.")),
                    ("os_version", .object(Self.value(.version))),
                    ("count", .object(Self.value(.integer(min: 1, max: 1_000_000)))),
                ])
            ),
            ("additionalProperties", false),
        ])
        let app: JSONValue = .object([
            ("type", "object"), ("required", ["id"]),
            (
                "properties",
                .object([
                    ("id", .object([("$ref", "#/$defs/identifier"), ("not", .object([("const", "all")]))])),
                    ("name", .object([("type", "string")])),
                    ("sign_in", choice(AppSignIn.self, "How the app signs its user in. Default: own_login.")),
                    (
                        "own_session",
                        choice(OwnSession.self, "How long the app's own sign-in lasts. Default: until_sign_out.")
                    ),
                    ("workspace_one_sdk", bool), ("clears_data_on_user_change", bool),
                    (
                        "logout",
                        .object([
                            ("description", "External logout entry points the app offers."),
                            ("type", ["array", "null"]),
                            ("items", choice(ExternalLogout.self, "A logout entry point.")),
                        ])
                    ),
                    (
                        "microsoft",
                        .object([
                            ("description", "A Microsoft catalogue app: its build comes from the catalogue."),
                            ("enum", .array(catalogue.map(JSONValue.string))),
                        ])
                    ),
                ])
            ),
            ("additionalProperties", false),
        ])
        let setup: JSONValue = .object([
            ("type", "object"), ("required", ["setup", "provider"]),
            (
                "properties",
                .object([
                    ("setup", lowerID), ("title", .object([("type", "string")])),
                    ("provider", .object([("enum", .array(providers.map { .string($0.id) }))])),
                    ("settings", .object([("type", ["object", "null"])])),
                    ("apps", .object([("type", ["object", "null"])])),
                    (
                        "groups",
                        .object([
                            (
                                "description",
                                "Per device group id: settings and per-app console choices over the setup's, key by key."
                            ),
                            ("type", ["object", "null"]),
                            (
                                "additionalProperties",
                                .object([
                                    ("type", "object"),
                                    (
                                        "properties",
                                        .object([
                                            ("settings", .object([("type", ["object", "null"])])),
                                            ("apps", .object([("type", ["object", "null"])])),
                                        ])
                                    ),
                                    ("additionalProperties", false),
                                ])
                            ),
                        ])
                    ),
                ])
            ),
            ("additionalProperties", false),
            (
                "allOf",
                .array(
                    providers.map { provider in
                        let reading = provider.descriptor.fleet
                        let console = provider.descriptor.appKeys.filter {
                            reading?.consoleAppKeys.contains($0.key) == true
                        }
                        return Self.whenProvider(
                            provider.id,
                            apps: .object([
                                (
                                    "additionalProperties",
                                    .object([
                                        ("type", "object"),
                                        (
                                            "properties",
                                            .object(console.map { ($0.key, Self.setting($0, provider.descriptor)) })
                                        ),
                                        ("additionalProperties", false),
                                    ])
                                )
                            ]))
                    })
            ),
        ])
        let defaults = EffortTable(declaredBy: registry.providers.map(\.descriptor))
        let effort: JSONValue = .object([
            ("description", "Seconds per prompt kind, over the documented defaults (docs/fleets.md)."),
            ("type", ["object", "null"]),
            (
                "properties",
                .object(
                    Prompt.allCases.map { prompt in
                        (
                            prompt.name,
                            .object(
                                [("description", .string("Default: \(defaults.seconds(prompt)) s."))]
                                    + Self.value(.integer(min: 0, max: EffortTable.maximumSeconds)))
                        )
                    })
            ),
            ("additionalProperties", false),
        ])
        return .object([
            ("type", "object"),
            ("description", "A fleet: device groups, apps described once, one setup per vendor configuration."),
            ("required", ["fleet", "devices", "apps", "setups"]),
            (
                "properties",
                .object([
                    ("fleet", lowerID), ("title", .object([("type", "string")])),
                    ("devices", .object([("type", "array"), ("minItems", 1), ("items", group)])),
                    ("apps", .object([("type", "array"), ("minItems", 1), ("items", app)])),
                    ("setups", .object([("type", "array"), ("minItems", 1), ("items", setup)])),
                    ("effort", effort),
                ])
            ),
            ("additionalProperties", false),
        ])
    }
}
