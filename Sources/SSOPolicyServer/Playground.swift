import Foundation
import Hummingbird
import SSOPolicy
import SSOPolicyQueries

/// The what-if playground (`/`) and its iframe view (`/embed`). The page is one HTML document with inline CSS and
/// JS (no external scripts or fonts); the server embeds the API's own JSON answers for the view the query string
/// asks for, and the script renders them, so every view is a link and the first paint needs no round trip.
struct Playground: Sendable {
    let api: PolicyAPI

    /// What the query string asks for: `policies=a,b&scenario=s&view=compare|timeline|matrix&diff=1`, pasted YAML
    /// as `policy_yaml` (added to the comparison) and `scenario_yaml` (replaces the scenario), `matrix=NAME&app=A`.
    struct Query: Sendable {
        static let defaultPolicies = ["frontline-airwatch", "frontline-entra"]
        static let views = ["compare", "timeline", "matrix"]

        var policies: [String]
        var scenario: String
        var view: String
        var diff: Bool
        var policyYAML: String?
        var scenarioYAML: String?
        var matrixPolicy: String?
        var app: String?

        init(_ request: Request) {
            let parameters = Self.formFields(request.uri.query)
            func text(_ key: String) -> String? {
                guard let value = parameters.first(where: { $0.key == key })?.value, !value.isEmpty else { return nil }
                return value
            }
            let named = parameters.filter { $0.key == "policies" }
                .flatMap { $0.value.split(separator: ",").map(String.init) }
            policyYAML = text("policy_yaml")
            scenarioYAML = text("scenario_yaml")
            policies = named.isEmpty && policyYAML == nil ? Self.defaultPolicies : named
            scenario = text("scenario") ?? "shift-change-handover"
            view = text("view").flatMap { Self.views.contains($0) ? $0 : nil } ?? "compare"
            diff = text("diff") == "1" || text("diff") == "on" || text("diff") == "true"
            matrixPolicy = text("matrix")
            app = text("app")
        }

        /// Query fields as a browser's GET form sends them: `+` is a space, then percent-decoding.
        static func formFields(_ query: String?) -> [(key: String, value: String)] {
            (query ?? "").split(separator: "&").map { field in
                let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decode(_ text: Substring) -> String {
                    let spaced = text.replacingOccurrences(of: "+", with: " ")
                    return spaced.removingPercentEncoding ?? spaced
                }
                return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
            }
        }

        var json: JSONValue {
            .object([
                ("policies", .strings(policies)), ("scenario", .string(scenario)), ("view", .string(view)),
                ("diff", .bool(diff)), ("policy_yaml", .optional(policyYAML)),
                ("scenario_yaml", .optional(scenarioYAML)), ("matrix", .optional(matrixPolicy)),
                ("app", .optional(app)),
            ])
        }
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in try await page(Query(request), embed: false) }
        router.get("/embed") { request, _ in try await page(Query(request), embed: true) }
    }

    /// The page with the view's data: the same JSON answers as `/v1/compare` and `/v1/matrix`.
    func page(_ query: Query, embed: Bool) async throws -> Response {
        let queries = api.queries
        let policies =
            query.policies.map(RequestDocument.bundled)
            + (query.policyYAML.map { [RequestDocument.inline(yaml: $0, file: "policy.yaml")] } ?? [])
        let scenario: RequestDocument =
            query.scenarioYAML.map { .inline(yaml: $0, file: "scenario.yaml") } ?? .bundled(query.scenario)
        let matrixPolicy = query.matrixPolicy.map(RequestDocument.bundled) ?? policies.first
        let wantsMatrix = query.view == "matrix" && !embed
        let data: [(String, String)] = try await api.limiter.perform {
            var data: [(String, String)] = []
            do {
                guard (1...PolicyAPI.maxDocuments).contains(policies.count) else {
                    throw APIError(status: .badRequest, message: "pick 1 to \(PolicyAPI.maxDocuments) policies")
                }
                let comparison = try queries.compare(scenario: scenario, policies: policies, explain: false)
                try WorkBudget.throwIfStopped()
                data.append(("compare", JSONAnswer.compare(comparison, diffOnly: query.diff)))
                if wantsMatrix, let matrixPolicy {
                    let matrix = try queries.matrix(policy: matrixPolicy, app: query.app, all: false)
                    try WorkBudget.throwIfStopped()
                    data.append(("matrix", JSONAnswer.matrix(matrix)))
                }
            } catch is WorkBudget.Stopped {
                return []
            } catch {
                data.append(("error", JSONAnswer.document(APIError.from(error).json)))
            }
            return data
        }
        let catalog = JSONValue.object([
            ("policies", .array(api.catalog.entries(of: .policy).map(\.json))),
            ("scenarios", .array(api.catalog.entries(of: .scenario).map(\.json))),
        ])
        var payload = "{\"embed\": \(embed), \"catalog\": \(catalog.serialized(pretty: false))"
        payload += ", \"query\": \(query.json.serialized(pretty: false))"
        for (key, json) in data { payload += ", \"\(key)\": \(json)" }
        payload += "}"
        return APIResponse.body(
            PlaygroundPage.html(data: payload, embed: embed), contentType: "text/html; charset=utf-8")
    }
}
