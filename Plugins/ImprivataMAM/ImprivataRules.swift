import SSOPolicyProviderKit

/// imprivata-mam's decision phases, in table order (a rule's id is its phase's offset plus its position): the
/// access attempt (`ImprivataAccessRule`), check-out, check-in, the other device events and time, then the device's
/// own lock screen. Each phase's file holds its rule enum, its definitions and its decision lists.
enum ImprivataRules {
    static let phases = RulePhases(
        ImprivataAccessRule.table, ImprivataCheckOutRule.table, ImprivataCheckInRule.table,
        ImprivataDeviceRule.table, ImprivataLockScreenRule.table)

    /// Every ordered decision, as `providers` lists them.
    static let decisionLists = [
        ImprivataAccessRule.deviceGate.declaration, ImprivataLockScreenRule.deviceLock.declaration,
        ImprivataAccessRule.appSession.declaration, ImprivataCheckOutRule.checkOutGate.declaration,
        ImprivataCheckOutRule.checkOutPrompt.declaration, ImprivataCheckInRule.appLogout.declaration,
        ImprivataCheckInRule.checkInPasscode.declaration, ImprivataDeviceRule.overdue.declaration,
        ImprivataDeviceRule.emergency.declaration, ImprivataDeviceRule.signOut.declaration,
        ImprivataDeviceRule.terminate.declaration,
    ]
}

/// Example facts: a device checked out to the acting user (alice), plus `extra`.
func out(_ extra: [String: String] = [:]) -> [String: String] {
    extra.merging(["status": "checked_out", "custodian": "alice"]) { mine, _ in mine }
}
