import SSOPolicyProviderKit

/// What a comparison refuses before it plays anything, so a typo cannot pass for a vendor difference: an app that
/// no compared policy has, or an event or step condition that no compared provider declares, is a positioned
/// error. An event or condition that only some compared providers declare is a note in the output: the others
/// see the step as not applicable, or play it without the condition.
enum CompareCheck {
    static func check(_ scenario: Scenario, policies: [CompiledPolicy]) throws(DiagnosticsError) -> [String] {
        var diagnostics = Diagnostics()
        var appIDs: [String] = []
        var known = Set<String>()
        for policy in policies {
            for app in policy.configuration.apps where known.insert(app.id).inserted { appIDs.append(app.id) }
        }
        let descriptors = policies.map(\.descriptor)
        // Event name → the providers declaring it (as an app-targeted event or not), computed once per name.
        var eventDeclarers: [String: [Bool]] = [:]
        var conditionDeclarers: [String: [Bool]] = [:]
        var partialEvents: [String: [Int]] = [:]
        var partialConditions: [String: [Int]] = [:]
        var order: [String] = []
        for step in scenario.steps {
            let declarers =
                eventDeclarers[step.event]
                ?? {
                    let declared = descriptors.map { descriptor in
                        step.event == HandoverDeclaration.stepKey
                            ? descriptor.handover != nil : descriptor.event(step.event) != nil
                    }
                    eventDeclarers[step.event] = declared
                    return declared
                }()
            if !declarers.contains(true) {
                diagnostics.error(
                    "step \(step.number): no compared provider declares '\(step.event)' ("
                        + Self.providerList(descriptors) + ")", at: step.eventPosition)
                continue
            }
            if declarers.contains(false) {
                if partialEvents[step.event] == nil { order.append("event:" + step.event) }
                partialEvents[step.event, default: []].append(step.number)
            }
            let targetsApp = descriptors.contains { descriptor in
                descriptor.allEvents.contains { $0.name == step.event && ($0.target == .app || $0.target == .appOrAll) }
            }
            if targetsApp, step.target != "all", !known.contains(step.target) {
                diagnostics.error(
                    "step \(step.number): no compared policy has an app '\(step.target)'"
                        + Suggestion.didYouMean(step.target, in: appIDs), at: step.targetPosition)
            }
            for entry in step.conditions {
                let declared =
                    conditionDeclarers[entry.key]
                    ?? {
                        let declared = descriptors.map { $0.stepCondition(entry.key) != nil }
                        conditionDeclarers[entry.key] = declared
                        return declared
                    }()
                if !declared.contains(true) {
                    diagnostics.error(
                        "step \(step.number): no compared provider declares the step condition '\(entry.key)' ("
                            + Self.providerList(descriptors) + ")", at: entry.keyPosition)
                } else if declared.contains(false) {
                    if partialConditions[entry.key] == nil { order.append("condition:" + entry.key) }
                    partialConditions[entry.key, default: []].append(step.number)
                }
            }
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics.sorted) }
        return order.map { item in
            let isEvent = item.hasPrefix("event:")
            let name = String(item.drop(while: { $0 != ":" }).dropFirst())
            let steps = (isEvent ? partialEvents[name] : partialConditions[name]) ?? []
            let declared = (isEvent ? eventDeclarers[name] : conditionDeclarers[name]) ?? []
            let without = zip(policies, declared).filter { !$0.1 }.map { "'\($0.0.configuration.id)'" }
            let stepsText = (steps.count == 1 ? "step " : "steps ") + Self.numberList(steps)
            return isEvent
                ? "'\(name)' (\(stepsText)) is not declared by the provider of "
                    + without.joined(separator: ", ") + ": not applicable there"
                : "the step condition '\(name)' (\(stepsText)) is not declared by the provider of "
                    + without.joined(separator: ", ") + ": played there without it"
        }
    }

    static func providerList(_ descriptors: [ProviderDescriptor]) -> String {
        var seen = Set<String>()
        return descriptors.map(\.id).filter { seen.insert($0).inserted }.joined(separator: ", ")
    }

    /// `3, 5, 7` — at most ten numbers, then `…`.
    static func numberList(_ numbers: [Int]) -> String {
        let shown = numbers.prefix(10).map(String.init).joined(separator: ", ")
        return numbers.count > 10 ? shown + ", …" : shown
    }
}
