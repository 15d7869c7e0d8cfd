import Foundation
import Hummingbird
import SSOPolicy
import SSOPolicyQueries

/// The what-if playground (`/`) and its iframe view (`/embed`), rendered on the server: the page is readable and
/// usable with JavaScript off. Bundled content is asked for with a GET query, so every such view is a link; pasted
/// YAML travels only in a POST body (`application/x-www-form-urlencoded`, the page's own form), never in a URL.
struct Playground: Sendable {
    let api: PolicyAPI

    static let maxPastedPolicies = 3

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in
            await page(.link(request.uri.query), embed: false)
        }
        router.get("/embed") { request, _ in
            await page(.link(request.uri.query), embed: true)
        }
        router.post("/") { request, _ in
            let type = request.headers[.contentType]?.split(separator: ";").first
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard type == "application/x-www-form-urlencoded" else {
                return failure(
                    APIError(
                        status: .unsupportedMediaType,
                        message: "the playground's form is sent as application/x-www-form-urlencoded"),
                    PlaygroundProgress.Snapshot(), embed: false)
            }
            let buffer: ByteBuffer
            do { buffer = try await request.body.collect(upTo: PolicyAPI.maxBodyBytes) } catch {
                return failure(APIError.from(error), PlaygroundProgress.Snapshot(), embed: false)
            }
            return await page(.form(buffer), embed: false)
        }
    }

    /// Where a view's fields come from: a GET query (bundled content only) or the form's POST body.
    enum Input: Sendable {
        case link(String?)
        case form(ByteBuffer)

        /// Read on the compute thread, within the request's budget, like every other request's parsing.
        func query() throws -> PlaygroundQuery {
            switch self {
            case .link(let query):
                return PlaygroundQuery(fields: PlaygroundQuery.formFields(query), posted: false)
            case .form(let buffer):
                guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
                    throw APIError(status: .badRequest, message: "the form body is not UTF-8")
                }
                return PlaygroundQuery(fields: PlaygroundQuery.formFields(text), posted: true)
            }
        }
    }

    /// Reads the view's fields, computes its answers and renders the page, all within the request's budget. A view
    /// that does not finish (over the time budget, over the work bound, server busy, unreadable form) gets a page
    /// of its own with that status, saying what was left out and what to try: never JSON, never part of a view.
    func page(_ input: Input, embed: Bool) async -> Response {
        let progress = PlaygroundProgress()
        let context = (
            queries: api.queries, engine: api.context.engine, registry: api.context.registry, catalog: api.catalog
        )
        do {
            let html = try await api.limiter.perform { () throws -> String in
                let query = try input.query()
                progress.read(query)
                let answers = try Self.compute(
                    query, embed: embed, queries: context.queries, engine: context.engine,
                    registry: context.registry, progress: progress)
                let html = PlaygroundPage.html(query: query, answers: answers, catalog: context.catalog, embed: embed)
                try WorkBudget.throwIfStopped()
                return html
            }
            return APIResponse.body(html, contentType: "text/html; charset=utf-8")
        } catch {
            return failure(APIError.from(error), progress.snapshot, embed: embed)
        }
    }

    /// The page for a view that was not computed, with the error's status; a view stopped by its work units is
    /// answered 503 like one stopped by its time (the page says which, and what to try).
    func failure(_ error: APIError, _ progress: PlaygroundProgress.Snapshot, embed: Bool) -> Response {
        APIResponse.body(
            PlaygroundStoppedPage.html(error: error, progress: progress, catalog: api.catalog, embed: embed),
            contentType: "text/html; charset=utf-8", status: error.exceededWork ? .serviceUnavailable : error.status)
    }

    /// The view's answers. Input errors are shown in the page; a stopped budget ends the computation (the limiter
    /// then answers for it).
    static func compute(
        _ query: PlaygroundQuery, embed: Bool, queries: Queries<RequestResolver>, engine: SSOPolicyEngine,
        registry: ProviderRegistry, progress: PlaygroundProgress
    ) throws -> PlaygroundAnswers {
        let pasted = query.policyYAML.enumerated().map { index, yaml in
            RequestDocument.inline(
                yaml: yaml, file: query.policyYAML.count == 1 ? "policy.yaml" : "policy-\(index + 1).yaml")
        }
        let policies = query.policies.map(RequestDocument.bundled) + pasted
        let scenario: RequestDocument =
            query.scenarioYAML.map { .inline(yaml: $0, file: "scenario.yaml") } ?? .bundled(query.scenario)
        var answers = PlaygroundAnswers()
        if let fleet = query.fleetDocument {
            // A fleet replaces the policies: every setup on every device group, and the decision.
            do {
                progress.start(.comparison)
                let compared = try queries.compareFleet(scenario: scenario, fleet: fleet)
                try WorkBudget.throwIfStopped()
                answers.comparison = compared.comparison
                answers.decision = FleetDecision.decide(compared)
                if query.view == "advice" && !embed {
                    progress.start(.advice)
                    (answers.advice, answers.adviceError) = try advise(
                        query, subjects: [fleet], scenario: scenario, queries: queries)
                }
                progress.done()
            } catch let stopped as WorkBudget.Stopped {
                throw stopped
            } catch {
                answers.error = APIError.from(error)
            }
            return answers
        }
        do {
            guard (1...PolicyAPI.maxDocuments).contains(policies.count) else {
                throw APIError(status: .badRequest, message: "pick 1 to \(PolicyAPI.maxDocuments) policies")
            }
            progress.start(.comparison)
            let comparison = try queries.compare(scenario: scenario, policies: policies, explain: false)
            try WorkBudget.throwIfStopped()
            answers.comparison = comparison
            let compiled = comparison.results.map(\.policy)
            // A fleet whose setups play on none of its device groups compares no policy: nothing to tabulate or ask.
            if query.view == "matrix" && !embed, let first = compiled.first {
                progress.start(.matrix)
                let policy = compiled.first { $0.configuration.id == query.matrixPolicy } ?? first
                // The decision table is evaluate's minimal form: each distinct answer with its deciding conditions.
                let request = EvaluateRequest(app: query.matrixApp ?? policy.configuration.apps[0].id, user: "alice")
                do { answers.matrix = try engine.evaluate(request, policy: policy) } catch {
                    answers.matrixError = APIError.from(error)
                }
                try WorkBudget.throwIfStopped()
            }
            if query.view == "advice" && !embed {
                progress.start(.advice)
                (answers.advice, answers.adviceError) = try advise(
                    query, subjects: policies, scenario: scenario, queries: queries)
            }
            if query.ask && !embed, let first = compiled.first {
                let policy = compiled.first { $0.configuration.id == query.whatIfPolicy } ?? first
                let request = EvaluateRequest(
                    app: query.app ?? policy.configuration.apps[0].id, user: query.user ?? "bob",
                    facts: query.facts.filter { !$0.value.isEmpty },
                    settings: query.settings.filter { !$0.value.isEmpty })
                let given = Set(request.facts.map(\.key))
                progress.asks(
                    PlaygroundProgress.Question(
                        policy: policy.configuration.id, app: request.app, user: request.user,
                        unknownFacts: policy.descriptor.facts.map(\.key).filter { !given.contains($0) }))
                progress.start(.whatIf)
                do { answers.evaluation = try engine.evaluate(request, policy: policy) } catch {
                    answers.evaluationError = APIError.from(error)
                }
                try WorkBudget.throwIfStopped()
            }
            progress.done()
        } catch let stopped as WorkBudget.Stopped {
            throw stopped
        } catch {
            answers.error = APIError.from(error)
        }
        return answers
    }
}

