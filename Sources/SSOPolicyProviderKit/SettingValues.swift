/// A validated value of a setting, app key, model option or step condition.
public enum SettingValue: Sendable, Hashable, CustomStringConvertible {
    /// A choice or an identifier, exactly as written.
    case word(String)
    case bool(Bool)
    /// A duration in seconds (0 = never for timeouts).
    case seconds(Int)
    case integer(Int)
    case version([Int])

    public var description: String {
        switch self {
        case .word(let word): return word
        case .bool(let flag): return flag ? "true" : "false"
        case .seconds(let seconds): return Duration.format(seconds)
        case .integer(let number): return String(number)
        case .version(let parts): return parts.map(String.init).joined(separator: ".")
        }
    }
}

/// Validated settings (or app keys, or step conditions) with defaults filled in, and where each was written.
///
/// The core validates every declared key before a provider sees it, so typed accessors cannot fail for declared
/// keys; asking for an undeclared key is a programming error in the provider.
public struct SettingValues: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var value: SettingValue
        /// Where the value was written; nil when the default applies.
        public var position: SourcePosition?
    }

    public private(set) var entries: [String: Entry] = [:]
    /// The position of the block (`settings:`, the app item, the step), for problems about absent keys.
    public var blockPosition: SourcePosition
    /// Where declared cases find their keys (`DeclaredKeyCache`), when the core set it. Not part of the values:
    /// equality and hashing ignore it.
    package var keyCache: DeclaredKeyCache?
    /// When set, every key read through the accessors is noted in it (`advise` varies only keys a run read). Not
    /// part of the values: equality and hashing ignore it.
    package var recorder: Recording?

    public init(blockPosition: SourcePosition) { self.blockPosition = blockPosition }

    public static func == (lhs: SettingValues, rhs: SettingValues) -> Bool {
        lhs.entries == rhs.entries && lhs.blockPosition == rhs.blockPosition
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
        hasher.combine(blockPosition)
    }

    public mutating func set(_ key: String, _ value: SettingValue, at position: SourcePosition?) {
        entries[key] = Entry(value: value, position: position)
    }

    public subscript(key: String) -> SettingValue? {
        recorder?.note(key)
        return entries[key]?.value
    }

    private func require(_ key: String) -> SettingValue {
        recorder?.note(key)
        return value(key)
    }

    /// The value without noting the read (the typed accessors note it themselves).
    @inline(__always)
    func value(_ key: String) -> SettingValue {
        guard let value = entries[key]?.value else { preconditionFailure("undeclared setting '\(key)'") }
        return value
    }

    public func word(_ key: String) -> String { Self.word(require(key), key) }
    public func bool(_ key: String) -> Bool { Self.bool(require(key), key) }
    public func seconds(_ key: String) -> Int { Self.seconds(require(key), key) }
    public func integer(_ key: String) -> Int { Self.integer(require(key), key) }
    public func version(_ key: String) -> [Int] { Self.version(require(key), key) }

    static func word(_ value: SettingValue, _ key: String) -> String {
        if case .word(let word) = value { return word }
        preconditionFailure("setting '\(key)' is not a word")
    }

    static func bool(_ value: SettingValue, _ key: String) -> Bool {
        if case .bool(let flag) = value { return flag }
        preconditionFailure("setting '\(key)' is not a bool")
    }

    static func seconds(_ value: SettingValue, _ key: String) -> Int {
        if case .seconds(let seconds) = value { return seconds }
        preconditionFailure("setting '\(key)' is not a duration")
    }

    static func integer(_ value: SettingValue, _ key: String) -> Int {
        if case .integer(let number) = value { return number }
        preconditionFailure("setting '\(key)' is not an integer")
    }

    static func version(_ value: SettingValue, _ key: String) -> [Int] {
        if case .version(let parts) = value { return parts }
        preconditionFailure("setting '\(key)' is not a version")
    }

    /// True if the user wrote the key (rather than the default applying).
    public func isExplicit(_ key: String) -> Bool {
        recorder?.note(key)
        return entries[key]?.position != nil
    }

    /// Where the key was written, or the block's position when it was not.
    public func position(of key: String) -> SourcePosition {
        recorder?.note(key)
        return entries[key]?.position ?? blockPosition
    }
}

