import SSOPolicyProviderKit

extension BadgeProvider {
    /// The kiosk's decision phases, in id order: each phase's rules continue the ids of the one before.
    static let rulePhases = RulePhases(BadgeAccessRule.table, BadgeSignOutRule.table)

    /// Everything the kiosk accepts and says: `ssopolicy providers`, `schema`, `check` and coverage read this.
    public static let declaration = ProviderDescriptor(
        id: "badge-kiosk",
        name: "Badge reader kiosk (example provider)",
        summary: "An example provider: a badge tap opens one shared session for every kiosk app.",
        sources: BadgeSource.documents,
        settings: BadgeSetting.declarations,
        modelOptions: BadgeModelOption.declarations,
        appKeys: BadgeAppKey.declarations,
        facts: BadgeFact.declarations,
        events: BadgeEvent.declarations,
        stepConditions: [],
        details: BadgeDetail.declarations,
        findings: BadgeFinding.declarations,
        rules: rulePhases.declarations,
        ruleProblems: rulePhases.problems,
        examplePolicy: "policy: kiosk\nprovider: badge-kiosk\napps:\n  - id: till\n",
        decisionLists: [BadgeAccessRule.access.declaration]
    )
}
