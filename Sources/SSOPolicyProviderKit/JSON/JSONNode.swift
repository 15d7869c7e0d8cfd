/// A JSON value as read from an export, with the byte offset where it starts (for `file:line:col` messages).
package struct JSONNode: Sendable {
    package enum Value: Sendable {
        case object([JSONMember])
        case array([JSONNode])
        case string(String)
        /// A number as written (exports' numbers are versions and counts; nothing needs arithmetic).
        case number(String)
        case bool(Bool)
        case null
    }

    package var value: Value
    package var offset: Int

    package init(_ value: Value, offset: Int) {
        self.value = value
        self.offset = offset
    }

    /// The member named `key` of an object (keys are unique: the reader refuses duplicates).
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    package var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    package var items: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    package var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// What the value is, for messages: never the value itself (an export may hold secrets).
    package var kindDescription: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// One member of a JSON object.
package struct JSONMember: Sendable {
    package var key: String
    package var keyOffset: Int
    package var value: JSONNode
}
