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

        @inlinable
        public init(rule: RuleID, fired: Bool, failedCondition: UInt8) {
            self.rule = rule
            self.fired = fired
            self.failedCondition = failedCondition
        }
    }

    /// A condition to flip on purpose (tests only): the evaluator negates condition `condition` of `rule`, so a
    /// test can show that each condition decides what the explanation says it decides.
    public struct Mutation: Sendable, Hashable {
        public var rule: RuleID
        public var condition: Int

        public init(rule: RuleID, condition: Int) {
            self.rule = rule
            self.condition = condition
        }
    }

    public var mode: Mode
    public private(set) var entries: [Entry] = []
    /// Applied only when `mode != .off`.
    public var mutation: Mutation?

    public init(_ mode: Mode, mutation: Mutation? = nil) {
        self.mode = mode
        self.mutation = mutation
    }

    /// Evaluates a rule of a `RuleSet` against the provider's context: it fires when every condition holds, checked
    /// in the rule's order. The trace records that it fired, or (under `.explain`) the first condition that failed.
    ///
    /// With the trace off this inlines, in the provider's module, to a loop over the rule's checks calling the
    /// predicates' own code; recording is out of line so that it does not weigh on that path.
    @inlinable @inline(__always)
    public mutating func evaluate<Rules: RuleSet>(_ rule: Rules, in context: Rules.Predicate.Context) -> Bool {
        if mode == .off { return Rules.table.allHold(rule.rawValue, in: context) }
        return evaluateRecording(rule, in: context)
    }

    @inlinable @inline(never)
    mutating func evaluateRecording<Rules: RuleSet>(_ rule: Rules, in context: Rules.Predicate.Context) -> Bool {
        let table = Rules.table
        let start = table.starts[rule.rawValue]
        let end = table.starts[rule.rawValue + 1]
        var index = start
        while index < end {
            var holds = table.checks[index].holds(in: context)
            if let mutation, mutation.rule == rule.id, mutation.condition == index - start { holds.toggle() }
            if !holds {
                if mode == .explain {
                    recordEntry(Entry(rule: rule.id, fired: false, failedCondition: UInt8(index - start)))
                }
                return false
            }
            index += 1
        }
        recordEntry(Entry(rule: rule.id, fired: true, failedCondition: 0))
        return true
    }

    /// Evaluates an ordered decision list: the first rule that fires decides; nil if none does.
    @inlinable @inline(__always)
    public mutating func first<Rules: RuleSet>(_ list: DecisionList<Rules>, in context: Rules.Predicate.Context)
        -> Rules?
    {
        for rule in list.rules where evaluate(rule, in: context) { return rule }
        return nil
    }

    @usableFromInline
    mutating func recordEntry(_ entry: Entry) { entries.append(entry) }

    /// Appends an entry recorded elsewhere (a wrapper provider re-recording its base's trace).
    public mutating func append(_ entry: Entry) {
        if mode == .explain || (mode == .fired && entry.fired) { entries.append(entry) }
    }

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
