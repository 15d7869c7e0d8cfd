import SSOPolicyProviderKit

/// A scenario bound to one compiled policy: apps, users, events and conditions resolved to the provider's ids.
public struct BoundScenario: Sendable {
    public struct Step: Sendable {
        public var step: ScenarioStep
        /// nil when the step does not apply to this policy (unknown app in a comparison, unsupported event).
        public var event: ProviderEvent?
        /// Why the step does not apply, for text output.
        public var notApplicableReason: String?
        /// A `handover` step's provider events before `event` (its last), all at the step's time.
        public var leading: [ProviderEvent] = []
        /// A `handover` step's expansion in words (`alice sign_out inventory`), in order.
        public var expansion: [String] = []

        /// Every event the step plays, in order.
        public var events: [ProviderEvent] { event.map { leading + [$0] } ?? [] }
    }

    public var scenario: Scenario
    public var policy: CompiledPolicy
    public var users: UserDirectory
    public var facts: FactValues
    public var steps: [Step]

    /// Whether `other` plays the same events from the same facts: any policy plays both alike (their words may
    /// differ).
    func playsLike(_ other: BoundScenario) -> Bool {
        facts == other.facts && steps.count == other.steps.count
            && zip(steps, other.steps).allSatisfy { $0.event == $1.event && $0.leading == $1.leading }
    }
}

/// A provider's declared handover as its events, for one policy and two users: shared by scenario binding and by
/// `verify --assume hands-over`, so both play the same procedure.
enum HandoverExpansion {
    /// Each action's events with its words (`open app`), or with no words unless `worded`. Without `from` (the first
    /// worker takes the device) only the actions by `to`.
    static func events(
        _ declaration: HandoverDeclaration, policy: CompiledPolicy, from: UserID?, to: UserID, time: Int,
        worded: Bool = true
    ) -> [(event: ProviderEvent, text: String)] {
        var events: [(ProviderEvent, String)] = []
        for action in declaration.actions {
            guard let eventID = policy.descriptor.event(action.event) else { continue }
            let user: UserID
            switch action.actor {
            case .from:
                guard let from else { continue }
                user = from
            case .to: user = to
            }
            if case .word(let word) = action.target {
                events.append(
                    (
                        ProviderEvent(event: eventID, target: .word(word), user: user, time: time),
                        worded ? "\(action.event) \(word)" : ""
                    ))
                continue
            }
            for app in action.target.apps(in: policy.configuration) {
                events.append(
                    (
                        ProviderEvent(event: eventID, target: .app(app), user: user, time: time),
                        worded ? "\(action.event) \(policy.configuration.apps[app.int].id)" : ""
                    ))
            }
        }
        return events
    }
}

/// Binds scenarios to policies. In `.strict` mode (a single `run`) an app the policy lacks is an error; in
/// `.lenient` mode (comparisons) the step is `not_applicable` for that policy.
public struct ScenarioBinder: Sendable {
    public enum Mode: Sendable { case strict, lenient }

    public var mode: Mode

    public init(mode: Mode) { self.mode = mode }

