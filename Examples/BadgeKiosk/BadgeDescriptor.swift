import SSOPolicyProviderKit

extension BadgeProvider {
    /// Everything the kiosk accepts and says: `ssopolicy providers`, `schema`, `check` and coverage read this.
    public static let declaration = ProviderDescriptor(
        id: "badge-kiosk",
        name: "Badge reader kiosk (example provider)",
        summary: "An example provider: a badge tap opens one shared session for every kiosk app.",
        sources: BadgeSources.documents,
        settings: [
            SettingDeclaration(
                "timeout", .duration, default: "15m", meaning: "how long a tap lasts",
                sources: BadgeSources.cite("§Settings")),
            SettingDeclaration(
                "after_timeout", .choice(["badge", "pin"]), default: "badge", meaning: "what to ask after the timeout",
                sources: BadgeSources.cite("§Settings"), matrixDimension: true),
        ],
        modelOptions: [
            ModelOptionDeclaration(
                "tap_scope", conflict: "T1", summary: "which apps a tap unlocks",
                readings: [
                    .init("all_apps", meaning: "every kiosk app", sources: BadgeSources.cite("§Sessions")),
                    .init("one_app", meaning: "only the app tapped", sources: BadgeSources.cite("§Sessions")),
                ])
        ],
        appKeys: [
            SettingDeclaration(
                "kiosk", .bool, default: "true", meaning: "the app takes part in the badge session",
                sources: BadgeSources.cite("§Apps"))
        ],
        facts: BadgeFact.declarations,
        events: BadgeEvent.declarations,
        stepConditions: [],
        details: BadgeDetail.declarations,
        findings: BadgeFinding.declarations,
        rules: BadgeRule.declarations,
        examplePolicy: "policy: kiosk\nprovider: badge-kiosk\napps:\n  - id: till\n",
        decisionLists: BadgeRule.decisionLists
    )
}
