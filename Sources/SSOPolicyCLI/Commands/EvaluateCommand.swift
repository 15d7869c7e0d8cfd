import ArgumentParser
import SSOPolicy

struct EvaluateCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "One access attempt against a state given as facts; unknown facts give every outcome.",
        discussion: """
            Facts left out are unknown: every combination is tried and the answer lists each distinct outcome with \
            the facts it depends on ('when'). Account facts, when unknown, are tried as 'none', the acting user and \
            'another-user'. See 'ssopolicy providers' for each provider's facts.

            Examples:
              ssopolicy evaluate warehouse-airwatch --app timesheet --user bob
              ssopolicy evaluate warehouse-airwatch --app timesheet --user bob --fact passcode_set=true --fact session_live=false
              ssopolicy evaluate frontline-entra --app inventory --user bob --fact signed_in=alice --format json
              ssopolicy evaluate ward-fleet --setup entra --group ward-iphones --app ehr --user bob

            A what-if is bounded: past --max-work units of work (default \(EvaluateCommand.defaultMaxWork); a unit is \
            one attempt of the split, or 64 comparisons while reducing its answers) it stops with exit status 3 and \
            no answer.

            Batch (--batch FILE, or - for standard input): each line is a JSON object of facts, e.g. \
            {"passcode_set": true, "session_live": "false"}; values are strings or true/false, null means unknown, \
            and "app", "user" and "event" keys override the command's for that line. Each line's answer is the \
            compact '--format json' object on one line, in order; blank lines are skipped. A bad line is reported \
            as FILE:LINE: error: ... on standard error and processing continues; the exit code is then 1. Lines \
            are limited to 64 KiB and input is streamed in constant memory.

              ssopolicy evaluate warehouse-airwatch --app timesheet --user bob --batch facts.jsonl
            """)

    @Argument(help: "The policy file (or bundled policy name), or a fleet file with --setup and --group.")
    var policy: String

    @OptionGroup var pair: FleetPairOption

    @Option(name: .long, help: "The app of the attempt.")
    var app: String

    @Option(name: .long, help: "The acting user.")
    var user: String

    @Option(name: .customLong("fact"), help: "A known fact as key=value (repeatable).")
    var facts: [String] = []

    @Option(
        name: .customLong("condition"), help: "A step condition as key=value (repeatable), e.g. silent_login=fails.")
    var conditions: [String] = []

    @Option(
        name: .customLong("setting"),
        help: ArgumentHelp(
            "A setting as key=value to answer as if the policy said so, or key=? to leave it unknown (repeatable); "
                + "APP.KEY names one app's key.",
            valueName: "key=value|key=?"))
    var settings: [String] = []

    @Option(name: .long, help: "The event (default: open, an access attempt).")
    var event: String = "open"

    @Option(name: .long, help: "Evaluate one JSON object of facts per line of FILE ('-' for standard input).")
    var batch: String?

    /// Units of work a what-if may cost before it stops with exit status 3.
    static let defaultMaxWork = 100_000_000

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Stop after this many units of work (an attempt of the what-if, or 64 comparisons of its conditions): "
                + "exit status 3, no answer rather than a partial one.",
            valueName: "units"))
    var maxWork: Int = defaultMaxWork

    @OptionGroup var output: FormatOptions<TextOrJSON>

    /// `key=value` pairs; a malformed one is a usage error, reported as a diagnostic of the command line.
    static func pairs(_ values: [String], _ what: String) throws -> [(key: String, value: String)] {
        var problems: [Diagnostic] = []
        let pairs: [(key: String, value: String)] = values.compactMap { text in
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                problems +=
                    EvaluateError(
                        "expected key=value, e.g. "
                            + (["--fact": "passcode_set=true", "--setting": "sso=?"][what] ?? "silent_login=fails"),
                        argument: "\(what) \(Excerpt.quoted(text))"
                    ).diagnostics
                return nil
            }
            return (String(text[..<equals]), String(text[text.index(after: equals)...]))
        }
        if !problems.isEmpty { throw UsageDiagnostics(diagnostics: problems) }
        return pairs
    }

    func run(in context: CLIContext) throws -> Int32 {
        do { return try evaluate(in: context) } catch let error as UsageDiagnostics {
            for diagnostic in error.diagnostics { context.writeError(diagnostic.description + "\n") }
            return 64
        }
    }

    func evaluate(in context: CLIContext) throws -> Int32 {
        try output.require(for: "evaluate")
        if let batch { return try runBatch(batch, policy: try pair.resolvePolicy(policy, in: context), in: context) }
        let request = EvaluateRequest(
            app: app, user: user, facts: try Self.pairs(facts, "--fact"), event: event,
            conditions: try Self.pairs(conditions, "--condition"), settings: try Self.pairs(settings, "--setting"))
        guard maxWork > 0 else { throw ValidationError("--max-work must be 1 or more") }
        let compiled = try pair.resolvePolicy(policy, in: context)
        let result: EvaluateResult
        do {
            let (answer, stopped) = try WorkBudget.within(maxWork) {
                try context.queries.evaluate(
                    compiled: compiled, request: request, explain: output.explaining, detail: output.explainDetail)
            }
            if stopped != nil || answer.stopReason != nil {
                context.writeError(
                    "error: the what-if needs more than \(maxWork) units of work (--max-work): no answer is given "
                        + "rather than a partial one; give some facts (--fact) or unknown settings (--setting) a "
                        + "value, or raise --max-work\n")
                return 3
            }
            result = answer
        } catch let error as EvaluateError {
            for diagnostic in error.diagnostics { context.writeError(diagnostic.description + "\n") }
            return 1
        }
        if !result.playedDefaults.isEmpty {
            let file = result.policy.configuration.file
            context.writeError(
                "\(file): note: unknown in the policy and played at their defaults, not split over: "
                    + result.playedDefaults.joined(separator: ", ") + " (--setting NAME=? splits over one)\n")
        }
        switch output.format {
        case .json: context.write(JSONAnswer.evaluate(result))
        default: context.write(EvaluateText.render(result, explain: output.explaining))
        }
        return 0
    }
}