    public func bind(_ scenario: Scenario, to policy: CompiledPolicy) -> Result<BoundScenario, DiagnosticsError> {
        var diagnostics = Diagnostics()
        let descriptor = policy.descriptor
        let configuration = policy.configuration
        var users = UserDirectory(scenario.userNames)

        // Facts: `given:` keys this provider declares; other providers' facts are not this policy's concern.
        var device: [String: String] = [:]
        var perApp: [Int: [String: String]] = [:]
        for entry in scenario.given {
            guard let fact = descriptor.facts.first(where: { $0.key == entry.key }) else { continue }
            if fact.scope == .app, let items = entry.value.entries {
                for item in items {
                    guard let app = configuration.app(named: item.key) else {
                        if mode == .strict {
                            diagnostics.error(
                                "given: \(entry.key): policy '\(configuration.id)' has no app '\(item.key)'"
                                    + Suggestion.didYouMean(item.key, in: configuration.apps.map(\.id)),
                                at: item.keyPosition)
                        }
                        continue
                    }
                    guard let text = item.value.scalar, !item.value.isNull else {
                        diagnostics.error("given: \(entry.key).\(item.key): expected a value", at: item.value.position)
                        continue
                    }
                    perApp[app.int, default: [:]][entry.key] = text
                    check(text, fact, at: item.value.position, users: &users, &diagnostics)
                }
            } else if let text = entry.value.scalar, !entry.value.isNull {
                device[entry.key] = text
                check(text, fact, at: entry.value.position, users: &users, &diagnostics)
            } else {
                diagnostics.error(
                    "given: \(entry.key): expected \(fact.domain.expectation)"
                        + (fact.scope == .app ? " or a mapping of app ids to values" : ""), at: entry.value.position)
            }
        }
        var facts = FactValues(device: [], perApp: [])
        if !diagnostics.hasErrors {
            do {
                facts = try FactBuilder.make(
                    descriptor, appCount: configuration.apps.count, device: device, perApp: perApp, users: &users)
            } catch {
                diagnostics.error("given: \(error)", at: scenario.position)
            }
        }

        var steps: [BoundScenario.Step] = []
        // A step this policy cannot play: in a comparison (lenient) it is not applicable here, for the reason given;
        // played against this policy alone (strict) it is an error at its position.
        func doesNotApply(
            _ step: ScenarioStep, _ reason: String, error: @autoclosure () -> String, at position: SourcePosition
        ) {
            if mode == .lenient {
                steps.append(.init(step: step, event: nil, notApplicableReason: reason))
            } else {
                diagnostics.error(error(), at: position)
            }
        }
        for step in scenario.steps {
            if let handover = step.handover {
                steps.append(expand(step, handover, policy: policy, users: &users))
                continue
            }
            guard let eventID = descriptor.event(step.event) else {
                steps.append(
                    .init(
                        step: step, event: nil,
                        notApplicableReason: "'\(step.event)' is not an event of \(descriptor.id)"))
                continue
            }
            let declaration = descriptor.eventDeclaration(eventID)
            if declaration.requiresUser, step.user == nil {
                // Another provider's declaration of the event let the scenario leave out the user.
                doesNotApply(
                    step, "\(descriptor.id)'s '\(step.event)' needs a 'user'",
                    error: "step \(step.number): \(descriptor.id)'s '\(step.event)' needs a 'user'",
                    at: step.eventPosition)
                continue
            }
            var target: ProviderEvent.Target
            switch declaration.target {
            case .choice(let words):
                // The scenario may use another provider's word for this event (each provider names its own).
                guard words.contains(step.target) else {
                    doesNotApply(
                        step, "\(descriptor.id) has no '\(step.event): \(step.target)'",
                        error: "step \(step.number): \(step.event): \(descriptor.id) expects one of "
                            + words.map { "'\($0)'" }.joined(separator: ", ") + ", found '\(step.target)'"
                            + Suggestion.didYouMean(step.target, in: words), at: step.targetPosition)
                    continue
                }
                target = .word(step.target)
            case .app, .appOrAll:
                if step.target == "all", declaration.target == .appOrAll {
                    target = .allApps
                } else if let app = configuration.app(named: step.target) {
                    target = .app(app)
                } else {
                    doesNotApply(
                        step, "policy has no app '\(step.target)'",
                        error: "step \(step.number): policy '\(configuration.id)' has no app '\(step.target)'"
                            + Suggestion.didYouMean(step.target, in: configuration.apps.map(\.id)),
                        at: step.targetPosition)
                    continue
                }
            }
            var conditions = StepConditions()
            for entry in step.conditions {
                guard let id = descriptor.stepCondition(entry.key) else { continue }
                let condition = descriptor.stepConditions[Int(id.index)]
                if !condition.events.contains(step.event) {
                    diagnostics.error(
                        "step \(step.number): '\(entry.key)' applies to "
                            + condition.events.map { "'\($0)'" }.joined(separator: ", ")
                            + ", not '\(step.event)'", at: entry.keyPosition)
                    continue
                }
                guard let text = entry.value.scalar, !entry.value.isNull, let value = condition.kind.parse(text) else {
                    diagnostics.error(
                        "\(entry.key): expected \(condition.kind.expectation), found \(entry.value.kindDescription)"
                            + Suggestion.didYouMean(entry.value.scalar ?? "", in: condition.kind.suggestions),
                        at: entry.value.position)
                    continue
                }
                if condition.kind == .app, configuration.app(named: text) == nil {
                    // In a comparison the condition names an app this policy lacks: it is about no app here.
                    if mode == .strict {
                        diagnostics.error(
                            "step \(step.number): \(entry.key): policy '\(configuration.id)' has no app '\(text)'"
                                + Suggestion.didYouMean(text, in: configuration.apps.map(\.id)),
                            at: entry.value.position)
                    }
                    continue
                }
                conditions.set(id, value)
            }
            let user = step.user.map { users.intern($0) }
            steps.append(
                .init(
                    step: step,
                    event: ProviderEvent(
                        event: eventID, target: target, user: user, time: step.time, conditions: conditions),
                    notApplicableReason: nil))
        }
        if diagnostics.hasErrors { return .failure(DiagnosticsError(diagnostics.sorted)) }
        return .success(BoundScenario(scenario: scenario, policy: policy, users: users, facts: facts, steps: steps))
    }

