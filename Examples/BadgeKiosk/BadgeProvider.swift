import SSOPolicyProviderKit

/// A complete, small provider to copy from ("badge reader kiosk"); `docs/writing-a-provider.md` walks through it.
///
/// Model: tapping a badge opens a shared session for every app; it lasts `timeout`; `sign_out` ends it for all
/// apps; a user who opens an app while another user's session is live is served that session.
///
/// The provider's parts, one per file: the declaration (`BadgeDescriptor`), the compiled policy and state
/// (`BadgePolicy`), the named predicates and the rule table (`BadgeRules`), and `apply` (this file).
public struct BadgeProvider: PolicyProvider {
    public init() {}

    public var descriptor: ProviderDescriptor { Self.declaration }

    public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> BadgePolicy? {
        let timeout = configuration.settings.seconds("timeout")
        if timeout > 86_400 {
            diagnostics.error(
                "timeout: expected at most 1 day, found \(timeout / 3600) hours",
                at: configuration.settings.position(of: "timeout"))
            return nil
        }
        return BadgePolicy(timeout: timeout, pinAfterTimeout: configuration.settings.word("after_timeout") == "pin")
    }

    public func configurationFindings(_ policy: BadgePolicy) -> [PolicyFinding] {
        policy.timeout == 0 ? [PolicyFinding(BadgeFinding.neverExpires, settingKey: "timeout")] : []
    }

    public func initialState(_ policy: BadgePolicy, facts: FactValues) -> BadgeState {
        BadgeState(sessionUser: facts.account(BadgeFact.sessionUser), lastTap: 0, live: facts.bool(BadgeFact.live))
    }

    /// Plays one event: every decision is a rule of `BadgeRule`, evaluated through the trace.
    public func apply(_ event: ProviderEvent, to state: inout BadgeState, policy: BadgePolicy, trace: inout RuleTrace)
        -> StepOutcome
    {
        if state.live, policy.timeout > 0, state.lastTap > 0, event.time - state.lastTap >= policy.timeout {
            state.live = false
        }
        let context = BadgeContext(policy: policy, state: state, user: event.user)
        switch event.event {
        case .open, BadgeEvent.tap:
            let decision = trace.first(BadgeRule.access, in: context)
            if decision == .sessionLive {
                var outcome = StepOutcome(session: .sharedReused, sessionUser: state.sessionUser ?? event.user)
                if trace.evaluate(BadgeRule.previousUserServed, in: context), let owner = state.sessionUser {
                    outcome.findings.insert(BadgeFinding.previousSession)
                    outcome.subject = owner
                }
                return outcome
            }
            state = BadgeState(sessionUser: event.user, lastTap: event.time, live: true)
            var details = DetailValues()
            details.set(BadgeDetail.reader, choice: 0)
            return StepOutcome(
                prompts: decision == .pinAfterTimeout ? [.passcode] : [.credentials], session: .sharedNew,
                sessionUser: event.user, details: details)
        case .signOut:
            trace.record(BadgeRule.signOut, in: context)
            state.live = false
            state.sessionUser = nil
            return StepOutcome(session: .none)
        default:
            return StepOutcome(
                session: state.live ? .sharedReused : .none, sessionUser: state.live ? state.sessionUser : nil)
        }
    }
}
