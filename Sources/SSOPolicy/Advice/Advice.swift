import SSOPolicyProviderKit

/// `advise POLICY|FLEET --scenario S` (spec 3.5): the minimal sets of changes after which the scenario has no
/// finding at or above the goal, each with what it removes, the workers' effort before and after, what it needs, the
/// rule sources that make it work and the YAML to paste; or, when none within the bound does, the closest sets and
/// what still stands in the way.
package struct Advice: Sendable {
    /// Findings by severity and each worker's effort, summed over a fleet setup's groups (effort: the most of any
    /// group).
    package struct State: Sendable {
        package var findings: [Severity: Int]
        package var effort: [(user: String, seconds: Int)]
        /// The workers who could not work (every access attempt denied) on the policy or on some group.
        package var couldNotWork: [String] = []

        package var totalEffort: Int { effort.reduce(0) { Saturating.sum($0, $1.seconds) } }
    }

    package struct Removed: Sendable, Hashable {
        package var id: String
        package var step: Int
        package var group: String?
        /// The app a finding of the policy itself is about (step 0), if any.
        package var app: String? = nil
    }

    package struct Suggestion: Sendable {
        package var changes: [AdviceChange]
        package var removes: [Removed]
        package var after: State
        /// Findings at or above the goal left (0 for a suggestion that meets it).
        package var remaining: Int
        package var needs: [FleetNeed]
        package var sources: [Citation]
        package var yaml: [String]
        /// Seconds of sign-in the changes add over every worker (negative when they save some).
        package var addedEffort: Int
        package var needsAppBuild: Bool { changes.contains { $0.kind == .appBuild } }
    }

    /// A set of changes left out because it leaves no finding only by keeping workers who could work from working
    /// (every access attempt of theirs denied): safe, but no one can do the job.
    package struct StopsWork: Sendable {
        package var changes: [AdviceChange]
        /// The workers who could work before and could not with the changes.
        package var workers: [String]
    }

    /// What still stands in the way of the closest suggestion: a finding, where, and the rule that raised it.
    package struct Obstacle: Sendable, Hashable {
        package var finding: String
        package var severity: Severity
        package var step: Int
        package var app: String?
        package var group: String?
        package var rule: String?
        package var sources: [Citation]
    }

    /// The policy's id, or the fleet's.
    package var subject: String
    /// The fleet's setup, for a fleet.
    package var setup: String?
    /// The policy's values played at their defaults (`PolicyNotes.playedDefaults`), for standard error.
    package var notes: [String] = []
    package var provider: String
    package var scenario: String
    package var goal: Severity
    package var maxChanges: Int
    package var before: State
    /// The unchanged policy already meets the goal.
    package var alreadyMeets: Bool
    package var suggestions: [Suggestion]
    /// The closest sets when none meets the goal (fewest remaining findings first).
    package var closest: [Suggestion]
    package var unreachable: [Obstacle]
    /// The first few smallest sets left out since they stop the work.
    package var stopsWork: [StopsWork] = []
    /// For a fleet's setup, the device groups it does not play on, each with why (`FleetComparison.unsupported`):
    /// its advice holds for the other groups only.
    package var notPlayed: [FleetComparison.NotPlayed] = []
    /// Sets of changes played.
    package var tried: Int
    /// Why the search stopped before the bound, if it did (the suggestions found so far are still minimal).
    package var stopped: String?
    /// The YAML lines are for a fleet's setup, not a policy file.
    var isFleet: Bool { setup != nil }

    /// Advice for one policy, or for one fleet setup over its groups (whose `catalogueApps` get no app build change).
    package static func advise(
        _ scenario: Scenario, subjects: [AdviceSubject], request: AdviceRequest, subject: String,
        setup: String? = nil, catalogueApps: Set<String> = []
    ) throws -> Advice {
        precondition(!subjects.isEmpty, "advise needs a policy")
        let targets = AdviceTarget.targets(
            of: subjects[0].policy, others: subjects.dropFirst().map(\.policy.configuration),
            catalogueApps: catalogueApps)
        let search = AdviceSearch(scenario: scenario, subjects: subjects, request: request, targets: targets)
        let outcome = try search.run()
        let baseRuns = try subjects.map { try played(scenario, $0, changes: []) }
        let before = state(baseRuns.compactMap { $0?.1 })
        let alreadyMeets = outcome.found.count == 1 && outcome.found[0].isEmpty
        func suggestion(_ changes: [AdviceChange]) throws -> Suggestion? {
            var runs: [(AdviceSubject, RunResult)] = []
            for subject in subjects {
                guard let run = try played(scenario, subject, changes: changes) else { return nil }
                runs.append(run)
            }
            return describe(
                changes, runs: runs, baseRuns: baseRuns, before: before, goal: request.goal, setup: setup)
        }
        var suggestions = alreadyMeets ? [] : try outcome.found.compactMap(suggestion)
        // Configuration-only fixes first, then by the effort they add, then by size.
        suggestions = suggestions.enumerated().sorted { lhs, rhs in
            let l = lhs.element
            let r = rhs.element
            if l.needsAppBuild != r.needsAppBuild { return !l.needsAppBuild }
            if l.addedEffort != r.addedEffort { return l.addedEffort < r.addedEffort }
            if l.changes.count != r.changes.count { return l.changes.count < r.changes.count }
            return lhs.offset < rhs.offset
        }.map(\.element)
        // The policy as it is, when it is among the closest, is no suggestion; nor is a set that leaves as many.
        let unchanged = outcome.closest.first { $0.changes.isEmpty }?.remaining
        let closest = try outcome.closest.filter { trial in
            unchanged.map { (trial.remaining ?? .max) < $0 } ?? true
        }.compactMap { try suggestion($0.changes) }
        var unreachable: [Obstacle] = []
        if suggestions.isEmpty && !alreadyMeets {
            let changes = outcome.closest.first?.changes ?? []
            for subject in subjects {
                guard let (_, result) = try played(scenario, subject, changes: changes) else { continue }
                unreachable += obstacles(result, goal: request.goal, group: subject.group)
            }
        }
        return Advice(
            subject: subject, setup: setup, provider: subjects[0].policy.descriptor.id, scenario: scenario.id,
            goal: request.goal, maxChanges: request.maxChanges, before: before, alreadyMeets: alreadyMeets,
            suggestions: suggestions, closest: closest, unreachable: unreachable,
            stopsWork: outcome.stranding.map { StopsWork(changes: $0.changes, workers: $0.stranded) },
            tried: outcome.tried, stopped: outcome.stopped)
    }

    /// The scenario played with the trace on, for the words; nil when the changes do not compile or bind.
    static func played(_ scenario: Scenario, _ subject: AdviceSubject, changes: [AdviceChange]) throws
        -> (AdviceSubject, RunResult)?
    {
        guard let policy = AdviceSearch.apply(changes, to: subject.policy),
            case .success(let bound) = ScenarioBinder(mode: subject.lenient ? .lenient : .strict).bind(
                scenario, to: policy)
        else { return nil }
        var result = ScenarioRunner(traceMode: .fired).run(bound)
        result.effort = subject.effort
        try WorkBudget.throwIfStopped()
        return (subject, result)
    }

    static func state(_ results: [RunResult]) -> State {
        var findings: [Severity: Int] = [:]
        var effort: [(user: String, seconds: Int)] = []
        let allTotals = results.map(Comparison.totals)
        for (result, totals) in zip(results, allTotals) {
            for (severity, count) in totals.findings { findings[severity, default: 0] += count }
            for finding in result.policyFindingViews { findings[finding.severity, default: 0] += 1 }
            for worker in totals.workers {
                if let index = effort.firstIndex(where: { $0.user == worker.user }) {
                    effort[index].seconds = max(effort[index].seconds, worker.effortSeconds)
                } else {
                    effort.append((worker.user, worker.effortSeconds))
                }
            }
        }
        return State(
            findings: findings, effort: effort,
            couldNotWork: Comparison.Totals.workersWhoCouldNotWork(in: allTotals))
    }

    static func describe(
        _ changes: [AdviceChange], runs: [(AdviceSubject, RunResult)], baseRuns: [(AdviceSubject, RunResult)?],
        before: State, goal: Severity, setup: String?
    ) -> Suggestion {
        var removes: [Removed] = []
        var sources: [Citation] = []
        func cite(_ citations: [Citation]) {
            for citation in citations where !sources.contains(citation) { sources.append(citation) }
        }
        var remaining = 0
        for ((subject, result), base) in zip(runs, baseRuns) {
            remaining += AdviceSearch.blocking(result, goal: goal)
            guard let (_, baseResult) = base else { continue }
            let afterViews = result.views
            for (beforeView, afterView) in zip(baseResult.views, afterViews) {
                let kept = Set(afterView.findings.map(\.id))
                let gone = beforeView.findings.filter { !kept.contains($0.id) }
                guard !gone.isEmpty else { continue }
                for finding in gone
                where !removes.contains(where: {
                    $0.id == finding.id && $0.step == beforeView.number && $0.group == subject.group
                }) {
                    removes.append(Removed(id: finding.id, step: beforeView.number, group: subject.group))
                }
                let firedBefore = Set(beforeView.trace.filter(\.fired).map(\.rule))
                for entry in afterView.trace where entry.fired && !firedBefore.contains(entry.rule) {
                    cite(entry.sources)
                }
            }
            let afterConfiguration = Set(
                Self.policyFindings(result).map { Removed(id: $0.view.id, step: 0, app: $0.app) })
            for finding in Self.policyFindings(baseResult) {
                let removed = Removed(id: finding.view.id, step: 0, app: finding.app)
                guard !afterConfiguration.contains(removed) else { continue }
                removes.append(Removed(id: removed.id, step: 0, group: subject.group, app: removed.app))
            }
        }
        let descriptor = runs[0].1.policy.descriptor
        for change in changes {
            let declarations = change.app == nil ? descriptor.settings : descriptor.appKeys
            if let declaration = declarations.first(where: { $0.key == change.key }) { cite(declaration.sources) }
        }
        let after = state(runs.map(\.1))
        var added = 0
        for worker in after.effort {
            let was = before.effort.first { $0.user == worker.user }?.seconds ?? 0
            added += worker.seconds - was
        }
        for worker in before.effort where !after.effort.contains(where: { $0.user == worker.user }) {
            added -= worker.seconds
        }
        return Suggestion(
            changes: changes.sorted(), removes: removes, after: after, remaining: remaining,
            needs: needs(changes, descriptor: descriptor), sources: Array(sources.prefix(maxSources)),
            yaml: yaml(changes.sorted(), setup: setup), addedEffort: added)
    }

    /// The most citations one suggestion lists: the rules that newly fire where a finding went, then the changed
    /// keys' own.
    static let maxSources = 6

    /// What each change asks of someone: a console choice, or the app's maker.
    static func needs(_ changes: [AdviceChange], descriptor: ProviderDescriptor) -> [FleetNeed] {
        changes.sorted().map { change in
            switch change.kind {
            case .setting:
                return FleetNeed(.console, "set \(change.key) to \(change.value) in the \(descriptor.id) console")
            case .console:
                return FleetNeed(
                    .console,
                    "set \(change.app ?? "")'s \(change.key) to \(change.value) in the \(descriptor.id) console")
            case .appBuild:
                return FleetNeed(
                    .appBuild, "ask the maker of \(change.app ?? ""): a build where \(change.key) is \(change.value)")
            }
        }
    }

    /// The lines to paste: into the policy file, or under the fleet's setup.
    static func yaml(_ changes: [AdviceChange], setup: String?) -> [String] {
        var lines: [String] = []
        let settings = changes.filter { $0.app == nil }
        let apps = changes.compactMap(\.app).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let indent = setup == nil ? "" : "    "
        if let setup { lines.append("setups:"); lines.append("  - setup: \(setup)") }
        if !settings.isEmpty {
            lines.append(indent + "settings:")
            for change in settings { lines.append(indent + "  \(change.key): \(change.value)") }
        }
        if !apps.isEmpty {
            lines.append(indent + "apps:")
            for app in apps {
                let appChanges = changes.filter { $0.app == app }
                if setup == nil {
                    lines.append("  - id: \(app)")
                } else {
                    lines.append(indent + "  \(app):")
                }
                for change in appChanges {
                    let comment = change.kind == .appBuild ? "  # app_build: ask the app's maker" : ""
                    lines.append(indent + "    \(change.key): \(change.value)" + comment)
                }
            }
        }
        return lines
    }

    /// The findings of a run's policy itself, each with the app it is about (nil for the policy as a whole).
    static func policyFindings(_ result: RunResult) -> [(view: StepView.FindingView, app: String?)] {
        let apps = result.policy.configuration.apps
        return zip(result.policy.findings, result.policyFindingViews).map { finding, view in
            (view, finding.app.map { apps[$0.int].id })
        }
    }

    /// The findings at the goal or worse left in a run, with the rule that raised each.
    static func obstacles(_ result: RunResult, goal: Severity, group: String?) -> [Obstacle] {
        let descriptor = result.policy.descriptor
        var obstacles: [Obstacle] = []
        for (finding, app) in policyFindings(result) where finding.severity <= goal {
            obstacles.append(
                Obstacle(
                    finding: finding.id, severity: finding.severity, step: 0, app: app, group: group, rule: nil,
                    sources: descriptor.findings.first { $0.id == finding.id }?.sources ?? []))
        }
        for view in result.views {
            for finding in view.findings where finding.severity <= goal {
                let rule = view.trace.first { entry in
                    guard entry.fired, let id = descriptor.rule(entry.rule) else { return false }
                    return descriptor.rules[Int(id.index)].effect.findings.contains {
                        descriptor.findings[Int($0.index)].id == finding.id
                    }
                }
                obstacles.append(
                    Obstacle(
                        finding: finding.id, severity: finding.severity, step: view.number,
                        app: view.app.isEmpty ? nil : view.app, group: group, rule: rule?.rule,
                        sources: rule?.sources ?? descriptor.findings.first { $0.id == finding.id }?.sources ?? []))
            }
        }
        return obstacles
    }
}
