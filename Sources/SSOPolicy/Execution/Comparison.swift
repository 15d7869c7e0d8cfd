import SSOPolicyProviderKit

/// The same scenario through several policies, side by side (spec 4: `compare`).
public struct Comparison: Sendable {
    public var scenario: Scenario
    public var results: [RunResult]
    /// What the reader should know about the comparison itself, e.g. a step event or condition that only some of
    /// the compared providers declare (the others see that step as not applicable or ignore the condition).
    public var notes: [String]

    public init(scenario: Scenario, results: [RunResult], notes: [String] = []) {
        self.scenario = scenario
        self.results = results
        self.notes = notes
    }

    /// Runs `scenario` against each policy; steps naming apps a policy lacks are `not_applicable` for it, and so are
    /// steps whose event its provider does not declare (with a note, as `run` gives one: `UndeclaredStepWord`). An app
    /// that no compared policy has is an error, not `not_applicable` (`CompareCheck`).
    public static func run(
        _ scenario: Scenario, policies: [CompiledPolicy], traceMode: RuleTrace.Mode = .fired
    ) throws(DiagnosticsError) -> Comparison {
        let notes = try CompareCheck.check(scenario, policies: policies)
        var results: [RunResult] = []
        var problems: [Diagnostic] = []
        for policy in policies {
            switch ScenarioBinder(mode: .lenient).bind(scenario, to: policy) {
            case .success(let bound): results.append(ScenarioRunner(traceMode: traceMode).run(bound))
            case .failure(let error): problems.append(contentsOf: error.diagnostics)
            }
        }
        if !problems.isEmpty { throw DiagnosticsError(problems) }
        return Comparison(scenario: scenario, results: results, notes: notes)
    }

    /// Step numbers where the policies decide differently (prompts, session, session user or finding ids), in
    /// one pass over steps × policies.
    public var differences: [Int] { Self.differences(results.map(\.views)) }

    public static func differences(_ views: [[StepView]]) -> [Int] {
        guard let first = views.first else { return [] }
        return first.indices.filter { index in
            views.dropFirst().contains { !$0[index].decidesSameAs(first[index]) }
        }.map { first[$0].number }
    }

    /// One worker's turn on the device after a handover, and whether they are safely in their own session.
    ///
    /// The rule (docs/compare.md, "The verdict"): a worker's turn runs from the step where the acting user changes (or
    /// the `handover` step that hands them the device) to the step before the next change. An access attempt is *safe*
    /// when it applies, is not denied, serves the worker's own identity and reports no previous-user finding; a
    /// step is *unsafe* when it serves another identity's session or reports a previous-user finding. The worker
    /// is safe *from* step k when k is a safe access and no unsafe step follows it in the turn; *at once* when k is
    /// the turn's first access attempt; *never* when no such k exists.
    public struct Handover: Sendable, Hashable {
        /// The worker taking over, and the one before.
        public var user: String
        public var previousUser: String
        /// The step number where the turn starts.
        public var step: Int
        /// The step from which the worker is safe for the rest of the turn, nil if never.
        public var safeFromStep: Int?
        /// Seconds from the turn's start to `safeFromStep`.
        public var secondsUntilSafe: Int?
        /// True when `safeFromStep` is the turn's first access attempt.
        public var safeAtOnce: Bool
        /// The last step of the turn that put the worker into another identity's session or showed them the
        /// previous user's data, if any.
        public var lastUnsafeStep: Int?
        /// Whether the turn has an access attempt at all (without one there is nothing to judge).
        public var hasAccess: Bool
        /// The turn's first access attempt that lets the worker work: it applies, is not denied and serves their
        /// own identity; nil if none.
        public var firstProductiveStep: Int? = nil
        /// Time to that access: the scenario's seconds from the turn's start to it, plus the sign-in effort of the
        /// prompts the worker answered in the turn up to and including it.
        public var secondsToFirstProductiveAccess: Int? = nil
    }

