import SSOPolicyProviderKit

/// Check-out at the hub: whether a device is handed out, what the worker is asked, and what the Check Out
/// workflow sets up (device passcode, MDM user, AutoFill).
extension ImprivataRule {
    private typealias E = ImprivataEvidence

    static func checkOutDefinition(_ rule: ImprivataRule) -> RuleDefinition<ImprivataPredicate>? {
        switch rule {
        case .checkOutUnavailable:
            return RuleDefinition(
                "imprivata.check-out.device-not-available",
                summary: "a device that is not docked and checked in is not handed out (3 or 4 beeps)",
                source: "\(E.beeps)", when: [.not(.deviceCheckedIn)],
                examples: [
                    RuleExample(facts: out(), event: "check_out", fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        case .checkOutForceRecovery:
            return RuleDefinition(
                "imprivata.check-out.force-recovery",
                summary: "a device left passcode-locked is erased by force recovery, then handed out",
                source: "\(E.forceRecovery)", when: [.when(.passcodeLeftOnDevice), .when(.forceRecoveryOn)],
                examples: [
                    RuleExample(
                        settings: ["force_recovery": "true"], facts: ["passcode_owner": "bob"], event: "check_out",
                        fires: true),
                    RuleExample(facts: ["passcode_owner": "bob"], event: "check_out", fires: false),
                ])
        case .checkOutPasscodeLocked:
            return RuleDefinition(
                "imprivata.check-out.passcode-locked",
                summary: "a device still locked by a worker's passcode cannot be paired, so it is not handed out",
                source: "\(E.clearPasscode); \(E.forceRecovery)", when: [.when(.passcodeLeftOnDevice)],
                examples: [
                    RuleExample(facts: ["passcode_owner": "bob"], event: "check_out", fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        case .checkOutBadgeEnrolment:
            return RuleDefinition(
                "imprivata.check-out.badge-enrolment",
                summary: "an unknown badge is enrolled on the device with the user's credentials (and PIN)",
                source: "\(E.badgeEnrolment)", when: [.when(.checkOutUsesBadge), .when(.badgeNotEnrolled)],
                examples: [
                    RuleExample(event: "check_out", conditions: ["badge": "not_enrolled"], fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        case .checkOutPassword:
            return RuleDefinition(
                "imprivata.check-out.password",
                summary: "check-out with a password (alone, after the badge, or with face) asks the credentials",
                source: "\(E.checkOutMethods)", when: [.when(.checkOutAsksPassword)],
                examples: [
                    RuleExample(settings: ["check_out_auth": "badge_password"], event: "check_out", fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        case .checkOutPIN:
            return RuleDefinition(
                "imprivata.check-out.badge-pin", summary: "a badge with a PIN asks the Imprivata PIN",
                source: "\(E.checkOutMethods); \(E.badgeEnrolment) (Imprivata PIN)", when: [.when(.checkOutAsksPIN)],
                examples: [
                    RuleExample(settings: ["check_out_auth": "badge_pin"], event: "check_out", fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        case .checkOutBadge:
            return RuleDefinition(
                "imprivata.check-out.badge",
                summary: "a badge tap (with a face check for badge_face) unlocks a device with no typed prompt",
                source: "\(E.beeps) (ideal check-out); \(E.checkOutMethods)", when: [.when(.checkOutUsesBadge)],
                examples: [
                    RuleExample(event: "check_out", fires: true),
                    RuleExample(settings: ["check_out_auth": "password"], event: "check_out", fires: false),
                ])
        case .checkOutAutofillSecondFactor:
            return RuleDefinition(
                "imprivata.check-out.autofill-second-factor",
                summary: "with AutoFill, a check-out without a second factor is followed by AutoFill's second factor",
                source:
                    "\(E.autofillSecondFactor) (right after check-out, inferred: a second factor given at check-out counts)",
                when: [
                    .when(.autofillEnabled), .when(.secondFactorAfterCheckOut), .not(.checkOutHasSecondFactor),
                ],
                examples: [
                    RuleExample(settings: ["password_autofill": "enabled"], event: "check_out", fires: true),
                    RuleExample(
                        settings: [
                            "password_autofill": "enabled", "autofill_second_factor": "first_use",
                        ], event: "check_out", fires: false),
                ])
        case .checkOutDevicePasscode:
            return RuleDefinition(
                "imprivata.check-out.device-passcode",
                summary: "the Check Out workflow installs the passcode profile: the worker sets their own passcode",
                source: "\(E.passcodeAtCheckOut); \(E.passcodeDigits)", when: [.when(.perUserDevicePasscode)],
                examples: [
                    RuleExample(event: "check_out", fires: true),
                    RuleExample(settings: ["device_passcode": "none"], event: "check_out", fires: false),
                ])
        case .checkOutMDMAssignment:
            return RuleDefinition(
                "imprivata.check-out.mdm-assignment",
                summary: "check-out assigns the device to the worker in the MDM (user certificates, email)",
                source: "\(E.mdmAssignment)", when: [.when(.assignsMDMUser)],
                examples: [
                    RuleExample(settings: ["mdm_user_assignment": "assign_and_reset"], event: "check_out", fires: true),
                    RuleExample(event: "check_out", fires: false),
                ])
        default:
            return nil
        }
    }
}
