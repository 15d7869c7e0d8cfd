import SSOPolicyProviderKit

/// Reads `ConfigNode`s into typed values, collecting every problem with its position instead of stopping at the
/// first: the loaders for policies, scenarios and suites are written against it.
struct NodeReader {
    var diagnostics = Diagnostics()

    mutating func error(_ message: String, at position: SourcePosition) {
        diagnostics.error(message, at: position)
    }

    /// The entries of a mapping; an error naming `what` otherwise.
    mutating func mapping(_ node: ConfigNode, _ what: String) -> [ConfigEntry]? {
        if let entries = node.entries { return entries }
        error("\(what): expected a mapping, found \(node.kindDescription)", at: node.position)
        return nil
    }

    mutating func sequence(_ node: ConfigNode, _ what: String) -> [ConfigNode]? {
        if let items = node.items { return items }
        error("\(what): expected a list, found \(node.kindDescription)", at: node.position)
        return nil
    }

    /// A scalar with a value (not empty, `~` or `null`).
    mutating func text(_ node: ConfigNode, _ what: String) -> String? {
        if let text = node.scalar, !node.isNull { return text }
        error("\(what): expected a value, found \(node.kindDescription)", at: node.position)
        return nil
    }

    /// An id of `[A-Za-z0-9._-]+`.
    mutating func identifier(_ node: ConfigNode, _ what: String) -> String? {
        guard let text = text(node, what) else { return nil }
        if Identifier.isValid(text) { return text }
        error(
            "\(what): \(Excerpt.quoted(text)) is not a valid name; use letters, digits, '.', '_' or '-' (at most 64)",
            at: node.position)
        return nil
    }

    /// A value of a declared kind, with a suggestion for near misses.
    mutating func value(_ node: ConfigNode, kind: ValueKind, _ what: String) -> SettingValue? {
        guard let text = text(node, what) else { return nil }
        if let value = kind.parse(text) { return value }
        var message = "\(what): expected \(kind.expectation), found \(Excerpt.quoted(text))"
        message += Suggestion.didYouMean(text, in: kind.suggestions)
        if case .bool = kind, ["yes", "no", "on", "off", "True", "False", "TRUE", "FALSE"].contains(text) {
            message += "; only 'true' and 'false' are booleans"
        }
        if case .duration = kind, Int(text) != nil {
            message += "; write a unit, e.g. '\(text)m' or '\(text)s'"
        }
        if case .duration = kind, Duration.isOverBound(text) {
            message += "; a duration is at most \(Duration.maxText)"
        }
        error(message, at: node.position)
        return nil
    }

    /// Reports keys not in `known`, with "did you mean"; `hints` gives extra advice for keys known elsewhere.
    mutating func rejectUnknownKeys(
        _ entries: [ConfigEntry], known: [String], in what: String, hints: [String: String] = [:]
    ) {
        for entry in entries where !known.contains(entry.key) {
            var message = "unknown key '\(entry.key)' in \(what)"
            if let hint = hints[entry.key] {
                message += "; \(hint)"
            } else {
                message += Suggestion.didYouMean(entry.key, in: known)
                if Suggestion.closest(to: entry.key, in: known) == nil {
                    message += "; expected one of " + known.map { "'\($0)'" }.joined(separator: ", ")
                }
            }
            error(message, at: entry.keyPosition)
        }
    }

    /// Errors for each required key that is missing, at the mapping's position.
    mutating func requireKeys(_ keys: [String], in entries: [ConfigEntry], at position: SourcePosition, _ what: String)
    {
        for key in keys where !entries.contains(where: { $0.key == key }) {
            error("\(what): missing required key '\(key)'", at: position)
        }
    }
}

extension Array where Element == ConfigEntry {
    subscript(key: String) -> ConfigEntry? { first { $0.key == key } }
}
