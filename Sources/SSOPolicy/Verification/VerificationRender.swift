import SSOPolicyProviderKit

/// `verify` output: per policy the verdicts with counterexamples and the breaking step's trace, and for several
/// policies a table of which policy holds which property. Deterministic: timings are the CLI's, behind `--stats`.
package enum VerificationRender {
    /// The short verdict of a table cell.
    package static func cell(_ verdict: PropertyVerdict, _ report: VerificationReport) -> String {
        switch verdict.status {
        case .notApplicable: return "n/a"
        case .violated(let counterexample): return "violated (\(counterexample.moves) moves)"
        case .holds:
            if report.bitstateBytes != nil { return "holds (depth \(report.completedDepth), bitstate, partial)" }
            if report.closed { return "holds (all states)" }
            return "holds (depth \(report.completedDepth)\(report.truncated ? ", partial" : ""))"
        }
    }

    /// The verdict as a sentence; a holding property is never claimed beyond the bound that was checked.
    package static func sentence(_ verdict: PropertyVerdict, _ report: VerificationReport) -> String {
        switch verdict.status {
        case .notApplicable:
            if let reason = verdict.reason { return "n/a: \(reason)" }
            return "not applicable (no such property for \(report.policy.descriptor.id))"
        case .violated(let counterexample):
            return
                "VIOLATED: a sequence of \(counterexample.moves) move\(counterexample.moves == 1 ? "" : "s") breaks it"
        case .holds:
            if report.bitstateBytes != nil {
                return "holds up to depth \(report.completedDepth) over \(report.states) states (partial search: "
                    + "bitstate, states may have been skipped)"
            }
            if report.closed {
                return "holds in all \(report.states) reachable states (no new state after depth "
                    + "\(report.completedDepth))"
            }
            let limit =
                report.stoppedByMonitor
                ? " (partial answer: stopped at the time limit)"
                : report.memoryLimited
                    ? " (partial answer: memory limit of \(report.options.maxMemoryBytes >> 20) MiB reached)"
                    : report.truncated ? " (partial answer: state limit reached)" : ""
            return "holds up to depth \(report.completedDepth) over \(report.states) states\(limit)"
        }
    }

    static func assumptionsText(_ options: VerificationOptions) -> String {
        options.assumptions.isEmpty ? "none" : options.assumptions.map(\.rawValue).joined(separator: ", ")
    }

    /// The assumptions, and when they were taken by default, that they are the vendor's documented handover.
    static func assumptionsText(_ report: VerificationReport) -> String {
        let text = assumptionsText(report.options)
        guard report.assumedByDefault else { return text }
        let procedure = report.policy.descriptor.handover.map { ": " + $0.summary } ?? ""
        return text + " (by default, the vendor's documented handover\(procedure); --assume none checks every "
            + "sequence)"
    }

    static func timeMovesText(_ report: VerificationReport) -> String {
        report.timeMoves.isEmpty ? "none" : report.timeMoves.map(Duration.format).joined(separator: ", ")
    }

    // MARK: Text

    package static func text(_ reports: [VerificationReport]) -> String {
        var out = ""
        for report in reports { out += text(report) }
        if reports.count > 1 { out += "Comparison\n\n" + comparisonTable(reports).render() + "\n" }
        return out
    }

    package static func text(_ report: VerificationReport) -> String {
        let policy = report.policy
        let options = report.options
        var out = "\(policy.configuration.id) (\(policy.descriptor.id)): \(counted(options.users, "user")), "
        out += "\(counted(policy.configuration.apps.count, "app")), depth \(options.depth)\n"
        out +=
            wrap(
                "assumptions: \(assumptionsText(report)); step conditions: "
                    + (options.exploreConditions ? "explored" : "default only") + "; time moves: "
                    + timeMovesText(report), indent: "  ", hanging: "    ") + "\n"
        out += "  explored \(counted(report.states, "state")), \(counted(report.transitions, "transition"))"
        var reductions: [String] = []
        if report.symmetryReduced { reductions.append("states equal up to a renaming of users counted once") }
        if report.partialOrderReduced { reductions.append("moves that commute played in one order") }
        out += reductions.isEmpty ? "\n" : " (" + reductions.joined(separator: "; ") + ")\n"
        if let bytes = report.bitstateBytes {
            out +=
                wrap(
                    "PARTIAL SEARCH: bitstate (\(bytes >> 20) MiB, 3 bits per state): a state whose bits were all "
                        + "set by others was skipped; a property that holds is not proven", indent: "  ",
                    hanging: "    ") + "\n"
        }
        if report.truncated {
            let why =
                report.stoppedByMonitor
                ? "the time limit (--timeout)"
                : report.memoryLimited ? "the memory limit (--max-memory)" : "the state limit (--max-states)"
            out +=
                wrap(
                    "PARTIAL ANSWER: stopped by \(why) at depth \(report.completedDepth); a property that holds is "
                        + "claimed only up to that depth", indent: "  ", hanging: "    ") + "\n"
        }
        out += "\n"
        let table: TextTable
        if let unassumed = report.unassumed {
            table = TextTable(
                header: ["property", "verdict", "with no assumption"],
                rows: zip(report.verdicts, unassumed).map { [$0.property.id, sentence($0, report), cell($1, report)] })
        } else {
            table = TextTable(
                header: ["property", "verdict"],
                rows: report.verdicts.map { [$0.property.id, sentence($0, report)] })
        }
        out += table.render(indent: "  ")
        for verdict in report.verdicts {
            guard case .violated(let counterexample) = verdict.status else { continue }
            out += "\n" + wrap("\(verdict.property.id): \(verdict.property.meaning)", indent: "", hanging: "  ") + "\n"
            out += "  counterexample \(counterexample.fileName):\n"
            for line in counterexample.yaml.split(separator: "\n") where !line.hasPrefix("#") {
                out += "    \(line)\n"
            }
            out += replayText(counterexample, property: verdict.property)
        }
        return out + "\n"
    }

    static func replayText(_ counterexample: Counterexample, property: VerificationProperty) -> String {
        let views = counterexample.replay.views
        var out = ""
        if let breaking = counterexample.breakingStep {
            out += "  replayed by 'ssopolicy run': step \(breaking) breaks \(property.id)"
            out += counterexample.replayAgrees ? "\n" : " (earlier than explored)\n"
        } else {
            out += "  replayed by 'ssopolicy run': the replay does NOT break \(property.id) (please report this)\n"
        }
        let table = TextTable(
            header: ["#", "at", "user", "event", "prompts", "session"],
            rows: views.map {
                [
                    String($0.number), $0.at, $0.user ?? "-", RunText.eventText($0),
                    RunText.promptsText($0.prompts), RunText.sessionText($0),
                ]
            })
        let lines = table.render(indent: "  ").split(separator: "\n", omittingEmptySubsequences: false)
        out += lines[0] + "\n"
        for (index, view) in views.enumerated() {
            out += lines[index + 1] + "\n"
            if view.number == counterexample.breakingStep { out += RunText.stepNotes(view, explain: true) }
        }
        return out
    }

    static func comparisonTable(_ reports: [VerificationReport]) -> TextTable {
        let ids = propertyIDs(reports)
        return TextTable(
            header: ["policy"] + ids,
            rows: reports.map { report in
                [report.policy.configuration.id]
                    + ids.map { id in
                        report.verdicts.first { $0.property.id == id }.map { cell($0, report) } ?? "n/a"
                    }
            })
    }

    static func propertyIDs(_ reports: [VerificationReport]) -> [String] {
        var ids: [String] = []
        for report in reports {
            for verdict in report.verdicts where !ids.contains(verdict.property.id) { ids.append(verdict.property.id) }
        }
        return ids
    }

    // MARK: Markdown

    /// One line: the steps joined by arrows, then what the breaking step served and found.
    package static func compact(_ counterexample: Counterexample) -> String {
        let views = counterexample.replay.views
        var out = views.map { view in
            var text = view.user.map { "\($0) " } ?? ""
            if view.at != views.first?.at, views.count > 1 { text = "(\(view.at)) " + text }
            return text + "\(view.event) \(view.app)"
        }.joined(separator: " → ")
        if let step = counterexample.breakingStep {
            let view = views[step - 1]
            out += " ⇒ `\(view.session)`" + (view.sessionUser.map { " (\($0))" } ?? "")
            let found = view.findings.map { "`\($0.id)`" }.joined(separator: ", ")
            if !found.isEmpty { out += ", " + found }
        }
        return out
    }

    package static func markdown(
        _ reports: [VerificationReport], counterexamples: Bool = true, details: Bool = true
    ) -> String {
        var out = ""
        if reports.count > 1 || !details {
            let ids = propertyIDs(reports)
            out += "| policy | " + ids.map { "`\($0)`" }.joined(separator: " | ") + " |\n"
            out += "|---|" + ids.map { _ in "---|" }.joined() + "\n"
            for row in comparisonTable(reports).rows {
                out += "| `\(row[0])` | " + row.dropFirst().joined(separator: " | ") + " |\n"
            }
            out += "\n"
        }
        for report in reports where details {
            let options = report.options
            out += "#### `\(report.policy.configuration.id)`\n\n"
            out +=
                "\(options.users) users, depth \(options.depth), assumptions: \(assumptionsText(report)), time moves: "
                + "\(timeMovesText(report)); \(report.states) states explored"
                + (report.symmetryReduced ? " (up to a renaming of users)" : "")
                + (report.bitstateBytes != nil ? "; partial search (bitstate)" : "") + ".\n\n"
            if let unassumed = report.unassumed {
                out += "| property | verdict | with no assumption |\n|---|---|---|\n"
                for (verdict, plain) in zip(report.verdicts, unassumed) {
                    out +=
                        "| `\(verdict.property.id)` | \(Markdown.cell(sentence(verdict, report))) | "
                        + "\(Markdown.cell(cell(plain, report))) |\n"
                }
            } else {
                out += "| property | verdict |\n|---|---|\n"
                for verdict in report.verdicts {
                    out += "| `\(verdict.property.id)` | \(Markdown.cell(sentence(verdict, report))) |\n"
                }
            }
            out += "\n"
            guard counterexamples else { continue }
            for verdict in report.verdicts {
                guard case .violated(let counterexample) = verdict.status else { continue }
                out += "Counterexample for `\(verdict.property.id)`"
                if let step = counterexample.breakingStep { out += " (step \(step) breaks it)" }
                out += ":\n\n```yaml\n"
                out += counterexample.yaml.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(
                    separator: "\n")
                out += "\n```\n\n"
                if let step = counterexample.breakingStep {
                    let view = counterexample.replay.views[step - 1]
                    let found = view.findings.map { "`\($0.id)`" }.joined(separator: ", ")
                    out +=
                        "Step \(step): \(view.user ?? "nobody") `\(view.event)` \(view.app) → `\(view.session)`"
                        + (view.sessionUser.map { " (\($0))" } ?? "") + (found.isEmpty ? "" : "; findings: \(found)")
                        + "\n\n"
                }
            }
        }
        return out
    }

    // MARK: JSON

    package static func json(_ reports: [VerificationReport]) -> JSONValue {
        .object([
            ("policies", .array(reports.map(json))),
            (
                "table",
                .array(
                    reports.map { report in
                        .object(
                            [("policy", .string(report.policy.configuration.id))]
                                + report.verdicts.map { ($0.property.id, .string(verdictName($0))) })
                    })
            ),
        ])
    }

    static func verdictName(_ verdict: PropertyVerdict) -> String {
        switch verdict.status {
        case .holds: return "holds"
        case .violated: return "violated"
        case .notApplicable: return "not_applicable"
        }
    }

    package static func json(_ report: VerificationReport) -> JSONValue {
        let options = report.options
        return .object([
            ("policy", .string(report.policy.configuration.id)),
            ("provider", .string(report.policy.descriptor.id)),
            ("users", .int(options.users)),
            ("depth", .int(options.depth)),
            ("assumptions", .strings(options.assumptions.map(\.rawValue))),
            ("assumed_by_default", .bool(report.assumedByDefault)),
            ("explore_conditions", .bool(options.exploreConditions)),
            ("time_moves", .strings(report.timeMoves.map(Duration.format))),
            ("states", .int(report.states)),
            ("transitions", .int(report.transitions)),
            ("completed_depth", .int(report.completedDepth)),
            ("closed", .bool(report.closed)),
            ("symmetry", .bool(report.symmetryReduced)),
            ("partial_order", .bool(report.partialOrderReduced)),
            ("search", .string(report.bitstateBytes == nil ? "exact" : "bitstate")),
            ("truncated", .bool(report.truncated)),
            (
                "stopped_by",
                report.stoppedByMonitor
                    ? .string("timeout")
                    : report.memoryLimited ? .string("max-memory") : report.truncated ? .string("max-states") : .null
            ),
            (
                "properties",
                .array(
                    report.verdicts.enumerated().map { number, verdict in
                        var pairs: [(String, JSONValue)] = [
                            ("id", .string(verdict.property.id)), ("origin", .string(verdict.property.origin)),
                            ("verdict", .string(verdictName(verdict))),
                            ("claim", .string(sentence(verdict, report))),
                        ]
                        if let reason = verdict.reason { pairs.append(("not_applicable_because", .string(reason))) }
                        if let unassumed = report.unassumed, number < unassumed.count {
                            pairs.append(("with_no_assumption", .string(verdictName(unassumed[number]))))
                        }
                        if case .violated(let counterexample) = verdict.status {
                            pairs.append(("moves", .int(counterexample.moves)))
                            pairs.append(("file", .string(counterexample.fileName)))
                            pairs.append(("scenario", .string(counterexample.yaml)))
                            pairs.append(("breaking_step", counterexample.breakingStep.map(JSONValue.int) ?? .null))
                            pairs.append(("replay_agrees", .bool(counterexample.replayAgrees)))
                            pairs.append(("replay", RunJSON.run(counterexample.replay)))
                        }
                        return .object(pairs)
                    })
            ),
        ])
    }
}
