import SSOPolicyProviderKit

private typealias E = ImprivataEvidence
private typealias S = ImprivataSource

/// What an app serving another worker's sign-in raises: that worker's session, and their data with it.
private let previousUserServed = [
    ImprivataFinding.previousUserSessionActive.id, ImprivataFinding.previousUserDataVisible.id,
]

/// Access attempts (`open`): Locker's gate, then the app's own sign-in, AutoFill and the data left in the app.
enum ImprivataAccessRule: Int, RuleSet {
    case accessLockerLocked
    case accessLostMode
    case accessEmergencyUnlocked
    case accessNotCustodian
    case accessCustodian
    case accessOverdue
    case appNoLogin
    case sdmAccountReused
    case sdmPreviousAccount
    case sdmSignIn
    case certificatePreviousUser
    case certificateSilent
    case appSessionReused
    case appPreviousSession
    case microsoftOwnSignIn
    case appSignIn
    case autofillSecondFactor
    case autofillFills
    case dataPreviousUser
    case appEveryOpen

    static let table = RuleTable<ImprivataAccessRule>()

    /// Whether an access attempt gets past Locker, and as whom.
    static let deviceGate = DecisionList<ImprivataAccessRule>(
        "access attempt: the device",
        [.accessLockerLocked, .accessLostMode, .accessEmergencyUnlocked, .accessNotCustodian, .accessCustodian])

    /// The app's own sign-in: MAM holds no session of its own, so each app decides.
    static let appSession = DecisionList<ImprivataAccessRule>(
        "access attempt: the app's sign-in",
        [
            .appNoLogin, .sdmAccountReused, .sdmPreviousAccount, .sdmSignIn, .certificatePreviousUser,
            .certificateSilent, .appSessionReused, .appPreviousSession, .microsoftOwnSignIn, .appSignIn,
        ])

