import SSOPolicyProviderKit

/// Access attempts (`open`): Locker's gate, then the app's own sign-in, AutoFill and the data left in the app.
extension ImprivataRule {
    private typealias E = ImprivataEvidence

    static func accessDefinition(_ rule: ImprivataRule) -> RuleDefinition<ImprivataPredicate>? {
        switch rule {
        case .accessLockerLocked:
            return RuleDefinition(
                "imprivata.access.locker-locked",
                summary: "a checked-in device shows only Locker: no app opens until a check-out",
                source: "\(E.checkInAction); \(E.checkOutAction)", when: [.when(.deviceCheckedIn)],
                examples: [RuleExample(fires: true), RuleExample(facts: out(), fires: false)])
        case .accessLostMode:
            return RuleDefinition(
                "imprivata.access.lost-mode", summary: "an overdue device in Lost Mode blocks every app",
                source: "\(E.overdue) (apps may not be used)", when: [.when(.deviceInLostMode)],
                examples: [
                    RuleExample(facts: out(["status": "lost_mode"]), fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .accessEmergencyUnlocked:
            return RuleDefinition(
                "imprivata.access.emergency-unlocked",
                summary: "after an emergency unlock anyone can use the device, and nobody is its custodian",
                source: "\(E.emergencyPIN)", when: [.when(.deviceUnlockedByPIN)],
                examples: [
                    RuleExample(facts: ["status": "pin_unlocked"], fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .accessNotCustodian:
            return RuleDefinition(
                "imprivata.access.not-custodian",
                summary: "a device checked out to another worker opens for whoever holds it",
                source: "\(E.checkOutAction) ([Device User])", when: [.when(.deviceOut), .not(.actorIsCustodian)],
                examples: [
                    RuleExample(facts: ["status": "checked_out", "custodian": "bob"], fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .accessCustodian:
            return RuleDefinition(
                "imprivata.access.custodian", summary: "the worker who checked the device out uses it",
                source: "\(E.checkOutAction)", when: [.when(.actorIsCustodian)],
                examples: [RuleExample(facts: out(), fires: true), RuleExample(fires: false)])
        case .accessOverdue:
            return RuleDefinition(
                "imprivata.access.overdue",
                summary: "an overdue device keeps working: MAM only marks it (and emails); nothing is signed out",
                source: "\(E.overdue)", when: [.when(.deviceOverdue)],
                examples: [
                    RuleExample(facts: out(["status": "overdue"]), fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .appNoLogin:
            return RuleDefinition(
                "imprivata.app.no-login", summary: "an app without a login opens straight into its content",
                source: "\(E.logoutMethods)", when: [.when(.appLoginNone)],
                examples: [
                    RuleExample(appKeys: ["login": "none"], facts: out(), fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .sdmAccountReused:
            return RuleDefinition(
                "imprivata.sdm.account-reused",
                summary: "a Microsoft app in shared device mode opens in the broker's account, the user's own",
                source: "\(E.microsoftIOS); \(E.microsoftAndroid)",
                when: [.when(.appSignsInWithMicrosoft), .when(.deviceInSharedMode), .when(.entraAccountIsActor)],
                examples: [
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"],
                        facts: out(["entra_account": "alice"]), fires: true),
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"], facts: out(),
                        fires: false),
                ])
        case .sdmPreviousAccount:
            return RuleDefinition(
                "imprivata.sdm.previous-account",
                summary: "a Microsoft account nobody signed out serves the next worker",
                source: "\(E.microsoftIOS) (automatic sign-out at check-in)",
                when: [.when(.appSignsInWithMicrosoft), .when(.deviceInSharedMode), .when(.entraAccountIsAnother)],
                examples: [
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"],
                        facts: out(["entra_account": "bob"]), fires: true),
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"],
                        facts: out(["entra_account": "alice"]), fires: false),
                ])
        case .sdmSignIn:
            return RuleDefinition(
                "imprivata.sdm.sign-in",
                summary: "the first Microsoft app without an account asks the Microsoft sign-in (UPN prefilled)",
                source: "\(E.microsoftIOS) (swiped away: prompted at the first Microsoft app); \(E.microsoftAndroid)",
                when: [.when(.appSignsInWithMicrosoft), .when(.deviceInSharedMode)],
                examples: [
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"], facts: out(),
                        fires: true),
                    RuleExample(appKeys: ["login": "msal_sdm"], facts: out(), fires: false),
                ])
        case .certificatePreviousUser:
            return RuleDefinition(
                "imprivata.mdm-certificate.previous-user",
                summary: "an app signing in with the MDM user's certificate signs in as the device's MDM user",
                source: "\(E.mdmAssignment)",
                when: [.when(.appSignsInWithMDMCertificate), .when(.mdmUserIsAnother)],
                examples: [
                    RuleExample(
                        settings: ["mdm_user_assignment": "assign_only"], appKeys: ["login": "mdm_certificate"],
                        facts: out(["mdm_user": "bob"]), fires: true),
                    RuleExample(
                        settings: ["mdm_user_assignment": "assign_only"], appKeys: ["login": "mdm_certificate"],
                        facts: out(["mdm_user": "alice"]), fires: false),
                ])
        case .certificateSilent:
            return RuleDefinition(
                "imprivata.mdm-certificate.silent",
                summary: "with the device assigned to the user, a certificate app signs in with no prompt",
                source: "\(E.mdmAssignment) (Voalte One, Box)",
                when: [.when(.appSignsInWithMDMCertificate), .when(.mdmUserIsActor)],
                examples: [
                    RuleExample(
                        settings: ["mdm_user_assignment": "assign_and_reset"], appKeys: ["login": "mdm_certificate"],
                        facts: out(["mdm_user": "alice"]), fires: true),
                    RuleExample(
                        settings: ["mdm_user_assignment": "assign_and_reset"], appKeys: ["login": "mdm_certificate"],
                        facts: out(), fires: false),
                ])
        case .appSessionReused:
            return RuleDefinition(
                "imprivata.app.session-reused", summary: "the app reopens in the user's own sign-in",
                source: "\(E.logoutMethods) (apps keep their own sessions)", when: [.when(.appSessionIsActor)],
                examples: [
                    RuleExample(facts: out(["session_owner": "alice"]), fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .appPreviousSession:
            return RuleDefinition(
                "imprivata.app.previous-session",
                summary: "an app still signed in as the previous worker opens in that worker's session",
                source: "\(E.logoutMethods); \(E.forceQuit)", when: [.when(.appSessionIsAnother)],
                examples: [
                    RuleExample(facts: out(["session_owner": "bob"]), fires: true),
                    RuleExample(facts: out(["session_owner": "alice"]), fires: false),
                ])
        case .appSignIn:
            return RuleDefinition(
                "imprivata.app.sign-in",
                summary: "an app without a session shows its own login (filled in by AutoFill when it is on)",
                source: "\(E.autofill) (inferred: AutoFill fills the app's own login form)",
                when: [.not(.appHasSession)],
                examples: [
                    RuleExample(facts: out(), fires: true),
                    RuleExample(facts: out(["session_owner": "alice"]), fires: false),
                ])
        case .autofillSecondFactor:
            return RuleDefinition(
                "imprivata.autofill.second-factor",
                summary: "the first AutoFill use asks the AutoFill second factor if it was not given yet",
                source: "\(E.autofillSecondFactor)",
                when: [.when(.autofillEnabled), .when(.autofillVaultIsActor), .not(.secondFactorDone)],
                examples: [
                    RuleExample(settings: ["password_autofill": "enabled"], facts: out(), fires: true),
                    RuleExample(
                        settings: ["password_autofill": "enabled"], facts: out(["autofill_second_factor_done": "true"]),
                        fires: false),
                ])
        case .autofillFills:
            return RuleDefinition(
                "imprivata.autofill.fills",
                summary: "AutoFill offers the user's stored credentials in the app's login",
                source: "\(E.autofill)", when: [.when(.autofillEnabled), .when(.autofillVaultIsActor)],
                examples: [
                    RuleExample(settings: ["password_autofill": "enabled"], facts: out(), fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .dataPreviousUser:
            return RuleDefinition(
                "imprivata.data.previous-user", summary: "the app still holds the previous worker's data",
                source: "\(E.clearData); \(E.rover)", when: [.when(.appDataIsAnother)],
                examples: [
                    RuleExample(facts: out(["data_owner": "bob"]), fires: true),
                    RuleExample(facts: out(["data_owner": "alice"]), fires: false),
                ])
        default:
            return nil
        }
    }
}
