import Foundation
import SSOPolicyProviderKit

/// Loads a test suite file (spec 3.3). Paths are relative to the suite's folder; the files they name are loaded
/// when the suite runs (and by `check`).
package struct SuiteLoader: Sendable {
    package init() {}

    static let topKeys = ["suite", "title", "policy", "scenario", "expect"]
    static let expectationKeys = [
        "step", "prompts", "session", "session_user", "details", "findings", "absent_findings",
    ]

    package func load(_ root: ConfigNode, file: String) -> Result<TestSuite, DiagnosticsError> {
        var reader = NodeReader()
        guard let entries = reader.mapping(root, "suite file") else {
            return .failure(DiagnosticsError(reader.diagnostics.all))
        }
        reader.rejectUnknownKeys(entries, known: Self.topKeys, in: "suite")
        reader.requireKeys(["suite", "policy", "scenario", "expect"], in: entries, at: root.position, "suite")
        var id = ""
        if let entry = entries["suite"], let text = reader.identifier(entry.value, "suite") { id = text }
        var title: String?
        if let entry = entries["title"] { title = reader.text(entry.value, "title") }
        let folder = (file as NSString).deletingLastPathComponent
        func path(_ key: String) -> (String, SourcePosition) {
            guard let entry = entries[key], let text = reader.text(entry.value, key) else { return ("", root.position) }
            let resolved = text.hasPrefix("/") ? text : (folder.isEmpty ? text : folder + "/" + text)
            return (Self.normalized(resolved), entry.value.position)
        }
        let (policyPath, policyPosition) = path("policy")
        let (scenarioPath, scenarioPosition) = path("scenario")
        var expectations: [Expectation] = []
        if let entry = entries["expect"], let items = reader.sequence(entry.value, "expect") {
            if items.isEmpty {
                reader.error("expect: a suite needs at least one expectation", at: entry.value.position)
            }
            for (index, item) in items.enumerated() {
                if let expectation = readExpectation(item, index: index, &reader) { expectations.append(expectation) }
            }
        }
        if reader.diagnostics.hasErrors { return .failure(DiagnosticsError(reader.diagnostics.sorted)) }
        return .success(
            TestSuite(
                id: id, title: title, file: file, position: root.position, policyPath: policyPath,
                policyPosition: policyPosition, scenarioPath: scenarioPath, scenarioPosition: scenarioPosition,
                expectations: expectations))
    }

    /// Removes `.` and `name/..` segments so positions and reports name `Policies/airwatch/x.yaml`, not
    /// `Policies/suites/../airwatch/x.yaml` (Foundation's `standardizingPath` leaves relative paths alone).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    private func readExpectation(_ node: ConfigNode, index: Int, _ reader: inout NodeReader) -> Expectation? {
        let what = "expect[\(index + 1)]"
        guard let entries = reader.mapping(node, what) else { return nil }
        reader.rejectUnknownKeys(entries, known: Self.expectationKeys, in: what)
        reader.requireKeys(["step"], in: entries, at: node.position, what)
        guard let stepEntry = entries["step"],
            let value = reader.value(stepEntry.value, kind: .integer(min: 1, max: nil), "step"),
            case .integer(let step) = value
        else { return nil }
        func words(_ key: String) -> [String]? {
            guard let entry = entries[key] else { return nil }
            if entry.value.isNull { return [] }
            guard let items = reader.sequence(entry.value, key) else { return nil }
            return items.compactMap { reader.text($0, key) }
        }
        let prompts = words("prompts")
        for (offset, name) in (prompts ?? []).enumerated() where Prompt(name: name) == nil {
            let position = entries["prompts"]?.value.items?[offset].position ?? node.position
            reader.error(
                "prompts: unknown prompt '\(name)'" + Suggestion.didYouMean(name, in: Prompt.allCases.map(\.name)),
                at: position)
        }
        var session: String?
        if let entry = entries["session"], let text = reader.text(entry.value, "session") {
            if SessionKind(name: text) == nil {
                reader.error(
                    "session: unknown session \(Excerpt.quoted(text))"
                        + Suggestion.didYouMean(text, in: SessionKind.allCases.map(\.name)),
                    at: entry.value.position)
            }
            session = text
        }
        var sessionUser: String?
        if let entry = entries["session_user"] { sessionUser = reader.identifier(entry.value, "session_user") }
        var details: [String: String] = [:]
        if let entry = entries["details"], let items = reader.mapping(entry.value, "details") {
            for item in items { if let text = reader.text(item.value, item.key) { details[item.key] = text } }
        }
        let findings = words("findings")
        return Expectation(
            position: node.position, step: step, stepPosition: stepEntry.value.position, prompts: prompts,
            session: session, sessionUser: sessionUser, details: details, findings: findings ?? [],
            absentFindings: words("absent_findings") ?? [], expectsNoFindings: findings?.isEmpty == true)
    }
}
