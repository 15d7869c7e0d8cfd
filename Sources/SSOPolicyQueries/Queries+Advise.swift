import SSOPolicy

/// The answer of `advise`: for a policy, or per setup of a fleet.
package enum AdviceAnswer: Sendable {
    case policy(Advice)
    case fleet(FleetAdvice)

    package func text() -> String {
        switch self {
        case .policy(let advice): advice.text()
        case .fleet(let advice): advice.text()
        }
    }

    package func markdown() -> String {
        switch self {
        case .policy(let advice): advice.markdown()
        case .fleet(let advice): advice.markdown()
        }
    }

    package func json() -> JSONValue {
        switch self {
        case .policy(let advice): advice.json()
        case .fleet(let advice): advice.json()
        }
    }

    /// The values played at their defaults, one note per policy or fleet setup that has any, for standard error.
    package var notes: [String] {
        switch self {
        case .policy(let advice): advice.notes
        case .fleet(let advice): advice.notes
        }
    }
}

extension Queries {
    /// `advise POLICY|FLEET --scenario S` (spec 3.5): the document's and the scenario's problems together.
    package func advise(
        scenario: Resolver.Reference, subject reference: Resolver.Reference, request: AdviceRequest,
        effort: [(Prompt, Int)] = []
    ) throws -> AdviceAnswer {
        var problems: [Diagnostic] = []
        if isFleet(reference) {
            var fleet: Fleet?
            do { fleet = try self.fleet(reference, effort: effort) } catch { problems += error.diagnostics }
            let played: Scenario
            do { played = try resolver.scenario(scenario) } catch {
                throw DiagnosticsError(problems + error.diagnostics)
            }
            guard let fleet, problems.isEmpty else { throw DiagnosticsError(problems) }
            let advice = try FleetAdvice.advise(played, fleet: fleet, request: request)
            try WorkBudget.throwIfStopped()
            return .fleet(advice)
        }
        var policy: CompiledPolicy?
        do { policy = try resolver.policy(reference) } catch { problems += error.diagnostics }
        let played: Scenario
        do { played = try resolver.scenario(scenario) } catch { throw DiagnosticsError(problems + error.diagnostics) }
        guard let policy, problems.isEmpty else { throw DiagnosticsError(problems) }
        // The scenario must play on the policy as `run` plays it: its problems are the user's to fix first.
        _ = try ScenarioBinder(mode: .strict).bind(played, to: policy).get()
        var table = EffortTable.standard
        for (prompt, seconds) in effort { table.set(prompt, seconds) }
        var advice = try Advice.advise(
            played, subjects: [AdviceSubject(policy: policy, effort: table)], request: request,
            subject: policy.configuration.id)
        advice.notes = PolicyNotes.playedDefaults(for: policy).map { [$0] } ?? []
        try WorkBudget.throwIfStopped()
        return .policy(advice)
    }
}
