import SSOPolicyProviderKit

/// A Mermaid `sequenceDiagram` of a scenario run: users, apps, the provider's broker/anchor, prompts, sessions,
/// and findings as notes.
package enum MermaidDiagram {
    /// A label: `;` (a statement end) as `,`, `#` (an entity's start) dropped, line breaks flattened, and `<`, `>`
    /// and `&` as Mermaid's entity codes, so a label cannot end a statement or carry HTML. By scalars.
    static func safe(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case ";": out.append(",")
            case "#": continue
            case "\n", "\r": out.append(" ")
            case "<": out.append(contentsOf: "#lt;".unicodeScalars)
            case ">": out.append(contentsOf: "#gt;".unicodeScalars)
            case "&": out.append(contentsOf: "#amp;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// A participant id: letters and digits kept, any other scalar `_`.
    static func participant(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { $0.properties.isAlphabetic || $0.properties.numericType != nil ? $0 : "_" }))
    }

    package static func sequence(_ result: RunResult) -> String {
        let views = result.views
        let broker = result.policy.descriptor.sessionAuthority
        var out = "sequenceDiagram\n"
        out += "    title \(safe(result.policy.configuration.id)) on \(safe(result.scenario.id))\n"
        var users: [String] = []
        var apps: [String] = []
        var seen = (users: Set<String>(), apps: Set<String>())
        for view in views {
            if let user = view.user, seen.users.insert(user).inserted { users.append(user) }
            if view.app != "all", view.event != HandoverDeclaration.stepKey, seen.apps.insert(view.app).inserted {
                apps.append(view.app)
            }
        }
        for user in users { out += "    actor u_\(participant(user)) as \(safe(user))\n" }
        for app in apps { out += "    participant a_\(participant(app)) as \(safe(app))\n" }
        out += "    participant broker as \(safe(broker))\n"
        for view in views {
            let from = view.user.map { "u_\(participant($0))" } ?? "broker"
            let to =
                view.app == "all" || view.event == HandoverDeclaration.stepKey ? "broker" : "a_\(participant(view.app))"
            out += "    \(from)->>\(to): \(view.at) \(safe(view.event))\n"
            if !view.prompts.isEmpty {
                out += "    \(to)-->>\(from): prompts \(safe(view.prompts.joined(separator: ", ")))\n"
            }
            var session = view.session
            if let user = view.sessionUser { session += " (\(user))" }
            // Only a shared session is held by the broker/anchor; an app's own session stays with the app.
            if [.sharedNew, .sharedReused].contains(SessionKind(name: view.session)), to != "broker" {
                out += "    \(to)->>broker: session \(safe(session))\n"
            } else {
                out += "    Note over \(to): session \(safe(session))\n"
            }
            for finding in view.findings {
                out += "    Note over \(to): \(finding.severity.name) \(safe(finding.id))\n"
            }
        }
        return out
    }
}