    var definition: RuleDefinition<ImprivataPredicate> {
        switch self {
        case .accessLockerLocked:
            RuleDefinition(
                "imprivata.access.locker-locked",
                summary: "a checked-in device shows only Locker: no app opens until a check-out",
                sources: E.checkInAction + E.checkOutAction, when: [.when(.deviceCheckedIn)],
                effect: .session(.denied),
                examples: [RuleExample(fires: true), RuleExample(facts: out(), fires: false)])
        case .accessLostMode:
            RuleDefinition(
                "imprivata.access.lost-mode", summary: "an overdue device in Lost Mode blocks every app",
                sources: [S.overdue["(apps may not be used)"]], when: [.when(.deviceInLostMode)],
                effect: .session(.denied),
                examples: [
                    RuleExample(facts: out(["status": "lost_mode"]), fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .accessEmergencyUnlocked:
            RuleDefinition(
                "imprivata.access.emergency-unlocked",
                summary: "after an emergency unlock anyone can use the device, and nobody is its custodian",
                sources: E.emergencyPIN, when: [.when(.deviceUnlockedByPIN)],
                effect: .raises(ImprivataFinding.anonymousEmergencyUnlock.id),
                examples: [
                    RuleExample(facts: ["status": "pin_unlocked"], fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .accessNotCustodian:
            RuleDefinition(
                "imprivata.access.not-custodian",
                summary: "a device checked out to another worker opens for whoever holds it",
                sources: [
                    S.checkOutIOS["(Check Out Device action)"],
                    S.checkOutAndroid["([Device User])"],
                ], when: [.when(.deviceOut), .not(.actorIsCustodian)],
                effect: .raises(ImprivataFinding.deviceUsedByNonCustodian.id),
                examples: [
                    RuleExample(facts: ["status": "checked_out", "custodian": "bob"], fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .accessCustodian:
            RuleDefinition(
                "imprivata.access.custodian", summary: "the worker who checked the device out uses it",
                sources: E.checkOutAction, when: [.when(.actorIsCustodian)],
                examples: [RuleExample(facts: out(), fires: true), RuleExample(fires: false)])
        case .accessOverdue:
            RuleDefinition(
                "imprivata.access.overdue",
                summary: "an overdue device keeps working: MAM only marks it (and emails); nothing is signed out",
                sources: E.overdue, when: [.when(.deviceOverdue)],
                effect: .raises(ImprivataFinding.deviceOverdue.id),
                examples: [
                    RuleExample(facts: out(["status": "overdue"]), fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .appNoLogin:
            RuleDefinition(
                "imprivata.app.no-login", summary: "an app without a login opens straight into its content",
                sources: E.logoutMethods, when: [.when(.appLoginNone)],
                effect: .session(.appReused),
                examples: [
                    RuleExample(appKeys: ["login": "none"], facts: out(), fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .sdmAccountReused:
            RuleDefinition(
                "imprivata.sdm.account-reused",
                summary: "a Microsoft app in shared device mode opens in the broker's account, the user's own",
                sources: E.microsoftIOS + E.microsoftAndroid,
                when: [.when(.appSignsInWithMicrosoft), .when(.deviceInSharedMode), .when(.entraAccountIsActor)],
                effect: .session(.sharedReused),
                examples: [
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"],
                        facts: out(["entra_account": "alice"]), fires: true),
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"], facts: out(),
                        fires: false),
                ])
        case .sdmPreviousAccount:
            RuleDefinition(
                "imprivata.sdm.previous-account",
                summary: "a Microsoft account nobody signed out serves the next worker",
                sources: [
                    S.microsoftIOS["(Requirements, Expected Behavior) (automatic sign-out at check-in)"]
                ],
                when: [.when(.appSignsInWithMicrosoft), .when(.deviceInSharedMode), .when(.entraAccountIsAnother)],
                effect: RuleEffect(session: .sharedReused, findings: previousUserServed),
                examples: [
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"],
                        facts: out(["entra_account": "bob"]), fires: true),
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"],
                        facts: out(["entra_account": "alice"]), fires: false),
                ])
        case .sdmSignIn:
            RuleDefinition(
                "imprivata.sdm.sign-in",
                summary: "the first Microsoft app without an account asks the Microsoft sign-in (UPN prefilled)",
                sources: [
                    S.microsoftIOS[
                        "(Requirements, Expected Behavior) (swiped away: prompted at the first Microsoft app)"]
                ] + E.microsoftAndroid,
                when: [.when(.appSignsInWithMicrosoft), .when(.deviceInSharedMode)],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .sharedNew),
                examples: [
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"], facts: out(),
                        fires: true),
                    RuleExample(appKeys: ["login": "msal_sdm"], facts: out(), fires: false),
                ])
        case .certificatePreviousUser:
            RuleDefinition(
                "imprivata.mdm-certificate.previous-user",
                summary: "an app signing in with the MDM user's certificate signs in as the device's MDM user",
                sources: E.mdmAssignment,
                when: [.when(.appSignsInWithMDMCertificate), .when(.mdmUserIsAnother)],
                effect: RuleEffect(session: .appReused, findings: previousUserServed),
                examples: [
                    RuleExample(
                        settings: ["mdm_user_assignment": "assign_only"], appKeys: ["login": "mdm_certificate"],
                        facts: out(["mdm_user": "bob"]), fires: true),
                    RuleExample(
                        settings: ["mdm_user_assignment": "assign_only"], appKeys: ["login": "mdm_certificate"],
                        facts: out(["mdm_user": "alice"]), fires: false),
                ])
        case .certificateSilent:
            RuleDefinition(
                "imprivata.mdm-certificate.silent",
                summary: "with the device assigned to the user, a certificate app signs in with no prompt",
                sources: [S.workspaceOne["(Voalte One, Box)"]],
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
            RuleDefinition(
                "imprivata.app.session-reused", summary: "the app reopens in the user's own sign-in",
                sources: [S.checkInActions["(Supported Logout Methods) (apps keep their own sessions)"]],
                when: [.when(.appSessionIsActor)],
                effect: .session(.appReused),
                examples: [
                    RuleExample(facts: out(["session_owner": "alice"]), fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .appPreviousSession:
            RuleDefinition(
                "imprivata.app.previous-session",
                summary: "an app still signed in as the previous worker opens in that worker's session",
                sources: E.logoutMethods + E.forceQuit, when: [.when(.appSessionIsAnother)],
                effect: RuleEffect(session: .appReused, findings: previousUserServed),
                examples: [
                    RuleExample(facts: out(["session_owner": "bob"]), fires: true),
                    RuleExample(facts: out(["session_owner": "alice"]), fires: false),
                ])
        case .microsoftOwnSignIn:
            RuleDefinition(
                "imprivata.microsoft.own-sign-in",
                summary: "an app signing in with MSAL outside shared device mode (a Microsoft app without it, or a "
                    + "multiple-account app) asks its own Microsoft sign-in (user name, password and any second "
                    + "factor), for this app only",
                sources: [
                    S.microsoftAndroid["(Expected Behavior) (Teams asks the user to sign in when it is opened)"],
                    S.microsoftIOS["(Requirements) (inferred: without the integration, MAM signs nobody in to it)"],
                ],
                when: [.when(.appAsksItsOwnMicrosoftSignIn), .not(.appHasSession)],
                effect: RuleEffect(prompts: [.interactiveSignIn], session: .appNew),
                examples: [
                    RuleExample(appKeys: ["login": "msal_sdm"], facts: out(), fires: true),
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal"], facts: out(),
                        fires: true),
                    RuleExample(
                        settings: ["entra_shared_device_mode": "true"], appKeys: ["login": "msal_sdm"], facts: out(),
                        fires: false),
                    RuleExample(appKeys: ["login": "msal"], facts: out(["session_owner": "alice"]), fires: false),
                    RuleExample(facts: out(), fires: false),
                ])
        case .appSignIn:
            RuleDefinition(
                "imprivata.app.sign-in",
                summary: "an app without a session shows its own login (filled in by AutoFill when it is on)",
                sources: [
                    Citation(S.autofillFAQ),
                    S.autofillConfigure["(requirements) (inferred: AutoFill fills the app's own login form)"],
                ],
                when: [.not(.appHasSession)],
                effect: RuleEffect(prompts: [.appCredentials], session: .appNew),
                examples: [
                    RuleExample(facts: out(), fires: true),
                    RuleExample(facts: out(["session_owner": "alice"]), fires: false),
                ])
        case .autofillSecondFactor:
            RuleDefinition(
                "imprivata.autofill.second-factor",
                summary: "the first AutoFill use asks the AutoFill second factor if it was not given yet",
                sources: E.autofillSecondFactor,
                when: [.when(.autofillEnabled), .when(.autofillVaultIsActor), .not(.secondFactorDone)],
                effect: .prompts(.credentials),
                examples: [
                    RuleExample(settings: ["password_autofill": "enabled"], facts: out(), fires: true),
                    RuleExample(
                        settings: ["password_autofill": "enabled"], facts: out(["autofill_second_factor_done": "true"]),
                        fires: false),
                ])
        case .autofillFills:
            RuleDefinition(
                "imprivata.autofill.fills",
                summary: "AutoFill offers the user's stored credentials in the app's login",
                sources: E.autofill, when: [.when(.autofillEnabled), .when(.autofillVaultIsActor)],
                examples: [
                    RuleExample(settings: ["password_autofill": "enabled"], facts: out(), fires: true),
                    RuleExample(facts: out(), fires: false),
                ])
        case .dataPreviousUser:
            RuleDefinition(
                "imprivata.data.previous-user", summary: "the app still holds the previous worker's data",
                sources: E.clearData + E.rover, when: [.when(.appDataIsAnother), .not(.ownSignInClearsData)],
                effect: .raises(ImprivataFinding.previousUserDataVisible.id),
                examples: [
                    RuleExample(facts: out(["data_owner": "bob"]), fires: true),
                    RuleExample(facts: out(["data_owner": "alice"]), fires: false),
                    RuleExample(
                        appKeys: ["clears_data_on_user_change": "true"], facts: out(["data_owner": "bob"]), fires: false
                    ),
                ])
        case .appEveryOpen:
            RuleDefinition(
                "imprivata.app.every-open",
                summary: "an app whose own login asks at every open keeps no sign-in: the next open, whoever makes "
                    + "it, meets the login again",
                sources: [S.checkInActions["(Supported Logout Methods) (apps keep their own sessions)"]],
                when: [.when(.appAsksEveryOpen)],
                examples: [
                    RuleExample(appKeys: ["asks_every_open": "true"], facts: out(), fires: true),
                    RuleExample(facts: out(), fires: false),
                    RuleExample(appKeys: ["asks_every_open": "true", "login": "msal_sdm"], facts: out(), fires: false),
                ])
        }
    }
}
