import SSOPolicy
import SSOPolicyQueries

/// The API's OpenAPI 3.1 document, built from the route table (`PolicyAPI.routes`) so it cannot miss a route; it is
/// checked in as docs/openapi.json and a test keeps the two equal.
enum OpenAPIDocument {
    static var text: String { JSONAnswer.document(value) }

    static var value: JSONValue {
        var paths: [(String, JSONValue)] = []
        for (path, group) in grouped() {
            paths.append(
                (
                    path,
                    .object(
                        group.map { (method: String, summary: String) in
                            (method.lowercased(), operation(method: method, path: path, summary: summary))
                        })
                ))
        }
        return .object([
            ("openapi", "3.1.0"),
            (
                "info",
                .object([
                    ("title", "ssopolicy API"), ("version", "1"),
                    (
                        "description",
                        .string(
                            "Every verb answers exactly what the command line's --format json answers for the same "
                                + "input. Documents are bundled names or inline YAML; the server reads no file a "
                                + "request names. Request bodies are at most \(PolicyAPI.maxBodyBytes) bytes, "
                                + "with at most \(JSONBodyScan.maxKeysPerObject) keys in one object.")
                    ),
                ])
            ),
            ("servers", .array([.object([("url", "http://127.0.0.1:8080")])])),
            ("paths", .object(paths)),
            ("components", .object([("schemas", schemas)])),
        ])
    }

    static func grouped() -> [(String, [(method: String, summary: String)])] {
        var order: [String] = []
        var byPath: [String: [(method: String, summary: String)]] = [:]
        for route in PolicyAPI.routes {
            if byPath[route.path] == nil { order.append(route.path) }
            byPath[route.path, default: []].append((route.method, route.summary))
        }
        return order.map { ($0, byPath[$0] ?? []) }
    }

    static func ref(_ name: String) -> JSONValue { .object([("$ref", .string("#/components/schemas/\(name)"))]) }

    static func content(_ type: String, _ schema: JSONValue) -> JSONValue {
        .object([(type, .object([("schema", schema)]))])
    }

    static let requestSchemas = [
        "/v1/evaluate": "EvaluateRequest", "/v1/run": "RunRequest", "/v1/compare": "CompareRequest",
        "/v1/matrix": "MatrixRequest", "/v1/check": "CheckRequest", "/v1/decide": "DecideRequest",
        "/v1/advise": "AdviseRequest",
    ]

    static func operation(method: String, path: String, summary: String) -> JSONValue {
        var fields: [(String, JSONValue)] = [("summary", .string(summary))]
        let parameters = path.split(separator: "/").filter { $0.hasPrefix("{") }.map {
            String($0.dropFirst().dropLast())
        }
        if !parameters.isEmpty {
            fields.append(
                (
                    "parameters",
                    .array(
                        parameters.map {
                            .object([
                                ("name", .string($0)), ("in", "path"), ("required", true),
                                ("schema", .object([("type", "string")])),
                            ])
                        })
                ))
        }
        if method == "POST" && path == "/" {
            fields.append(
                (
                    "requestBody",
                    .object([
                        ("required", true),
                        ("content", content("application/x-www-form-urlencoded", .object([("type", "object")]))),
                    ])
                ))
        } else if let schema = requestSchemas[path] {
            fields.append(
                ("requestBody", .object([("required", true), ("content", content("application/json", ref(schema)))])))
        }
        let ok: JSONValue
        switch path {
        case "/":
            ok = .object([
                ("description", "The playground page"),
                ("content", content("text/html", .object([("type", "string")]))),
            ])
        case "/embed":
            ok = .object([
                ("description", "The comparison for an iframe"),
                ("content", content("text/html", .object([("type", "string")]))),
            ])
        case "/healthz":
            ok = .object([("description", "ok"), ("content", content("text/plain", .object([("type", "string")])))])
        default:
            ok = .object([
                ("description", "The answer, as the command line's --format json prints it"),
                ("content", content("application/json", .object([("type", "object")]))),
            ])
        }
        var responses: [(String, JSONValue)] = [("200", ok)]
        if path == "/" || path == "/embed" {
            // The playground answers every failure with a page of its own that says what to try.
            if method == "POST" {
                responses.append(("400", pageResponse("The form body is not UTF-8")))
                responses.append(("413", pageResponse("The form body is over the size limit")))
                responses.append(("415", pageResponse("The body is not a form (application/x-www-form-urlencoded)")))
            }
            responses.append(("503", pageResponse("Busy, over the time budget, or over the work bound")))
        } else if method == "POST" {
            responses.append(("400", errorResponse("The body is not the documented JSON, or a key is given twice")))
            responses.append(
                (
                    "413",
                    errorResponse(
                        "The body is over the size limit, or an object in it has more than "
                            + "\(JSONBodyScan.maxKeysPerObject) keys")
                ))
            responses.append(("415", errorResponse("The body is not sent as application/json")))
            responses.append(
                ("422", errorResponse("The input has errors (positioned diagnostics), or asks for too much work")))
            responses.append(("503", errorResponse("Busy, or over the time budget")))
        } else if !parameters.isEmpty {
            responses.append(("404", errorResponse("No such name")))
        }
        fields.append(("responses", .object(responses)))
        return .object(fields)
    }

