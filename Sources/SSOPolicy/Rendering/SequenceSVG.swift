import SSOPolicyProviderKit

/// A scenario run as an inline SVG sequence diagram: users, apps and what holds the shared session
/// (`session_authority`) as lifelines, one arrow per step, the prompts shown on the way back, the session that
/// results, and findings. Colours come from the page's CSS variables (classes `sq-*`), so the diagram follows light
/// and dark mode and prints in black; text is real text, so it can be searched and read aloud.
package enum SequenceSVG {
    static let column = 170
    /// The narrowest lifeline spacing before the diagram is scaled down instead.
    static let minColumn = 110
    /// The widest the diagram is drawn, so it fits a 1280-pixel window with the page's margins.
    static let maxWidth = 1200
    static let margin = 20
    static let headerHeight = 44
    static let lineHeight = 16

    package static func svg(_ result: RunResult, id: String) -> String {
        let views = result.views
        var participants: [String] = []
        var seenUsers: Set<String> = []
        var apps: [String] = []
        for view in views {
            if let user = view.user, seenUsers.insert(user).inserted { participants.append(user) }
        }
        for view in views where view.app != "all" && view.event != HandoverDeclaration.stepKey {
            if !apps.contains(view.app) { apps.append(view.app) }
        }
        let authority = result.policy.descriptor.sessionAuthority
        let users = participants
        participants += apps.map { "app:" + $0 } + ["authority"]
        // Lifelines close up to fit `maxWidth` (one spare column on the right for the last notes).
        let column = max(minColumn, min(Self.column, (maxWidth - margin * 2) / (participants.count + 1)))
        func x(_ index: Int) -> Int { margin + column / 2 + index * column }
        func name(_ participant: String) -> String {
            participant == "authority"
                ? authority : participant.hasPrefix("app:") ? String(participant.dropFirst(4)) : participant
        }
        /// The name cut to its box (about 7 pixels per character of the bold 12-pixel text), or nil when it fits.
        func shortened(_ name: String) -> String? {
            let fits = max(4, (column - 12) / 7)
            guard name.unicodeScalars.count > fits else { return nil }
            return String(String.UnicodeScalarView(name.unicodeScalars.prefix(fits - 1))) + "…"
        }
        let authorityIndex = participants.count - 1
        var body = ""
        var y = headerHeight + 18
        for view in views {
            let from = view.user.flatMap { users.firstIndex(of: $0) } ?? authorityIndex
            let to =
                view.app == "all" || view.event == HandoverDeclaration.stepKey
                ? authorityIndex : (participants.firstIndex(of: "app:" + view.app) ?? authorityIndex)
            let (x1, x2) = (x(from), x(to))
            let message = "\(view.number). \(view.at) \(view.event)" + (to == authorityIndex ? " \(view.app)" : "")
            body += text(message, x: (x1 + x2) / 2, y: y - 4, anchor: "middle", cls: "sq-message")
            body += arrow(x1, x2, y: y, dashed: false, id: id)
            y += lineHeight + 4
            if !view.prompts.isEmpty {
                body += text(
                    "prompts: " + view.prompts.joined(separator: " → "), x: (x1 + x2) / 2, y: y - 4, anchor: "middle",
                    cls: "sq-prompt")
                body += arrow(x2, x1, y: y, dashed: true, id: id)
                y += lineHeight + 4
            }
            var session = "session " + view.session
            if let user = view.sessionUser { session += " (\(user))" }
            let noteX = x2 + (x2 >= x(authorityIndex) ? -8 : 8)
            let anchor = x2 >= x(authorityIndex) ? "end" : "start"
            body += text(session, x: noteX, y: y, anchor: anchor, cls: "sq-session")
            y += lineHeight
            for finding in view.findings {
                body += text(
                    "\(finding.severity.name): \(finding.id)", x: noteX, y: y, anchor: anchor,
                    cls: "sq-finding sev-\(finding.severity.name)")
                y += lineHeight
            }
            y += 8
        }
        // Room on the right for the notes of the last lifeline's neighbours.
        let width = margin * 2 + participants.count * column + column
        let height = y + 10
        // Past `maxWidth` even at the narrowest spacing, the drawing is scaled down to fit.
        let (shownWidth, shownHeight) = width <= maxWidth ? (width, height) : (maxWidth, height * maxWidth / width)
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sequence\" role=\"img\" "
            + "viewBox=\"0 0 \(width) \(height)\" width=\"\(shownWidth)\" height=\"\(shownHeight)\" "
            + "aria-labelledby=\"\(id)-title\">\n"
        out +=
            "<title id=\"\(id)-title\">Sequence diagram: \(HTMLText.escape(result.policy.configuration.id)) on "
            + "\(HTMLText.escape(result.scenario.id))</title>\n"
        out +=
            "<defs><marker id=\"\(id)-head\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\" "
            + "markerHeight=\"8\" orient=\"auto-start-reverse\"><path class=\"sq-head\" d=\"M0,0 L10,5 L0,10 z\"/>"
            + "</marker></defs>\n"
        for (index, participant) in participants.enumerated() {
            let isUser = index < users.count
            out +=
                "<line class=\"sq-lifeline\" x1=\"\(x(index))\" y1=\"\(headerHeight)\" x2=\"\(x(index))\" "
                + "y2=\"\(height - 6)\"/>\n"
            out +=
                "<rect class=\"\(isUser ? "sq-actor" : "sq-box")\" x=\"\(x(index) - column / 2 + 8)\" y=\"8\" "
                + "width=\"\(column - 16)\" height=\"\(headerHeight - 16)\" rx=\"\(isUser ? 14 : 3)\"/>\n"
            let full = name(participant)
            if let short = shortened(full) {
                // The whole name as the cut one's tooltip.
                out +=
                    "<text class=\"sq-name\" x=\"\(x(index))\" y=\"\(headerHeight / 2 + 5)\" text-anchor=\"middle\">"
                    + "\(HTMLText.escape(short))<title>\(HTMLText.escape(full))</title></text>\n"
            } else {
                out += text(full, x: x(index), y: headerHeight / 2 + 5, anchor: "middle", cls: "sq-name")
            }
        }
        return out + body + "</svg>\n"
    }

    static func text(_ content: String, x: Int, y: Int, anchor: String, cls: String) -> String {
        "<text class=\"\(cls)\" x=\"\(x)\" y=\"\(y)\" text-anchor=\"\(anchor)\">\(HTMLText.escape(content))</text>\n"
    }

    static func arrow(_ x1: Int, _ x2: Int, y: Int, dashed: Bool, id: String) -> String {
        if x1 == x2 {
            // A step to the participant itself: a small loop.
            return "<path class=\"sq-arrow\(dashed ? " sq-return" : "")\" d=\"M\(x1),\(y - 6) h24 v10 h-24\" "
                + "fill=\"none\" marker-end=\"url(#\(id)-head)\"/>\n"
        }
        let end = x2 > x1 ? x2 - 2 : x2 + 2
        return "<line class=\"sq-arrow\(dashed ? " sq-return" : "")\" x1=\"\(x1)\" y1=\"\(y)\" x2=\"\(end)\" "
            + "y2=\"\(y)\" marker-end=\"url(#\(id)-head)\"/>\n"
    }
}
