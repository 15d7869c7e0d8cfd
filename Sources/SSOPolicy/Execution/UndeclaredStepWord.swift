import SSOPolicyProviderKit

/// A scenario's event or step condition that the provider of some played policy does not declare. A scenario is
/// vendor-neutral (the loader accepts any registered provider's words and refuses the rest), so this is not an
/// error: the step is not applicable to that policy (a condition: the step is played without it). `run` and
/// `compare` follow this one rule and say so in the same words: `run` on standard error, `compare` in its notes.
package struct UndeclaredStepWord: Sendable, Hashable {
    package enum Kind: Sendable, Hashable { case event, condition }

    package var kind: Kind
    package var name: String
    /// The step numbers that use it, in order.
    package var steps: [Int]
    /// The played policies whose provider does not declare it, in the order played.
    package var policies: [Policy]
    /// No played policy's provider declares it.
    package var declaredByNone: Bool

    package struct Policy: Sendable, Hashable {
        package var id: String
        package var provider: String
    }

    /// The note, e.g. `'check_out' (step 1) is not declared by the provider of 'frontline-entra'
    /// (entra-shared-device): not applicable there`.
    package var note: String {
        let stepsText = (steps.count == 1 ? "step " : "steps ") + Self.numberList(steps)
        // Policies of one provider together: `'a', 'b' (entra-shared-device), 'c' (imprivata-mam)`.
        var providers: [String] = []
        for policy in policies where !providers.contains(policy.provider) { providers.append(policy.provider) }
        let without = providers.map { provider in
            policies.filter { $0.provider == provider }.map { "'\($0.id)'" }.joined(separator: ", ") + " (\(provider))"
        }.joined(separator: ", ")
        switch kind {
        case .event:
            return "'\(name)' (\(stepsText)) is not declared by the provider of \(without): not applicable there"
        case .condition:
            return "the step condition '\(name)' (\(stepsText)) is not declared by the provider of \(without): "
                + "played there without it"
        }
    }

    /// Every event and step condition of `scenario` that some of `policies`' providers do not declare, in order of
    /// first use; linear in steps × policies (each name is looked up once per provider).
    package static func find(in scenario: Scenario, policies: [CompiledPolicy]) -> [UndeclaredStepWord] {
        let descriptors = policies.map(\.descriptor)
        var declared: [String: [Bool]] = [:]
        var found: [String: UndeclaredStepWord] = [:]
        var order: [String] = []
        func note(_ kind: Kind, _ name: String, step: Int, _ lookup: (ProviderDescriptor) -> Bool) {
            let key = (kind == .event ? "event:" : "condition:") + name
            let flags =
                declared[key]
                ?? {
                    let flags = descriptors.map(lookup)
                    declared[key] = flags
                    return flags
                }()
            guard flags.contains(false) else { return }
            if found[key] == nil {
                order.append(key)
                found[key] = UndeclaredStepWord(
                    kind: kind, name: name, steps: [],
                    policies: zip(policies, flags).filter { !$0.1 }.map {
                        Policy(id: $0.0.configuration.id, provider: $0.0.descriptor.id)
                    }, declaredByNone: !flags.contains(true))
            }
            found[key]?.steps.append(step)
        }
        for step in scenario.steps {
            note(.event, step.event, step: step.number) { descriptor in
                step.event == HandoverDeclaration.stepKey
                    ? descriptor.handover != nil : descriptor.event(step.event) != nil
            }
            for entry in step.conditions {
                note(.condition, entry.key, step: step.number) { $0.stepCondition(entry.key) != nil }
            }
        }
        return order.compactMap { found[$0] }
    }

    /// `3, 5, 7` — at most ten numbers, then `…`.
    static func numberList(_ numbers: [Int]) -> String {
        let shown = numbers.prefix(10).map(String.init).joined(separator: ", ")
        return numbers.count > 10 ? shown + ", …" : shown
    }
}
