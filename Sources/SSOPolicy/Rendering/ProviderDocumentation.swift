import Foundation
import SSOPolicyProviderKit

/// `ssopolicy providers`: everything a provider declares, from the same tables the engine validates with.
package enum ProviderDocumentation {
    static func kindText(_ kind: ValueKind) -> String {
        switch kind {
        case .choice(let values): return values.joined(separator: " | ")
        case .bool: return "true | false"
        case .duration: return "duration (30s, 15m, 2h, 0)"
        case .integer(let min, let max):
            return "integer" + (min.map { " >= \($0)" } ?? "") + (max.map { " <= \($0)" } ?? "")
        case .version: return "version (e.g. 17.4)"
        case .identifier: return "name"
        case .app: return "app id"
        }
    }

    /// A fact's or a detail's values: its words, or a user name for account values.
    static func valuesText(_ domain: FactDomain) -> String {
        switch domain {
        case .choice(let values): return values.joined(separator: " | ")
        case .account: return "user | none"
        }
    }

    static func valuesText(_ kind: DetailDeclaration.Kind) -> String {
        switch kind {
        case .choice(let values): return valuesText(FactDomain.choice(values))
        case .account: return valuesText(FactDomain.account)
        }
    }

    static func targetText(_ target: EventTarget) -> String {
        switch target {
        case .app: return "APP"
        case .appOrAll: return "APP | all"
        case .choice(let words): return words.joined(separator: " | ")
        }
    }

    /// What a rule does when it fires, as `providers` prints it after the rule's summary: "; shows passcode;
    /// raises previous-user-session-active". Empty for a rule without an effect.
    static func effectText(_ effect: RuleEffect, _ descriptor: ProviderDescriptor) -> String {
        var parts: [String] = []
        if !effect.prompts.isEmpty { parts.append("shows " + effect.prompts.map(\.name).joined(separator: ", ")) }
        if let session = effect.session { parts.append("session " + session.name) }
        let findings = effect.findings.compactMap { id in
            Int(id.index) < descriptor.findings.count ? descriptor.findings[Int(id.index)].id : nil
        }
        if !findings.isEmpty { parts.append("raises " + findings.joined(separator: ", ")) }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: "; ")
    }

    /// A rule's effect as JSON: `{"prompts": […], "session": … or null, "findings": […]}`.
    static func effectJSON(_ effect: RuleEffect, _ descriptor: ProviderDescriptor) -> JSONValue {
        .object([
            ("prompts", .strings(effect.prompts.map(\.name))), ("session", .optional(effect.session?.name)),
            (
                "findings",
                .strings(
                    effect.findings.compactMap { id in
                        Int(id.index) < descriptor.findings.count ? descriptor.findings[Int(id.index)].id : nil
                    })
            ),
        ])
    }

    /// Citations as JSON: `[{"id": …, "locator": …}]`, resolved by `ssopolicy sources --format json`.
    package static func citationsJSON(_ citations: [Citation]) -> JSONValue {
        .array(citations.map { .object([("id", .string($0.source)), ("locator", .string($0.locator))]) })
    }

    package static func text(_ descriptors: [ProviderDescriptor]) -> String {
        var out = ""
        for descriptor in descriptors {
            out += "\(descriptor.id): \(descriptor.name)\n"
            out += wrap(descriptor.summary, indent: "  ", hanging: "  ") + "\n"
            out += "  sources (cited below as [ID LOCATOR]; 'ssopolicy sources ID' has the rest):\n"
            for document in descriptor.sources {
                out +=
                    wrap("\(document.id): \(SourceCatalogue.line(document))", indent: "    ", hanging: "      ") + "\n"
            }
            out += "  shared session held by: \(descriptor.sessionAuthority)\n"
            out += handoverText(descriptor)
            func section(_ title: String, _ items: [(String, String, String)]) {
                guard !items.isEmpty else { return }
                out += "\n  \(title)\n"
                for (name, kind, meaning) in items {
                    out += "    \(name): \(kind)\n"
                    out += wrap(meaning, indent: "      ", hanging: "      ") + "\n"
                }
            }
            section(
                "settings:",
                descriptor.settings.map {
                    (
                        $0.key, kindText($0.kind) + ($0.defaultValue.map { " (default \($0))" } ?? " (required)"),
                        "\($0.meaning) [\($0.sources.text)]"
                    )
                })
            section(
                "model options (settings.model):",
                descriptor.modelOptions.map { option in
                    (
                        option.key,
                        option.readings.map(\.value).joined(separator: " | ") + " (default \(option.defaultValue))",
                        "\(option.summary) (\(option.conflict)). "
                            + option.readings.map {
                                "'\($0.value)': \($0.meaning) [\($0.sources.text)]"
                            }.joined(
                                separator: " ")
                    )
                })
            section(
                "per-app keys:",
                descriptor.appKeys.map {
                    (
                        $0.key, kindText($0.kind) + ($0.defaultValue.map { " (default \($0))" } ?? " (required)"),
                        "\($0.meaning) [\($0.sources.text)]"
                    )
                })
            section(
                "facts (given: and evaluate --fact):",
                descriptor.facts.map { fact in
                    (
                        fact.key,
                        valuesText(fact.domain) + (fact.scope == .app ? ", per app" : "")
                            + " (default \(fact.defaultValue))",
                        "\(fact.meaning) [\(fact.sources.text)]"
                    )
                })
            section(
                "events:",
                descriptor.allEvents.map { event in
                    let meaning = descriptor.requiredEventMeanings[event.name] ?? event.meaning
                    return (
                        event.name, targetText(event.target) + (event.requiresUser ? ", needs user" : ""),
                        "\(meaning) [\(event.sources.text)]"
                    )
                })
            section(
                "step conditions:",
                descriptor.stepConditions.map {
                    (
                        $0.key, kindText($0.kind) + " on " + $0.events.joined(separator: ", "),
                        "\($0.meaning) [\($0.sources.text)]"
                    )
                })
            section(
                "details:",
                descriptor.details.map { ($0.key, valuesText($0.kind), $0.meaning) })
            section(
                "findings:",
                descriptor.findings.map {
                    (
                        $0.id, $0.severity.name + ($0.concern.map { "; the core's \($0.rawValue)" } ?? ""),
                        "\($0.meaning) [\($0.sources.text)]"
                    )
                })
            section(
                "rules:",
                descriptor.rules.map {
                    (
                        $0.id, "fires when " + $0.firedBecause,
                        $0.summary + effectText($0.effect, descriptor) + " [\($0.sources.text)]"
                    )
                })
            section(
                "decision lists (tried in order; the first rule that fires decides):",
                descriptor.decisionLists.map { list in
                    (
                        list.name, "\(list.rules.count) rules, in order",
                        list.rules.enumerated().map { "\($0 + 1). \($1)" }.joined(separator: ", ")
                    )
                })
            section(
                "verify properties (beyond the core's; see 'ssopolicy verify --help'):",
                descriptor.properties.map {
                    (
                        $0.id, "broken by " + $0.violatedBy.joined(separator: ", "),
                        "\($0.meaning)"
                            + ($0.appliesWhen.isEmpty ? "" : "; n/a otherwise: \($0.notApplicableBecause)")
                            + " [\($0.sources.text)]"
                    )
                }
                    + descriptor.inapplicableProperties.map {
                        ($0.id, "n/a", "\($0.because) [\($0.sources.text)]")
                    })
            out += "\n"
        }
        return out
    }

    /// The provider's shift-change procedure and the prompts it can show, under its header.
    static func handoverText(_ descriptor: ProviderDescriptor) -> String {
        var out =
            wrap(
                "prompts it can show: " + descriptor.producedPrompts.map(\.name).joined(separator: ", "), indent: "  ",
                hanging: "    ") + "\n"
        guard let handover = descriptor.handover else {
            return out + "  handover: none declared (a 'handover' step is not applicable)\n"
        }
        out +=
            wrap(
                "handover (the 'handover: { from, to }' step): \(handover.summary) "
                    + "[\(handover.sources.text)]", indent: "  ",
                hanging: "    ") + "\n"
        for (index, action) in handover.actions.enumerated() {
            out += wrap("\(index + 1). \(action.text)", indent: "    ", hanging: "       ") + "\n"
        }
        return out
    }

    static func handoverJSON(_ handover: HandoverDeclaration, in descriptor: ProviderDescriptor) -> JSONValue {
        .object([
            ("summary", .string(handover.summary)), ("sources", citationsJSON(handover.sources)),
            (
                "actions",
                .array(
                    handover.actions.map {
                        .object([
                            ("actor", .string($0.actor.rawValue)), ("event", .string($0.event)),
                            ("target", .string($0.target.text)),
                        ])
                    })
            ),
        ])
    }

    package static func json(_ descriptors: [ProviderDescriptor]) -> JSONValue {
        .array(descriptors.map(json))
    }

    static func json(_ descriptor: ProviderDescriptor) -> JSONValue {
        func setting(_ declaration: SettingDeclaration) -> JSONValue {
            .object([
                ("key", .string(declaration.key)), ("type", .string(kindText(declaration.kind))),
                ("default", .optional(declaration.defaultValue)), ("meaning", .string(declaration.meaning)),
                ("sources", citationsJSON(declaration.sources)),
            ])
        }
        func reading(_ reading: ModelOptionDeclaration.Reading) -> JSONValue {
            .object([
                ("value", .string(reading.value)), ("meaning", .string(reading.meaning)),
                ("sources", citationsJSON(reading.sources)),
            ])
        }
        let options: [JSONValue] = descriptor.modelOptions.map { option in
            .object([
                ("key", .string(option.key)), ("conflict", .string(option.conflict)),
                ("summary", .string(option.summary)), ("default", .string(option.defaultValue)),
                ("readings", .array(option.readings.map(reading))),
            ])
        }
        let facts: [JSONValue] = descriptor.facts.map { fact in
            .object([
                ("key", .string(fact.key)), ("values", .string(fact.domain.expectation)),
                ("scope", .string(fact.scope.rawValue)), ("default", .string(fact.defaultValue)),
                ("meaning", .string(fact.meaning)), ("sources", citationsJSON(fact.sources)),
            ])
        }
        let details: [JSONValue] = descriptor.details.map {
            .object([
                ("key", .string($0.key)), ("values", .string(valuesText($0.kind))), ("meaning", .string($0.meaning)),
            ])
        }
        let events: [JSONValue] = descriptor.allEvents.map { event in
            .object([
                ("name", .string(event.name)), ("target", .string(targetText(event.target))),
                ("requires_user", .bool(event.requiresUser)), ("access_attempt", .bool(event.isAccessAttempt)),
                ("meaning", .string(descriptor.requiredEventMeanings[event.name] ?? event.meaning)),
                ("sources", citationsJSON(event.sources)),
            ])
        }
        let conditions: [JSONValue] = descriptor.stepConditions.map {
            .object([
                ("key", .string($0.key)), ("type", .string(kindText($0.kind))), ("events", .strings($0.events)),
                ("meaning", .string($0.meaning)), ("sources", citationsJSON($0.sources)),
            ])
        }
        let findings: [JSONValue] = descriptor.findings.map {
            .object([
                ("id", .string($0.id)), ("severity", .string($0.severity.name)), ("message", .string($0.message)),
                ("meaning", .string($0.meaning)), ("sources", citationsJSON($0.sources)),
                ("concern", .optional($0.concern?.rawValue)),
            ])
        }
        let rules: [JSONValue] = descriptor.rules.map {
            .object([
                ("id", .string($0.id)), ("summary", .string($0.summary)), ("fires_when", .string($0.firedBecause)),
                ("effect", effectJSON($0.effect, descriptor)), ("sources", citationsJSON($0.sources)),
            ])
        }
        let properties: [JSONValue] = descriptor.properties.map {
            .object([
                ("id", .string($0.id)), ("meaning", .string($0.meaning)), ("violated_by", .strings($0.violatedBy)),
                ("sources", citationsJSON($0.sources)),
            ])
        }
        return .object([
            ("id", .string(descriptor.id)), ("name", .string(descriptor.name)),
            ("summary", .string(descriptor.summary)), ("sources", .array(descriptor.sources.map(SourceCatalogue.json))),
            ("session_authority", .string(descriptor.sessionAuthority)),
            ("handover", descriptor.handover.map { handoverJSON($0, in: descriptor) } ?? .null),
            ("prompts", .strings(descriptor.producedPrompts.map(\.name))),
            ("settings", .array(descriptor.settings.map(setting))), ("model_options", .array(options)),
            ("app_keys", .array(descriptor.appKeys.map(setting))), ("facts", .array(facts)),
            ("details", .array(details)), ("events", .array(events)), ("step_conditions", .array(conditions)),
            ("findings", .array(findings)), ("rules", .array(rules)),
            (
                "decision_lists",
                .array(
                    descriptor.decisionLists.map {
                        .object([("name", .string($0.name)), ("rules", .strings($0.rules))])
                    })
            ),
            ("properties", .array(properties)),
        ])
    }

    package static func markdown(_ descriptors: [ProviderDescriptor]) -> String {
        var out = ""
        for descriptor in descriptors {
            out += "## `\(descriptor.id)`: \(descriptor.name)\n\n\(descriptor.summary)\n\n"
            out += "Sources:\n\n"
            for document in descriptor.sources { out += "- " + SourceCatalogue.markdownLine(document) + "\n" }
            out += "\n"
            if let handover = descriptor.handover {
                out +=
                    "Handover (`handover: { from, to }`): \(Markdown.cell(handover.summary)) — "
                    + handover.actions.map { "`\($0.actor.rawValue)`: `\($0.event)` \(Markdown.cell($0.target.text))" }
                    .joined(separator: ", then ") + " (\(descriptor.renderCitationsMarkdown(handover.sources)))\n\n"
            }
            out += "| setting | values | default | meaning | source |\n|---|---|---|---|---|\n"
            for setting in descriptor.settings {
                out +=
                    "| `\(setting.key)` | \(Markdown.cell(kindText(setting.kind))) | \(setting.defaultValue ?? "required") | "
                    + "\(Markdown.cell(setting.meaning)) | \(Markdown.cell(descriptor.renderCitationsMarkdown(setting.sources))) |\n"
            }
            out += "\n| rule | fires when | source |\n|---|---|---|\n"
            for rule in descriptor.rules {
                out +=
                    "| `\(rule.id)` | \(Markdown.cell(rule.firedBecause)) | \(Markdown.cell(descriptor.renderCitationsMarkdown(rule.sources))) |\n"
            }
            if !descriptor.decisionLists.isEmpty {
                out += "\nDecision lists (tried in order; the first rule that fires decides):\n\n"
                for list in descriptor.decisionLists {
                    out += "- \(Markdown.cell(list.name)): " + list.rules.map { "`\($0)`" }.joined(separator: ", then ")
                    out += "\n"
                }
            }
            out += "\n| finding | severity | meaning |\n|---|---|---|\n"
            for finding in descriptor.findings {
                out += "| `\(finding.id)` | \(finding.severity.name) | \(Markdown.cell(finding.meaning)) |\n"
            }
            if !descriptor.properties.isEmpty {
                out += "\n| verify property | broken by | meaning |\n|---|---|---|\n"
                for property in descriptor.properties {
                    out +=
                        "| `\(property.id)` | " + property.violatedBy.map { "`\($0)`" }.joined(separator: ", ")
                        + " | \(Markdown.cell(property.meaning)) |\n"
                }
            }
            out += "\n"
        }
        return out
    }
}