/// What one playground view computed; any part may be missing or be an error shown in its place.
struct PlaygroundAnswers: Sendable {
    var comparison: Comparison?
    var error: APIError?
    /// The decision table: `evaluate`'s distinct answers for the chosen app, nothing known.
    var matrix: EvaluateResult?
    var matrixError: APIError?
    var evaluation: EvaluateResult?
    var evaluationError: APIError?
    /// With a fleet: the decision (`decide`), above the comparison of its setups on its device groups.
    var decision: FleetDecision?
    /// The advice view: `advise` per compared policy, or per setup of the fleet.
    var advice: [PlaygroundAdvice] = []
    var adviceError: APIError?
}

/// The fields of a playground view, from a GET query (bundled content only) or the form's POST body (which may add
/// pasted YAML): `policies=a,b` (repeatable), `scenario`, `view=compare|timeline|matrix|advice`, `diff=1`,
/// `matrix=POLICY` and `matrix_app`; the advice view's `goal` and `max_changes`; the what-if question `whatif=POLICY`, `app`, `user`, `fact:KEY=VALUE` (empty: unknown),
/// `setting:KEY=VALUE` (empty: as the policy says; `?`: unknown; `APP.KEY` for an app's key) and `ask=1`; a fleet
/// `fleet=NAME` (its setups on its device groups replace the policies, with the decision); in a POST body also
/// `policy_yaml` (up to three), `scenario_yaml` and `fleet_yaml`.
struct PlaygroundQuery: Sendable {
    static let defaultPolicies = ["frontline-airwatch", "frontline-entra"]
    static let views = ["compare", "timeline", "matrix", "advice"]

