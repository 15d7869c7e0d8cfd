import SSOPolicy

/// One decision table of the guide: `evaluate`'s distinct answers, with their deciding conditions, for one app and
/// user of a policy with every fact unknown but the given ones (and settings left unknown with `?`). Computed
/// within a work budget: a table that does not fit says so and names the command that answers instead.
struct GuideDecisionTable {
    var policy: CompiledPolicy
    /// The policy as the guide's command line named it (a file or a bundled name), with a fleet pair's `--setup` and
    /// `--group`.
    var arguments: [String]
    var app: String
    var user: String
    var facts: [(key: String, value: String)]
    var settings: [(key: String, value: String)]
    /// The answer, or nil when it was left out.
    var result: EvaluateResult?
    /// Why the table was left out (the page then names `command`).
    var leftOut: String?

    /// Units of work (`WorkBudget`) one table may cost.
    static let maxWork = 200_000

    /// The command that answers the same question.
    var command: String {
        var words = ["ssopolicy", "evaluate"] + arguments + ["--app", app, "--user", user]
        for (key, value) in facts { words += ["--fact", key + "=" + value] }
        for (key, value) in settings { words += ["--setting", key + "=" + value] }
        return ShellCommand.line(words)
    }

    static func build(
        _ policy: GuideContent.Policy, app: String? = nil, user: String = "alice",
        facts: [(key: String, value: String)] = [], settings: [(key: String, value: String)] = [],
        maxWork: Int = GuideDecisionTable.maxWork
    ) throws -> GuideDecisionTable {
        let compiled = policy.compiled
        var table = GuideDecisionTable(
            policy: compiled, arguments: policy.evaluateArguments, app: app ?? compiled.configuration.apps[0].id,
            user: user,
            facts: facts, settings: settings, result: nil, leftOut: nil)
        let request = EvaluateRequest(app: table.app, user: user, facts: facts, settings: settings)
        // The table shows the merged answers only: no trace, no per-finding conditions, no spec outcomes.
        var evaluator = AttemptEvaluator(traceMode: .off)
        evaluator.summarizesFindings = false
        evaluator.listsOutcomes = false
        let (result, stopped) = try WorkBudget.within(maxWork) {
            try evaluator.evaluate(request, policy: compiled)
        }
        try WorkBudget.throwIfStopped()
        if stopped != nil || result.stopReason != nil {
            table.leftOut = "it needs more than \(maxWork) units of work"
        } else {
            table.result = result
        }
        return table
    }

    var heading: String { "Decision table: `\(policy.configuration.id)`, app `\(app)`, user \(user)" }

    var markdown: String {
        var out = "### \(heading)\n\n"
        guard let result else {
            return out + "Left out: " + Markdown.text(leftOut ?? "") + "; ask " + Markdown.code(command) + ".\n\n"
        }
        out += Markdown.code(command) + ": " + AnswerTable.summary(result) + ".\n\n"
        return out + AnswerTable.markdown(result)
    }
}
