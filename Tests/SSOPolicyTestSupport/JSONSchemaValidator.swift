import Foundation
import SSOPolicy

/// A small JSON Schema (2020-12) validator for the keywords `JSONSchemaGenerator` emits, so tests can prove the
/// generated schema accepts what `check` accepts and rejects what it rejects. CI also validates the bundled files
/// with Python's reference `jsonschema` implementation.
public struct JSONSchemaValidator: Sendable {
    public let root: JSONValue

    public init(_ root: JSONValue) { self.root = root }

    /// Problems as "path: what", empty when the instance is valid.
    public func errors(_ instance: JSONValue) -> [String] {
        var found: [String] = []
        validate(instance, root, path: "$", &found)
        return found
    }

    func validate(_ value: JSONValue, _ schema: JSONValue, path: String, _ errors: inout [String]) {
        if case .bool(let allowed) = schema {
            if !allowed { errors.append("\(path): not allowed") }
            return
        }
        guard case .object(let keywords) = schema else { return }
        let schema = Dictionary(keywords, uniquingKeysWith: { first, _ in first })
        if case .string(let reference)? = schema["$ref"] { validate(value, resolve(reference), path: path, &errors) }
        if let type = schema["type"] {
            let types: [String]
            switch type {
            case .string(let name): types = [name]
            case .array(let names):
                types = names.compactMap { if case .string(let n) = $0 { return n } else { return nil } }
            default: types = []
            }
            if !types.contains(where: { Self.matches(value, type: $0) }) {
                errors.append("\(path): expected \(types.joined(separator: " or "))")
                return
            }
        }
        if case .array(let options)? = schema["enum"], !options.contains(where: { Self.equal($0, value) }) {
            errors.append("\(path): not one of the allowed values")
        }
        if let constant = schema["const"], !Self.equal(constant, value) { errors.append("\(path): not the constant") }
        if case .string(let pattern)? = schema["pattern"], case .string(let text) = value,
            text.range(of: pattern, options: .regularExpression) == nil
        {
            errors.append("\(path): '\(text)' does not match \(pattern)")
        }
        if let minimum = schema["minimum"].flatMap(Self.number), let number = Self.number(value), number < minimum {
            errors.append("\(path): below \(minimum)")
        }
        if let maximum = schema["maximum"].flatMap(Self.number), let number = Self.number(value), number > maximum {
            errors.append("\(path): above \(maximum)")
        }
        if case .object(let members) = value {
            var properties: [String: JSONValue] = [:]
            if case .object(let declared)? = schema["properties"] {
                properties = Dictionary(declared, uniquingKeysWith: { first, _ in first })
            }
            if case .array(let required)? = schema["required"] {
                for case .string(let key) in required where !members.contains(where: { $0.0 == key }) {
                    errors.append("\(path): missing '\(key)'")
                }
            }
            for (key, member) in members {
                if let names = schema["propertyNames"] {
                    validate(.string(key), names, path: "\(path).\(key)", &errors)
                }
                if let property = properties[key] {
                    validate(member, property, path: "\(path).\(key)", &errors)
                } else if let additional = schema["additionalProperties"] {
                    if case .bool(false) = additional {
                        errors.append("\(path): unknown key '\(key)'")
                    } else {
                        validate(member, additional, path: "\(path).\(key)", &errors)
                    }
                }
            }
        }
        if case .array(let items) = value {
            if let minimum = schema["minItems"].flatMap(Self.number), Double(items.count) < minimum {
                errors.append("\(path): fewer than \(Int(minimum)) items")
            }
            if let maximum = schema["maxItems"].flatMap(Self.number), Double(items.count) > maximum {
                errors.append("\(path): more than \(Int(maximum)) items")
            }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() {
                    validate(item, itemSchema, path: "\(path)[\(index)]", &errors)
                }
            }
        }
        if case .array(let all)? = schema["allOf"] { for sub in all { validate(value, sub, path: path, &errors) } }
        if case .array(let any)? = schema["anyOf"], !any.contains(where: { isValid(value, $0) }) {
            errors.append("\(path): matches none of anyOf")
        }
        if case .array(let one)? = schema["oneOf"], one.filter({ isValid(value, $0) }).count != 1 {
            errors.append("\(path): must match exactly one of oneOf")
        }
        if let not = schema["not"], isValid(value, not) { errors.append("\(path): matches a forbidden schema") }
        if let condition = schema["if"] {
            if isValid(value, condition) {
                if let then = schema["then"] { validate(value, then, path: path, &errors) }
            } else if let otherwise = schema["else"] {
                validate(value, otherwise, path: path, &errors)
            }
        }
    }

    func isValid(_ value: JSONValue, _ schema: JSONValue) -> Bool {
        var errors: [String] = []
        validate(value, schema, path: "", &errors)
        return errors.isEmpty
    }

    func resolve(_ reference: String) -> JSONValue {
        guard reference.hasPrefix("#/$defs/"), case .object(let members) = root,
            case .object(let defs)? = members.first(where: { $0.0 == "$defs" })?.1
        else { return false }
        let name = String(reference.dropFirst("#/$defs/".count))
        return defs.first { $0.0 == name }?.1 ?? false
    }

    static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("integer", .int), ("number", .int), ("number", .double):
            return true
        case ("integer", .double(let number)): return number.rounded() == number
        default: return false
        }
    }

    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if let left = number(lhs), let right = number(rhs) { return left == right }
        return lhs == rhs
    }
}

/// A YAML document as an editor sees it: scalars typed by YAML 1.2's core schema (`true` → boolean, `5` →
/// integer, `16.4` → number, quoted → string), which is how the YAML language server validates against a schema.
public enum YAMLInstance {
    public static func json(_ node: ConfigNode) -> JSONValue {
        switch node.value {
        case .mapping(let entries): return .object(entries.map { ($0.key, json($0.value)) })
        case .sequence(let items): return .array(items.map(json))
        case .scalar(let text, let quoted):
            if quoted { return .string(text) }
            if node.isNull { return .null }
            if ["true", "True", "TRUE"].contains(text) { return .bool(true) }
            if ["false", "False", "FALSE"].contains(text) { return .bool(false) }
            if text.range(of: "^[-+]?[0-9]+$", options: .regularExpression) != nil, let number = Int(text) {
                return .int(number)
            }
            if text.range(of: "^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$", options: .regularExpression)
                != nil, let number = Double(text)
            {
                return .double(number)
            }
            return .string(text)
        }
    }
}
