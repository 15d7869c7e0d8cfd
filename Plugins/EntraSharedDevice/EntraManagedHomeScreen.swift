import SSOPolicyProviderKit

private typealias MHS = EntraManagedHomeScreen

/// Android: Microsoft Managed Home Screen (MHS), the launcher of Intune dedicated devices, with shared device mode:
/// its sign-in (the global sign-in when its type is Microsoft Entra ID), the session PIN a worker creates after it,
/// the PIN asked again after the screensaver, the wrong PINs that sign the worker out, its automatic sign-out with
/// the countdown before it, and a restart.
///
/// The settings are the MHS app configuration keys of Microsoft Learn's "Configure the Microsoft Managed Home Screen
/// app for Android Enterprise" (section "Configurations to customize Managed Home Screen experience when device is
/// set up with Microsoft Entra shared device mode"); the rules are `EntraManagedHomeScreenRules`.
struct EntraManagedHomeScreenPolicy: Sendable, Hashable {
    /// `mhs_sign_in` (`enable_mhs_signin`): workers sign in to MHS.
    var signIn = false
    /// `mhs_sign_in_type: entra_id` (`signin_type` "AAD"), the default; false for `other`.
    var signInEntra = true
    /// `mhs_session_pin` (`enable_session_PIN`).
    var sessionPIN = false
    /// `mhs_pin_to_resume` (`enable_PIN_to_resume`).
    var pinToResume = false
    /// `mhs_session_pin_max_attempts` (`max_number_of_attempts_for_session_PIN`); 0 = unlimited.
    var maxPINAttempts = 0
    /// `mhs_system_navigation: shown`: the device restrictions profile shows the Home and Overview buttons or
    /// system notifications in the status bar, so the sign-in and PIN screens can be skipped.
    var navigationShown = false
    /// `mhs_auto_sign_out: true` with `mhs_auto_sign_out_permissions: missing`: the automatic sign-out does not run.
    var autoSignOutInoperative = false
    /// Model option `mhs_reboot_sdm: signed_out`.
    var restartSignsOut = false

    /// The MHS sign-in is the shared-device-mode global sign-in (sign-in type Microsoft Entra ID).
    var singleSignOn: Bool { signIn && signInEntra }
    /// The MHS sign-in is MHS's own (sign-in type Other): its sign-in and sign-out do not reach the apps.
    var signInOther: Bool { signIn && !signInEntra }
    /// A session PIN guards the worker's MHS session.
    var pinSet: Bool { singleSignOn && sessionPIN }
    /// The session PIN is asked again after the screensaver.
    var pinToResumeSet: Bool { pinSet && pinToResume }
    /// The PIN screen after the screensaver actually stands in front of the device (it cannot be skipped).
    var locks: Bool { pinToResumeSet && !navigationShown }
}

enum EntraManagedHomeScreen {
    private typealias Setting = EntraManagedHomeScreenSetting

    static let sourceDocument = SourceDocument(
        EntraSource.managedHomeScreen.rawValue,
        title: "Configure the Microsoft Managed Home Screen app for Android Enterprise",
        publisher: "Microsoft Learn",
        url: "https://learn.microsoft.com/intune/app-management/configuration/configure-managed-home-screen",
        language: "en", documentedAsOf: "2026-03-09 (ms.date; the defaults are the same in the 2025-01-08 edition)",
        note: "MHS sign-in, sign-in type, session PIN, PIN to resume, maximum PIN attempts, automatic sign-out and "
            + "its countdown, and the overlay and exact alarm permissions the automatic sign-out needs")

    private static let section =
        "(Configurations to customize Managed Home Screen experience when device is set up with Microsoft Entra "
        + "shared device mode: "

    /// A citation of one row of MS9's shared-device-mode table.
    static func row(_ text: String) -> Citation { Citation(EntraSource.managedHomeScreen, section + text + ")") }