    /// One worker over the whole run: prompts, access attempts and how many of them were denied.
    public struct Worker: Sendable, Hashable {
        public var user: String
        public var prompts: Int
        /// Steps where the worker tried to use an app (events declared as access attempts that apply).
        public var accessAttempts: Int
        /// Access attempts answered `denied`.
        public var denied: Int
        /// Seconds spent answering prompts (`EffortTable`).
        public var effortSeconds: Int = 0
        /// A `handover` step gives the worker the device (`to`).
        public var handedTheDevice = false

        /// Every access attempt the worker made was denied: they could not work at all.
        public var couldNotWork: Bool { accessAttempts > 0 && denied == accessAttempts }
    }

    /// The worst finding of a run's steps, at its first step (a verdict leads with it).
    public struct WorstFinding: Sendable, Hashable {
        public var id: String
        public var severity: Severity
        public var step: Int
    }

    /// Totals for one policy's run.
    public struct Totals: Sendable {
        public var prompts: Int
        /// Per worker, in order of first appearance.
        public var workers: [Worker]
        public var findings: [Severity: Int]
        /// The most severe step finding, the first one of that severity.
        public var worstFinding: WorstFinding?
        /// How the provider's workers take the device (its handover's actions by `to`, e.g. `check_out hub`), when a
        /// worker could not work and no handover gave them the device; nil otherwise or when its procedure has none.
        public var pickup: String?
        /// The circumstances the scenario states (`FactDeclaration.circumstance`, e.g. "the phone's first-ever
        /// check-in") that decide the worst finding: with the fact at its default the worst finding differs.
        public var decidedBy: [String] = []
        /// Every turn after the first, in order.
        public var handovers: [Handover]
        /// Steps looked at to compute these totals: one per step, whatever the number of handovers (a regression
        /// test bounds it; the totals once rescanned the rest of the run at every handover).
        public var stepsExamined: Int

        /// User → prompts, in order of first appearance.
        public var promptsPerUser: [(user: String, prompts: Int)] { workers.map { ($0.user, $0.prompts) } }
        /// User → sign-in effort in seconds, in order of first appearance.
        public var effortPerUser: [(user: String, seconds: Int)] { workers.map { ($0.user, $0.effortSeconds) } }
        /// User → denied access attempts, in order of first appearance.
        public var deniedPerUser: [(user: String, denied: Int)] { workers.map { ($0.user, $0.denied) } }
    }

    /// Totals in one pass over the run's steps.
    public static func totals(_ result: RunResult) -> Totals { totals(result, views: result.views) }

