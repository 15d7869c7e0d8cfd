import MicrosoftApps
import SSOPolicyProviderKit

private typealias E = ImprivataEvidence
private typealias S = ImprivataSource

/// What a policy's `settings:` may say, in declaration order; `compile` reads each value through its case.
enum ImprivataSetting: Int, DeclaredSetting {
    static let declaredKeys = DeclaredKeys<Self>()

    case platform
    case identityProvider
    case checkOutAuth
    case devicePasscode
    case clearPasscodeOnCheckIn
    case passwordAutofill
    case mdmUserAssignment
    case microsoftSDMIntegration
    case entraSharedDeviceMode
    case androidEnrollment
    case eraseOnCheckIn
    case checkInRetries
    case lendingPeriod
    case overdueLostMode
    case emergencyUnlockPIN
    case cellularData
    case forceRecovery

    var declaration: SettingDeclaration {
        switch self {
        case .platform:
            SettingDeclaration(
                "platform", .choice(Platform.allCases.map(\.rawValue)), default: "ios",
                meaning: "the devices' OS; logout methods differ",
                sources: E.logoutMethods, matrixDimension: true)
        case .identityProvider:
            SettingDeclaration(
                "identity_provider", .choice(IdentityProvider.allCases.map(\.rawValue)), default: "eam",
                meaning: "the web service that maps a badge to a user: Imprivata Enterprise Access Management, MAM's "
                    + "built-in user service, or a custom one", sources: [Citation(S.eam)])
        case .checkOutAuth:
            SettingDeclaration(
                "check_out_auth", .choice(CheckOutAuth.words), default: "badge",
                meaning: "how a worker checks a device out (EAM user policy): a badge alone, a badge with a PIN, a "
                    + "password or a face check, a password alone on Locker, or face with a password",
                sources: E.checkOutMethods, matrixDimension: true)
        case .devicePasscode:
            SettingDeclaration(
                "device_passcode", .choice(DevicePasscode.words), default: "per_user",
                meaning:
                    "per_user = the Check Out workflow installs a passcode profile and each worker sets their own, "
                    + "cleared at check-in: whoever picks the device up without a check-out, or after a restart, meets "
                    + "that worker's lock screen; static_shared = one code everyone knows; none = no lock screen",
                sources: E.passcodeAtCheckOut + E.passcodeDigits)
        case .clearPasscodeOnCheckIn:
            SettingDeclaration(
                "clear_passcode_on_check_in", .bool, default: "true",
                meaning:
                    "the Check In workflow sends the MDM's ClearPasscode (required to pair a passcode-locked device)",
                sources: E.checkInMinimum + E.clearPasscode)
        case .passwordAutofill:
            SettingDeclaration(
                "password_autofill", .choice(PasswordAutofill.allCases.map(\.rawValue)), default: "disabled",
                meaning: "iOS Enterprise Password AutoFill: the worker's EAM-stored app passwords are offered in each "
                    + "app's login (iOS and EAM only)", sources: E.autofill)
        case .mdmUserAssignment:
            SettingDeclaration(
                "mdm_user_assignment", .choice(MDMAssignment.words), default: "none",
                meaning: "check-out assigns the device to the worker in the MDM (Workspace ONE; user certificates, "
                    + "email); assign_and_reset also assigns the staging user back at check-in (iOS only)",
                sources: E.mdmAssignment)
        case .microsoftSDMIntegration:
            SettingDeclaration(
                "microsoft_sdm_integration", .bool, default: "false",
                meaning: "MAM's Microsoft integration: the sign-in button at check-out and the automatic sign-out of "
                    + "Microsoft shared-device apps at check-in", sources: E.microsoftIOS + E.microsoftAndroid)
        case .entraSharedDeviceMode:
            SettingDeclaration(
                "entra_shared_device_mode", .bool, default: "false",
                meaning: "the devices really are in Microsoft shared device mode (registered by an admin, or erased "
                    + "and re-provisioned with Intune)",
                sources: [S.microsoftIOS["(Requirements, Expected Behavior) (Requirements)"]])
        case .androidEnrollment:
            SettingDeclaration(
                "android_enrollment", .choice(AndroidEnrollment.allCases.map(\.rawValue)), default: "dedicated_mhs",
                meaning: "Android only: MSAL-controlled sign-out works only on Intune dedicated devices with Managed "
                    + "Home Screen",
                sources: [S.microsoftAndroid["(Expected Behavior, Limitations) (Limitations)"]])
        case .eraseOnCheckIn:
            SettingDeclaration(
                "erase_on_check_in", .bool, default: "false",
                meaning: "the Check In workflow erases the device: no app session, data, browser cookie or MDM user "
                    + "survives, so the staging-user step is unnecessary", sources: E.mdmAssignment)
        case .checkInRetries:
            SettingDeclaration(
                "check_in_retries", .integer(min: 0, max: 10), default: "3",
                meaning: "On Failure retries of the Check In workflow", sources: E.checkInMinimum + E.retries)
        case .lendingPeriod:
            SettingDeclaration(
                "lending_period", .duration, default: "13h",
                meaning: "time from check-out until an unreturned device is Overdue; 0 = off (the default follows the "
                    + "model option lending_period_default)", sources: E.overdue)
        case .overdueLostMode:
            SettingDeclaration(
                "overdue_lost_mode", .bool, default: "false",
                meaning: "an overdue device is put in MDM Lost Mode (apps blocked until it is docked)",
                sources: E.overdue)
        case .emergencyUnlockPIN:
            SettingDeclaration(
                "emergency_unlock_pin", .choice(EmergencyUnlockPIN.allCases.map(\.rawValue)), default: "none",
                meaning: "Locker's emergency unlock PIN (AppConfig UnlockPIN): unlocks a checked-in device with no "
                    + "identity", sources: E.emergencyPIN)
        case .cellularData:
            SettingDeclaration(
                "cellular_data", .bool, default: "false",
                meaning: "the devices have a cellular connection: ClearPasscode then reaches an iOS device that "
                    + "restarted and is still locked (over Wi-Fi it cannot until the passcode is entered)",
                sources: E.clearPasscode + E.restartUntilUnlocked)
        case .forceRecovery:
            SettingDeclaration(
                "force_recovery", .bool, default: "false",
                meaning: "a device that stays passcode-locked for 5 minutes is erased by force recovery",
                sources: E.forceRecovery)
        }
    }
}