    static let signIn = row(
        "Enable sign in: \"users who sign in to Managed Home Screen get automatically signed in to all other apps on "
            + "the device that participated with Microsoft Entra shared device mode\"")
    static let signInType = row(
        "Sign in type: Other, users \"don't get single sign-on to all apps integrated with Microsoft Entra shared "
            + "device mode\"")
    static let sessionPIN = row(
        "Enable session PIN: \"The Session PIN lasts for the duration of a user's sign in and clears upon sign out\"")
    static let pinToResume = row("Require PIN code after returning from screensaver, Minimum inactive time")
    static let pinAttempts = row(
        "Maximum number of attempts for session PIN: the user is \"automatically logged out from Managed Home "
            + "Screen\", 0 = unlimited")
    static let autoSignOut = row(
        "Enable auto sign out: \"users get signed out of all apps on the device that participate with Microsoft "
            + "Entra shared device mode\", Auto sign out time, Count down time on auto sign out dialog")
    static let skippable = row(
        "Enable sign in and Enable session PIN: with the Home and Overview buttons or system notifications shown, "
            + "\"end users can ignore and skip the sign in screen\"")
    static let permissions = Citation(
        EntraSource.managedHomeScreen,
        "(notes: auto sign-out \"requires granting both overlay permission and exact alarm permission\", with "
            + "Notification windows disabled, \"the automatic sign out feature\" doesn't \"function properly\")")
    static let restart = row("Enable sign in: \"After the device reboots, end users must sign in again\"")

    /// Reads the MHS keys into `device` (after the rest of the device policy); on iOS each key written is a
    /// positioned warning, as for the other Android-only keys.
    static func compile(
        _ settings: SettingValues, into device: inout EntraDevicePolicy, diagnostics: inout Diagnostics
    ) {
        guard device.platform == .android else {
            // Every key this file reads (settings and model options) is Android only; each enum is read as it is,
            // with no list of keys built at each compile.
            func warnIfWritten(_ key: some SettingKey) {
                guard settings.isExplicit(key) else { return }
                diagnostics.warning(
                    "'\(key.key)' applies only to Android (Managed Home Screen); it is ignored on iOS",
                    at: settings.position(of: key))
            }
            for key in EntraManagedHomeScreenSetting.allCases { warnIfWritten(key) }
            for key in EntraManagedHomeScreenModelOption.allCases { warnIfWritten(key) }
            return
        }
        var mhs = EntraManagedHomeScreenPolicy()
        mhs.signIn = settings.bool(Setting.mhsSignIn)
        mhs.signInEntra = settings.word(Setting.mhsSignInType) != "other"
        mhs.sessionPIN = settings.bool(Setting.mhsSessionPIN)
        mhs.pinToResume = settings.bool(Setting.mhsPINToResume)
        mhs.maxPINAttempts = max(settings.integer(Setting.mhsSessionPINMaxAttempts), 0)
        mhs.navigationShown = settings.word(Setting.mhsSystemNavigation) == "shown"
        mhs.restartSignsOut = settings.word(EntraManagedHomeScreenModelOption.mhsRebootSDM) == "signed_out"
        if mhs.sessionPIN && !mhs.singleSignOn && settings.isExplicit(Setting.mhsSessionPIN) {
            diagnostics.warning(
                "'mhs_session_pin' needs 'mhs_sign_in: true' with 'mhs_sign_in_type: entra_id' (the PIN is created "
                    + "after that sign-in); it is ignored",
                at: settings.position(of: Setting.mhsSessionPIN))
        }
        if mhs.pinToResume && !mhs.pinSet && settings.isExplicit(Setting.mhsPINToResume) {
            diagnostics.warning(
                "'mhs_pin_to_resume' needs 'mhs_session_pin: true'; it is ignored",
                at: settings.position(of: Setting.mhsPINToResume))
        }
        if settings.bool(EntraSetting.mhsAutoSignOut) && settings.word(Setting.mhsAutoSignOutPermissions) == "missing" {
            mhs.autoSignOutInoperative = true
            device.mhsAutoSignOut = false
        }
        if settings.word(EntraManagedHomeScreenModelOption.mhsSignOutAt) != "timeout" {
            device.inactivityDelay = Saturating.sum(
                device.inactivityDelay, settings.seconds(Setting.mhsAutoSignOutNotice))
        }
        device.mhs = mhs
    }

