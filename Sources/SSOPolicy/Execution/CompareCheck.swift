import SSOPolicyProviderKit

/// What a comparison refuses before it plays anything, so a typo cannot pass for a vendor difference: an app that
/// no compared policy has, and a step condition that no compared policy's provider declares (`silent_login` in a
/// comparison of two Entra policies: a word no compared vendor knows is a mistake), are positioned errors. An event
/// that a compared policy's provider does not declare, and a condition that only some compared providers declare,
/// follow `run`'s rule (`UndeclaredStepWord`): the step is not applicable there (a condition is left out), and the
/// comparison carries a note saying so.
enum CompareCheck {
    static func check(_ scenario: Scenario, policies: [CompiledPolicy]) throws(DiagnosticsError) -> [String] {
        var diagnostics = Diagnostics()
        var appIDs: [String] = []
        var known = Set<String>()
        for policy in policies {
            for app in policy.configuration.apps where known.insert(app.id).inserted { appIDs.append(app.id) }
        }
        let descriptors = policies.map(\.descriptor)
        // Event name → whether some compared provider takes an app for it, computed once per name.
        var targetsApp: [String: Bool] = [:]
        for step in scenario.steps {
            let takesApp =
                targetsApp[step.event]
                ?? {
                    let takes = descriptors.contains { descriptor in
                        descriptor.allEvents.contains {
                            $0.name == step.event && ($0.target == .app || $0.target == .appOrAll)
                        }
                    }
                    targetsApp[step.event] = takes
                    return takes
                }()
            if takesApp, step.target != "all", !known.contains(step.target) {
                diagnostics.error(
                    "step \(step.number): no compared policy has an app '\(step.target)'"
                        + Suggestion.didYouMean(step.target, in: appIDs), at: step.targetPosition)
            }
        }
        let undeclared = UndeclaredStepWord.find(in: scenario, policies: policies)
        let unknown = Set(undeclared.filter { $0.kind == .condition && $0.declaredByNone }.map(\.name))
        if !unknown.isEmpty {
            var providers: [String] = []
            for descriptor in descriptors where !providers.contains(descriptor.id) { providers.append(descriptor.id) }
            for step in scenario.steps {
                for entry in step.conditions where unknown.contains(entry.key) {
                    diagnostics.error(
                        "step \(step.number): no compared provider declares the step condition '\(entry.key)' ("
                            + providers.joined(separator: ", ") + ")", at: entry.keyPosition)
                }
            }
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics.sorted) }
        return undeclared.map(\.note)
    }
}
