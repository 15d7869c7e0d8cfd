import SSOPolicyProviderKit

/// A complete, small provider to copy from ("badge reader kiosk"); `docs/writing-a-provider.md` walks through it.
///
/// Model: tapping a badge opens a shared session for every kiosk app (or, with `tap_scope: one_app`, for the app
/// tapped at); it lasts `timeout`; `sign_out` ends it; a user who opens an app while another user's tap is live is
/// served that session; an app outside the kiosk asks its own login.
///
/// The provider's parts, one per file: the declarations (`BadgeDeclarations`, `BadgeDescriptor`), the compiled
/// policy and state (`BadgePolicy`), the predicates and the rule table (`BadgeRules`), and `apply` (this file).
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
        return BadgePolicy(
            timeout: timeout, pinAfterTimeout: configuration.settings.word("after_timeout") == "pin",
            tapUnlocksOneApp: configuration.settings.word("tap_scope") == "one_app",
            kiosk: configuration.apps.map { $0.keys.bool("kiosk") })
    }

    public func configurationFindings(_ policy: BadgePolicy) -> [PolicyFinding] {
        policy.timeout == 0 ? [PolicyFinding(BadgeFinding.neverExpires.id, settingKey: "timeout")] : []
    }

    public func initialState(_ policy: BadgePolicy, facts: FactValues) -> BadgeState { BadgeState(facts: facts) }

    /// Plays one event: every decision is a rule of `BadgeRule`, evaluated through the trace, and a fired rule's
    /// effect gives the prompts, session and findings.
    public func apply(_ event: ProviderEvent, to state: inout BadgeState, policy: BadgePolicy, trace: inout RuleTrace)
        -> StepOutcome
    {
        // A tap the facts gave has no time (`lastTap` nil) and does not expire: test that before reading `live`, so a
        // what-if does not split on a fact this step does not need.
        if policy.timeout > 0, let tap = state.lastTap, tap.hasPassed(policy.timeout, at: event.time), state.live {
            state.live = false
        }
        let context = BadgeContext(policy: policy, state: state, user: event.user, app: event.app)
        switch event.event {
        case .open, BadgeEvent.tap.id:
            if trace.evaluate(BadgeRule.outsideKiosk, in: context) {
                var outcome = StepOutcome(session: .none, sessionUser: event.user)
                outcome.apply(BadgeRule.outsideKiosk.effect)
                return outcome
            }
            guard let decision = trace.first(BadgeRule.access, in: context) else { return .notApplicable }
            var outcome = StepOutcome(session: .none)
            outcome.apply(decision.effect)
            if decision == .sessionLive {
                outcome.sessionUser = state.sessionUser ?? event.user
                if trace.evaluate(BadgeRule.previousUserServed, in: context), let owner = state.sessionUser {
                    outcome.apply(BadgeRule.previousUserServed.effect)
                    outcome.subject = owner
                }
                return outcome
            }
            state.live = true
            state.sessionUser = event.user
            state.lastTap = .at(event.time)
            state.tappedApp = event.app
            outcome.sessionUser = event.user
            outcome.details.set(BadgeDetail.reader.id, choice: 0)
            return outcome
        case .signOut:
            trace.record(BadgeRule.signOut, in: context)
            state.live = false
            state.sessionUser = nil
            state.tappedApp = nil
            return StepOutcome(session: .none)
        default:
            return StepOutcome(
                session: state.live ? .sharedReused : .none, sessionUser: state.live ? state.sessionUser : nil)
        }
    }
}
