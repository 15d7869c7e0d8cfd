import SSOPolicyProviderKit

/// `ssopolicy test` output: a line per suite, and for every failed expectation its position, expected versus
/// actual field by field, and the trace of the step.
package enum TestReportText {
    package static func render(_ report: TestReport, verbose: Bool = false) -> String {
        var out = ""
        for suite in report.suites {
            let title = "\(suite.suite.id) (\(suite.suite.file))"
            guard suite.problems.isEmpty else {
                out += "FAIL \(title): the suite cannot run\n"
                for problem in suite.problems { out += "  " + problem.description + "\n" }
                continue
            }
            let count = suite.expectations.count
            out += "\(suite.passed ? "PASS" : "FAIL") \(title): \(suite.passedCount) of \(count) expectations\n"
            for result in suite.expectations where !result.passed || verbose {
                out += expectation(result, suite: suite)
            }
        }
        for problem in report.problems { out += problem.description + "\n" }
        out += "\(report.passedCount) passed, \(report.failedCount) failed"
        out += " (\(report.suites.count) suite\(report.suites.count == 1 ? "" : "s"))\n"
        return out
    }

    static func expectation(_ result: ExpectationResult, suite: SuiteResult) -> String {
        let position = result.expectation.position
        guard let view = result.view else {
            return "\(position): error: step \(result.expectation.step) does not exist: "
                + (result.mismatches.first?.actual ?? "") + "\n"
        }
        let who = view.user.map { "\($0) " } ?? ""
        let step = "step \(view.number) (\(view.at) \(who)\(view.event) \(view.app))"
        guard !result.passed else { return "  ok \(step)\n" }
        var out = "\(position): error: \(step) of '\(suite.scenarioID ?? "")' does not match the expectation\n"
        let width = max(8, result.mismatches.map(\.field.count).max() ?? 0)
        for mismatch in result.mismatches {
            let pad = String(repeating: " ", count: width - mismatch.field.count)
            out += "    \(mismatch.field)\(pad)  expected \(mismatch.expected)\n"
            out += "    \(String(repeating: " ", count: width))  actual   \(mismatch.actual)\n"
        }
        out += "  trace of step \(view.number):\n"
        if view.trace.isEmpty { out += "    (no rule fired)\n" }
        for trace in view.trace {
            let mark = trace.fired ? "fired" : "not fired"
            out += wrap(
                "\(mark) \(trace.rule): \(trace.because) [\(trace.source)]", indent: "    - ", hanging: "      ")
            out += "\n"
        }
        return out
    }
}

/// `ssopolicy test --format json`.
package enum TestReportJSON {
    package static func render(_ report: TestReport, coverage: RuleCoverage?) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("passed", .int(report.passedCount)), ("failed", .int(report.failedCount)),
            ("suites", .array(report.suites.map(suite))),
            ("problems", .array(report.problems.map(CheckRender.diagnostic))),
        ]
        if let coverage { fields.append(("coverage", CoverageJSON.render(coverage))) }
        return .object(fields)
    }

    static func suite(_ suite: SuiteResult) -> JSONValue {
        .object([
            ("suite", .string(suite.suite.id)), ("file", .string(suite.suite.file)),
            ("policy", suite.policy.map { .string($0.configuration.id) } ?? .null),
            ("scenario", suite.scenarioID.map(JSONValue.string) ?? .null),
            ("passed", .bool(suite.passed)),
            ("problems", .array(suite.problems.map(CheckRender.diagnostic))),
            (
                "expectations",
                .array(
                    suite.expectations.map { result in
                        var fields: [(String, JSONValue)] = [
                            ("step", .int(result.expectation.step)),
                            ("file", .string(result.expectation.position.file)),
                            ("line", .int(result.expectation.position.line)),
                            ("column", .int(result.expectation.position.column)),
                            ("passed", .bool(result.passed)),
                            (
                                "mismatches",
                                .array(
                                    result.mismatches.map {
                                        .object([
                                            ("field", .string($0.field)), ("expected", .string($0.expected)),
                                            ("actual", .string($0.actual)),
                                        ])
                                    })
                            ),
                        ]
                        if !result.passed, let view = result.view { fields.append(("actual", RunJSON.step(view))) }
                        return .object(fields)
                    })
            ),
        ])
    }
}

