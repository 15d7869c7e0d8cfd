import SSOPolicy

/// One device's timeline as an inline SVG: custody bands (one per interval, coloured by verdict, labelled with the
/// worker), windows of unknown custody on a second lane, and a mark for each deciding row (a triangle for another
/// account, a dot for the custodian), each with a tooltip.
enum TimelineSVG {
    static let width = 960.0
    static let left = 8.0
    static let lane = 28.0

    static func render(_ intervals: [ReplayInterval], report: ReplayReport, naming: Naming) -> String {
        guard let first = intervals.map(\.start).min(), let last = intervals.map(\.end).max(), last > first else {
            return ""
        }
        let span = Double(last - first)
        let usable = width - 2 * left
        func x(_ millis: Int64) -> Double { left + usable * Double(millis - first) / span }
        func number(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        let height = 3 * lane + 24
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
            + "role=\"img\" aria-label=\"custody and sign-ins over time\">\n"
        for interval in intervals {
            let laneTop = interval.kind == .custody ? 4.0 : 4.0 + lane + 4
            let x0 = x(interval.start)
            let x1 = max(x(interval.end), x0 + 1)
            let who = ReplayText.who(interval, naming)
            let tooltip =
                "\(who): \(report.time(interval.start)) to \(report.time(interval.end)), \(interval.verdict.words)"
            out +=
                "<rect class=\"band \(interval.verdict.rawValue)\" x=\"\(number(x0))\" y=\"\(number(laneTop))\" "
                + "width=\"\(number(x1 - x0))\" height=\"\(number(lane))\"><title>"
                + HTMLText.attribute(tooltip) + "</title></rect>\n"
            let label = interval.custodian.map(naming.name) ?? (interval.kind == .unknownCustody ? "?" : "")
            if x1 - x0 > Double(label.unicodeScalars.count) * 7 + 6 {
                out +=
                    "<text x=\"\(number(x0 + 4))\" y=\"\(number(laneTop + 18))\">" + HTMLText.attribute(label)
                    + "</text>\n"
            }
            for evidence in interval.evidence {
                let ex = x(min(max(evidence.time, first), last))
                let y = 4 + 2 * lane + 14
                let mine = evidence.role == .custodianSignIn
                let tip =
                    "\(report.time(evidence.time)) \(naming.name(evidence.account)) \(evidence.app) "
                    + "\(evidence.interactivity.name) \(evidence.outcome.name)"
                    + (evidence.correlationID.map { " \($0)" } ?? "")
                if mine {
                    out +=
                        "<circle class=\"mark own\" cx=\"\(number(ex))\" cy=\"\(number(y))\" r=\"4\"><title>"
                        + HTMLText.attribute(tip) + "</title></circle>\n"
                } else {
                    let points =
                        "\(number(ex)),\(number(y - 6)) \(number(ex - 5)),\(number(y + 4)) \(number(ex + 5)),\(number(y + 4))"
                    out +=
                        "<polygon class=\"mark other\" points=\"\(points)\"><title>" + HTMLText.attribute(tip)
                        + "</title></polygon>\n"
                }
            }
        }
        out +=
            "<text class=\"axis\" x=\"\(number(left))\" y=\"\(Int(height) - 2)\">"
            + HTMLText.attribute(report.time(first))
            + "</text>\n"
        out +=
            "<text class=\"axis\" x=\"\(number(width - left))\" y=\"\(Int(height) - 2)\" text-anchor=\"end\">"
            + HTMLText.attribute(report.time(last)) + "</text>\n"
        return out + "</svg>\n"
    }
}
