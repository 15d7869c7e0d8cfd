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
/// keys; asking for an undeclared key is a programming error in the provider. Values are held by slot of a
/// `SettingLayout` (the provider descriptor's, for a loaded policy), so a declared case reads its value without
/// hashing its key.
public struct SettingValues: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var value: SettingValue
        /// Where the value was written; nil when the default applies.
        public var position: SourcePosition?
    }

    /// Where each key's value is held. Not part of the values: equality and hashing compare entries by key.
    public private(set) var layout: SettingLayout
    /// The values by slot of `layout` (as many as it has keys); nil where no value is set.
    @usableFromInline private(set) var values: [SettingValue?]
    /// Where each value was written, by slot; nil where the default applies (or no value is set).
    @usableFromInline private(set) var positions: [SourcePosition?]
    /// The position of the block (`settings:`, the app item, the step), for problems about absent keys.
    public var blockPosition: SourcePosition
    /// When set, every key read through the accessors is noted in it (`advise` varies only keys a run read). Not
    /// part of the values: equality and hashing ignore it.
    @usableFromInline package var recorder: Recording?

    /// Empty values whose keys are laid out as they are set.
    public init(blockPosition: SourcePosition) { self.init(layout: SettingLayout([]), blockPosition: blockPosition) }

    /// Empty values holding their keys in `layout`'s slots (a key it lacks gets a slot of its own when set).
    public init(layout: SettingLayout, blockPosition: SourcePosition) {
        self.layout = layout
        values = Array(repeating: nil, count: layout.keys.count)
        positions = values.map { _ in nil }
        self.blockPosition = blockPosition
    }

    /// Every key with a value, and its entry.
    public var entries: [String: Entry] {
        var entries: [String: Entry] = [:]
        for slot in values.indices { if let entry = entry(slot) { entries[layout.keys[slot]] = entry } }
        return entries
    }

    /// The entry of `key`, without noting a read; nil when it has none.
    public func entry(named key: String) -> Entry? { layout.slot(of: key).flatMap(entry) }

    func entry(_ slot: Int) -> Entry? { values[slot].map { Entry(value: $0, position: positions[slot]) } }

    public static func == (lhs: SettingValues, rhs: SettingValues) -> Bool {
        guard lhs.blockPosition == rhs.blockPosition else { return false }
        return lhs.layout === rhs.layout
            ? lhs.values == rhs.values && lhs.positions == rhs.positions : lhs.entries == rhs.entries
    }

    public func hash(into hasher: inout Hasher) {
        // Independent of the layout, as equality is: each entry hashed with its key, combined in any order.
        var combined = 0
        for slot in values.indices {
            guard let entry = entry(slot) else { continue }
            var element = hasher
            element.combine(layout.keys[slot])
            element.combine(entry)
            combined ^= element.finalize()
        }
        hasher.combine(combined)
        hasher.combine(blockPosition)
    }

    public mutating func set(_ key: String, _ value: SettingValue, at position: SourcePosition?) {
        if let slot = layout.slot(of: key) {
            values[slot] = value
            positions[slot] = position
        } else {
            layout = layout.adding(key)
            values.append(value)
            positions.append(position)
        }
    }

    /// The value and the position held in `slot` of the layout, read without noting a read (`advise` puts them back
    /// after a trial).
    package func held(slot: Int) -> (value: SettingValue?, position: SourcePosition?) {
        (values[slot], positions[slot])
    }

    /// Sets `slot` of the layout in place (`advise` changes a key and puts it back after the trial).
    package mutating func hold(_ value: SettingValue?, at position: SourcePosition?, slot: Int) {
        values[slot] = value
        positions[slot] = position
    }

    /// The slot of `key`, noting the read; nil when the values have no such key.
    private func slot(_ key: String) -> Int? {
        guard let slot = layout.slot(of: key) else {
            recorder?.note(key)
            return nil
        }
        recorder?.note(slot, of: layout)
        return slot
    }

    public subscript(key: String) -> SettingValue? { slot(key).flatMap { values[$0] } }

    private func require(_ key: String) -> SettingValue {
        guard let slot = slot(key), let value = values[slot] else { preconditionFailure("undeclared setting '\(key)'") }
        return value
    }

    public func word(_ key: String) -> String { Self.word(require(key), key) }
    public func bool(_ key: String) -> Bool { Self.bool(require(key), key) }
    public func seconds(_ key: String) -> Int { Self.seconds(require(key), key) }
    public func integer(_ key: String) -> Int { Self.integer(require(key), key) }
    public func version(_ key: String) -> [Int] { Self.version(require(key), key) }

    @inlinable
    static func word(_ value: SettingValue, _ key: @autoclosure () -> String) -> String {
        if case .word(let word) = value { return word }
        preconditionFailure("setting '\(key())' is not a word")
    }

    @inlinable
    static func bool(_ value: SettingValue, _ key: @autoclosure () -> String) -> Bool {
        if case .bool(let flag) = value { return flag }
        preconditionFailure("setting '\(key())' is not a bool")
    }

    @inlinable
    static func seconds(_ value: SettingValue, _ key: @autoclosure () -> String) -> Int {
        if case .seconds(let seconds) = value { return seconds }
        preconditionFailure("setting '\(key())' is not a duration")
    }

    @inlinable
    static func integer(_ value: SettingValue, _ key: @autoclosure () -> String) -> Int {
        if case .integer(let number) = value { return number }
        preconditionFailure("setting '\(key())' is not an integer")
    }

    @inlinable
    static func version(_ value: SettingValue, _ key: @autoclosure () -> String) -> [Int] {
        if case .version(let parts) = value { return parts }
        preconditionFailure("setting '\(key())' is not a version")
    }

    /// True if the user wrote the key (rather than the default applying).
    public func isExplicit(_ key: String) -> Bool { slot(key).map { positions[$0] != nil } ?? false }

    /// Where the key was written, or the block's position when it was not.
    public func position(of key: String) -> SourcePosition { slot(key).flatMap { positions[$0] } ?? blockPosition }
}

