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

    /// Runs `scenario` against each policy; steps naming apps a policy lacks are `not_applicable` for it. Mistakes
    /// are errors, not `not_applicable`: an app, event or condition that no compared policy knows (`CompareCheck`).
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
    }

    /// Totals for one policy's run.
    public struct Totals: Sendable {
        public var prompts: Int
        /// User → prompts, in order of first appearance.
        public var promptsPerUser: [(user: String, prompts: Int)]
        public var findings: [Severity: Int]
        /// Every turn after the first, in order.
        public var handovers: [Handover]
        /// Steps looked at to compute these totals: one per step, whatever the number of handovers (a regression
        /// test bounds it; the totals once rescanned the rest of the run at every handover).
        public var stepsExamined: Int
    }

    /// Totals in one pass over the run's steps.
    public static func totals(_ result: RunResult) -> Totals { totals(result, views: result.views) }

    public static func totals(_ result: RunResult, views: [StepView]) -> Totals {
        var perUser: [(user: String, prompts: Int)] = []
        var userIndex: [String: Int] = [:]
        var findings: [Severity: Int] = [:]
        var prompts = 0
        let accessEvents = Set(result.policy.descriptor.allEvents.filter(\.isAccessAttempt).map(\.name))
        var handovers: [Handover] = []
        var current: (user: String, handover: Handover?, start: Int, firstAccess: Int?)?
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
            for finding in view.findings { findings[finding.severity, default: 0] += 1 }
            if let user = view.user {
                if let index = userIndex[user] {
                    perUser[index].prompts += view.prompts.count
                } else {
                    userIndex[user] = perUser.count
                    perUser.append((user, view.prompts.count))
                }
                if current?.user != user {
                    close()
                    let handover = current.map {
                        Handover(
                            user: user, previousUser: $0.user, step: view.number, safeFromStep: nil,
                            secondsUntilSafe: nil, safeAtOnce: false, lastUnsafeStep: nil, hasAccess: false)
                    }
                    current = (user, handover, step.bound.step.time, nil)
                }
            }
            guard var turn = current, var handover = turn.handover else { continue }
            let leak = view.findings.contains { $0.concern?.exposesAnotherUser == true }
            let foreign = view.sessionUser != nil && view.sessionUser != turn.user
            let access = step.isApplicable && accessEvents.contains(view.event)
            if access {
                handover.hasAccess = true
                if turn.firstAccess == nil { turn.firstAccess = view.number }
            }
            if leak || foreign {
                handover.lastUnsafeStep = view.number
                handover.safeFromStep = nil
                handover.secondsUntilSafe = nil
            } else if access, handover.safeFromStep == nil, view.sessionKind != .denied, view.sessionUser == turn.user {
                handover.safeFromStep = view.number
                handover.secondsUntilSafe = step.bound.step.time - turn.start
            }
            turn.handover = handover
            current = turn
        }
        close()
        return Totals(
            prompts: prompts, promptsPerUser: perUser, findings: findings, handovers: handovers,
            stepsExamined: examined)
    }

    /// The verdict in one line: prompts per worker, then for each next worker whether and from which step they
    /// are safely in their own session for the rest of their turn.
    public static func verdict(_ totals: Totals) -> String {
        let perUser = totals.promptsPerUser.map { "\($0.user) \($0.prompts)" }.joined(separator: ", ")
        var text = "prompts " + (perUser.isEmpty ? "none" : perUser)
        if totals.handovers.isEmpty { return text + "; no handover" }
        for handover in totals.handovers {
            text += "; " + handoverVerdict(handover)
        }
        return text
    }

    static func handoverVerdict(_ handover: Handover) -> String {
        if let step = handover.safeFromStep {
            return "\(handover.user) safe from step \(step)"
                + (handover.safeAtOnce
                    ? " (at once)" : " (after " + Duration.format(handover.secondsUntilSafe ?? 0) + ")")
        }
        if let unsafe = handover.lastUnsafeStep {
            return "\(handover.user) never safe (step \(unsafe) shows another user's session or data)"
        }
        return handover.hasAccess
            ? "\(handover.user) never safe (no access in their own session)"
            : "\(handover.user) not judged (no access attempt)"
    }
}