    /// The configuration findings of the MHS keys.
    static func findings(_ policy: EntraPolicy) -> [PolicyFinding] {
        let mhs = policy.device.mhs
        var findings: [PolicyFinding] = []
        if mhs.autoSignOutInoperative {
            findings.append(
                PolicyFinding(
                    EntraFinding.mhsAutoSignOutInoperative.id, settingKey: Setting.mhsAutoSignOutPermissions.key))
        }
        if mhs.signIn && mhs.navigationShown {
            findings.append(
                PolicyFinding(EntraFinding.mhsSignInSkippable.id, settingKey: Setting.mhsSystemNavigation.key))
        }
        if mhs.signInOther && policy.device.deviceShared && (policy.device.mhsAutoSignOut || mhs.maxPINAttempts > 0) {
            findings.append(PolicyFinding(EntraFinding.mhsSignOutNotGlobal.id, settingKey: Setting.mhsSignInType.key))
        }
        return findings
    }
}

/// Managed Home Screen's settings (Android), after `EntraSetting`'s.
enum EntraManagedHomeScreenSetting: Int, DeclaredSetting {
    static let declaredKeys = DeclaredKeys<Self>()

    case mhsSignIn
    case mhsSignInType
    case mhsSessionPIN
    case mhsPINToResume
    case mhsSessionPINMaxAttempts
    case mhsSystemNavigation
    case mhsAutoSignOutNotice
    case mhsAutoSignOutPermissions

    var declaration: SettingDeclaration {
        switch self {
        case .mhsSignIn:
            SettingDeclaration(
                "mhs_sign_in", .bool, default: "false",
                meaning:
                    "Android only: workers sign in to Managed Home Screen (enable_mhs_signin); with mhs_sign_in_type "
                    + "entra_id that sign-in is the global sign-in of the shared-device-mode apps; after a restart MHS "
                    + "asks for it again",
                sources: [MHS.signIn, MHS.restart])
        case .mhsSignInType:
            SettingDeclaration(
                "mhs_sign_in_type", .choice(["entra_id", "other"]), default: "entra_id",
                meaning:
                    "Android only: signin_type of the MHS sign-in: entra_id (\"AAD\") signs the worker in to every "
                    + "shared-device-mode app; other is MHS's own sign-in: the apps need their own global sign-in, and "
                    + "MHS's sign-outs (automatic, or after wrong PINs) do not reach them",
                sources: [MHS.signIn, MHS.signInType])
        case .mhsSessionPIN:
            SettingDeclaration(
                "mhs_session_pin", .bool, default: "false",
                meaning: "Android only, with mhs_sign_in: after the MHS sign-in the worker creates a session PIN "
                    + "(enable_session_PIN), which lasts until the worker signs out",
                sources: [MHS.sessionPIN])
        case .mhsPINToResume:
            SettingDeclaration(
                "mhs_pin_to_resume", .bool, default: "false",
                meaning: "Android only, with mhs_session_pin: the session PIN is asked when the device comes back from "
                    + "MHS's screensaver (enable_PIN_to_resume; the event mhs_screensaver)",
                sources: [MHS.pinToResume])
        case .mhsSessionPINMaxAttempts:
            SettingDeclaration(
                "mhs_session_pin_max_attempts", .integer(min: 0, max: nil), default: "0",
                meaning:
                    "Android only: after this many wrong session PINs (event session_pin) MHS signs the worker out, "
                    + "of the shared-device-mode apps too (max_number_of_attempts_for_session_PIN); 0 = unlimited: "
                    + "the device stays with the signed-in worker",
                sources: [MHS.pinAttempts, MHS.autoSignOut])
        case .mhsSystemNavigation:
            SettingDeclaration(
                "mhs_system_navigation", .choice(["hidden", "shown"]), default: "hidden",
                meaning: "Android only: whether the device restrictions profile shows the Home and Overview buttons or "
                    + "system notifications in the status bar; shown lets a worker skip MHS's sign-in and PIN screens",
                sources: [MHS.skippable])
        case .mhsAutoSignOutNotice:
            SettingDeclaration(
                "mhs_auto_sign_out_notice", .duration, default: "60s",
                meaning: "Android only: the countdown of MHS's automatic sign-out dialog "
                    + "(auto_signout_time_to_give_user_notice); with model mhs_sign_out_at: timeout_plus_notice the "
                    + "sign-out comes this long after mhs_inactive_sign_out_delay",
                sources: [MHS.autoSignOut])
        case .mhsAutoSignOutPermissions:
            SettingDeclaration(
                "mhs_auto_sign_out_permissions", .choice(["granted", "missing"]), default: "granted",
                meaning: "Android only: MHS holds the overlay and exact alarm permissions and Notification windows is "
                    + "not disabled; missing: the automatic sign-out does not run (mhs-auto-sign-out-inoperative)",
                sources: [MHS.permissions])
        }
    }
}