/// `ssopolicy test --coverage`: per provider, then per policy with the reason for every rule not checked.
package enum CoverageText {
    package static func render(_ coverage: RuleCoverage) -> String {
        var out = "\ncoverage: a rule counts as checked when it fires at a step an expectation looks at\n"
        for provider in coverage.providers {
            let total = provider.rules.count
            let checked = provider.count(.checked)
            out += "\n\(provider.providerID): \(checked) of \(total) rules checked (\(percent(checked, total)))"
            out +=
                ", \(provider.count(.runUnchecked)) run but unchecked, \(provider.count(.notReached)) never reached\n"
            if provider.policies.isEmpty {
                out += "  no suite uses a policy of this provider\n"
                continue
            }
            let missed = provider.rules.filter { $0.status != .checked }
            if !missed.isEmpty {
                out += "  not checked by any suite:\n"
                for (rule, status) in missed {
                    out += "    \(rule.id)\(status == .runUnchecked ? " (fires only at unchecked steps)" : "")\n"
                }
            }
            for policy in provider.policies {
                out +=
                    "  policy \(policy.policyID) (\(policy.file)): \(policy.count(.checked)) of \(policy.rules.count)"
                out += " rules checked by \(policy.suites.count) suite\(policy.suites.count == 1 ? "" : "s")\n"
                let missed = policy.rules.filter { $0.status != .checked }
                let groups: [(String, (RuleCoverage.Reach) -> Bool)] = [
                    (
                        "reachable under this policy but not checked (a suite step could pin them)",
                        { $0.kind == "reachable" }
                    ),
                    (
                        "not reached in a bounded search of the model",
                        { ["not_found", "never_checked"].contains($0.kind) }
                    ),
                    ("excluded by this policy's settings", { $0.kind == "unreachable_by_settings" }),
                ]
                for (title, belongs) in groups {
                    let entries = missed.filter { $0.reach.map(belongs) ?? false }
                    guard !entries.isEmpty else { continue }
                    out += "    \(title):\n"
                    for entry in entries {
                        let unchecked = entry.status == .runUnchecked ? " (fires only at unchecked steps)" : ""
                        out += "      \(entry.rule.id)\(unchecked)\n"
                        if let reach = entry.reach {
                            out += wrap(detail(reach), indent: "          ", hanging: "          ") + "\n"
                        }
                    }
                }
            }
        }
        return out
    }

    /// The reason without the group's heading words.
    static func detail(_ reach: RuleCoverage.Reach) -> String {
        switch reach {
        case .reachable(let example): return "e.g. " + example
        case .excludedBySettings(let needs): return needs
        default: return reach.reason
        }
    }

    static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "0%" : "\(part * 100 / whole)%"
    }
}

/// The coverage object of `ssopolicy test --coverage --format json`.
package enum CoverageJSON {
    package static func render(_ coverage: RuleCoverage) -> JSONValue {
        .array(
            coverage.providers.map { provider in
                .object([
                    ("provider", .string(provider.providerID)), ("rules", .int(provider.rules.count)),
                    ("checked", .int(provider.count(.checked))),
                    ("run_unchecked", .int(provider.count(.runUnchecked))),
                    ("not_reached", .int(provider.count(.notReached))),
                    (
                        "not_checked",
                        .array(
                            provider.rules.filter { $0.status != .checked }.map {
                                .object([("rule", .string($0.rule.id)), ("status", .string($0.status.rawValue))])
                            })
                    ),
                    (
                        "policies",
                        .array(
                            provider.policies.map { policy in
                                .object([
                                    ("policy", .string(policy.policyID)), ("file", .string(policy.file)),
                                    ("suites", .array(policy.suites.map(JSONValue.string))),
                                    ("checked", .int(policy.count(.checked))),
                                    (
                                        "rules",
                                        .array(
                                            policy.rules.map { entry in
                                                var fields: [(String, JSONValue)] = [
                                                    ("rule", .string(entry.rule.id)),
                                                    ("status", .string(entry.status.rawValue)),
                                                ]
                                                if let reach = entry.reach {
                                                    fields.append(("reachability", .string(reach.kind)))
                                                    fields.append(("reason", .string(reach.reason)))
                                                }
                                                return .object(fields)
                                            })
                                    ),
                                ])
                            })
                    ),
                ])
            })
    }
}