    static func errorResponse(_ description: String) -> JSONValue {
        .object([("description", .string(description)), ("content", content("application/json", ref("Error")))])
    }

    static func pageResponse(_ description: String) -> JSONValue {
        .object([
            ("description", .string(description)), ("content", content("text/html", .object([("type", "string")]))),
        ])
    }

    static func object(_ properties: [(String, JSONValue)], required: [String]) -> JSONValue {
        .object([
            ("type", "object"), ("required", .strings(required)), ("properties", .object(properties)),
            ("additionalProperties", false),
        ])
    }

    static let string: JSONValue = .object([("type", "string")])
    static let boolean: JSONValue = .object([("type", "boolean")])
    static let stringMap: JSONValue = .object([("type", "object"), ("additionalProperties", string)])
    /// Facts, conditions and settings: each value a string, a boolean or a number as the answers write them (null:
    /// as if left out).
    static let valueMap: JSONValue = .object([
        ("type", "object"),
        ("additionalProperties", .object([("type", .strings(["string", "boolean", "number", "null"]))])),
    ])

    /// Seconds per prompt kind (`{"badge": 2}`), over the documented defaults and the fleet's `effort:`.
    static let effortMap: JSONValue = .object([
        ("type", "object"),
        (
            "propertyNames",
            .object([("enum", .strings(Prompt.allCases.map(\.name)))])
        ),
        (
            "additionalProperties",
            .object([("type", "integer"), ("minimum", 0), ("maximum", .int(EffortTable.maximumSeconds))])
        ),
    ])

    static var schemas: JSONValue {
        .object([
            (
                "Document",
                .object([
                    (
                        "description",
                        "A bundled file by plain name (letters, digits, '-', '_'; never a path), or YAML inline with an optional file name for positions"
                    ),
                    (
                        "oneOf",
                        .array([
                            .object([("type", "string"), ("pattern", "^[A-Za-z0-9_-]{1,100}$")]),
                            object([("yaml", string), ("file", string)], required: ["yaml"]),
                        ])
                    ),
                ])
            ),
            (
                "EvaluateRequest",
                object(
                    [
                        ("policy", ref("Document")), ("setup", string), ("group", string), ("app", string),
                        ("user", string), ("facts", valueMap), ("conditions", valueMap), ("settings", valueMap),
                        ("event", string), ("explain", boolean),
                    ], required: ["policy", "app", "user"])
            ),
            (
                "RunRequest",
                object(
                    [("scenario", ref("Document")), ("policy", ref("Document")), ("explain", boolean)],
                    required: ["scenario", "policy"])
            ),
            (
                "CompareRequest",
                .object([
                    (
                        "description",
                        .string(
                            "Two or more policies, or one fleet (every setup on every device group, with effort over "
                                + "the fleet's)")
                    ),
                    (
                        "oneOf",
                        .array([
                            object(
                                [
                                    ("scenario", ref("Document")),
                                    (
                                        "policies",
                                        .object([("type", "array"), ("minItems", 2), ("items", ref("Document"))])
                                    ),
                                    ("diff", boolean), ("explain", boolean),
                                ], required: ["scenario", "policies"]),
                            object(
                                [
                                    ("scenario", ref("Document")), ("fleet", ref("Document")), ("effort", effortMap),
                                    ("diff", boolean), ("explain", boolean),
                                ], required: ["scenario", "fleet"]),
                        ])
                    ),
                ])
            ),
            (
                "DecideRequest",
                object(
                    [("scenario", ref("Document")), ("fleet", ref("Document")), ("effort", effortMap)],
                    required: ["scenario", "fleet"])
            ),
            (
                "MatrixRequest",
                object(
                    [
                        ("policy", ref("Document")), ("setup", string), ("group", string), ("app", string),
                        ("all", boolean),
                    ],
                    required: ["policy"])
            ),
            (
                "CheckRequest",
                object(
                    [
                        ("documents", .object([("type", "array"), ("minItems", 1), ("items", ref("Document"))])),
                        ("quiet", boolean),
                    ], required: ["documents"])
            ),
            (
                "AdviseRequest",
                object(
                    [
                        ("scenario", ref("Document")), ("policy", ref("Document")),
                        ("goal", .object([("enum", .strings(["critical", "high", "medium", "low", "info"]))])),
                        (
                            "max_changes",
                            .object([
                                ("type", "integer"), ("minimum", .int(AdviseRequestBody.maxChangesRange.lowerBound)),
                                ("maximum", .int(AdviseRequestBody.maxChangesRange.upperBound)),
                            ])
                        ),
                    ], required: ["scenario", "policy"])
            ),
            (
                "Diagnostic",
                object(
                    [
                        ("file", string), ("line", .object([("type", "integer")])),
                        ("column", .object([("type", "integer")])),
                        ("severity", .object([("enum", .strings(["error", "warning", "note"]))])),
                        ("message", string), ("id", .object([("type", .strings(["string", "null"]))])),
                    ], required: ["file", "line", "column", "severity", "message"])
            ),
            (
                "Error",
                object(
                    [
                        ("error", string), ("status", .object([("type", "integer")])),
                        ("diagnostics", .object([("type", "array"), ("items", ref("Diagnostic"))])),
                    ], required: ["error", "status", "diagnostics"])
            ),
        ])
    }
}