/// The keys read from blocks of values while a policy compiles and a scenario binds and plays (`advise` varies
/// only keys a run read: a key nothing read cannot change the answer). Owned by one trial, on one thread; each
/// block it is attached to has its own tag. A read by slot is noted by slot, with no key hashed.
@usableFromInline
package final class SettingReadRecorder: @unchecked Sendable {
    // Unchecked: one trial owns it and reads it after the synchronous compile and run that note into it.
    /// Per block tag: the slots read, of the block's layout.
    private var slots: [[Bool]]
    /// Per block tag: the layout `slots` index.
    private var layouts: [SettingLayout?]
    /// Per block tag: keys read that no slot holds.
    private var others: [Set<String>]

    package init(blocks: Int) {
        slots = Array(repeating: [], count: blocks)
        layouts = Array(repeating: nil, count: blocks)
        others = Array(repeating: [], count: blocks)
    }

    /// Per block tag: the keys read.
    package var read: Reads { Reads(recorder: self) }

    /// Forgets every read noted so far.
    package func clear() {
        for block in slots.indices {
            for slot in slots[block].indices { slots[block][slot] = false }
            others[block] = []
        }
    }

    /// The recorder for the block tagged `block`, to attach to its values.
    package func tagged(_ block: Int) -> SettingValues.Recording {
        SettingValues.Recording(recorder: self, block: block)
    }

    @usableFromInline
    func note(_ slot: Int, of layout: SettingLayout, block: Int) {
        if layouts[block] !== layout { adopt(layout, block: block) }
        slots[block][slot] = true
    }

    func note(_ key: String, block: Int) { others[block].insert(key) }

    /// Indexes `block`'s slots by `layout`, keeping what was read by another as keys.
    private func adopt(_ layout: SettingLayout, block: Int) {
        if let previous = layouts[block] {
            for (slot, read) in slots[block].enumerated() where read { others[block].insert(previous.keys[slot]) }
        }
        layouts[block] = layout
        slots[block] = Array(repeating: false, count: layout.keys.count)
    }

    /// The keys read, per block tag.
    package struct Reads {
        let recorder: SettingReadRecorder

        package var count: Int { recorder.slots.count }

        package subscript(block: Int) -> BlockReads { BlockReads(recorder: recorder, block: block) }
    }

    /// The keys read from one block.
    package struct BlockReads: Sequence {
        let recorder: SettingReadRecorder
        let block: Int

        /// True if `key` was read.
        package func contains(_ key: String) -> Bool {
            if let layout = recorder.layouts[block], let slot = layout.slot(of: key), recorder.slots[block][slot] {
                return true
            }
            return recorder.others[block].contains(key)
        }

        /// Every key read.
        package var keys: Set<String> {
            var keys = recorder.others[block]
            if let layout = recorder.layouts[block] {
                for (slot, read) in recorder.slots[block].enumerated() where read { keys.insert(layout.keys[slot]) }
            }
            return keys
        }

        package var isEmpty: Bool { keys.isEmpty }

        package func makeIterator() -> Set<String>.Iterator { keys.makeIterator() }
    }
}

extension SettingValues {
    /// A recorder and the tag of the block it is attached to.
    @usableFromInline
    package struct Recording: Sendable {
        @usableFromInline let recorder: SettingReadRecorder
        @usableFromInline let block: Int

        @usableFromInline
        func note(_ key: String) { recorder.note(key, block: block) }

        @inlinable
        func note(_ slot: Int, of layout: SettingLayout) { recorder.note(slot, of: layout, block: block) }
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
