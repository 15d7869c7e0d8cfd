import SSOPolicy

/// The verbs the command line and the server share: load what the caller named, then ask the engine. Each command
/// and each HTTP route is a thin layer over one of these, so both give the same answer for the same input.
package struct Queries<Resolver: DocumentResolver>: Sendable {
    package let resolver: Resolver
    package let registry: ProviderRegistry

    package init(resolver: Resolver, registry: ProviderRegistry) {
        self.resolver = resolver
        self.registry = registry
    }

    package func run(
        scenario: Resolver.Reference, policy: Resolver.Reference, explain: Bool,
        detail: StepView.ExplainDetail = .decisions
    ) throws(DiagnosticsError) -> RunResult {
        let policy = try resolver.policy(policy)
        let scenario = try resolver.scenario(scenario)
        return try resolver.engine.run(
            scenario, against: policy, traceMode: explain ? .explain : .fired, explain: detail)
    }

    /// Every policy's and the scenario's problems are reported together, not just the first file's.
    package func compare(scenario: Resolver.Reference, policies: [Resolver.Reference], explain: Bool)
        throws(DiagnosticsError) -> Comparison
    {
        var loaded: [CompiledPolicy] = []
        var problems: [Diagnostic] = []
        for policy in policies {
            do { loaded.append(try resolver.policy(policy)) } catch { problems.append(contentsOf: error.diagnostics) }
        }
        let played: Scenario
        do { played = try resolver.scenario(scenario) } catch {
            throw DiagnosticsError(problems + error.diagnostics)
        }
        if !problems.isEmpty { throw DiagnosticsError(problems) }
        return try Comparison.run(played, policies: loaded, traceMode: explain ? .explain : .fired)
    }

    /// Whether the reference names a fleet file (spec 3.4); false when it does not read at all (loading it as what
    /// the caller expected then reports why).
    package func isFleet(_ reference: Resolver.Reference) -> Bool {
        guard let (root, _) = try? resolver.document(reference) else { return false }
        return (try? resolver.engine.kind(of: root)) == .fleet
    }

    /// The fleet, with `effort` (the command line's `--effort`) over its own `effort:`.
    package func fleet(_ reference: Resolver.Reference, effort: [(Prompt, Int)] = []) throws(DiagnosticsError) -> Fleet
    {
        let (root, file) = try resolver.document(reference)
        var fleet = try resolver.engine.loadFleet(root, file: file)
        for (prompt, seconds) in effort { fleet.effort.set(prompt, seconds) }
        return fleet
    }

    /// Every setup of the fleet on every device group it plays on; the fleet's and the scenario's problems together.
    package func compareFleet(
        scenario: Resolver.Reference, fleet reference: Resolver.Reference, effort: [(Prompt, Int)] = [],
        explain: Bool = false
    ) throws(DiagnosticsError) -> FleetComparison {
        var problems: [Diagnostic] = []
        var fleet: Fleet?
        do { fleet = try self.fleet(reference, effort: effort) } catch { problems += error.diagnostics }
        let played: Scenario
        do { played = try resolver.scenario(scenario) } catch { throw DiagnosticsError(problems + error.diagnostics) }
        guard let fleet, problems.isEmpty else { throw DiagnosticsError(problems) }
        return try FleetComparison.run(played, fleet: fleet, traceMode: explain ? .explain : .fired)
    }

    /// The policy `reference` names, or with `setup` or `group` the policy that pair of the fleet it names derives
    /// (`Fleet.pairPolicy`; `options` are the names errors give the two). A fleet named without them is an error that
    /// lists its setups and groups.
    package func policy(
        _ reference: Resolver.Reference, setup: String?, group: String?, options: (setup: String, group: String)
    ) throws(DiagnosticsError) -> CompiledPolicy {
        guard setup != nil || group != nil else {
            do { return try resolver.policy(reference) } catch {
                guard isFleet(reference) else { throw error }
                throw try fleet(reference).pairNeeded(options: options)
            }
        }
        let (root, file) = try resolver.document(reference)
        guard (try? resolver.engine.kind(of: root)) == .fleet else {
            throw DiagnosticsError([
                .error(
                    at: SourcePosition(file: file, line: 1, column: 1),
                    "\(options.setup) and \(options.group) name a pair of a fleet; this is not a fleet")
            ])
        }
        return try resolver.engine.loadFleet(root, file: file).pairPolicy(setup: setup, group: group, options: options)
    }

    /// Throws `DiagnosticsError` when the policy does not load, `EvaluateError` when the attempt does not fit it.
    package func evaluate(
        policy: Resolver.Reference, request: EvaluateRequest, explain: Bool,
        detail: StepView.ExplainDetail = .decisions
    ) throws -> EvaluateResult {
        try evaluate(compiled: try resolver.policy(policy), request: request, explain: explain, detail: detail)
    }

    /// Throws `EvaluateError` when the attempt does not fit the policy.
    package func evaluate(
        compiled policy: CompiledPolicy, request: EvaluateRequest, explain: Bool,
        detail: StepView.ExplainDetail = .decisions
    ) throws -> EvaluateResult {
        try resolver.engine.evaluate(request, policy: policy, traceMode: explain ? .explain : .fired, explain: detail)
    }

    /// Throws `DiagnosticsError` when the policy does not load, `EvaluateError` when the app is unknown,
    /// `DecisionMatrix.TooManyRows` when the table would have more than `maxRows` rows.
    package func matrix(
        policy: Resolver.Reference, app: String?, all: Bool, user: String = "alice",
        origin: EvaluateRequest.Origin = .commandLine, maxRows: Int = DecisionMatrix.defaultMaxRows
    ) throws -> DecisionMatrix {
        try matrix(
            compiled: try resolver.policy(policy), app: app, all: all, user: user, origin: origin, maxRows: maxRows)
    }

    /// Throws `EvaluateError` when the app is unknown, `DecisionMatrix.TooManyRows` when the table would have more
    /// than `maxRows` rows.
    package func matrix(
        compiled: CompiledPolicy, app: String?, all: Bool, user: String = "alice",
        origin: EvaluateRequest.Origin = .commandLine, maxRows: Int = DecisionMatrix.defaultMaxRows
    ) throws -> DecisionMatrix {
        guard let provider = registry.provider(id: compiled.descriptor.id) else {
            throw EvaluateError(description: "provider '\(compiled.descriptor.id)' is not registered")
        }
        return try DecisionMatrix.build(
            compiled, provider: provider, app: app, allSettings: all, user: user, origin: origin, maxRows: maxRows)
    }
}
