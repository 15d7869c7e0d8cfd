/// A YAML value with its position, as the core hands it to providers.
///
/// Providers never see Yams: the core composes YAML, bounds it, and converts it to this tree. Scalars are kept as
/// the exact text the user wrote, so YAML 1.1 typing (`yes` → true, `012` → 10) never reaches a model.
public struct ConfigNode: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case scalar(String, quoted: Bool)
        case mapping([ConfigEntry])
        case sequence([ConfigNode])
    }

    public var value: Value
    public var position: SourcePosition

    public init(_ value: Value, at position: SourcePosition) {
        self.value = value
        self.position = position
    }

    /// The scalar's text, or nil for a mapping or a sequence.
    public var scalar: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// True for an empty plain scalar, `~` or `null`: YAML's ways of writing "no value".
    public var isNull: Bool {
        if case .scalar(let text, let quoted) = value, !quoted {
            return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
        }
        return false
    }

    public var entries: [ConfigEntry]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    public var items: [ConfigNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// What kind of node this is, for messages ("expected a mapping, found a sequence").
    public var kindDescription: String {
        switch value {
        case .scalar(let text, _): return isNull ? "no value" : Excerpt.quoted(text)
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        }
    }
}

/// A key and its value in a mapping; the key keeps its own position for "unknown key" errors.
public struct ConfigEntry: Sendable, Hashable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: ConfigNode

    public init(key: String, keyPosition: SourcePosition, value: ConfigNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
