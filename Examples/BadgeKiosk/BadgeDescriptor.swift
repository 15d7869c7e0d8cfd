import SSOPolicyProviderKit

/// Indices into the declaration's lists, named once so `apply` never looks anything up by string.
enum BadgeFact {
    static let live = FactID(0)
    static let sessionUser = FactID(1)
}

enum BadgeFinding {
    static let previousSession = FindingID(0)
    static let neverExpires = FindingID(1)
}

enum BadgeDetail {
    static let reader = DetailID(0)
}

enum BadgeEvent {
    /// The first provider event comes after the four required ones.
    static let tap = EventID(4)
}

extension BadgeProvider {
    /// Everything the kiosk accepts and says: `ssopolicy providers`, `schema`, `check` and coverage read this.
    public static let declaration = ProviderDescriptor(
        id: "badge-kiosk",
        name: "Badge reader kiosk (example provider)",
        summary: "An example provider: a badge tap opens one shared session for every app.",
        sources: [
            SourceDocument(
                "tests", title: "ssopolicy example provider", publisher: "ssopolicy", url: "Examples/BadgeKiosk",
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
        rules: BadgeRule.declarations,
        examplePolicy: "policy: kiosk\nprovider: badge-kiosk\napps:\n  - id: till\n",
        decisionLists: BadgeRule.decisionLists
    )
}
