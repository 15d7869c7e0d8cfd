import SSOPolicyProviderKit

/// apple-shared-ipad's decision phases, in table order (a rule's id is its phase's offset plus its position): the
/// device and its clock (`AppleDeviceRule`), the login window, a session already open, the app inside the
/// partition, locking and signing out, the MDM commands, then the account around the partition. Each phase's file
/// holds its rule enum, its definitions and its decision lists.
enum AppleRules {
    static let phases = RulePhases(
        AppleDeviceRule.table, AppleLoginRule.table, AppleHandoverRule.table, AppleAppRule.table,
        AppleSignOutRule.table, AppleMDMRule.table, AppleAccountRule.table)

    static let loginListName = "sign-in at the login window"
    static let appListName = "the app inside the partition"

    /// Every ordered decision, as `providers` lists them. Two span phases, tried in this order by the handlers:
    /// the login window's (`AppleLoginRule.gate`, `AppleAccountRule.login`, `AppleLoginRule.credentials`) and the
    /// app's (`AppleAccountRule.app`, `AppleAppRule.app`).
    static let decisionLists = [
        DecisionListDeclaration(
            name: loginListName,
            rules: AppleLoginRule.gate.declaration.rules + AppleAccountRule.login.declaration.rules
                + AppleLoginRule.credentials.declaration.rules),
        AppleHandoverRule.inTheWay.declaration,
        DecisionListDeclaration(
            name: appListName, rules: AppleAccountRule.app.declaration.rules + AppleAppRule.app.declaration.rules),
    ]
}
