/// A comparison's prompts per worker as a small bar chart in inline SVG: a group of bars per worker, a bar per
/// policy (the legend's order and colour), each labelled with its count; a bar's tooltip also says when the worker
/// was safely in their own session after taking the device over (the verdict's "safe from step k"). It needs no
/// style sheet: text is drawn in `currentColor` and the bars in fixed mid-tone colours, so it reads in light and dark
/// mode alike, and everything it shows is also in its `<desc>` for screen readers.
package enum PromptChartSVG {
    static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#9c755f", "#edc948"]
    static let barWidth = 18
    static let barGap = 4
    static let groupGap = 28
    static let plotHeight = 110
    static let left = 12
    static let lineHeight = 16

    package static func svg(_ comparison: Comparison, id: String) -> String {
        let totals = comparison.results.map { Comparison.totals($0) }
        var workers: [String] = []
        for total in totals {
            for entry in total.promptsPerUser where !workers.contains(entry.user) { workers.append(entry.user) }
        }
        let policies = comparison.results.map(\.policy.configuration.id)
        func prompts(_ policy: Int, _ worker: String) -> Int {
            totals[policy].promptsPerUser.first { $0.user == worker }?.prompts ?? 0
        }
        func safe(_ policy: Int, _ worker: String) -> String? {
            guard let handover = totals[policy].handovers.first(where: { $0.user == worker }) else { return nil }
            return Comparison.handoverVerdict(handover)
        }
        let most = max(1, totals.flatMap { $0.promptsPerUser.map(\.prompts) }.max() ?? 0)
        let groupWidth = policies.count * barWidth + max(0, policies.count - 1) * barGap
        let legendTop = 6
        let plotTop = legendTop + policies.count * lineHeight + 22
        let baseline = plotTop + plotHeight
        let plotWidth = left + workers.count * (groupWidth + groupGap)
        let legendWidth = 24 + 7 * (policies.map(\.unicodeScalars.count).max() ?? 0)
        let width = max(plotWidth, legendWidth, 160) + 12
        let height = baseline + lineHeight + 10
        let title = "Prompts per worker: \(comparison.scenario.id)"
        var description = [String]()
        for (index, policy) in policies.enumerated() {
            description.append(
                policy + ": "
                    + workers.map { worker in
                        "\(worker) \(prompts(index, worker))" + (safe(index, worker).map { " (\($0))" } ?? "")
                    }.joined(separator: ", "))
        }
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"prompt-chart\" role=\"img\" "
            + "viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" "
            + "aria-labelledby=\"\(id)-title \(id)-desc\" font-family=\"system-ui, sans-serif\" font-size=\"12\" "
            + "fill=\"currentColor\">\n"
        out += "<title id=\"\(id)-title\">\(HTMLText.escape(title))</title>\n"
        out += "<desc id=\"\(id)-desc\">\(HTMLText.escape(description.joined(separator: "; ")))</desc>\n"
        for (index, policy) in policies.enumerated() {
            let y = legendTop + index * lineHeight
            out +=
                "<rect x=\"\(left)\" y=\"\(y + 2)\" width=\"12\" height=\"12\" fill=\"\(color(index))\"/>"
                + "<text x=\"\(left + 18)\" y=\"\(y + 12)\">\(HTMLText.escape(policy))</text>\n"
        }
        out +=
            "<line x1=\"\(left)\" y1=\"\(baseline)\" x2=\"\(plotWidth)\" y2=\"\(baseline)\" stroke=\"currentColor\" "
            + "stroke-opacity=\"0.5\"/>\n"
        for (group, worker) in workers.enumerated() {
            let x0 = left + groupGap / 2 + group * (groupWidth + groupGap)
            for index in policies.indices {
                let count = prompts(index, worker)
                let barHeight = count * plotHeight / most
                let x = x0 + index * (barWidth + barGap)
                let tip =
                    "\(policies[index]): \(worker), \(counted(count, "prompt"))"
                    + (safe(index, worker).map { "; " + $0 } ?? "")
                out +=
                    "<rect x=\"\(x)\" y=\"\(baseline - barHeight)\" width=\"\(barWidth)\" height=\"\(barHeight)\" "
                    + "fill=\"\(color(index))\"><title>\(HTMLText.escape(tip))</title></rect>"
                    + "<text x=\"\(x + barWidth / 2)\" y=\"\(baseline - barHeight - 4)\" text-anchor=\"middle\">"
                    + "\(count)</text>\n"
            }
            out +=
                "<text x=\"\(x0 + groupWidth / 2)\" y=\"\(baseline + lineHeight)\" text-anchor=\"middle\" "
                + "font-weight=\"600\">\(HTMLText.escape(worker))</text>\n"
        }
        return out + "</svg>\n"
    }

    static func color(_ index: Int) -> String { palette[index % palette.count] }
}
