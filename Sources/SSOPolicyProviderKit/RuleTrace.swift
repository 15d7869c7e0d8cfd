/// Records which rules fired during one step, and under `--explain` which did not and why.
///
/// Entries are indices, not strings: the text ("silent login failed and SSO is enabled") is rendered from the
/// rule table only when output is asked for. With `mode == .off` nothing is recorded and nothing allocates.
public struct RuleTrace: Sendable, Hashable {
    public enum Mode: Sendable, Hashable {
        /// Nothing recorded (benchmarks, batch evaluation).
        case off
        /// Fired rules only (the default for output and coverage).
        case fired
        /// Fired rules and the rules checked that did not fire, with the first condition that failed.
        case explain
    }

    public struct Entry: Sendable, Hashable {
        public var rule: RuleID
        public var fired: Bool
        /// For a rule that did not fire: the index of its first failing condition.
        public var failedCondition: UInt8
    }

    public var mode: Mode
    public private(set) var entries: [Entry] = []

    public init(_ mode: Mode) { self.mode = mode }

    /// Evaluates a rule: it fires when every condition holds. Pass the conditions in the order the rule declares.
    /// Inlinable so that with the trace off a check compiles to the conjunction in the provider's own code; recording
    /// is out of line.
    @inlinable @inline(__always)
    public mutating func check(
        _ rule: RuleID, _ c0: Bool, _ c1: Bool = true, _ c2: Bool = true, _ c3: Bool = true, _ c4: Bool = true,
        _ c5: Bool = true
    ) -> Bool {
        let fired = c0 && c1 && c2 && c3 && c4 && c5
        if mode != .off { record(rule, fired: fired, c0, c1, c2, c3, c4, c5) }
        return fired
    }

    @usableFromInline
    mutating func record(
        _ rule: RuleID, fired: Bool, _ c0: Bool, _ c1: Bool, _ c2: Bool, _ c3: Bool, _ c4: Bool, _ c5: Bool
    ) {
        if fired {
            entries.append(Entry(rule: rule, fired: true, failedCondition: 0))
        } else if mode == .explain {
            let failed: UInt8 = !c0 ? 0 : !c1 ? 1 : !c2 ? 2 : !c3 ? 3 : !c4 ? 4 : 5
            entries.append(Entry(rule: rule, fired: false, failedCondition: failed))
        }
    }

    /// Records a rule that fires unconditionally in the branch the provider is in.
    @inlinable @inline(__always)
    public mutating func fire(_ rule: RuleID) {
        if mode != .off { record(rule, fired: true, true, true, true, true, true, true) }
    }

    public mutating func reset() { entries.removeAll(keepingCapacity: true) }
}