/// The keys read from blocks of values while a policy compiles and a scenario binds and plays (`advise` varies
/// only keys a run read: a key nothing read cannot change the answer). Owned by one trial, on one thread; each
/// block it is attached to has its own tag.
package final class SettingReadRecorder: @unchecked Sendable {
    // Unchecked: one trial owns it and reads it after the synchronous compile and run that note into it.
    /// Per block tag: the keys read.
    package private(set) var read: [Set<String>]

    package init(blocks: Int) { read = Array(repeating: [], count: blocks) }

    /// Forgets every read noted so far.
    package func clear() {
        for index in read.indices { read[index] = [] }
    }

    /// The recorder for the block tagged `block`, to attach to its values.
    package func tagged(_ block: Int) -> SettingValues.Recording {
        SettingValues.Recording(recorder: self, block: block)
    }

    func note(_ key: String, block: Int) { read[block].insert(key) }
}

extension SettingValues {
    /// A recorder and the tag of the block it is attached to.
    package struct Recording: Sendable {
        let recorder: SettingReadRecorder
        let block: Int

        @inline(__always)
        func note(_ key: String) { recorder.note(key, block: block) }
    }
}

/// Parses and formats durations (`30s`, `15m`, `2h`, `1h30m`, `0`).
public enum Duration {
    /// The longest duration (about 317 years): with a scenario's at most 10 000 steps, times stay far inside `Int`.
    public static let maxSeconds = 10_000_000_000
    /// The longest duration as `format` writes it, for messages.
    public static let maxText = format(maxSeconds)

    /// True when `text` is written as a duration (numbers with units) but is longer than `maxSeconds`, so a message
    /// can say why it is refused.
    public static func isOverBound(_ text: String) -> Bool {
        guard parse(text) == nil, !text.isEmpty, let last = text.unicodeScalars.last,
            "dhms".unicodeScalars.contains(last)
        else { return false }
        var digits = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9": digits = true
            case "d", "h", "m", "s":
                guard digits else { return false }
                digits = false
            default: return false
            }
        }
        return true
    }

    /// Seconds for a duration text, or nil if it is not one. A bare `0` is allowed; other bare numbers are not,
    /// because a unit-less timeout is ambiguous (AirWatch research C6). At most `maxSeconds`.
    public static func parse(_ text: String) -> Int? {
        if text == "0" { return 0 }
        var total = 0
        var number = 0
        var haveDigits = false
        var sawUnit = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9":
                let digit = Int(scalar.value - 48)
                let (product, overflow1) = number.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = product.addingReportingOverflow(digit)
                if overflow1 || overflow2 || sum > maxSeconds { return nil }
                number = sum
                haveDigits = true
            case "d", "h", "m", "s":
                guard haveDigits else { return nil }
                let unit: Int
                switch scalar {
                case "d": unit = 86_400
                case "h": unit = 3_600
                case "m": unit = 60
                default: unit = 1
                }
                total += number * unit
                if total > maxSeconds { return nil }
                number = 0
                haveDigits = false
                sawUnit = true
            default:
                return nil
            }
        }
        guard sawUnit, !haveDigits else { return nil }
        return total
    }

    /// The shortest text for a number of seconds (`90s` → `1m30s`, `0` → `0`).
    public static func format(_ seconds: Int) -> String {
        if seconds == 0 { return "0" }
        var rest = seconds
        var text = ""
        for (unit, suffix) in [(86_400, "d"), (3_600, "h"), (60, "m"), (1, "s")] where rest >= unit {
            text += "\(rest / unit)\(suffix)"
            rest %= unit
        }
        return text
    }
}
