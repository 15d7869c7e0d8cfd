import SSOPolicy

/// The guide's "How to make it safe" (docs/advise.md): per policy, `advise` on the first scenario the guide compares
/// it on, bounded to `maxChanges` changes, with the top three suggestions and their cost; per fleet, the same for
/// each setup over its device groups.
enum GuideAdviceSection {
    /// One policy's (or fleet setup's) advice, with the command that gives the same answer.
    struct Entry {
        var advice: Advice
        var command: String
    }

    /// The bound a guide advises within: suggestions of one or two changes, so a guide stays quick to generate.
    static let maxChanges = 2
    static let anchor = "how-to-make-it-safe"

    /// Advice for each policy of the guide (those of a fleet through the fleet), each on the first scenario the
    /// guide compares it on; `scenarioArguments[i]` names the scenario of `comparisons[i]` on the command line.
    static func build(
        policies: [GuideContent.Policy], fleets: [(argument: String, fleet: Fleet)], comparisons: [Comparison],
        scenarioArguments: [String]
    ) throws -> [Entry] {
        let request = AdviceRequest(goal: .high, maxChanges: maxChanges)
        func command(_ subject: String, _ index: Int) -> String {
            let scenario = index < scenarioArguments.count ? scenarioArguments[index] : comparisons[index].scenario.id
            return ShellCommand.line([
                "ssopolicy", "advise", subject, "--scenario", scenario, "--max-changes", String(maxChanges),
            ])
        }
        var entries: [Entry] = []
        var advisedFleets: Set<String> = []
        for policy in policies {
            if let fleet = fleets.first(where: { $0.argument == policy.argument }) {
                guard advisedFleets.insert(fleet.argument).inserted, !comparisons.isEmpty else { continue }
                let advice = try FleetAdvice.advise(comparisons[0].scenario, fleet: fleet.fleet, request: request)
                entries += advice.setups.map { Entry(advice: $0, command: command(fleet.argument, 0)) }
                continue
            }
            let compiled = policy.compiled
            guard
                let index = comparisons.firstIndex(where: { comparison in
                    comparison.results.contains { $0.policy.configuration.id == compiled.configuration.id }
                }),
                case .success = ScenarioBinder(mode: .strict).bind(comparisons[index].scenario, to: compiled)
            else { continue }
            let advice = try Advice.advise(
                comparisons[index].scenario, subjects: [AdviceSubject(policy: compiled)], request: request,
                subject: compiled.configuration.id)
            entries.append(Entry(advice: advice, command: command(policy.argument, index)))
        }
        return entries
    }

    static let intro =
        "For each policy, `ssopolicy advise` on the first scenario this guide compares it on: the smallest sets of at\n"
        + "most \(maxChanges) changes after which no finding at high or worse is left, the top three with their cost (what\n"
        + "they remove, each worker's sign-in effort before and after, what they need, the YAML to paste). Console\n"
        + "settings and per-app console choices come first; an `app_build` change is for the app's maker. Raise\n"
        + "`--max-changes` on the command line for larger sets."

    static func markdown(_ content: GuideContent) -> String {
        guard !content.advice.isEmpty else { return "" }
        var out = "## How to make it safe\n\n" + intro + "\n\n"
        for entry in content.advice { out += entry.advice.sectionMarkdown(level: 3, command: entry.command) }
        return out
    }

    static func html(_ content: GuideContent) -> String {
        guard !content.advice.isEmpty else { return "" }
        var out = "<section id=\"\(anchor)\">\n<h2>How to make it safe</h2>\n"
        out += "<p>" + HTMLText.inline(intro.split(separator: "\n").joined(separator: " ")) + "</p>\n"
        for (index, entry) in content.advice.enumerated() {
            out += entry.advice.sectionHTML(id: "advice-\(index + 1)", level: 3, command: entry.command)
        }
        return out + "</section>\n"
    }
}
