import SSOPolicyProviderKit

/// "How to make it safe" (docs/advise.md): one answer of `advise` laid out as a section, the same words in every
/// place a user reads it: the guide (Markdown and HTML), the playground, `advise --format markdown`, and the one
/// line the overview writes under each misconfiguration. A section shows the top suggestions with their cost (the
/// changes, what they remove, each worker's effort before and after, what they need, the YAML to paste), or says
/// the policy is already safe, or that no change within the bound reaches the goal, with the closest sets and what
/// stands in the way.
extension Advice {
    /// How many suggestions a section shows by default.
    package static let shownSuggestions = 3

    /// What the section is about: `misconfigured-entra on shift-change-handover`, `setup entra of fleet f on s`.
    package var sectionTitle: String { Self.sectionTitle(setup: setup, subject: subject, scenario: scenario) }

    /// The title of a policy's section, or of a fleet setup's (also one that plays nowhere, `FleetAdvice`).
    static func sectionTitle(setup: String?, subject: String, scenario: String) -> String {
        (setup.map { "setup \($0) of fleet \(subject)" } ?? subject) + " on " + scenario
    }

    /// The state before any change, in one sentence.
    package var beforeSentence: String {
        "Before: " + Self.findingsText(before) + "; effort " + Self.effortText(before)
            + (Self.strandedText(before).map { "; " + $0 } ?? "") + "."
    }

    /// The verdict in one sentence: already safe, how many suggestions and which are shown, or none within the
    /// bound.
    package func verdictSentence(limit: Int?) -> String {
        let bound = "\(maxChanges) change\(maxChanges == 1 ? "" : "s")"
        if alreadyMeets {
            // Nothing is raised where nobody gets in: say so rather than call it safe without a word.
            return "Already safe: no finding at \(goal.name) or worse; nothing to change"
                + (before.couldNotWork.isEmpty
                    ? "."
                    : " (but " + before.couldNotWork.joined(separator: ", ")
                        + " could not work: the scenario never reaches their apps).")
        }
        if suggestions.isEmpty {
            return "No change within \(bound) reaches the goal (no finding at \(goal.name) or worse)"
                + (stopped.map { "; the search stopped early: \($0)" } ?? "") + "."
                + (closest.isEmpty
                    ? stopped == nil
                        ? " None leaves fewer findings at \(goal.name) or worse than the policy as it is." : ""
                    : " The closest, fewest findings at \(goal.name) or worse left first:")
        }
        let count = suggestions.count
        let shown = limit.map { min($0, count) } ?? count
        return "\(count) minimal suggestion\(count == 1 ? "" : "s") within \(bound)"
            + (shown < count ? ", the top \(shown)" : "")
            + ": configuration-only first, then by the sign-in seconds they add, then by size"
            + (stopped.map { " (the search stopped early: \($0))" } ?? "") + "."
    }

    /// Each worker's effort before and after: `alice 1m20s → 40s, bob 40s (saves 40s)`.
    func effortChange(_ suggestion: Suggestion) -> String {
        var parts: [String] = []
        for worker in before.effort {
            let now = suggestion.after.effort.first { $0.user == worker.user }?.seconds ?? 0
            parts.append(
                worker.user + " " + Comparison.seconds(worker.seconds)
                    + (now == worker.seconds ? "" : " → " + Comparison.seconds(now)))
        }
        for worker in suggestion.after.effort where !before.effort.contains(where: { $0.user == worker.user }) {
            parts.append(worker.user + " 0s → " + Comparison.seconds(worker.seconds))
        }
        return (parts.isEmpty ? "no sign-in" : parts.joined(separator: ", "))
            + " (" + Self.addedText(suggestion.addedEffort) + ")"
    }

    /// One row of a section's table, in plain words; each format escapes them its own way.
    struct SectionRow {
        var number: Int
        var changes: [AdviceChange]
        /// What it removes, or (for a closest set) how many findings at the goal or worse are left.
        var outcome: String
        var after: String
        var effort: String
        var needs: [String]
        var yaml: [String]
        var sources: String
    }