    /// `bound`, bound to another compile of the same policy's apps (`advise` changes keys, never apps), bound to
    /// `policy`: only its handover steps are expanded again. They are the one part of binding that reads the
    /// policy's keys (which app a handover signs out first); the rest reads app names and the provider's
    /// declarations, which a change of keys leaves as they are. Unless `worded`, the expanded steps have no words
    /// (`Step.expansion`): a play that is only counted (`advise`) never shows them.
    func rebinding(_ bound: BoundScenario, to policy: CompiledPolicy, worded: Bool = true) -> BoundScenario {
        var rebound = bound
        rebound.policy = policy
        for index in rebound.steps.indices {
            guard let handover = rebound.steps[index].step.handover else { continue }
            rebound.steps[index] = expand(
                rebound.steps[index].step, handover, policy: policy, users: &rebound.users, worded: worded)
        }
        return rebound
    }

    /// A `handover` step as the provider's declared procedure: each action's event by `from` or `to`, at the
    /// step's time.
    private func expand(
        _ step: ScenarioStep, _ handover: ScenarioStep.Handover, policy: CompiledPolicy, users: inout UserDirectory,
        worded: Bool = true
    ) -> BoundScenario.Step {
        // The descriptor is read in place: a copy of it would retain each of its many references.
        guard let declaration = policy.descriptor.handover else {
            return .init(
                step: step, event: nil,
                notApplicableReason: "\(policy.descriptor.id) declares no handover procedure")
        }
        let from = handover.from.map { users.intern($0) }
        let to = users.intern(handover.to)
        let expanded = HandoverExpansion.events(
            declaration, policy: policy, from: from, to: to, time: step.time, worded: worded)
        var events = expanded.map(\.event)
        let words =
            worded
            ? expanded.map { "\($0.event.user == to ? handover.to : handover.from ?? handover.to) \($0.text)" } : []
        guard let last = events.popLast() else {
            return .init(
                step: step, event: nil,
                notApplicableReason: handover.from == nil
                    ? "\(policy.descriptor.id) has no step for taking the device: \(handover.to) starts at the first "
                        + "access"
                    : "the handover names no app of this policy")
        }
        return .init(step: step, event: last, notApplicableReason: nil, leading: events, expansion: words)
    }

    private func check(
        _ text: String, _ fact: FactDeclaration, at position: SourcePosition, users: inout UserDirectory,
        _ diagnostics: inout Diagnostics
    ) {
        do {
            _ = try FactBuilder.parse(text, for: fact, users: &users)
        } catch {
            diagnostics.error("given: \(error)", at: position)
        }
    }
}
