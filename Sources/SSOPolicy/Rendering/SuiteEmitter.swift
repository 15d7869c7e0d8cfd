import SSOPolicyProviderKit

/// Writes a test suite that pins a run's answers step by step (`run --emit-suite`), so today's behaviour of a
/// fleet's policy becomes a regression test that `ssopolicy test` checks from then on.
package enum SuiteEmitter {
    /// - Parameters:
    ///   - policyPath: the policy as the suite must name it (relative to the suite's folder).
    ///   - scenarioPath: the scenario, likewise.
    package static func suite(_ result: RunResult, policyPath: String, scenarioPath: String) -> String {
        let policy = result.policy.configuration.id
        let scenario = result.scenario.id
        var out = "suite: \(scalar(policy + "-on-" + scenario))\n"
        out += "title: \(scalar("What \(policy) does in the \(scenario) scenario, pinned step by step"))\n"
        out += "policy: \(scalar(policyPath))\n"
        out += "scenario: \(scalar(scenarioPath))\n"
        out += "expect:\n"
        for view in result.views {
            let who = view.user.map { " " + $0 } ?? ""
            out += "  # \(comment("\(view.at)\(who) \(view.event) \(view.app)"))\n"
            out += "  - step: \(view.number)\n"
            out += "    prompts: [\(view.prompts.map { scalar($0, inFlow: true) }.joined(separator: ", "))]\n"
            out += "    session: \(scalar(view.session))\n"
            out += "    session_user: \(scalar(view.sessionUser ?? "none"))\n"
            if !view.details.isEmpty {
                let details = view.details.map { "\(scalar($0.key, inFlow: true)): \(scalar($0.value, inFlow: true))" }
                out += "    details: {\(details.joined(separator: ", "))}\n"
            }
            out += "    findings: [\(view.findings.map { scalar($0.id, inFlow: true) }.joined(separator: ", "))]\n"
        }
        return out
    }

    /// Plain when unambiguous as text in any YAML reader, else double-quoted; inside `[…]` or `{…}` a comma
    /// would end the value, so there it is quoted too.
    package static func scalar(_ text: String, inFlow: Bool = false) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "_-./ ,()':+".unicodeScalars.contains($0)
            }
            && text.first.map { $0.isLetter || $0 == "." } == true
            && !text.contains(": ") && !text.contains(" #") && !text.hasSuffix(":") && !(inFlow && text.contains(","))
            && !["yes", "no", "on", "off", "true", "false", "null", "y", "n"].contains(text.lowercased())
        if plain { return text }
        // A JSON string is a YAML double-quoted scalar; YAML also wants DEL escaped.
        var quoted: [UInt8] = []
        JSONValue.escape(text, into: &quoted)
        return String(decoding: quoted, as: UTF8.self).replacingOccurrences(of: "\u{7F}", with: "\\u007f")
    }

    private static func comment(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}