    /// The rows a section shows: the top suggestions, or the closest sets when none meets the goal.
    func sectionRows(limit: Int?) -> [SectionRow] {
        let shown = suggestions.isEmpty ? closest : suggestions
        return shown.prefix(limit ?? shown.count).enumerated().map { index, suggestion in
            SectionRow(
                number: index + 1, changes: suggestion.changes,
                outcome: suggestion.remaining > 0
                    ? "leaves \(suggestion.remaining) at \(goal.name) or worse"
                    : Self.removedSummary(suggestion.removes),
                after: Self.findingsText(suggestion.after), effort: effortChange(suggestion),
                needs: suggestion.needs.map { "\($0.kind.rawValue): \($0.text)" }, yaml: suggestion.yaml,
                sources: suggestion.sources.text)
        }
    }

    /// What a suggestion removes, each finding once with where it was: `previous-user-data-visible (steps 4, 5)`,
    /// `shared-mode-not-active (the policy itself)`; on a fleet, the device groups where it was there, one entry for
    /// the groups where it was at the same places: `app-data-not-cleared (the policy itself: loadsheet) [phones,
    /// tablets]`.
    static func removedSummary(_ removed: [Removed]) -> String {
        struct Key: Hashable {
            var id: String
            var group: String?
        }
        var order: [Key] = []
        var steps: [Key: [String]] = [:]
        /// Per finding removed from the policy itself: the apps it was about ("" for the policy as a whole).
        var itself: [Key: [String]] = [:]
        for item in removed {
            let key = Key(id: item.id, group: item.group)
            if steps[key] == nil, itself[key] == nil { order.append(key) }
            if item.step == 0 {
                itself[key, default: []].append(item.app ?? "")
            } else {
                steps[key, default: []].append(String(item.step))
            }
        }
        let entries = order.map { key in
            var at: [String] = []
            if let steps = steps[key] {
                at.append((steps.count == 1 ? "step " : "steps ") + steps.joined(separator: ", "))
            }
            if let apps = itself[key]?.filter({ !$0.isEmpty }) {
                at.append("the policy itself" + (apps.isEmpty ? "" : ": " + apps.joined(separator: ", ")))
            }
            return (key.id + " (" + at.joined(separator: "; ") + ")", key.group)
        }
        return acrossGroups(entries).map { text, groups in
            text + (groups.isEmpty ? "" : " [" + groups.joined(separator: ", ") + "]")
        }.joined(separator: ", ")
    }

    /// Items said once for the device groups where they are alike, in order of first appearance: each with the
    /// groups it was found on (none for a policy file).
    static func acrossGroups<Item: Equatable>(_ items: [(Item, String?)]) -> [(Item, [String])] {
        var merged: [(Item, [String])] = []
        for (item, group) in items {
            if let group, let index = merged.firstIndex(where: { $0.0 == item && !$0.1.isEmpty }) {
                merged[index].1.append(group)
            } else {
                merged.append((item, group.map { [$0] } ?? []))
            }
        }
        return merged
    }

    /// Where the pasted lines go.
    var pasteTarget: String { setup == nil ? "into the policy file" : "into the fleet file, under the setup" }

    /// The top fix in one line, for the overview: `smallest fix: sso_extension: enabled (console; saves 40s)`;
    /// `already safe`; or none within the bound with the first thing in the way.
    package var smallestFix: String {
        if alreadyMeets { return "already safe: nothing to change" }
        guard let first = suggestions.first else {
            let bound = "\(maxChanges) change\(maxChanges == 1 ? "" : "s")"
            guard let obstacle = unreachable.first else { return "no fix within \(bound)" }
            return "no fix within \(bound); in the way: " + Self.obstacleSummary(obstacle)
        }
        var kinds: [String] = []
        for need in first.needs where !kinds.contains(need.kind.rawValue) { kinds.append(need.kind.rawValue) }
        return "smallest fix: " + first.changes.map(\.text).joined(separator: "; ") + " ("
            + (kinds + [Self.addedText(first.addedEffort)]).joined(separator: "; ") + ")"
    }

    /// An obstacle without its sources: `high previous-user-data-visible at step 4 (inventory), raised by rule r`.
    static func obstacleSummary(_ obstacle: Obstacle) -> String {
        var words = "\(obstacle.severity.name) \(obstacle.finding)"
        words += obstacle.step == 0 ? " in the policy itself" : " at step \(obstacle.step)"
        if let app = obstacle.app { words += " (\(app))" }
        if let group = obstacle.group { words += " [\(group)]" }
        if let rule = obstacle.rule { words += ", raised by rule \(rule)" }
        return words
    }

