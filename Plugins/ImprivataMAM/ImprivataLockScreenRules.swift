import SSOPolicyProviderKit

private typealias E = ImprivataEvidence
private typealias S = ImprivataSource

/// The device's own lock screen, between Locker's gate and the app (and what a restart does to it), and the
/// Microsoft button Android lacks: the rules that sit after the device events in the table.
enum ImprivataLockScreenRule: Int, RuleSet {
    case lockAnotherWorkersPasscode
    case lockOwnPasscode
    case lockSharedPasscode
    case restartLocksDevice
    case microsoftNoButtonAndroid
    case restartUnlockReconnects

    static let table = RuleTable<ImprivataLockScreenRule>(after: ImprivataDeviceRule.table)

    /// The device's own lock screen, between Locker's gate and the app.
    static let deviceLock = DecisionList<ImprivataLockScreenRule>(
        "access attempt: the device's lock screen",
        [.lockAnotherWorkersPasscode, .lockOwnPasscode, .lockSharedPasscode])

    var definition: RuleDefinition<ImprivataPredicate> {
        switch self {
        case .lockAnotherWorkersPasscode:
            RuleDefinition(
                "imprivata.device-lock.another-workers-passcode",
                summary:
                    "a device picked up without a check-out (or restarted) shows the lock screen of the worker who "
                    + "set its passcode: anyone else is stopped there",
                sources: E.passcodeAtCheckOut + E.clearPasscode,
                when: [.when(.deviceOut), .when(.lockScreenUpForActor), .when(.passcodeIsAnothers)],
                effect: RuleEffect(
                    prompts: [.devicePasscode], session: .denied,
                    findings: [ImprivataFinding.previousUserDevicePasscode.id]),
                examples: [
                    RuleExample(
                        facts: ["status": "checked_out", "custodian": "bob", "passcode_owner": "bob"], fires: true),
                    RuleExample(facts: out(["passcode_owner": "alice"]), fires: false),
                ])
        case .lockOwnPasscode:
            RuleDefinition(
                "imprivata.device-lock.own-passcode",
                summary: "after a restart the worker unlocks the device with their own device passcode",
                sources: E.passcodeAtCheckOut + E.clearPasscode,
                when: [.when(.deviceOut), .when(.lockScreenUp), .when(.passcodeIsActors)],
                effect: .prompts(.devicePasscode),
                examples: [
                    RuleExample(facts: out(["passcode_owner": "alice", "device_locked": "true"]), fires: true),
                    RuleExample(facts: out(["passcode_owner": "alice"]), fires: false),
                ])
        case .lockSharedPasscode:
            RuleDefinition(
                "imprivata.device-lock.shared-passcode",
                summary: "a shared device passcode stops nobody: every worker knows it",
                sources: E.passcodeAtCheckOut,
                when: [.when(.deviceOut), .when(.lockScreenUpForActor), .when(.staticSharedPasscode)],
                effect: .prompts(.devicePasscode),
                examples: [
                    RuleExample(
                        settings: ["device_passcode": "static_shared"],
                        facts: ["status": "checked_out", "custodian": "bob"], fires: true),
                    RuleExample(settings: ["device_passcode": "static_shared"], facts: out(), fires: false),
                ])
        case .restartLocksDevice:
            RuleDefinition(
                "imprivata.restart.locks-device",
                summary: "a restarted device shows its lock screen: the next access asks the device passcode",
                sources: E.passcodeAtCheckOut + E.clearPasscode, when: [.when(.deviceOut), .when(.deviceHasPasscode)],
                examples: [
                    RuleExample(
                        facts: out(["passcode_owner": "alice"]), event: "terminate", target: "all", fires: true),
                    RuleExample(facts: out(), event: "terminate", target: "all", fires: false),
                ])
        case .microsoftNoButtonAndroid:
            RuleDefinition(
                "imprivata.sdm.android-no-button",
                summary: "on Android the check-out signs nobody in to Microsoft: Teams asks the worker to sign in when "
                    + "it is opened",
                sources: [
                    ImprivataSource.microsoftAndroid["(Expected Behavior) (Teams prompts when opened)"]
                ],
                when: [.not(.platformIOS)],
                examples: [
                    RuleExample(
                        settings: [
                            "platform": "android", "microsoft_sdm_integration": "true",
                            "entra_shared_device_mode": "true",
                        ], facts: out(), event: "microsoft_sign_in", fires: true),
                    RuleExample(facts: out(), event: "microsoft_sign_in", fires: false),
                ])
        case .restartUnlockReconnects:
            RuleDefinition(
                "imprivata.restart.unlock-reconnects",
                summary: "once the device passcode is entered after a restart, the iPhone talks to its MDM again: "
                    + "ClearPasscode works at the next check-in",
                sources: E.restartUntilUnlocked + E.clearPasscode,
                when: [.when(.restartedSinceCheckOut)],
                examples: [
                    RuleExample(
                        facts: out(["passcode_owner": "alice", "device_locked": "true", "rebooted": "true"]),
                        fires: true),
                    RuleExample(facts: out(["passcode_owner": "alice", "device_locked": "true"]), fires: false),
                ])
        }
    }
}