/// The readings of what the sources leave open (the note's default reading first), in declaration order.
enum ImprivataModelOption: Int, DeclaredModelOption {
    static let declaredKeys = DeclaredKeys<Self>()

    case forceQuitEffect
    case unattendedInterappDialogs
    case ulcErrorHandling
    case autofillSecondFactor
    case lendingPeriodDefault
    case ulcPlatforms

    var declaration: ModelOptionDeclaration {
        switch self {
        case .forceQuitEffect:
            ModelOptionDeclaration(
                "force_quit_effect", conflict: "C2",
                summary: "what iOS Force quit does to an app's sign-in at check-in",
                readings: [
                    .init(
                        "process_only",
                        meaning: "it ends the process only: an app that restores its sign-in at launch stays signed in "
                            + "(iOS semantics; the validator force-quits and still expects the callback)",
                        sources: E.forceQuit),
                    .init(
                        "logs_out", meaning: "it is a logout method, as the console's list presents it",
                        sources: E.logoutMethods),
                ])
        case .unattendedInterappDialogs:
            ModelOptionDeclaration(
                "unattended_interapp_dialogs", conflict: "C5",
                summary: "what a custom-scheme callback's permission dialogs do at an unattended check-in",
                readings: [
                    .init(
                        "block_first_use",
                        meaning: "nobody answers them: the first logout on each device does not run",
                        sources: E.interappDialogs),
                    .init(
                        "auto_accepted",
                        meaning: "they are taken as accepted ('extra taps on first use' done beforehand)",
                        sources: E.supportedApps),
                ])
        case .ulcErrorHandling:
            ModelOptionDeclaration(
                "ulc_error_handling", conflict: "S1",
                summary: "what a failed logout does to the check-in (undocumented)",
                readings: [
                    .init(
                        "continue_check_in",
                        meaning: "the device is locked and Checked In anyway; the app's session survives",
                        sources: E.ulcFailures),
                    .init(
                        "fail_check_in", meaning: "the workflow fails after its retries: the device stays checked out",
                        sources: E.retries),
                ])
        case .autofillSecondFactor:
            ModelOptionDeclaration(
                "autofill_second_factor", conflict: "C7", summary: "when AutoFill asks its second factor",
                readings: [
                    .init(
                        "after_check_out",
                        meaning: "right after check-out, and again at first use if skipped (newer page)",
                        sources: E.autofillSecondFactor),
                    .init(
                        "first_use", meaning: "only at the first AutoFill use (older copies)",
                        sources: [S.autofillConfigure["(older copies: at first use)"]]),
                ])
        case .lendingPeriodDefault:
            ModelOptionDeclaration(
                "lending_period_default", conflict: "C3", summary: "the lending period when a policy does not set one",
                readings: [
                    .init(
                        "13h", meaning: "the longest shift plus one hour (a 12-hour shift: 13 hours; newer page)",
                        sources: E.overdue),
                    .init(
                        "36h", meaning: "36 hours (older copy)", sources: [S.overdue["(older copy: 36 hours)"]]),
                ])
        case .ulcPlatforms:
            ModelOptionDeclaration(
                "ulc_platforms", conflict: "C6", summary: "where Universal Link Callback logout exists",
                readings: [
                    .init("ios_only", meaning: "iOS apps only (current page)", sources: E.logoutMethods),
                    .init(
                        "ios_and_voalte_android", meaning: "also the Voalte ONE Android app (older copies)",
                        sources: [Citation(S.checkInActions60)]),
                ])
        }
    }
}

/// What each app of a policy may say, in declaration order.
enum ImprivataAppKey: Int, DeclaredAppKey {
    static let declaredKeys = DeclaredKeys<Self>()