    // MARK: Markdown

    /// A change in a table cell: `` `sso_extension: enabled` ``, with `(app_build)` after an app's maker's change.
    static func changeMarkdown(_ change: AdviceChange) -> String {
        Markdown.code(change.text, inTable: true) + (change.kind == .appBuild ? " (app\\_build)" : "")
    }

    /// A code fence longer than any run of backticks in the lines (three at least), so no line closes it.
    static func fence(_ lines: [String]) -> String {
        var longest = 0
        for line in lines {
            var run = 0
            for scalar in line.unicodeScalars {
                run = scalar == "`" ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }

    static func changeHTML(_ change: AdviceChange) -> String {
        "<code>\(HTMLText.escape(change.text))</code>" + (change.kind == .appBuild ? " (app_build)" : "")
    }

    /// The section in Markdown: a heading at `level`, the state before, the verdict, the table of the top
    /// suggestions (all with `limit` nil), the YAML to paste for each, and what stands in the way when none
    /// reaches the goal. `command` is the line that gives the same answer.
    package func sectionMarkdown(level: Int, limit: Int? = shownSuggestions, command: String? = nil) -> String {
        let hashes = String(repeating: "#", count: max(1, min(level, 6)))
        var out = hashes + " " + Markdown.text(sectionTitle) + "\n\n"
        for missing in notPlayed { out += Markdown.text(missing.reason) + ".\n" }
        out += Markdown.text(beforeSentence) + "\n" + Markdown.text(verdictSentence(limit: limit)) + "\n\n"
        let rows = sectionRows(limit: limit)
        if !rows.isEmpty {
            let outcome = suggestions.isEmpty ? "left" : "removes"
            out += "| # | changes | \(outcome) | after | effort per worker (before → after) | needs |\n"
            out += "|---|---|---|---|---|---|\n"
            for row in rows {
                out +=
                    "| \(row.number) | " + row.changes.map(Self.changeMarkdown).joined(separator: "; ")
                    + " | " + Markdown.text(row.outcome) + " | " + Markdown.text(row.after) + " | "
                    + Markdown.text(row.effort) + " | "
                    + row.needs.map(Markdown.text).joined(separator: "; ") + " |\n"
            }
            for row in rows {
                out += "\n\(row.number)\\. To paste " + pasteTarget
                out += row.sources.isEmpty ? ":" : " (sources: " + Markdown.text(row.sources) + "):"
                let fence = Self.fence(row.yaml)
                out += "\n\n" + fence + "yaml\n" + row.yaml.map { $0 + "\n" }.joined() + fence + "\n"
            }
            out += "\n"
        }
        if suggestions.isEmpty && !alreadyMeets && !unreachable.isEmpty {
            out += "What still stands in the way:\n\n"
            for obstacle in unreachableAcrossGroups { out += "- " + Markdown.text(Self.obstacleText(obstacle)) + "\n" }
            out += "\n"
        }
        if !stopsWork.isEmpty {
            out += Self.stopsWorkHeading + "\n\n"
            for left in stopsWork { out += "- " + Markdown.text(Self.stopsWorkText(left)) + "\n" }
            out += "\n"
        }
        if let command { out += "The same answer: " + Markdown.code(command) + "\n\n" }
        return out
    }

    // MARK: HTML

    /// The same section in HTML (`<section id="ID" class="advice">`), every text escaped by bytes.
    package func sectionHTML(id: String, level: Int, limit: Int? = shownSuggestions, command: String? = nil)
        -> String
    {
        let h = max(1, min(level, 5))
        var out = "<section id=\"\(HTMLText.attribute(id))\" class=\"advice\">\n"
        out += "<h\(h)>\(HTMLText.escape(sectionTitle))</h\(h)>\n"
        for missing in notPlayed { out += "<p class=\"muted\">\(HTMLText.escape(missing.reason)).</p>\n" }
        out += "<p>\(HTMLText.escape(beforeSentence))</p>\n"
        let verdictClass = alreadyMeets ? "safe" : suggestions.isEmpty ? "unreached" : "verdict"
        out += "<p class=\"\(verdictClass)\"><strong>\(HTMLText.escape(verdictSentence(limit: limit)))</strong></p>\n"
        let rows = sectionRows(limit: limit)
        if !rows.isEmpty {
            let outcome = suggestions.isEmpty ? "left" : "removes"
            out += "<div class=\"scroll\"><table>\n<thead><tr><th scope=\"col\">#</th><th scope=\"col\">changes</th>"
            out += "<th scope=\"col\">\(outcome)</th><th scope=\"col\">after</th>"
            out += "<th scope=\"col\">effort per worker (before → after)</th><th scope=\"col\">needs</th></tr>"
            out += "</thead>\n<tbody>\n"
            for row in rows {
                out += "<tr><th scope=\"row\">\(row.number)</th><td>"
                out += row.changes.map(Self.changeHTML).joined(separator: "<br>")
                out += "</td><td>\(HTMLText.escape(row.outcome))</td><td>\(HTMLText.escape(row.after))</td>"
                out += "<td>\(HTMLText.escape(row.effort))</td><td>"
                out += row.needs.map(HTMLText.escape).joined(separator: "<br>") + "</td></tr>\n"
            }
            out += "</tbody>\n</table></div>\n"
            for row in rows {
                out += "<div class=\"paste\"><p>\(row.number). To paste \(HTMLText.escape(pasteTarget)):</p>\n"
                out += "<pre class=\"yaml\">" + HTMLText.escape(row.yaml.joined(separator: "\n")) + "</pre>\n"
                if !row.sources.isEmpty { out += "<p class=\"muted\">sources: \(HTMLText.escape(row.sources))</p>\n" }
                out += "</div>\n"
            }
        }
        if suggestions.isEmpty && !alreadyMeets && !unreachable.isEmpty {
            out += "<p>What still stands in the way:</p>\n<ul class=\"in-the-way\">\n"
            for obstacle in unreachableAcrossGroups {
                out += "<li>\(HTMLText.escape(Self.obstacleText(obstacle)))</li>\n"
            }
            out += "</ul>\n"
        }
        if !stopsWork.isEmpty {
            out += "<p>\(HTMLText.escape(Self.stopsWorkHeading))</p>\n<ul class=\"stops-work\">\n"
            for left in stopsWork { out += "<li>\(HTMLText.escape(Self.stopsWorkText(left)))</li>\n" }
            out += "</ul>\n"
        }
        if let command { out += "<p class=\"muted\">The same answer: <code>\(HTMLText.escape(command))</code></p>\n" }
        return out + "</section>\n"
    }
}

extension FleetAdvice {
    /// Every setup's section, in Markdown.
    package func sectionMarkdown(level: Int, limit: Int? = Advice.shownSuggestions, command: String? = nil)
        -> String
    {
        let hashes = String(repeating: "#", count: max(1, min(level, 6)))
        return setups.map { $0.sectionMarkdown(level: level, limit: limit, command: command) }.joined()
            + playsNowhere.map { setup in
                hashes + " "
                    + Markdown.text(Advice.sectionTitle(setup: setup.setup, subject: fleet, scenario: scenario))
                    + "\n\n"
                    + Markdown.text(setup.sentence) + "\n\n"
            }.joined()
    }

    /// Every setup's section, in HTML: ids `ID-1`, `ID-2`, ….
    package func sectionHTML(id: String, level: Int, limit: Int? = Advice.shownSuggestions, command: String? = nil)
        -> String
    {
        let h = max(1, min(level, 5))
        return setups.enumerated().map { index, advice in
            advice.sectionHTML(id: "\(id)-\(index + 1)", level: level, limit: limit, command: command)
        }.joined()
            + playsNowhere.enumerated().map { index, setup in
                "<section id=\"\(HTMLText.attribute("\(id)-\(setups.count + index + 1)"))\" class=\"advice\">\n"
                    + "<h\(h)>\(HTMLText.escape(Advice.sectionTitle(setup: setup.setup, subject: fleet, scenario: scenario)))</h\(h)>\n"
                    + "<p class=\"unreached\">\(HTMLText.escape(setup.sentence))</p>\n</section>\n"
            }.joined()
    }
}
