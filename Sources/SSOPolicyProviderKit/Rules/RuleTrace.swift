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
    /// With the trace off this is the table's interpreter inlined in the provider's module, nothing recorded;
    /// recording is out of line so that it does not weigh on that path.
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
        if mode == .off {
            let table = Rules.table
            for rule in list.rules where table.allHold(rule.rawValue, in: context) { return rule }
            return nil
        }
        for rule in list.rules where evaluateRecording(rule, in: context) { return rule }
        return nil
    }

    /// Records a rule whose result the provider does not use: it explains a step (why the session expired, which
    /// requirement is missing) without deciding anything. With the trace off it is not evaluated at all, nor is
    /// its context built, so explanations cost nothing on the benchmark and verification paths.
    @inlinable @inline(__always)
    public mutating func record<Rules: RuleSet>(_ rule: Rules, in context: @autoclosure () -> Rules.Predicate.Context) {
        if mode == .off { return }
        _ = evaluateRecording(rule, in: context())
    }

    /// Records an ordered decision list whose decision the provider does not use (see `record(_:in:)`).
    @inlinable @inline(__always)
    public mutating func record<Rules: RuleSet>(
        _ list: DecisionList<Rules>, in context: @autoclosure () -> Rules.Predicate.Context
    ) {
        if mode == .off { return }
        let context = context()
        for rule in list.rules where evaluateRecording(rule, in: context) { return }
    }

    @usableFromInline
    mutating func recordEntry(_ entry: Entry) { entries.append(entry) }

    /// Appends an entry recorded elsewhere (a wrapper provider re-recording its base's trace).
    public mutating func append(_ entry: Entry) {
        if mode == .explain || (mode == .fired && entry.fired) { entries.append(entry) }
    }

    public mutating func reset() { entries.removeAll(keepingCapacity: true) }
}