enum EvaluateText {
    /// One block per outcome: its conditions (any of them), the answer, findings; the rules that fired (each
    /// path with its own conditions when several lead to the same answer), and under `--explain` their traces.
    static func render(_ result: EvaluateResult, explain: Bool) -> String {
        let headline =
            EventPhrase.sentence(user: result.user, event: result.event, app: result.app)
            + " under \(result.policy.configuration.id) (\(result.policy.descriptor.id)): "
            + counted(result.outcomes.count, "outcome")
        var out = wrap(headline, indent: "", hanging: "  ") + "\n"
        for finding in result.findings {
            out +=
                wrap(
                    "\(finding.severity.name) \(finding.id) "
                        + finding.when.enumerated().map { ($0 == 0 ? "when " : "or ") + $1.text }.joined(
                            separator: "; "),
                    indent: "  ! ", hanging: "      ") + "\n"
        }
        for outcome in result.outcomes {
            out += "\n" + conditions(outcome.when, indent: "") + "\n"
            out += "  prompts: \(RunText.promptsText(outcome.view.prompts))\n"
            out += "  session: \(RunText.sessionText(outcome.view))\n"
            if !outcome.view.details.isEmpty {
                out +=
                    wrap(
                        "details: " + outcome.view.details.map { "\($0.key)=\($0.value)" }.joined(separator: ", "),
                        indent: "  ", hanging: "    ") + "\n"
            }
            var answer = outcome.view
            answer.trace = []
            answer.details = []
            out += RunText.stepNotes(answer, explain: false)
            for path in outcome.paths {
                let rules = path.view.trace.filter(\.fired).map(\.rule)
                let head = rules.isEmpty ? "no rule fired" : "rules: " + rules.joined(separator: ", ")
                out += wrap(head, indent: "  ", hanging: "    ") + "\n"
                if explain && outcome.paths.count > 1 { out += conditions(path.when, indent: "    ") + "\n" }
                if explain {
                    var traced = path.view
                    traced.findings = []
                    traced.details = []
                    out += RunText.stepNotes(traced, explain: true)
                }
            }
        }
        return out
    }

    /// `when A` then `or B` lines, each wrapped to 80 columns.
    static func conditions(_ when: [EvaluateResult.Condition], indent: String) -> String {
        if when.count == 1 && when[0].isAlways { return indent + "always" }
        return when.enumerated().map { index, condition in
            wrap((index == 0 ? "when " : "  or ") + condition.text, indent: indent, hanging: indent + "      ")
        }.joined(separator: "\n")
    }
}

/// Usage errors found in an argument's text (a `--fact` without `=`): diagnostics of the command line, exit 64.
struct UsageDiagnostics: Error {
    var diagnostics: [Diagnostic]
}
