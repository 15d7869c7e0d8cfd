import SSOPolicy

/// A small, test-only third vendor ("badge reader kiosk"): proves a provider plugs in without any core change.
///
/// Model: tapping a badge opens a shared session for every app; it lasts `timeout`; `sign_out` ends it for all
/// apps; a user who opens an app while another user's session is live is served that session.
public struct BadgeProvider: PolicyProvider {
    public init() {}

    public struct Policy: Sendable {
        var timeout: Int
        var pinAfterTimeout: Bool
    }

    public struct State: Hashable, Sendable {
        var sessionUser: UserID?
        var lastTap: Int
        var live: Bool
    }

    enum Rules {
        static let live = RuleID(0)
        static let tap = RuleID(1)
        static let pin = RuleID(2)
        static let signOut = RuleID(3)
    }

    static let previousSession = FindingID(0)
    static let neverExpires = FindingID(1)

    public static let declaration = ProviderDescriptor(
        id: "badge-kiosk",
        name: "Badge reader kiosk (test provider)",
        summary: "A test-only provider: a badge tap opens one shared session for every app.",
        sources: [
            SourceDocument(
                "tests", title: "ssopolicy test fixtures", publisher: "ssopolicy", url: "Tests/SSOPolicyTestSupport",
                language: "en", documentedAsOf: "2026-11-23")
        ],
        settings: [
            SettingDeclaration("timeout", .duration, default: "15m", meaning: "how long a tap lasts", source: "tests"),
            SettingDeclaration(
                "after_timeout", .choice(["badge", "pin"]), default: "badge", meaning: "what to ask after the timeout",
                source: "tests", matrixDimension: true),
        ],
        modelOptions: [
            ModelOptionDeclaration(
                "tap_scope", conflict: "T1", summary: "which apps a tap unlocks",
                readings: [
                    .init("all_apps", meaning: "every app", source: "tests"),
                    .init("one_app", meaning: "only the app tapped", source: "tests"),
                ])
        ],
        appKeys: [SettingDeclaration("kiosk", .bool, default: "true", meaning: "runs in kiosk mode", source: "tests")],
        facts: [
            .bool("session_live", default: false, meaning: "a tap is live", source: "tests"),
            FactDeclaration("session_user", .account, default: "none", meaning: "who tapped", source: "tests"),
        ],
        events: [
            EventDeclaration(
                "tap", target: .app, requiresUser: true, accessAttempt: true, meaning: "a badge tap", source: "tests")
        ],
        stepConditions: [
            StepConditionDeclaration(
                "badge", .choice(["valid", "expired"]), events: ["open"], meaning: "badge state", source: "tests")
        ],
        details: [DetailDeclaration("reader", .choice(["on", "off"]), meaning: "the reader's state")],
        findings: [
            FindingDeclaration(
                "previous-user-session-active", .critical,
                message: "{user} is served {previous_user}'s session in {app}",
                meaning: "served another user's session", source: "tests"),
            FindingDeclaration(
                "session-never-expires", .medium, message: "a tap never expires", meaning: "timeout 0", source: "tests"),
        ],
        rules: [
            RuleDeclaration(
                "badge.session.live", summary: "a live tap serves the attempt", source: "tests",
                conditions: [RuleCondition("a tap is live", otherwise: "no tap is live")],
                examples: [RuleExample(facts: ["session_live": "true"], fires: true), RuleExample(fires: false)]),
            RuleDeclaration(
                "badge.session.tap", summary: "no live tap: the user taps a badge", source: "tests",
                conditions: [RuleCondition("no tap is live", otherwise: "a tap is live")],
                examples: [RuleExample(fires: true), RuleExample(facts: ["session_live": "true"], fires: false)]),
            RuleDeclaration(
                "badge.session.pin", summary: "after the timeout a PIN is asked", source: "tests",
                conditions: [
                    RuleCondition("no tap is live", otherwise: "a tap is live"),
                    RuleCondition("an earlier tap expired", otherwise: "nobody tapped before"),
                    RuleCondition("the policy asks a PIN", otherwise: "the policy asks a badge"),
                ],
                examples: [
                    RuleExample(settings: ["after_timeout": "pin"], facts: ["session_user": "alice"], fires: true),
                    RuleExample(settings: ["after_timeout": "pin"], fires: false),
                ]),
            RuleDeclaration(
                "badge.sign-out", summary: "sign-out ends the tap for every app", source: "tests",
                conditions: [RuleCondition("a tap is live", otherwise: "no tap is live")],
                examples: [
                    RuleExample(facts: ["session_live": "true"], event: "sign_out", fires: true),
                    RuleExample(event: "sign_out", fires: false),
                ]),
        ],
        examplePolicy: "policy: kiosk\nprovider: badge-kiosk\napps:\n  - id: till\n"
    )

    public var descriptor: ProviderDescriptor { Self.declaration }

    public func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> Policy? {
        let timeout = configuration.settings.seconds("timeout")
        if timeout > 86_400 {
            diagnostics.error("timeout: at most 1 day", at: configuration.settings.position(of: "timeout"))
            return nil
        }
        return Policy(timeout: timeout, pinAfterTimeout: configuration.settings.word("after_timeout") == "pin")
    }

    public func configurationFindings(_ policy: Policy) -> [PolicyFinding] {
        policy.timeout == 0 ? [PolicyFinding(Self.neverExpires, settingKey: "timeout")] : []
    }

    public func initialState(_ policy: Policy, facts: FactValues) -> State {
        let live = facts.bool(FactID(0))
        return State(sessionUser: facts.account(FactID(1)), lastTap: 0, live: live)
    }

    public func apply(_ event: ProviderEvent, to state: inout State, policy: Policy, trace: inout RuleTrace)
        -> StepOutcome
    {
        if state.live, policy.timeout > 0, state.lastTap > 0, event.time - state.lastTap >= policy.timeout {
            state.live = false
        }
        switch event.event {
        case .open, EventID(4):
            if trace.check(Rules.live, state.live) {
                var outcome = StepOutcome(session: .sharedReused, sessionUser: state.sessionUser ?? event.user)
                if let owner = state.sessionUser, owner != event.user {
                    outcome.findings.insert(Self.previousSession)
                    outcome.subject = owner
                }
                return outcome
            }
            _ = trace.check(Rules.tap, !state.live)
            let pin = trace.check(Rules.pin, !state.live, state.sessionUser != nil, policy.pinAfterTimeout)
            state = State(sessionUser: event.user, lastTap: event.time, live: true)
            var details = DetailValues()
            details.set(DetailID(0), choice: 0)
            return StepOutcome(
                prompts: pin ? [.passcode] : [.credentials], session: .sharedNew, sessionUser: event.user,
                details: details)
        case .signOut:
            _ = trace.check(Rules.signOut, state.live)
            state.live = false
            state.sessionUser = nil
            return StepOutcome(session: .none)
        default:
            return StepOutcome(
                session: state.live ? .sharedReused : .none, sessionUser: state.live ? state.sessionUser : nil)
        }
    }
}
