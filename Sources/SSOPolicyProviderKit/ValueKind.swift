/// The type of a setting, per-app key, model option, fact or step condition, as declared by a provider.
///
/// The core validates values against their kind (with positions and "did you mean" suggestions), and the JSON
/// Schema is generated from the same kinds, so the checker and the schema cannot disagree.
public enum ValueKind: Sendable, Hashable {
    /// One of a fixed list of words.
    case choice([String])
    /// `true` or `false` only (never YAML 1.1's `yes`/`on`).
    case bool
    /// A duration such as `30s`, `15m`, `2h`, `1h30m`, or `0`.
    case duration
    /// A whole number within optional bounds.
    case integer(min: Int?, max: Int?)
    /// A dotted version such as `17` or `16.4`.
    case version
    /// Free text (e.g. a cluster name) matching `[A-Za-z0-9._-]+`.
    case identifier
    /// The id of one of the policy's apps (a step condition that names the app it is about); the scenario binder
    /// checks it against the policy's apps.
    case app

    /// A short description of what is expected, for error messages and documentation.
    public var expectation: String {
        switch self {
        case .choice(let values): return "one of " + values.map { "'\($0)'" }.joined(separator: ", ")
        case .bool: return "'true' or 'false'"
        case .duration: return "a duration such as '30s', '15m', '2h' or '0'"
        case .integer(let min, let max):
            switch (min, max) {
            case (let lo?, let hi?): return "a whole number from \(lo) to \(hi)"
            case (let lo?, nil): return "a whole number of at least \(lo)"
            case (nil, let hi?): return "a whole number of at most \(hi)"
            case (nil, nil): return "a whole number"
            }
        case .version: return "a version such as '17' or '16.4'"
        case .identifier: return "a name made of letters, digits, '.', '_' or '-'"
        case .app: return "the id of one of the policy's apps"
        }
    }

    /// The values to enumerate when a fact of this kind is unknown, or nil if it is not enumerable.
    public var enumeratedValues: [String]? {
        switch self {
        case .choice(let values): return values
        case .bool: return ["true", "false"]
        default: return nil
        }
    }
}