    public static func totals(_ result: RunResult, views: [StepView]) -> Totals {
        var workers: [Worker] = []
        var userIndex: [String: Int] = [:]
        var findings: [Severity: Int] = [:]
        var worst: WorstFinding?
        var prompts = 0
        let accessEvents = Set(result.policy.descriptor.allEvents.filter(\.isAccessAttempt).map(\.name))
        var handovers: [Handover] = []
        var current: (user: String, handover: Handover?, start: Int, firstAccess: Int?, effort: Int)?
        func close() {
            guard let turn = current, var handover = turn.handover else { return }
            handover.safeAtOnce = handover.safeFromStep != nil && handover.safeFromStep == turn.firstAccess
            handovers.append(handover)
        }
        var examined = 0
        for (view, step) in zip(views, result.steps) {
            guard WorkBudget.spend(0) else { break }
            examined += 1
            prompts += view.prompts.count
            for finding in view.findings {
                findings[finding.severity, default: 0] += 1
                if worst.map({ finding.severity < $0.severity }) ?? true {
                    worst = WorstFinding(id: finding.id, severity: finding.severity, step: view.number)
                }
            }
            let access = step.isApplicable && accessEvents.contains(view.event)
            if let user = view.user {
                let index =
                    userIndex[user]
                    ?? {
                        userIndex[user] = workers.count
                        workers.append(Worker(user: user, prompts: 0, accessAttempts: 0, denied: 0))
                        return workers.count - 1
                    }()
                workers[index].prompts += view.prompts.count
                let effort = result.effort.seconds(of: step.outcome.prompts)
                workers[index].effortSeconds = min(
                    workers[index].effortSeconds + effort, EffortTable.maximumTotal)
                if step.bound.step.handover?.to == user { workers[index].handedTheDevice = true }
                if access {
                    workers[index].accessAttempts += 1
                    if view.sessionKind == .denied { workers[index].denied += 1 }
                }
                if current?.user != user {
                    close()
                    let handover = current.map {
                        Handover(
                            user: user, previousUser: $0.user, step: view.number, safeFromStep: nil,
                            secondsUntilSafe: nil, safeAtOnce: false, lastUnsafeStep: nil, hasAccess: false)
                    }
                    current = (user, handover, step.bound.step.time, nil, 0)
                }
                if var turn = current {
                    turn.effort = min(
                        turn.effort + result.effort.seconds(of: step.outcome.prompts), EffortTable.maximumTotal)
                    current = turn
                }
            }
            guard var turn = current, var handover = turn.handover else { continue }
            let leak = view.findings.contains { $0.concern?.exposesAnotherUser == true }
            let foreign = view.sessionUser != nil && view.sessionUser != turn.user
            if access {
                handover.hasAccess = true
                if turn.firstAccess == nil { turn.firstAccess = view.number }
                if handover.firstProductiveStep == nil, view.sessionKind != .denied, view.sessionUser == turn.user {
                    handover.firstProductiveStep = view.number
                    handover.secondsToFirstProductiveAccess = min(
                        max(0, step.bound.step.time - turn.start) + turn.effort, EffortTable.maximumTotal)
                }
            }
            if leak || foreign {
                handover.lastUnsafeStep = view.number
                handover.safeFromStep = nil
                handover.secondsUntilSafe = nil
            } else if access, handover.safeFromStep == nil, view.sessionKind != .denied, view.sessionUser == turn.user {
                handover.safeFromStep = view.number
                handover.secondsUntilSafe = Saturating.difference(step.bound.step.time, turn.start)
            }
            turn.handover = handover
            current = turn
        }
        close()
        var totals = Totals(
            prompts: prompts, workers: workers, findings: findings, worstFinding: worst, handovers: handovers,
            stepsExamined: examined)
        totals.decidedBy = circumstances(result, worst: worst)
        // Said only for a worker who could not work and was never given the device.
        if workers.contains(where: { $0.couldNotWork && !$0.handedTheDevice }) {
            let pickup = (result.policy.descriptor.handover?.actions ?? []).filter { $0.actor == .to }
            if !pickup.isEmpty {
                totals.pickup = pickup.map { "\($0.event) \($0.target.text)" }.joined(separator: ", ")
            }
        }
        return totals
    }

    /// The stated circumstances that decide the run's worst finding: for each fact the provider names as a
    /// circumstance that the scenario's `given:` moves off its default, the run is played again with that fact at its
    /// default; the circumstance decides when the worst finding (its id, severity or step) then differs.
    static func circumstances(_ result: RunResult, worst: WorstFinding?) -> [String] {
        var named: [String] = []
        for fact in result.policy.descriptor.facts {
            guard let circumstance = fact.circumstance,
                let entry = result.scenario.given.first(where: { $0.key == fact.key }),
                let text = entry.value.scalar, text != fact.defaultValue
            else { continue }
            var scenario = result.scenario
            scenario.given.removeAll { $0.key == fact.key }
            guard case .success(let bound) = ScenarioBinder(mode: .lenient).bind(scenario, to: result.policy) else {
                continue
            }
            var other: WorstFinding?
            for view in ScenarioRunner(traceMode: .off).run(bound).views {
                for finding in view.findings where other.map({ finding.severity < $0.severity }) ?? true {
                    other = WorstFinding(id: finding.id, severity: finding.severity, step: view.number)
                }
            }
            if other != worst { named.append("\(circumstance) (\(fact.key): \(text))") }
        }
        return named
    }
}

extension Comparison.Totals {
    /// The workers who could not work (every access attempt denied) in any of `totals`, in order of first
    /// appearance.
    package static func workersWhoCouldNotWork(in totals: some Sequence<Comparison.Totals>) -> [String] {
        var users: [String] = []
        for totals in totals {
            for worker in totals.workers where worker.couldNotWork && !users.contains(worker.user) {
                users.append(worker.user)
            }
        }
        return users
    }
}
