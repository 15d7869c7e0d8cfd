import SSOPolicyProviderKit

/// The JSON contract of spec 4.1, built from `StepView`s.
public enum RunJSON {
    public static func step(_ view: StepView, includeTrace: Bool = true) -> JSONValue {
        var pairs: [(String, JSONValue)] =
            [
                ("step", .int(view.number)), ("at", .string(view.at)), ("event", .string(view.event)),
                ("app", .string(view.app)), ("user", .optional(view.user)),
            ] + answer(view)
        if let handover = view.handover {
            pairs.append(
                (
                    "handover",
                    .object([
                        ("procedure", .string(handover.summary)),
                        ("sources", ProviderDocumentation.citationsJSON(handover.sources)),
                        ("events", .strings(handover.events)),
                    ])
                ))
        }
        if includeTrace { pairs.append(("trace", .array(view.trace.map(trace)))) }
        return .object(pairs)
    }

    /// What an outcome answers: prompts, session, session user, details and findings.
    public static func answer(_ view: StepView) -> [(String, JSONValue)] {
        [
            ("prompts", .strings(view.prompts)), ("session", .string(view.session)),
            ("session_user", .optional(view.sessionUser)),
            ("details", .object(view.details.map { ($0.key, .string($0.value)) })),
            ("findings", .array(view.findings.map(finding))),
        ]
    }

    public static func finding(_ finding: StepView.FindingView) -> JSONValue {
        .object([
            ("id", .string(finding.id)), ("severity", .string(finding.severity.name)),
            ("message", .string(finding.message)),
        ])
    }

    /// A rule of the trace: whether it fired, why (`because`, and `conditions`: each that held, or the one that
    /// failed with its `predicate`), the decision list it was tried in, and `evaluated: false` for a rule
    /// `--explain all` lists that was not evaluated at the step.
    public static func trace(_ trace: StepView.TraceView) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("rule", .string(trace.rule)), ("fired", .bool(trace.fired)), ("because", .string(trace.because)),
            ("sources", ProviderDocumentation.citationsJSON(trace.sources)),
        ]
        if !trace.conditions.isEmpty { pairs.append(("conditions", .strings(trace.conditions))) }
        if let predicate = trace.failedPredicate { pairs.append(("predicate", .string(predicate))) }
        if let list = trace.list { pairs.append(("list", .string(list))) }
        if !trace.evaluated { pairs.append(("evaluated", .bool(false))) }
        return .object(pairs)
    }

    public static func severityCounts(_ findings: [StepView.FindingView]) -> JSONValue {
        .object(
            [Severity.critical, .high, .medium, .low].map { severity in
                (severity.name, .int(findings.filter { $0.severity == severity }.count))
            })
    }

    /// The run object: policy, provider, scenario, configuration findings, steps, summary (with the verdict).
    public static func run(_ result: RunResult) -> JSONValue {
        let views = result.views
        let stepFindings = views.flatMap(\.findings)
        let totals = Comparison.totals(result, views: views)
        return .object([
            ("policy", .string(result.policy.configuration.id)),
            ("provider", .string(result.policy.descriptor.id)),
            ("scenario", .string(result.scenario.id)),
            ("findings", .array(result.policyFindingViews.map(finding))),
            ("steps", .array(views.map { step($0) })),
            (
                "summary",
                .object([
                    ("prompts", .int(views.reduce(0) { $0 + $1.prompts.count })),
                    ("findings", severityCounts(stepFindings)),
                    ("prompts_per_user", .object(totals.promptsPerUser.map { ($0.user, .int($0.prompts)) })),
                    ("denied_per_user", .object(totals.deniedPerUser.map { ($0.user, .int($0.denied)) })),
                    ("could_not_work", .strings(totals.workers.filter(\.couldNotWork).map(\.user))),
                    ("effort_seconds_per_user", .object(totals.effortPerUser.map { ($0.user, .int($0.seconds)) })),
                    ("verdict", .string(Comparison.verdict(totals))),
                ])
            ),
        ])
    }
}
