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
        let settings = configuration.settings
        let timeout = settings.seconds(BadgeSetting.timeout)
        if timeout > 86_400 {
            diagnostics.error(
                "timeout: expected at most 1 day, found \(timeout / 3600) hours",
                at: settings.position(of: BadgeSetting.timeout))
            return nil
        }
        return BadgePolicy(
            timeout: timeout, afterTimeout: settings.choice(BadgeSetting.afterTimeout),
            tapUnlocksOneApp: settings.word(BadgeModelOption.tapScope) == "one_app",
            kiosk: configuration.apps.map { $0.keys.bool(BadgeAppKey.kiosk) })
    }

    public func configurationFindings(_ policy: BadgePolicy) -> [PolicyFinding] {
        policy.timeout == 0
            ? [PolicyFinding(BadgeFinding.neverExpires.id, settingKey: BadgeSetting.timeout.key)] : []
    }

    public func initialState(_ policy: BadgePolicy, facts: FactValues) -> BadgeState { BadgeState(facts: facts) }

    /// Plays one event: every decision is a rule of a phase, evaluated through the trace on the state as it is, and
    /// a fired rule's effect gives the prompts, session and findings. The context is built once per event and never
    /// holds the state.
    public func apply(_ event: ProviderEvent, to state: inout BadgeState, policy: BadgePolicy, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        // A tap the facts gave has no time (`lastTap` nil) and does not expire: test that before reading `live`, so a
        // what-if does not split on a fact this step does not need.
        if policy.timeout > 0, let tap = state.lastTap, tap.hasPassed(policy.timeout, at: event.time),
            try state.live.value
        {
            state.live = .known(false)
        }
        let context = BadgeContext(policy: policy, user: event.user, app: event.app)
        switch EventKind<BadgeEvent>(event.event) {
        case .open, .own(.tap):
            return try access(&state, context, trace: &trace, time: event.time)
        case .signOut:
            return try signOut(&state, context, trace: &trace)
        case .terminate, .querySSOStatus, nil:
            return StepOutcome(
                session: try state.live.value ? .sharedReused : .none,
                sessionUser: try state.live.value ? state.sessionUser.value : nil)
        }
    }

    /// An access attempt: the phase `BadgeAccessRule`.
    func access(_ state: inout BadgeState, _ context: BadgeContext, trace: inout RuleTrace, time: Int) throws
        -> StepOutcome
    {
        if try trace.evaluate(BadgeAccessRule.outsideKiosk, on: state, in: context) {
            var outcome = StepOutcome(session: .none, sessionUser: context.user)
            outcome.apply(BadgeAccessRule.outsideKiosk.effect)
            return outcome
        }
        guard let decision = try trace.first(BadgeAccessRule.access, on: state, in: context) else {
            return .notApplicable
        }
        var outcome = StepOutcome(session: .none)
        outcome.apply(decision.effect)
        switch decision {
        case .sessionLive:
            outcome.sessionUser = try state.sessionUser.value ?? context.user
            if try trace.evaluate(BadgeAccessRule.previousUserServed, on: state, in: context),
                let owner = try state.sessionUser.value
            {
                outcome.apply(BadgeAccessRule.previousUserServed.effect)
                outcome.subject = owner
            }
            return outcome
        case .pinAfterTimeout, .tapRequired:
            state.live = .known(true)
            state.sessionUser = .known(context.user)
            state.lastTap = .at(time)
            state.tappedApp = context.app
            outcome.sessionUser = context.user
            outcome.details.set(BadgeDetail.reader.id, choice: 0)
            return outcome
        case .previousUserServed, .outsideKiosk:
            return outcome  // not in the list
        }
    }

    /// `sign_out`: the phase `BadgeSignOutRule`.
    func signOut(_ state: inout BadgeState, _ context: BadgeContext, trace: inout RuleTrace) throws -> StepOutcome {
        try trace.record(BadgeSignOutRule.signOut, on: state, in: context)
        state.live = .known(false)
        state.sessionUser = .known(nil)
        state.tappedApp = nil
        return StepOutcome(session: .none)
    }
}
