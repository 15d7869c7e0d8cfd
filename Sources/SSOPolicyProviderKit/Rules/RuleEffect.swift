/// What a rule does when it fires, as data: the prompts it shows, the session it gives, the findings it raises.
///
/// The provider's handler applies a fired rule's effect (`StepOutcome.apply(_:)`, `PromptList.append(contentsOf:)`)
/// instead of repeating it in code, and `providers`, the guide and coverage print the same value, so a rule's
/// documentation is what it does. State changes that are not prompts, sessions or findings stay in the handler.
///
/// Packed like a `StepOutcome` (prompts in a `PromptList`, findings in a `FindingSet`), so that applying an effect
/// read from the rule table copies a few words and touches no reference count.
public struct RuleEffect: Sendable, Hashable {
    /// Shown in this order when the rule fires.
    public var prompts: PromptList
    /// The session the step results in when the rule decides it; nil when the rule leaves it to others.
    public var session: SessionKind?
    /// Raised when the rule fires (in catalogue order).
    public var findings: FindingSet

    public init(prompts: [Prompt] = [], session: SessionKind? = nil, findings: [FindingID] = []) {
        self.prompts = PromptList(prompts)
        self.session = session
        self.findings = FindingSet(findings)
    }

    /// A rule that only explains or decides which way a handler goes.
    public static let none = RuleEffect()

    /// The rule shows these prompts.
    public static func prompts(_ prompts: Prompt...) -> RuleEffect { RuleEffect(prompts: prompts) }

    /// The rule raises these findings.
    public static func raises(_ findings: FindingID...) -> RuleEffect { RuleEffect(findings: findings) }

    /// The rule gives this session.
    public static func session(_ session: SessionKind) -> RuleEffect { RuleEffect(session: session) }

    public var isEmpty: Bool { prompts.isEmpty && session == nil && findings.isEmpty }
}

extension StepOutcome {
    /// Adds a fired rule's effect: its prompts after those already shown, its session, its findings.
    @inlinable
    public mutating func apply(_ effect: RuleEffect) {
        for prompt in effect.prompts { prompts.append(prompt) }
        if let session = effect.session { self.session = session }
        findings.formUnion(effect.findings)
    }
}
