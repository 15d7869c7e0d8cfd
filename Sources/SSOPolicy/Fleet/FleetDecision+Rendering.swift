import SSOPolicyProviderKit

/// The decision as a section of the HTML guide, and in a few lines for the first screen: the same content as
/// `text()` and `markdown()` (per setup its worst finding, each group's verdict with from when each worker is safe,
/// the workers' effort, what it needs and the apps that must change).
extension FleetDecision {
    /// The decision as an HTML section (`<section id="ID">`), every text escaped; `level` is its heading's level.
    package func html(id: String = "decision", level: Int = 2) -> String {
        let h = max(1, min(level, 5))
        var out = "<section id=\"\(HTMLText.attribute(id))\" class=\"decision\">\n"
        out +=
            "<h\(h)>Decision: \(HTMLText.escape(fleet.displayTitle)) on \(HTMLText.escape(scenario.id))</h\(h)>\n"
        let ranked = ranking.map { id -> String in
            let label = rankingLabel(id)
            return "<strong>" + HTMLText.escape(id) + "</strong>" + HTMLText.escape(String(label.dropFirst(id.count)))
        }
        out +=
            "<p>" + HTMLText.escape(Self.rankingHeading) + ": " + ranked.joined(separator: ", ") + "</p>\n"
        out += "<table>\n<thead><tr><th scope=\"col\">setup</th><th scope=\"col\">worst</th>"
        out += "<th scope=\"col\">effort per shift</th>"
        for group in fleet.groups {
            out += "<th scope=\"col\">\(HTMLText.escape(FleetComparison.groupLabel(group.group)))</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for setup in setups {
            out +=
                "<tr><th scope=\"row\">\(HTMLText.escape(setup.setup.id)) "
                + "(\(HTMLText.escape(setup.setup.providerID)))</th>"
                + "<td>\(HTMLText.escape(worstText(setup)))</td>"
                + "<td>\(HTMLText.escape(Comparison.seconds(setup.effortPerShift)))</td>"
            for group in setup.groups { out += "<td>\(HTMLText.escape(group.verdict))</td>" }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n"
        for setup in setups {
            out += "<h\(h + 1)>\(HTMLText.escape(setup.setup.id))</h\(h + 1)>\n<p>Needs:</p>\n<ul>\n"
            if setup.needs.isEmpty { out += "<li>nothing beyond its settings</li>\n" }
            for need in setup.needs { out += "<li>\(HTMLText.escape(needText(need, setup)))</li>\n" }
            out += "</ul>\n<p>Apps that must change (no configuration makes them safe):</p>\n<ul>\n"
            if setup.mustChange.isEmpty { out += "<li>none</li>\n" }
            for change in setup.mustChange {
                out +=
                    "<li><strong>\(HTMLText.escape(change.app))</strong>: "
                    + HTMLText.escape(change.reasons.joined(separator: "; ")) + "</li>\n"
            }
            out += "</ul>\n"
        }
        let assumed = fleet.assumptionWords
        if !assumed.isEmpty {
            out += "<p>" + HTMLText.escape(Self.assumedHeading + assumed.joined(separator: "; ")) + "</p>\n"
        }
        return out + "</section>\n"
    }

    /// A few lines for the first screen: the setups best first, each with its worst finding, the most sign-in
    /// effort of one shift, where it does not play, and how many apps must change.
    package func summary() -> String {
        var out = ""
        for (rank, id) in ranking.enumerated() {
            guard let setup = setups.first(where: { $0.setup.id == id }) else { continue }
            var clauses = ["worst " + worstText(setup)]
            clauses.append("effort up to \(Comparison.seconds(setup.effortPerShift)) per shift")
            let unsupported = setup.groups.filter { $0.totals == nil }.map(\.group.group.id)
            if !unsupported.isEmpty { clauses.append("does not play on " + unsupported.joined(separator: ", ")) }
            let stranded = setup.strandedGroups
            if !stranded.isEmpty { clauses.append("workers could not work on " + stranded.joined(separator: ", ")) }
            clauses.append(
                setup.mustChange.isEmpty
                    ? "no app must change"
                    : "apps that must change: " + setup.mustChange.map(\.app).joined(separator: ", "))
            out +=
                wrap(
                    "\(rank + 1). \(setup.setup.id) (\(setup.setup.providerID)): " + clauses.joined(separator: "; "),
                    indent: "  ", hanging: "       ") + "\n"
        }
        return out
    }
}
