import SSOPolicyProviderKit

/// What a comparison refuses before it plays anything, so a typo cannot pass for a vendor difference: an app that
/// no compared policy has is a positioned error. An event or step condition that a compared policy's provider does
/// not declare follows `run`'s rule (`UndeclaredStepWord`): the step is not applicable there (a condition is left
/// out), and the comparison carries a note saying so.
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
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics.sorted) }
        return UndeclaredStepWord.find(in: scenario, policies: policies).map(\.note)
    }
}