    case catalog
    case logoutMethod
    case login
    case sessionSurvivesRelaunch
    case appClearsDataOnLogout
    case clearsDataOnUserChange
    case ulcColdStartSafe
    case notificationsWhenLocked
    case webSignIn
    case asksEveryOpen

    var declaration: SettingDeclaration {
        switch self {
        case .catalog:
            SettingDeclaration(
                "catalog", .choice(MicrosoftAppCatalogue.ids), default: "none",
                meaning: MicrosoftAppCatalogue.keyMeaning
                    + ". It makes login default to msal_sdm, and app_clears_data_on_logout's method_default follow "
                    + "the catalogue, so the app gets the same data verdict as under entra-shared-device",
                sources: [MicrosoftAppCatalogue.listSource] + MicrosoftAppCatalogue.dataClearingSources(on: .android)
                    + E.microsoftIOS)
        case .logoutMethod:
            SettingDeclaration(
                "logout_method", .choice(LogoutMethod.words), default: "none",
                meaning: "the app's App Logout entry run at check-in: iOS force_quit, universal_link_callback, "
                    + "x_callback_url, interapp_callback; Android clear_app_data, clear_app_cache, force_stop, "
                    + "clear_cache_and_stop; msal_shared_device (MAM's Microsoft sign-out); epic_rover (built in); "
                    + "none = no entry", sources: E.logoutMethods + E.microsoftIOS + E.rover)
        case .login:
            SettingDeclaration(
                "login", .choice(AppLogin.words), default: "app_credentials",
                meaning: "how the app signs in: its own login (autofilled with password_autofill), msal_sdm = the "
                    + "Microsoft broker, msal = its own Microsoft sign-in outside shared device mode (a "
                    + "multiple-account app), mdm_certificate = the certificate of MDM user assignment, none = no login",
                sources: E.autofill + E.microsoftIOS + E.mdmAssignment, neverAdvised: ["none"])
        case .sessionSurvivesRelaunch:
            SettingDeclaration(
                "session_survives_relaunch", .bool, default: "true",
                meaning: "the app restores its sign-in after its process is killed (Epic Rover does not)",
                sources: E.forceQuit + E.rover)
        case .appClearsDataOnLogout:
            SettingDeclaration(
                "app_clears_data_on_logout", .choice(ClearsDataOnLogout.allCases.map(\.rawValue)),
                default: "method_default",
                meaning:
                    "the app's own logout (callback, Microsoft sign-out) also wipes its data; method_default = yes "
                    + "for callbacks and for a catalogued Microsoft app (it clears the previous user's data), no for "
                    + "another msal_sdm app (a shared-device sign-out leaves the data of an app that does not clear it)",
                sources: E.ulcLogout + E.microsoftIOS + MicrosoftAppCatalogue.dataClearingSources(on: .android))
        case .clearsDataOnUserChange:
            SettingDeclaration(
                "clears_data_on_user_change", .bool, default: "false",
                meaning:
                    "an app with its own login (login: app_credentials) clears the previous user's data at its own "
                    + "sign-out and when another user signs in to it", sources: E.clearData)
        case .ulcColdStartSafe:
            SettingDeclaration(
                "ulc_cold_start_safe", .bool, default: "true",
                meaning: "false = the callback races the app's cold start: it reports success and stays signed in",
                sources: E.ulcFailures)
        case .notificationsWhenLocked:
            SettingDeclaration(
                "notifications_when_locked", .bool, default: "false",
                meaning: "the app can post notifications while the device is checked in", sources: E.supportedApps)
        case .webSignIn:
            SettingDeclaration(
                "web_sign_in", .bool, default: "false",
                meaning: "the app signs in through Safari or a web view (cookies no check-in clears)",
                sources: E.logoutMethods)
        case .asksEveryOpen:
            SettingDeclaration(
                "asks_every_open", .bool, default: "false",
                meaning: "the app's own login (login: app_credentials) asks at every open: it keeps no sign-in "
                    + "between opens, so the next worker meets its login, never a session a check-in must end",
                sources: E.logoutMethods)
        }
    }
}

/// The values of `platform`.
enum Platform: String, CaseIterable {
    case ios, android
}

/// The values of `identity_provider`.
enum IdentityProvider: String, CaseIterable {
    case eam
    case mamUserService = "mam_user_service"
    case custom
}

/// The values of `password_autofill`.
enum PasswordAutofill: String, CaseIterable {
    case disabled, enabled
}

/// The values of `android_enrollment`.
enum AndroidEnrollment: String, CaseIterable {
    case dedicatedMHS = "dedicated_mhs"
    case fullyManaged = "fully_managed"
}

/// The values of `emergency_unlock_pin`.
enum EmergencyUnlockPIN: String, CaseIterable {
    case none, configured
}

/// The values of the app key `app_clears_data_on_logout`.
enum ClearsDataOnLogout: String, CaseIterable {
    case methodDefault = "method_default"
    case yes = "true"
    case no = "false"
}
