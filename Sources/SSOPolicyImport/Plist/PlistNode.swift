/// A property-list value as read from an Apple configuration profile (XML or binary), with where it starts: a byte
/// offset into the XML text (shown as `line:col`) or into the binary plist (shown as the offset).
package struct PlistNode: Sendable {
    package enum Value: Sendable {
        case dictionary([PlistEntry])
        case array([PlistNode])
        case string(String)
        /// An integer as written (XML) or in decimal (binary).
        case integer(String)
        case real(String)
        case bool(Bool)
        case date(String)
        /// Binary data: only its size is kept. Profiles carry certificates and passwords as data; none is copied.
        case data(byteCount: Int)
    }

    package var value: Value
    package var offset: Int

    package init(_ value: Value, offset: Int) {
        self.value = value
        self.offset = offset
    }

    /// The entry named `key` of a dictionary (keys are unique: the readers refuse duplicates).
    package subscript(key: String) -> PlistNode? {
        guard case .dictionary(let entries) = value else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The entry whose key matches `key` ignoring case (vendor documents spell some keys in two ways).
    package func entry(caseInsensitive key: String) -> PlistEntry? {
        guard case .dictionary(let entries) = value else { return nil }
        let lowered = key.lowercased()
        return entries.first { $0.key.lowercased() == lowered }
    }

    package var entries: [PlistEntry]? {
        if case .dictionary(let entries) = value { return entries }
        return nil
    }

    package var items: [PlistNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// What the value is, for messages: never the value itself.
    package var kindDescription: String {
        switch value {
        case .dictionary: return "a dictionary"
        case .array: return "an array"
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        }
    }
}

/// One entry of a plist dictionary.
package struct PlistEntry: Sendable {
    package var key: String
    package var keyOffset: Int
    package var value: PlistNode
}
