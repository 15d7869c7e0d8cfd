import SSOPolicyProviderKit

/// The full decision table of a policy's provider over its facts (and with `allSettings`, over the settings the
/// provider marks as matrix dimensions): every combination, one row each, evaluated by the model itself so a guide
/// built from it cannot drift.
package struct DecisionMatrix: Sendable {
    package struct Row: Sendable {
        /// Values of the matrix-dimension settings (empty unless all settings are enumerated).
        package var settings: [(key: String, value: String)]
        package var facts: [(key: String, value: String)]
        package var view: StepView
    }

    package var policy: CompiledPolicy
    package var app: String
    package var user: String
    package var settingKeys: [String]
    package var factKeys: [String]
    package var rows: [Row]

    /// Rows a matrix may have unless the caller asks for more (`matrix --max-rows`).
    package static let defaultMaxRows = 10_000

    /// A matrix with more rows than the caller allows: nothing is built, and the count says how many it would have.
    package struct TooManyRows: Error, Sendable, CustomStringConvertible {
        package var policy: String
        package var app: String
        package var rows: Int
        package var limit: Int

        package var description: String {
            "the decision table of \(policy) for app \(app) has \(rows) rows (one per combination of the facts), "
                + "more than the limit of \(limit)"
        }
    }

    /// Rows the matrix of `policy` has: every combination of the facts (less the fixed ones), times every
    /// combination of the matrix-dimension settings with `allSettings`.
    package static func rowCount(_ policy: CompiledPolicy, allSettings: Bool, fixedFacts: [String: String] = [:]) -> Int
    {
        let dimensions = allSettings ? policy.descriptor.settings.filter(\.isMatrixDimension) : []
        let settings = dimensions.reduce(1) { Saturating.product($0, max(1, $1.kind.enumeratedValues?.count ?? 1)) }
        let space = FactSpace(
            policy.descriptor, actingUser: "alice", fixed: fixedFacts, configuration: policy.configuration)
        return Saturating.product(settings, space.count)
    }

    /// Builds the matrix for `app` (default: the policy's first app) and the `open` event; throws `TooManyRows`,
    /// before evaluating anything, when it would have more than `maxRows` rows.
    package static func build(
        _ policy: CompiledPolicy, provider: AnyPolicyProvider, app: String?, allSettings: Bool, user: String = "alice",
        fixedFacts: [String: String] = [:], origin: EvaluateRequest.Origin = .commandLine,
        maxRows: Int = defaultMaxRows
    ) throws -> DecisionMatrix {
        let configuration = policy.configuration
        let appID = app ?? configuration.apps[0].id
        // The app and user are checked like evaluate's (every problem at once, positioned at the argument).
        var probe = EvaluateRequest(app: appID, user: user)
        probe.origin = origin
        _ = try AttemptEvaluator(traceMode: .off).validate(probe, policy: policy)
        let count = rowCount(policy, allSettings: allSettings, fixedFacts: fixedFacts)
        guard count <= maxRows else {
            throw TooManyRows(policy: configuration.id, app: appID, rows: count, limit: maxRows)
        }
        let dimensions = allSettings ? policy.descriptor.settings.filter(\.isMatrixDimension) : []
        var settingCombinations: [[(String, String)]] = [[]]
        for dimension in dimensions {
            let values = dimension.kind.enumeratedValues ?? [dimension.defaultValue ?? ""]
            settingCombinations = settingCombinations.flatMap { prefix in values.map { prefix + [(dimension.key, $0)] }
            }
        }
        var rows: [Row] = []
        for combination in settingCombinations {
            guard WorkBudget.spend(0) else { break }
            var compiled = policy
            if !combination.isEmpty {
                var changed = configuration
                for (key, text) in combination {
                    if let declaration = policy.descriptor.settings.first(where: { $0.key == key }),
                        let value = declaration.kind.parse(text)
                    {
                        changed.settings.set(key, value, at: configuration.settings.position(of: key))
                    }
                }
                var diagnostics = Diagnostics()
                guard let recompiled = provider.compile(changed, diagnostics: &diagnostics) else { continue }
                compiled = recompiled
            }
            // Every fact unknown: the evaluator's combinations, but listed in full rather than reduced.
            let descriptor = compiled.descriptor
            let space = FactSpace(
                descriptor, actingUser: user, fixed: fixedFacts, configuration: compiled.configuration)
            for facts in (0..<space.count).lazy.map({ space.row($0).map { ($0.key, $0.value) } }) {
                guard WorkBudget.spend() else { break }
                let request = EvaluateRequest(app: appID, user: user, facts: facts.map { ($0.0, $0.1) })
                let result = try AttemptEvaluator(traceMode: .fired).evaluate(request, policy: compiled)
                guard let outcome = result.outcomes.first else { continue }
                rows.append(
                    Row(
                        settings: combination.map { ($0.0, $0.1) }, facts: facts.map { ($0.0, $0.1) },
                        view: outcome.view))
            }
        }
        return DecisionMatrix(
            policy: policy, app: appID, user: user, settingKeys: dimensions.map(\.key),
            factKeys: policy.descriptor.facts.map(\.key), rows: rows)
    }

    package var json: JSONValue {
        .object([
            ("policy", .string(policy.configuration.id)), ("provider", .string(policy.descriptor.id)),
            ("app", .string(app)), ("user", .string(user)),
            (
                "rows",
                .array(
                    rows.enumerated().map { index, row in
                        .object([
                            ("row", .int(index + 1)),
                            ("settings", .object(row.settings.map { ($0.key, .string($0.value)) })),
                            ("facts", .object(row.facts.map { ($0.key, .string($0.value)) })),
                            ("prompts", .strings(row.view.prompts)), ("session", .string(row.view.session)),
                            ("session_user", .optional(row.view.sessionUser)),
                            ("findings", .strings(row.view.findings.map(\.id))),
                            ("rules", .strings(row.view.trace.filter(\.fired).map(\.rule))),
                        ])
                    })
            ),
        ])
    }

    package var markdown: String {
        var out = "### Decision table: `\(policy.configuration.id)`, app `\(app)`, user \(user)\n\n"
        let header = ["#"] + settingKeys + factKeys + ["prompts", "session", "session user", "findings"]
        out += "| " + header.joined(separator: " | ") + " |\n|" + header.map { _ in "---|" }.joined() + "\n"
        for (index, row) in rows.enumerated() {
            let cells =
                [String(index + 1)] + row.settings.map(\.value) + row.facts.map(\.value) + [
                    GuideMarkdown.prompts(row.view.prompts), "`\(row.view.session)`", row.view.sessionUser ?? "",
                    row.view.findings.map { "`\($0.id)`" }.joined(separator: " "),
                ]
            out += "| " + cells.map(Markdown.cell).joined(separator: " | ") + " |\n"
        }
        return out + "\n"
    }

    package var text: String {
        let header = ["#"] + settingKeys + factKeys + ["prompts", "session", "findings"]
        let table = TextTable(
            header: header,
            rows: rows.enumerated().map { index, row in
                [String(index + 1)] + row.settings.map(\.value) + row.facts.map(\.value) + [
                    RunText.promptsText(row.view.prompts), RunText.sessionText(row.view),
                    row.view.findings.isEmpty ? "-" : row.view.findings.map(\.id).joined(separator: ", "),
                ]
            })
        let title =
            "Decision table of \(policy.configuration.id) (\(policy.descriptor.id)) for app \(app), user \(user)"
        return wrap(title, indent: "", hanging: "  ") + "\n\n" + table.render(maxWidth: 80)
    }
}
