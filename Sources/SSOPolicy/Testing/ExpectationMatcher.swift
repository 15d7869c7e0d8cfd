import SSOPolicyProviderKit

/// Compares one expectation with the step the model played. Only the fields the suite wrote are checked.
package enum ExpectationMatcher {
    package static func mismatches(_ expectation: Expectation, _ view: StepView) -> [ExpectationMismatch] {
        var found: [ExpectationMismatch] = []
        if let prompts = expectation.prompts, prompts != view.prompts {
            found.append(.init(field: "prompts", expected: list(prompts), actual: list(view.prompts)))
        }
        if let session = expectation.session, session != view.session {
            found.append(.init(field: "session", expected: session, actual: view.session))
        }
        if let user = expectation.sessionUser {
            let actual = view.sessionUser ?? "none"
            if user != actual { found.append(.init(field: "session_user", expected: user, actual: actual)) }
        }
        for key in expectation.details.keys.sorted() {
            let actual = view.details.first { $0.key == key }?.value ?? "(none)"
            if expectation.details[key] != actual {
                found.append(.init(field: "details.\(key)", expected: expectation.details[key]!, actual: actual))
            }
        }
        let actualIDs = view.findings.map(\.id)
        let missing = expectation.findings.filter { !actualIDs.contains($0) }
        if !missing.isEmpty || (expectation.expectsNoFindings && !actualIDs.isEmpty) {
            let expected = expectation.expectsNoFindings ? "[]" : "including " + list(expectation.findings)
            found.append(.init(field: "findings", expected: expected, actual: list(actualIDs)))
        }
        let present = expectation.absentFindings.filter { actualIDs.contains($0) }
        if !present.isEmpty {
            found.append(
                .init(field: "absent_findings", expected: "none of " + list(present), actual: list(actualIDs)))
        }
        return found
    }

    static func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
}
