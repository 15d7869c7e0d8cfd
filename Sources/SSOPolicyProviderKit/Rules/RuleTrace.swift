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

    /// Evaluates a rule of a `RuleSet` on the provider's state as it is and the decision's context: it fires when
    /// every condition holds, checked in the rule's order (`RuleTable`'s one loop). The trace, the recorder (OPA's
    /// tracer), then records that it fired, or (under `.explain`) the first condition that failed; with the trace off
    /// it records nothing.
    @inlinable
    public mutating func evaluate<Rules: RuleSet>(
        _ rule: Rules, on state: Rules.Predicate.State, in context: Rules.Predicate.Context
    ) throws -> Bool {
        let failed = try Rules.table.firstFailure(rule.rawValue, on: state, in: context, flipped: flipped(rule.id))
        if mode != .off { record(rule.id, failedCondition: failed) }
        return failed == nil
    }

    /// Evaluates an ordered decision list: the first rule that fires decides; nil if none does.
    @inlinable
    public mutating func first<Rules: RuleSet>(
        _ list: DecisionList<Rules>, on state: Rules.Predicate.State, in context: Rules.Predicate.Context
    ) throws -> Rules? {
        for rule in list.rules where try evaluate(rule, on: state, in: context) { return rule }
        return nil
    }

    /// The position of the condition of `rule` that `mutation` flips; -1 for none (always with the trace off).
    @inlinable
    func flipped(_ rule: RuleID) -> Int {
        guard mode != .off, let mutation, mutation.rule == rule else { return -1 }
        return mutation.condition
    }

    /// Records one evaluation: fired (`failedCondition` nil) or, under `.explain`, the condition that failed.
    @usableFromInline
    mutating func record(_ rule: RuleID, failedCondition: Int?) {
        if let failedCondition {
            if mode == .explain {
                entries.append(
                    Entry(rule: rule, fired: false, failedCondition: UInt8(truncatingIfNeeded: failedCondition)))
            }
        } else {
            entries.append(Entry(rule: rule, fired: true, failedCondition: 0))
        }
    }

    /// Records a rule whose result the provider does not use: it explains a step (why the session expired, which
    /// requirement is missing) without deciding anything. With the trace off it is not evaluated at all, nor is
    /// its context built, so explanations cost nothing on the benchmark and verification paths.
    @inlinable
    public mutating func record<Rules: RuleSet>(
        _ rule: Rules, on state: Rules.Predicate.State, in context: @autoclosure () -> Rules.Predicate.Context
    ) throws {
        if mode == .off { return }
        _ = try evaluate(rule, on: state, in: context())
    }

    /// Records an ordered decision list whose decision the provider does not use (see `record(_:on:in:)`).
    @inlinable
    public mutating func record<Rules: RuleSet>(
        _ list: DecisionList<Rules>, on state: Rules.Predicate.State,
        in context: @autoclosure () -> Rules.Predicate.Context
    ) throws {
        if mode == .off { return }
        _ = try first(list, on: state, in: context())
    }

    /// Appends an entry recorded elsewhere (a wrapper provider re-recording its base's trace).
    public mutating func append(_ entry: Entry) {
        if mode == .explain || (mode == .fired && entry.fired) { entries.append(entry) }
    }

    public mutating func reset() { entries.removeAll(keepingCapacity: true) }
}