/// Managed Home Screen's model options (Android), after `EntraModelOption`'s.
enum EntraManagedHomeScreenModelOption: Int, DeclaredModelOption {
    static let declaredKeys = DeclaredKeys<Self>()

    case mhsSignOutAt
    case mhsRebootSDM

    var declaration: ModelOptionDeclaration {
        switch self {
        case .mhsSignOutAt:
            ModelOptionDeclaration(
                "mhs_sign_out_at", conflict: "MHS-1",
                summary:
                    "Android: whether MHS's automatic sign-out countdown runs after mhs_inactive_sign_out_delay or "
                    + "inside it",
                readings: [
                    .init(
                        "timeout_plus_notice",
                        meaning: "the dialog appears once the delay has passed; the sign-out follows its countdown",
                        sources: [MHS.autoSignOut]),
                    .init(
                        "timeout", meaning: "the sign-out comes when the delay has passed; the countdown is part of it",
                        sources: [EntraEvidence.mhsAutoSignOut]),
                ])
        case .mhsRebootSDM:
            ModelOptionDeclaration(
                "mhs_reboot_sdm", conflict: "MHS-2",
                summary:
                    "Android with mhs_sign_in: what a restart does to the shared-device-mode account (MHS asks for "
                    + "its sign-in again; the broker's account is not documented)",
                readings: [
                    .init(
                        "kept",
                        meaning: "the broker keeps the account: apps opened after the restart are still signed in",
                        sources: [MHS.restart, EntraEvidence.deviceSessionLifetime]),
                    .init(
                        "signed_out", meaning: "the restart ends the account with the MHS session (a global sign-out)",
                        sources: [MHS.restart]),
                ])
        }
    }
}

extension EntraState {
    /// Before and after a step: a sign-out (by an app, MHS's automatic sign-out or wrong PINs) ends the session PIN
    /// with the session, so a next worker's sign-in meets no PIN screen. Reads only known values: a what-if does not
    /// split on it.
    mutating func forgetSessionPINAfterSignOut(policy: EntraPolicy) {
        guard policy.device.mhs.locks, deviceAccount.known == .some(nil) else { return }
        if sessionPINLocked.known == true || wrongSessionPINs != 0 {
            sessionPINLocked = .known(false)
            wrongSessionPINs = 0
        }
    }
}

extension EntraSharedDeviceProvider {
    /// An access (`open`, `sign_in`) to the app in focus on a device where MHS asks for the session PIN: the
    /// signed-in worker enters it and goes on; another worker is stopped at the PIN screen.
    func accessBehindSessionPIN(
        _ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace, explicit: Bool
    ) throws -> StepOutcome {
        var context = context
        context.explicit = explicit
        guard context.device.mhs.locks else { return try open(&state, context, trace: &trace) }
        let decision = try trace.first(EntraManagedHomeScreenRule.sessionPINScreen, on: state, in: context)
        if decision == .mhsSessionPINStopsOtherUser {
            var outcome = StepOutcome(session: .denied)
            outcome.apply(EntraManagedHomeScreenRule.mhsSessionPINStopsOtherUser.effect)
            outcome.subject = try state.deviceAccount.value
            return outcome
        }
        guard decision == .mhsSessionPINResume else { return try open(&state, context, trace: &trace) }
        state.sessionPINLocked = .known(false)
        state.wrongSessionPINs = 0
        let inner = try open(&state, context, trace: &trace)
        var outcome = inner
        outcome.prompts = []
        outcome.apply(EntraManagedHomeScreenRule.mhsSessionPINResume.effect)
        for prompt in inner.prompts { outcome.prompts.append(prompt) }
        return outcome
    }