    var policies: [String]
    var scenario: String
    var view: String
    var diff: Bool
    var policyYAML: [String]
    var scenarioYAML: String?
    var matrixPolicy: String?
    var matrixApp: String?
    var whatIfPolicy: String?
    var app: String?
    var user: String?
    var facts: [(key: String, value: String)]
    var settings: [(key: String, value: String)]
    var ask: Bool
    /// The advice view's goal severity and bound, as given (`POST /v1/advise` checks them).
    var goal: String?
    var maxChanges: Int?
    /// True when the query carried pasted YAML in a URL, which is ignored (it belongs in a POST body).
    var ignoredYAMLInURL: Bool
    /// A bundled fleet (`fleet=NAME`) or, in a POST body, a pasted one (`fleet_yaml`), which replaces it.
    var fleet: String?
    var fleetYAML: String?

    /// The fleet the view plays instead of policies, if any.
    var fleetDocument: RequestDocument? {
        if let fleetYAML { return .inline(yaml: fleetYAML, file: "fleet.yaml") }
        return fleet.map(RequestDocument.bundled)
    }

    init(fields: [(key: String, value: String)], posted: Bool) {
        func text(_ key: String) -> String? {
            guard let value = fields.first(where: { $0.key == key })?.value.trimmingCharacters(in: .whitespaces),
                !value.isEmpty
            else { return nil }
            return value
        }
        let yaml = fields.filter { $0.key == "policy_yaml" }.map(\.value)
            .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        let scenarioText = fields.first { $0.key == "scenario_yaml" }?.value
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let hasScenarioYAML = !(scenarioText ?? "").isEmpty
        let fleetText = fields.first { $0.key == "fleet_yaml" }?.value
        let hasFleetYAML = !(fleetText ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        fleetYAML = posted && hasFleetYAML ? fleetText : nil
        fleet = text("fleet")
        ignoredYAMLInURL = !posted && (!yaml.isEmpty || hasScenarioYAML || hasFleetYAML)
        policyYAML = posted ? Array(yaml.prefix(Playground.maxPastedPolicies)) : []
        scenarioYAML = posted && hasScenarioYAML ? fields.first { $0.key == "scenario_yaml" }?.value : nil
        let named = fields.filter { $0.key == "policies" }
            .flatMap { $0.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
        policies = named.isEmpty && policyYAML.isEmpty ? Self.defaultPolicies : named
        scenario = text("scenario") ?? "shift-change-handover"
        view = text("view").flatMap { Self.views.contains($0) ? $0 : nil } ?? "compare"
        diff = ["1", "on", "true"].contains(text("diff") ?? "")
        matrixPolicy = text("matrix")
        matrixApp = text("matrix_app")
        whatIfPolicy = text("whatif")
        app = text("app")
        user = text("user")
        facts = fields.filter { $0.key.hasPrefix("fact:") }.map {
            (String($0.key.dropFirst("fact:".count)), $0.value.trimmingCharacters(in: .whitespaces))
        }
        settings = fields.filter { $0.key.hasPrefix("setting:") }.map {
            (String($0.key.dropFirst("setting:".count)), $0.value.trimmingCharacters(in: .whitespaces))
        }
        ask = text("ask") != nil
        goal = text("goal")
        maxChanges = text("max_changes").flatMap { Int($0) }
    }

    /// Form fields as a browser sends them: `+` is a space, then percent-decoding.
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

    /// The GET link that reproduces this view, or nil when it holds pasted YAML (which never goes into a URL).
    func link(path: String = "/", view: String? = nil) -> String? {
        guard policyYAML.isEmpty, scenarioYAML == nil, fleetYAML == nil else { return nil }
        var pairs: [(String, String)] = [("policies", policies.joined(separator: ",")), ("scenario", scenario)]
        if let fleet { pairs.append(("fleet", fleet)) }
        pairs.append(("view", view ?? self.view))
        if diff { pairs.append(("diff", "1")) }
        if let matrixPolicy { pairs.append(("matrix", matrixPolicy)) }
        if let matrixApp { pairs.append(("matrix_app", matrixApp)) }
        if let goal { pairs.append(("goal", goal)) }
        if let maxChanges { pairs.append(("max_changes", String(maxChanges))) }
        if ask {
            if let whatIfPolicy { pairs.append(("whatif", whatIfPolicy)) }
            if let app { pairs.append(("app", app)) }
            if let user { pairs.append(("user", user)) }
            for (key, value) in facts where !value.isEmpty { pairs.append(("fact:" + key, value)) }
            for (key, value) in settings where !value.isEmpty { pairs.append(("setting:" + key, value)) }
            pairs.append(("ask", "1"))
        }
        return path + "?" + pairs.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
    }

    static func encode(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.,:")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
