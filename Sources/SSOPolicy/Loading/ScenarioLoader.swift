import SSOPolicyProviderKit

/// Loads a scenario file (spec 3.2). Events and step conditions are checked against every registered provider's
/// vocabulary here; whether a given policy supports them is decided when the scenario is bound to it.
package struct ScenarioLoader: Sendable {
    package let registry: ProviderRegistry
    package var limits: InputLimits

    package init(registry: ProviderRegistry, limits: InputLimits = .documents) {
        self.registry = registry
        self.limits = limits
    }

    static let topKeys = ["scenario", "title", "timezone", "given", "steps"]
    static let stepKeys = ["at", "after", "user", "note"]

    var eventNames: [String] {
        var names: [String] = EventDeclaration.required.map(\.name)
        if registry.providers.contains(where: { $0.descriptor.handover != nil }) {
            names.append(HandoverDeclaration.stepKey)
        }
        for provider in registry.providers {
            for event in provider.descriptor.events where !names.contains(event.name) { names.append(event.name) }
        }
        return names
    }

    var conditionKeys: [String] {
        var keys: [String] = []
        for provider in registry.providers {
            for condition in provider.descriptor.stepConditions where !keys.contains(condition.key) {
                keys.append(condition.key)
            }
        }
        return keys
    }

    var factKeys: [String] {
        var keys: [String] = []
        for provider in registry.providers {
            for fact in provider.descriptor.facts where !keys.contains(fact.key) { keys.append(fact.key) }
        }
        return keys
    }

    package func load(_ root: ConfigNode, file: String) -> Result<Scenario, DiagnosticsError> {
        var reader = NodeReader()
        guard let entries = reader.mapping(root, "scenario file") else {
            return .failure(DiagnosticsError(reader.diagnostics.all))
        }
        reader.rejectUnknownKeys(entries, known: Self.topKeys, in: "scenario")
        reader.requireKeys(["scenario", "steps"], in: entries, at: root.position, "scenario")
        var id = ""
        if let entry = entries["scenario"], let text = reader.identifier(entry.value, "scenario") { id = text }
        var title: String?
        if let entry = entries["title"] { title = reader.text(entry.value, "title") }
        var given: [ConfigEntry] = []
        if let entry = entries["given"], !entry.value.isNull, let facts = reader.mapping(entry.value, "given") {
            reader.rejectUnknownKeys(facts, known: factKeys, in: "given (facts of the registered providers)")
            given = facts.filter { factKeys.contains($0.key) }
            for entry in given { checkFact(entry, &reader) }
        }
        var clock = ScenarioClockReader()
        var timezone: String?
        if let entry = entries["timezone"], let name = reader.text(entry.value, "timezone") {
            clock.zoneNamed = true
            if let zone = TimeZoneRules(identifier: name) {
                clock.zone = zone
                timezone = name
            } else {
                reader.error(
                    "timezone: expected an IANA time zone name like 'Europe/Paris' or 'America/New_York', found "
                        + Excerpt.quoted(name) + Suggestion.didYouMean(name, in: TimeZoneRules.identifiers),
                    at: entry.value.position)
            }
        }
        var steps: [ScenarioStep] = []
        if let entry = entries["steps"], let items = reader.sequence(entry.value, "steps") {
            if items.isEmpty { reader.error("steps: a scenario needs at least one step", at: entry.value.position) }
            if items.count > limits.maxSteps {
                reader.error(
                    "steps: \(items.count) steps; the limit is \(limits.maxSteps)", at: items[limits.maxSteps].position)
            } else {
                for (index, item) in items.enumerated() {
                    guard WorkBudget.spend() else { break }
                    if let step = readStep(item, number: index + 1, clock: &clock, &reader) {
                        steps.append(step)
                    }
                }
            }
        }
        if let entry = entries["timezone"], !clock.isDated, !steps.isEmpty {
            reader.error(
                "timezone: applies to dated times ('at: 2026-11-24T19:05'), and this scenario's first step has a "
                    + "clock time; date the steps or remove 'timezone'", at: entry.keyPosition)
        }
        checkHandovers(steps, given: given, &reader)
        if reader.diagnostics.hasErrors { return .failure(DiagnosticsError(reader.diagnostics.sorted)) }
        return .success(
            Scenario(
                id: id, title: title, file: file, position: entries["scenario"]?.value.position ?? root.position,
                given: given, steps: steps, timezone: timezone))
    }

    private func readStep(
        _ node: ConfigNode, number: Int, clock: inout ScenarioClockReader, _ reader: inout NodeReader
    ) -> ScenarioStep? {
        let what = "step \(number)"
        guard let entries = reader.mapping(node, what) else { return nil }
        let events = eventNames
        let conditions = conditionKeys
        reader.rejectUnknownKeys(entries, known: Self.stepKeys + events + conditions, in: what)
        let eventEntries = entries.filter { events.contains($0.key) }
        let errorsBefore = reader.diagnostics.errors.count

        // Time: `at`, `after`, or one minute after the previous step (the first step is at 08:00).
        let (time, dated) = clock.read(
            at: entries["at"], after: entries["after"], node: node, number: number, &reader)

        var user: String?
        if let entry = entries["user"], let name = reader.identifier(entry.value, "user") {
            if name == "none" || name == "all" {
                reader.error("user: '\(name)' is reserved; choose another name", at: entry.value.position)
            } else {
                user = name
            }
        }
        var note: String?
        if let entry = entries["note"] { note = reader.text(entry.value, "note") }

        guard eventEntries.count == 1, let event = eventEntries.first else {
            if eventEntries.isEmpty {
                reader.error(
                    "\(what): missing an event; expected one of " + events.map { "'\($0)'" }.joined(separator: ", "),
                    at: node.position)
            } else {
                reader.error(
                    "\(what): a step has exactly one event, found "
                        + eventEntries.map { "'\($0.key)'" }.joined(separator: ", "),
                    at: eventEntries[1].keyPosition)
            }
            return nil
        }
        if event.key == HandoverDeclaration.stepKey {
            let handover = readHandover(event, user: entries["user"], what: what, &reader)
            checkConditions(entries.filter { conditions.contains($0.key) }, event: event.key, &reader)
            guard let handover, reader.diagnostics.errors.count == errorsBefore else { return nil }
            return ScenarioStep(
                number: number, position: node.position, time: time, user: handover.to, event: event.key,
                eventPosition: event.keyPosition, target: (handover.from.map { "\($0) " } ?? "") + "-> \(handover.to)",
                targetPosition: event.value.position, conditions: [], note: note, handover: handover, dated: dated)
        }
        // Every provider's declaration of the event: a scenario is vendor-neutral, so a target is accepted when
        // some provider that declares the event accepts it (binding checks it against the policy's own provider).
        let declarations = registry.providers.flatMap(\.descriptor.allEvents).filter { $0.name == event.key }
        // A user is needed when every provider declaring the event needs one; binding checks the policy's own.
        if !declarations.isEmpty, declarations.allSatisfy(\.requiresUser), user == nil, entries["user"] == nil {
            reader.error("\(what): '\(event.key)' needs a 'user'", at: event.keyPosition)
        }
        guard let target = reader.text(event.value, event.key) else { return nil }
        var words: [String] = []
        for case .choice(let choices) in declarations.map(\.target) {
            for word in choices where !words.contains(word) { words.append(word) }
        }
        let takesApp = declarations.contains { $0.target == .app || $0.target == .appOrAll }
        let takesAll = declarations.contains { $0.target == .appOrAll }
        if words.contains(target) {
            // A word of some provider that takes words for this event.
        } else if !declarations.isEmpty, !takesApp {
            reader.error(
                "\(event.key): expected one of " + words.map { "'\($0)'" }.joined(separator: ", ")
                    + ", found '\(target)'"
                    + Suggestion.didYouMean(target, in: words), at: event.value.position)
        } else if target == "all", !declarations.isEmpty, !takesAll {
            reader.error("\(event.key): 'all' is only allowed with 'terminate'", at: event.value.position)
        } else if !Identifier.isValid(target) {
            reader.error("\(event.key): '\(target)' is not a valid app id", at: event.value.position)
        }
        checkConditions(entries.filter { conditions.contains($0.key) }, event: event.key, &reader)
        if reader.diagnostics.errors.count > errorsBefore { return nil }
        return ScenarioStep(
            number: number, position: node.position, time: time, user: user, event: event.key,
            eventPosition: event.keyPosition, target: target, targetPosition: event.value.position,
            conditions: entries.filter { conditions.contains($0.key) }, note: note, dated: dated)
    }

    /// `handover: { from: alice, to: bob }`: two different workers, and no `user` (the step's user is `to`);
    /// `handover: { to: alice }`: the first worker takes the device.
    private func readHandover(
        _ event: ConfigEntry, user: ConfigEntry?, what: String, _ reader: inout NodeReader
    ) -> ScenarioStep.Handover? {
        if let user {
            reader.error(
                "\(what): a handover names its workers with 'from' and 'to'; remove 'user'", at: user.keyPosition)
        }
        guard let entries = reader.mapping(event.value, "handover") else { return nil }
        reader.rejectUnknownKeys(entries, known: ["from", "to"], in: "handover")
        reader.requireKeys(["to"], in: entries, at: event.value.position, "handover")
        func worker(_ key: String) -> (String, SourcePosition)? {
            guard let entry = entries[key], let name = reader.identifier(entry.value, "handover: \(key)") else {
                return nil
            }
            if name == "none" || name == "all" {
                reader.error("handover: \(key): '\(name)' is reserved; choose another name", at: entry.value.position)
                return nil
            }
            return (name, entry.value.position)
        }
        let from = entries["from"] == nil ? nil : worker("from")
        guard entries["from"] == nil || from != nil, let to = worker("to") else { return nil }
        if let from, from.0 == to.0 {
            reader.error("handover: 'from' and 'to' are both '\(to.0)'; a handover is between two workers", at: to.1)
            return nil
        }
        return ScenarioStep.Handover(from: from?.0, to: to.0, fromPosition: from?.1, toPosition: to.1)
    }

    /// A handover comes from the worker who used the device last (the last step with a user), or, before any such
    /// step, from a user the scenario's `given:` facts name: anyone else is a typo or a missing step. One without
    /// `from` (the first worker takes the device) comes before any step with a user.
    private func checkHandovers(_ steps: [ScenarioStep], given: [ConfigEntry], _ reader: inout NodeReader) {
        var last: (user: String, step: Int)?
        var known: [String] = []
        var seen = Set<String>()
        func note(_ name: String) { if seen.insert(name).inserted { known.append(name) } }
        for entry in given {
            if let text = entry.value.scalar { note(text) }
            for item in entry.value.entries ?? [] { if let text = item.value.scalar { note(text) } }
        }
        for step in steps {
            if let handover = step.handover, handover.from == nil {
                if let last {
                    reader.error(
                        "step \(step.number): handover to '\(handover.to)' without 'from', but '\(last.user)' used the "
                            + "device at step \(last.step): write from: \(last.user)", at: handover.toPosition)
                }
            } else if let handover = step.handover, let from = handover.from, let fromPosition = handover.fromPosition {
                if let last, last.user != from {
                    reader.error(
                        "step \(step.number): handover from '\(from)', but the device's last user is "
                            + "'\(last.user)' (step \(last.step))", at: fromPosition)
                } else if last == nil, !seen.contains(from) {
                    reader.error(
                        "step \(step.number): handover from '\(from)', who has not used the device before"
                            + Suggestion.didYouMean(from, in: known), at: fromPosition)
                }
            }
            if let user = step.user {
                last = (user, step.number)
                note(user)
            }
        }
    }

    /// A step condition must go with an event some provider allows it on, with a value of its kind; checked here
    /// so `check` catches it without a policy (binding checks it again against the policy's own provider).
    private func checkConditions(_ entries: [ConfigEntry], event: String, _ reader: inout NodeReader) {
        for entry in entries {
            let declarations = registry.providers.flatMap(\.descriptor.stepConditions).filter { $0.key == entry.key }
            guard !declarations.isEmpty else { continue }
            if !declarations.contains(where: { $0.events.contains(event) }) {
                let events = declarations.flatMap(\.events)
                reader.error(
                    "'\(entry.key)' applies to " + events.map { "'\($0)'" }.joined(separator: ", ")
                        + ", not '\(event)'", at: entry.keyPosition)
                continue
            }
            guard let text = reader.text(entry.value, entry.key) else { continue }
            if !declarations.contains(where: { $0.kind.parse(text) != nil }) {
                let kind = declarations[0].kind
                reader.error(
                    "\(entry.key): expected \(kind.expectation), found \(Excerpt.quoted(text))"
                        + Suggestion.didYouMean(text, in: kind.suggestions), at: entry.value.position)
            }
        }
    }

    /// A `given:` value must be a value of the fact (or, for a per-app fact, a mapping of app ids to values) for
    /// some registered provider; binding checks it again against the policy's provider and apps.
    private func checkFact(_ entry: ConfigEntry, _ reader: inout NodeReader) {
        let declarations = registry.providers.flatMap(\.descriptor.facts).filter { $0.key == entry.key }
        guard let first = declarations.first else { return }
        func accepts(_ text: String) -> Bool {
            declarations.contains { declaration in
                switch declaration.domain {
                case .choice(let values): return values.contains(text)
                case .account: return Identifier.isValid(text)
                }
            }
        }
        func check(_ node: ConfigNode, _ what: String) {
            guard let text = reader.text(node, what) else { return }
            if !accepts(text) {
                var message = "\(what): expected \(first.domain.expectation), found \(Excerpt.quoted(text))"
                if case .choice(let values) = first.domain { message += Suggestion.didYouMean(text, in: values) }
                reader.error(message, at: node.position)
            }
        }
        if let items = entry.value.entries, declarations.contains(where: { $0.scope == .app }) {
            for item in items { check(item.value, "given: \(entry.key).\(item.key)") }
        } else {
            check(entry.value, "given: \(entry.key)")
        }
    }
}