    /// The `session_pin` event: the acting worker enters a session PIN at MHS's PIN screen. The signed-in worker
    /// knows it; anyone else enters a wrong one, and the last allowed wrong PIN signs the signed-in worker out.
    func enterSessionPIN(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        let device = context.device
        guard !device.isIOS else { return .notApplicable }
        let decision =
            device.mhs.locks
            ? try trace.first(EntraManagedHomeScreenRule.sessionPINEntry, on: state, in: context) : nil
        if decision == .mhsSessionPINResume, let account = try state.deviceAccount.value {
            state.sessionPINLocked = .known(false)
            state.wrongSessionPINs = 0
            var outcome = StepOutcome(session: .sharedReused, sessionUser: account)
            outcome.apply(EntraManagedHomeScreenRule.mhsSessionPINResume.effect)
            return outcome
        }
        if decision == .mhsPINAttemptsSignOut, let previous = try state.deviceAccount.value {
            var outcome = StepOutcome(session: .none)
            outcome.apply(EntraManagedHomeScreenRule.mhsPINAttemptsSignOut.effect)
            outcome.subject = previous
            state.deviceAccount = .known(nil)
            try notifyListeners(&state, context, trace: &trace)
            try intuneClearsLocalData(&state, context, trace: &trace)
            state.sessionPINLocked = .known(false)
            state.wrongSessionPINs = 0
            return outcome
        }
        if decision == .mhsSessionPINStopsOtherUser {
            if device.mhs.maxPINAttempts > 0 {
                state.wrongSessionPINs = Saturating.sum(state.wrongSessionPINs, 1)
            }
            var outcome = StepOutcome(session: .denied)
            outcome.apply(EntraManagedHomeScreenRule.mhsSessionPINStopsOtherUser.effect)
            outcome.subject = try state.deviceAccount.value
            return outcome
        }
        // No PIN screen: the worker is at the home screen of whoever is signed in to MHS.
        guard device.deviceShared, let account = try state.deviceAccount.value else {
            return StepOutcome(session: .none)
        }
        var outcome = StepOutcome(session: .sharedReused, sessionUser: account)
        if account != context.user {
            outcome.findings.insert(EntraFinding.previousUserSessionActive.id)
            outcome.subject = account
        }
        return outcome
    }

    /// The `mhs_screensaver` event: MHS's screensaver appears (the device idled for its time, or the lock screen
    /// appeared) and stays past the minimum inactive time; with the PIN to resume, the PIN screen follows.
    func screensaver(_ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace)
        throws -> StepOutcome
    {
        guard !context.device.isIOS else { return .notApplicable }
        if try trace.first(EntraManagedHomeScreenRule.screensaver, on: state, in: context)
            == .mhsScreensaverLocks
        {
            state.sessionPINLocked = .known(true)
        }
        if context.device.deviceShared, let account = try state.deviceAccount.value {
            return StepOutcome(session: .sharedReused, sessionUser: account)
        }
        return StepOutcome(session: .none)
    }

    /// A device restart with the MHS sign-in: MHS asks for its sign-in again (no PIN screen); the broker's account
    /// follows the `mhs_reboot_sdm` reading.
    func managedHomeScreenRestart(
        _ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace
    ) throws {
        guard context.device.mhs.singleSignOn else { return }
        if try trace.first(EntraManagedHomeScreenRule.restart, on: state, in: context)
            == .mhsRestartSignsOut
        {
            state.deviceAccount = .known(nil)
            try intuneClearsLocalData(&state, context, trace: &trace)
        }
        if state.sessionPINLocked.known != false || state.wrongSessionPINs != 0 {
            state.sessionPINLocked = .known(false)
            state.wrongSessionPINs = 0
        }
    }

    /// A global sign-in on a device with the MHS sign-in: it took place at MHS's sign-in screen, and with the
    /// session PIN the worker creates one there.
    func managedHomeScreenSignIn(
        _ state: inout EntraState, _ context: EntraContext, trace: inout RuleTrace,
        outcome: inout StepOutcome
    ) throws {
        guard context.device.mhs.signIn else { return }
        try trace.record(EntraManagedHomeScreenRule.mhsSignIn, on: state, in: context)
        if try trace.evaluate(EntraManagedHomeScreenRule.mhsSessionPINCreated, on: state, in: context) {
            outcome.apply(EntraManagedHomeScreenRule.mhsSessionPINCreated.effect)
            state.sessionPINLocked = .known(false)
            state.wrongSessionPINs = 0
        }
    }
}
