import SSOPolicyProviderKit

private typealias E = ImprivataEvidence
private typealias S = ImprivataSource

/// Check-out at the hub: whether a device is handed out, what the worker is asked, and what the Check Out
/// workflow sets up (device passcode, MDM user, AutoFill).
enum ImprivataCheckOutRule: Int, RuleSet {
    case checkOutUnavailable
    case checkOutForceRecovery
    case checkOutPasscodeLocked
    case checkOutBadgeEnrolment
    case checkOutPassword
    case checkOutPIN
    case checkOutBadge
    case checkOutAutofillSecondFactor
    case checkOutDevicePasscode
    case checkOutMDMAssignment

    static let table = RuleTable<ImprivataCheckOutRule>(after: ImprivataAccessRule.table)

    /// Whether a device is handed out at all.
    static let checkOutGate = DecisionList<ImprivataCheckOutRule>(
        "check-out: is a device handed out", [.checkOutUnavailable, .checkOutForceRecovery, .checkOutPasscodeLocked])

    /// What the worker is asked at the hub after the badge tap (or instead of it).
    static let checkOutPrompt = DecisionList<ImprivataCheckOutRule>(
        "check-out: what the worker is asked", [.checkOutBadgeEnrolment, .checkOutPassword, .checkOutPIN])

    var definition: RuleDefinition<ImprivataPredicate> {
        switch self {
        case .checkOutUnavailable:
            RuleDefinition(
                "imprivata.check-out.device-not-available",
                summary: "a device that is not docked and checked in is not handed out (3 or 4 beeps)",
                sources: E.beeps, when: [.not(.deviceCheckedIn)],
                effect: RuleEffect(session: .denied, findings: [ImprivataFinding.checkOutRefused.id]),
                examples: [
                    RuleExample(facts: out(), event: "check_out", fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        case .checkOutForceRecovery:
            RuleDefinition(
                "imprivata.check-out.force-recovery",
                summary: "a device left passcode-locked is erased by force recovery, then handed out",
                sources: E.forceRecovery, when: [.when(.passcodeLeftOnDevice), .when(.forceRecoveryOn)],
                effect: .raises(ImprivataFinding.deviceErasedOnRecovery.id),
                examples: [
                    RuleExample(
                        settings: ["force_recovery": "true"], facts: ["passcode_owner": "bob"], event: "check_out",
                        fires: true),
                    RuleExample(facts: ["passcode_owner": "bob"], event: "check_out", fires: false),
                ])
        case .checkOutPasscodeLocked:
            RuleDefinition(
                "imprivata.check-out.passcode-locked",
                summary: "a device still locked by a worker's passcode cannot be paired, so it is not handed out",
                sources: E.clearPasscode + E.forceRecovery, when: [.when(.passcodeLeftOnDevice)],
                effect: RuleEffect(
                    session: .denied,
                    findings: [ImprivataFinding.passcodeNotCleared.id, ImprivataFinding.checkOutRefused.id]),
                examples: [
                    RuleExample(facts: ["passcode_owner": "bob"], event: "check_out", fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        case .checkOutBadgeEnrolment:
            RuleDefinition(
                "imprivata.check-out.badge-enrolment",
                summary: "an unknown badge is enrolled on the device with the user's credentials (and PIN)",
                sources: E.badgeEnrolment, when: [.when(.checkOutUsesBadge), .when(.badgeNotEnrolled)],
                effect: .prompts(.credentials),
                examples: [
                    RuleExample(event: "check_out", conditions: ["badge": "not_enrolled"], fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        case .checkOutPassword:
            RuleDefinition(
                "imprivata.check-out.password",
                summary: "check-out with a password (alone, after the badge, or with face) asks the credentials",
                sources: E.checkOutMethods, when: [.when(.checkOutAsksPassword)],
                effect: .prompts(.credentials),
                examples: [
                    RuleExample(settings: ["check_out_auth": "badge_password"], event: "check_out", fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        case .checkOutPIN:
            RuleDefinition(
                "imprivata.check-out.badge-pin", summary: "a badge with a PIN asks the Imprivata PIN",
                sources: E.checkOutMethods + [S.badgeEnrolment["(enrolment at check-out) (Imprivata PIN)"]],
                when: [.when(.checkOutAsksPIN)],
                effect: .prompts(.badgePIN),
                examples: [
                    RuleExample(settings: ["check_out_auth": "badge_pin"], event: "check_out", fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        case .checkOutBadge:
            RuleDefinition(
                "imprivata.check-out.badge",
                summary: "the worker taps a badge (with a face check for badge_face): it identifies them, nothing is "
                    + "typed",
                sources: [S.userExperience["(CHECK OUT: audible alerts) (ideal check-out)"]]
                    + E.checkOutMethods,
                when: [.when(.checkOutUsesBadge)], effect: .prompts(.badge),
                examples: [
                    RuleExample(event: "check_out", fires: true),
                    RuleExample(settings: ["check_out_auth": "password"], event: "check_out", fires: false),
                ])
        case .checkOutAutofillSecondFactor:
            RuleDefinition(
                "imprivata.check-out.autofill-second-factor",
                summary: "with AutoFill, a check-out without a second factor is followed by AutoFill's second factor",
                sources: [
                    S.autofillConfigure[
                        "(second factor) (right after check-out, inferred: a second factor given at check-out counts)"]
                ],
                when: [
                    .when(.autofillEnabled), .when(.secondFactorAfterCheckOut), .not(.checkOutHasSecondFactor),
                ],
                effect: .prompts(.credentials),
                examples: [
                    RuleExample(settings: ["password_autofill": "enabled"], event: "check_out", fires: true),
                    RuleExample(
                        settings: [
                            "password_autofill": "enabled", "autofill_second_factor": "first_use",
                        ], event: "check_out", fires: false),
                ])
        case .checkOutDevicePasscode:
            RuleDefinition(
                "imprivata.check-out.device-passcode",
                summary: "the Check Out workflow installs the passcode profile: the worker sets their own passcode",
                sources: E.passcodeAtCheckOut + E.passcodeDigits, when: [.when(.perUserDevicePasscode)],
                effect: .prompts(.createPasscode),
                examples: [
                    RuleExample(event: "check_out", fires: true),
                    RuleExample(settings: ["device_passcode": "none"], event: "check_out", fires: false),
                ])
        case .checkOutMDMAssignment:
            RuleDefinition(
                "imprivata.check-out.mdm-assignment",
                summary: "check-out assigns the device to the worker in the MDM (user certificates, email)",
                sources: E.mdmAssignment, when: [.when(.assignsMDMUser)],
                examples: [
                    RuleExample(settings: ["mdm_user_assignment": "assign_and_reset"], event: "check_out", fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        }
    }
}
