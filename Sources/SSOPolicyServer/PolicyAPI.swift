import Foundation
import Hummingbird
import SSOPolicy
import SSOPolicyQueries

/// The `/v1` routes: each is a thin layer over the verbs the command line uses (`Queries`, `JSONAnswer`), so a
/// script gets byte for byte what `--format json` prints.
struct PolicyAPI: Sendable {
    /// Matches the loader's file limit: no request can carry more YAML than a file may hold.
    static let maxBodyBytes = InputLimits.documents.maxBytes
    static let maxDocuments = 32
    /// The names a request gives the pair of a fleet (`"setup"`, `"group"`), as errors say them.
    static let pairFields = (setup: "'setup'", group: "'group'")
    /// `evaluate` bodies up to this size (a bundled policy's name, or a small policy inline, with facts, conditions
    /// and settings) have their question looked up in the template cache before the limiter (`postEvaluate`).
    static let maxEvaluateBodyLookedUpOnArrival = 16 << 10
    /// Media types a POST body may declare. `application/x-www-form-urlencoded` is what `curl -d` sends; a browser
    /// form cannot put JSON in it (it percent-encodes braces and quotes), while `text/plain` and multipart forms can,
    /// so those are refused: a page on another site cannot make a visitor's browser call the API.
    static let acceptedBodyTypes = ["application/json", "application/x-www-form-urlencoded"]

    let context: QueryContext
    let catalog: BundledCatalog
    let limiter: WorkLimiter
    let answers = AnswerCache()
    /// `evaluate`'s questions, whoever asked them: asked once, or their answer's template.
    let templates = BoundedCache<EvaluateQuestion, QuestionRecord>()

    init(context: QueryContext, options: ServeOptions) {
        self.context = context
        self.catalog = BundledCatalog(files: context.bundled, engine: context.engine)
        self.limiter = WorkLimiter(
            maxConcurrent: options.maxConcurrent, maxWaiting: options.maxWaiting,
            timeBudget: Swift.Duration.seconds(options.timeBudgetSeconds), maxUnits: options.maxWorkUnits)
    }

    var queries: Queries<RequestResolver> {
        Queries(resolver: RequestResolver(engine: context.engine, catalog: catalog), registry: context.registry)
    }

