import SSOPolicyProviderKit

/// The JSON contract of spec 4.1, built from `StepView`s.
public enum RunJSON {
    public static func step(_ view: StepView, includeTrace: Bool = true) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("step", .int(view.number)), ("at", .string(view.at)), ("event", .string(view.event)),
            ("app", .string(view.app)), ("user", .optional(view.user)), ("prompts", .strings(view.prompts)),
            ("session", .string(view.session)), ("session_user", .optional(view.sessionUser)),
            ("details", .object(view.details.map { ($0.key, .string($0.value)) })),
            ("findings", .array(view.findings.map(finding))),
        ]
        if let handover = view.handover {
            pairs.append(
                (
                    "handover",
                    .object([
                        ("procedure", .string(handover.summary)), ("source", .string(handover.source)),
                        ("events", .strings(handover.events)),
                    ])
                ))
        }
        if includeTrace { pairs.append(("trace", .array(view.trace.map(trace)))) }
        return .object(pairs)
    }

    public static func finding(_ finding: StepView.FindingView) -> JSONValue {
        .object([
            ("id", .string(finding.id)), ("severity", .string(finding.severity.name)),
            ("message", .string(finding.message)),
        ])
    }

    public static func trace(_ trace: StepView.TraceView) -> JSONValue {
        .object([
            ("rule", .string(trace.rule)), ("fired", .bool(trace.fired)), ("because", .string(trace.because)),
            ("source", .string(trace.source)),
        ])
    }

    public static func severityCounts(_ findings: [StepView.FindingView]) -> JSONValue {
        .object(
            [Severity.critical, .high, .medium, .low].map { severity in
                (severity.name, .int(findings.filter { $0.severity == severity }.count))
            })
    }

    /// The run object: policy, provider, scenario, configuration findings, steps, summary.
    public static func run(_ result: RunResult) -> JSONValue {
        let views = result.views
        let stepFindings = views.flatMap(\.findings)
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
                ])
            ),
        ])
    }
}