    /// Every route the server answers, with its summary; the OpenAPI document is built from this list and a test
    /// checks the router registers exactly these.
    static let routes: [(method: String, path: String, summary: String)] = [
        ("GET", "/healthz", "Liveness: answers ok"),
        ("GET", "/v1/openapi.json", "This API's OpenAPI 3.1 document"),
        ("GET", "/v1/providers", "Every registered provider's declarations (ssopolicy providers --format json)"),
        ("GET", "/v1/providers/{id}", "One provider's declarations (ssopolicy providers ID --format json)"),
        ("GET", "/v1/policies", "The bundled policies"),
        ("GET", "/v1/policies/{name}", "One bundled policy with its YAML"),
        ("GET", "/v1/scenarios", "The bundled scenarios"),
        ("GET", "/v1/scenarios/{name}", "One bundled scenario with its YAML"),
        ("POST", "/v1/evaluate", "One access attempt; unknown facts give every outcome (ssopolicy evaluate)"),
        ("POST", "/v1/run", "A scenario against one policy (ssopolicy run)"),
        ("GET", "/v1/fleets", "The bundled fleets"),
        ("GET", "/v1/fleets/{name}", "One bundled fleet with its YAML"),
        (
            "POST", "/v1/compare",
            "A scenario against two or more policies, or every setup of a fleet (ssopolicy compare)"
        ),
        ("POST", "/v1/decide", "The decision on a fleet (ssopolicy decide --format json)"),
        ("POST", "/v1/matrix", "A policy's decision table (ssopolicy matrix)"),
        ("POST", "/v1/check", "Validate policies and scenarios (ssopolicy check --format json)"),
        ("POST", "/v1/advise", "The smallest changes that make a scenario safe (ssopolicy advise)"),
        ("GET", "/", "The what-if playground for bundled content (every view is a link)"),
        ("POST", "/", "The what-if playground with pasted YAML (the page's form, application/x-www-form-urlencoded)"),
        ("GET", "/embed", "The playground's comparison sized for an iframe"),
    ]

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/healthz") { _, _ in APIResponse.body("ok\n", contentType: "text/plain; charset=utf-8") }
        router.get("/v1/openapi.json") { _, _ in APIResponse.json(OpenAPIDocument.text) }
        router.get("/v1/providers") { _, _ in
            APIResponse.json(JSONAnswer.providers(context.registry.providers.map(\.descriptor)))
        }
        router.get("/v1/providers/{id}") { _, request in
            let id = request.parameters.get("id") ?? ""
            guard let provider = context.registry.provider(id: id) else {
                throw APIError(
                    status: .notFound,
                    message: "unknown provider '\(id)'" + Suggestion.didYouMean(id, in: context.registry.ids)
                        + "; registered: " + context.registry.ids.joined(separator: ", "))
            }
            return APIResponse.json(JSONAnswer.providers([provider.descriptor]))
        }
        for (kind, plural) in [
            (SSOPolicyEngine.FileKind.policy, "policies"), (.scenario, "scenarios"), (.fleet, "fleets"),
        ] {
            router.get("/v1/\(plural)") { _, _ in
                APIResponse.json(
                    JSONAnswer.document(.object([(plural, .array(catalog.entries(of: kind).map(\.json)))])))
            }
            router.get("/v1/\(plural)/{name}") { _, request in
                let name = request.parameters.get("name") ?? ""
                let entry: BundledCatalog.Entry
                do { entry = try catalog.entry(named: name, kind: kind) } catch let error as DiagnosticsError {
                    throw APIError(
                        status: .notFound, message: "no bundled \(kind.rawValue) '\(name)'",
                        diagnostics: error.diagnostics)
                }
                guard case .object(let fields) = entry.json else { return APIResponse.json("{}\n") }
                return APIResponse.json(JSONAnswer.document(.object(fields + [("yaml", .string(entry.file.contents))])))
            }
        }
        let queries = self.queries
        postEvaluate(router) { (body: EvaluateRequestBody) in
            var request = EvaluateRequest(
                app: body.app, user: body.user, facts: Self.pairs(body.facts), event: body.event ?? "open",
                conditions: Self.pairs(body.conditions), settings: Self.pairs(body.settings))
            request.origin = .httpRequest
            let policy = try queries.policy(
                body.policy.named("policy.yaml"), setup: body.setup, group: body.group, options: Self.pairFields)
            let result = try queries.evaluate(compiled: policy, request: request, explain: body.explain ?? false)
            try WorkBudget.throwIfStopped()
            return JSONAnswer.evaluate(result)
        }
        post("/v1/run", router) { (body: RunRequest) in
            let result = try queries.run(
                scenario: body.scenario.named("scenario.yaml"), policy: body.policy.named("policy.yaml"),
                explain: body.explain ?? false)
            try WorkBudget.throwIfStopped()
            return JSONAnswer.run(result)
        }
        post("/v1/compare", router) { (body: CompareRequest) in
            if let fleet = body.fleet {
                guard body.policies.isEmpty else {
                    throw APIError(status: .badRequest, message: "send 'policies' or 'fleet', not both")
                }
                let compared = try queries.compareFleet(
                    scenario: body.scenario.named("scenario.yaml"), fleet: fleet.named("fleet.yaml"),
                    effort: try Self.effort(body.effort), explain: body.explain ?? false)
                try WorkBudget.throwIfStopped()
                return JSONAnswer.document(compared.json(diffOnly: body.diff ?? false))
            }
            try Self.requireCount(body.policies, 2...Self.maxDocuments, "policies")
            let comparison = try queries.compare(
                scenario: body.scenario.named("scenario.yaml"), policies: Self.numbered(body.policies, "policy"),
                explain: body.explain ?? false)
            try WorkBudget.throwIfStopped()
            return JSONAnswer.compare(comparison, diffOnly: body.diff ?? false)
        }
        post("/v1/decide", router) { (body: DecideRequest) in
            let compared = try queries.compareFleet(
                scenario: body.scenario.named("scenario.yaml"), fleet: body.fleet.named("fleet.yaml"),
                effort: try Self.effort(body.effort))
            try WorkBudget.throwIfStopped()
            return JSONAnswer.document(FleetDecision.decide(compared).json())
        }
        post("/v1/matrix", router) { (body: MatrixRequest) in
            let matrix = try queries.matrix(
                compiled: try queries.policy(
                    body.policy.named("policy.yaml"), setup: body.setup, group: body.group, options: Self.pairFields),
                app: body.app, all: body.all ?? false, origin: .httpRequest)
            try WorkBudget.throwIfStopped()
            return JSONAnswer.matrix(matrix)
        }
        post("/v1/advise", router) { (body: AdviseRequestBody) in
            let request = try body.request()
            let answer = try queries.advise(
                scenario: body.scenario.named("scenario.yaml"), subject: body.policy.named("policy.yaml"),
                request: request)
            try WorkBudget.throwIfStopped()
            return JSONAnswer.document(answer.json())
        }
        let engine = context.engine
        let resolver = queries.resolver
        post("/v1/check", router) { (body: CheckRequest) in
            try Self.requireCount(body.documents, 1...Self.maxDocuments, "documents")
            var documents: [(bytes: [UInt8], file: String)] = []
            for document in Self.numbered(body.documents, "document") {
                switch document {
                case .inline(let yaml, let file): documents.append((Array(yaml.utf8), file ?? "document.yaml"))
                case .bundled(let name):
                    let entry = try resolver.catalog.entry(named: name)
                    documents.append((Array(entry.file.contents.utf8), entry.displayPath))
                }
            }
            let report = engine.check(documents: documents)
            try WorkBudget.throwIfStopped()
            return JSONAnswer.check(report, quiet: body.quiet ?? false)
        }
    }

    /// A POST verb: the body is read within the size limit; an identical earlier request is answered from the
    /// cache (only answers that succeeded are kept, so such a body was scanned and decoded before); otherwise
    /// everything else, the body's scan and decoding included, runs within the limiter and its time budget, and any
    /// failure becomes a JSON error.
    private func post<Body: Decodable & Sendable>(
        _ path: RouterPath, _ router: Router<BasicRequestContext>,
        _ answer: @escaping @Sendable (Body) throws -> String
    ) {
        let limiter = self.limiter
        let answers = self.answers
        let route = path.description
        router.post(path) { request, _ in
            let (bytes, key) = try await Self.body(of: request, route: route)
            if let cached = answers.answer(for: key) { return APIResponse.json(cached) }
            let computed = try await limiter.perform { try answer(Self.decode(Body.self, from: bytes)) }
            answers.store(computed, for: key)
            return APIResponse.json(computed)
        }
    }

    /// `POST /v1/evaluate`: as `post`, and a question asked again is kept as its answer's template (`NameTemplate`,
    /// `QuestionRecord`), so the same question asked of other people (another user, another user named by a fact)
    /// is answered from the cache with their names. A body of at most `maxEvaluateBodyLookedUpOnArrival` bytes is
    /// decoded as it arrives to look its question up, as the answer cache looks up every body; a larger one (inline
    /// YAML) is decoded only within the limiter.
    private func postEvaluate(
        _ router: Router<BasicRequestContext>, _ answer: @escaping @Sendable (EvaluateRequestBody) throws -> String
    ) {
        let limiter = self.limiter
        let answers = self.answers
        let templates = self.templates
        let accountFacts = EvaluateQuestion.accountFacts(in: context.registry)
        let route = "/v1/evaluate"
        router.post(RouterPath(route)) { request, _ in
            let (bytes, key) = try await Self.body(of: request, route: route)
            if let cached = answers.answer(for: key) { return APIResponse.json(cached) }
            // A small body's question is looked up as it arrives; any other work is the limiter's.
            let arrived =
                bytes.count <= Self.maxEvaluateBodyLookedUpOnArrival
                ? try? Self.decode(EvaluateRequestBody.self, from: bytes) : nil
            if let arrived, AttemptEvaluator.isUserName(arrived.user) {
                let (question, people) = EvaluateQuestion.of(arrived, accountFacts: accountFacts)
                if case .template(let template) = templates.answer(for: question) {
                    return APIResponse.json(template.filled(with: people))
                }
            }
            let computed = try await limiter.perform { () throws -> ByteBuffer in
                let body = try arrived ?? Self.decode(EvaluateRequestBody.self, from: bytes)
                guard AttemptEvaluator.isUserName(body.user) else {
                    return ByteBuffer(string: try answer(body))
                }
                let (question, people) = EvaluateQuestion.of(body, accountFacts: accountFacts)
                let record = templates.answer(for: question)
                switch record {
                case .template(let template): return template.filled(with: people)
                case .noTemplate, nil: break
                case .askedOnce:
                    // Asked again: the template, from two sets of stand-in people, each render spending a budget of
                    // its own. Should they fail, the answer is computed for the people who asked, as without one.
                    do {
                        let made = try WorkBudget.aside {
                            try NameTemplate.make(people: people.count) { try answer(question.asked(of: $0)) }
                        }
                        guard made.stopped == nil else { break }
                        if let template = made.value, templates.store(.template(template), for: question) {
                            return template.filled(with: people)
                        }
                        templates.store(.noTemplate, for: question)
                    } catch is WorkBudget.Stopped {
                        // Out of time or work: the answer below stops the same way.
                    } catch {
                        templates.store(.noTemplate, for: question)
                    }
                }
                let computed = try answer(body)
                answers.store(computed, for: key)
                if record == nil { templates.store(.askedOnce, for: question) }
                return ByteBuffer(string: computed)
            }
            return APIResponse.json(computed)
        }
    }

    /// A POST request's body, read within the size limit, and its key in the answer cache.
    static func body(of request: Request, route: String) async throws -> (bytes: Data, key: RequestKey) {
        try requireAcceptedType(request.headers[.contentType])
        let buffer = try await request.body.collect(upTo: maxBodyBytes)
        let bytes = Data(buffer.readableBytesView)
        return (bytes, AnswerCache.key(path: route, body: bytes))
    }

    /// A POST body as its request type: the shape scan (keys given twice, keys per object, depth), then the decoder.
    /// Called on the compute thread, within the request's budget.
    static func decode<Body: Decodable>(_ type: Body.Type, from bytes: Data) throws -> Body {
        var scan = JSONBodyScan()
        if let problem = try scan.firstProblem(in: bytes) { throw problem.apiError(at: scan.bytesRead) }
        return try JSONDecoder().decode(Body.self, from: bytes)
    }

    static func requireAcceptedType(_ contentType: String?) throws {
        let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let type, acceptedBodyTypes.contains(type) else {
            throw APIError(
                status: .unsupportedMediaType,
                message: "send the body as Content-Type: application/json"
                    + (contentType.map { ", not '\(String($0.prefix(100)))'" } ?? ""))
        }
    }

    static func pairs(_ object: [String: String]?) -> [(key: String, value: String)] {
        (object ?? [:]).sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    /// Inline documents of a list get distinct pseudo names: `policy-1.yaml`, `policy-2.yaml`, ...
    static func numbered(_ documents: [RequestDocument], _ stem: String) -> [RequestDocument] {
        documents.enumerated().map { $1.named("\(stem)-\($0 + 1).yaml") }
    }

    /// `effort: {"badge": 2}`: seconds per prompt kind, checked as `--effort badge=2` is.
    static func effort(_ object: [String: Int]?) throws -> [(Prompt, Int)] {
        try (object ?? [:]).sorted { $0.key < $1.key }.map { key, seconds in
            switch EffortTable.value(kind: key, seconds: seconds < 0 ? "-" : String(seconds)) {
            case .success(let value): return value
            case .failure(let error): throw APIError(status: .badRequest, message: "effort: " + error.description)
            }
        }
    }

    static func requireCount(_ items: [RequestDocument], _ range: ClosedRange<Int>, _ field: String) throws {
        guard range.contains(items.count) else {
            throw APIError(
                status: .badRequest,
                message: "'\(field)' takes \(range.lowerBound) to \(range.upperBound) documents, not \(items.count)")
        }
    }
}
