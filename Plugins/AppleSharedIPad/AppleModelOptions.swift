import SSOPolicyProviderKit

private typealias E = AppleEvidence

/// The readings of what the sources leave open (the literal reading first), in declaration order.
enum AppleModelOption: Int, DeclaredModelOption {
    static let declaredKeys = DeclaredKeys<Self>()

    case passcodeLockGraceDefault
    case onlineAuthWhenUnset
    case lockScreenSignOut
    case restart
    case guestOnRestart
    case evictionOrder
    case deleteLoggedInUser
    case inactivityCountsWhileLocked
    case m365TokensAfterSignOut
    case ssoPlugin
    case loginSSOToApps
    case unsupportedCA
    case biometricUnlock

    var declaration: ModelOptionDeclaration {
        switch self {
        case .passcodeLockGraceDefault:
            Self.option(
                "passcode_lock_grace_default", "U1", "the grace period when the MDM never sends one",
                [
                    ("0", "no grace: a locked session asks its passcode", E.grace),
                    ("5m", "five minutes", E.grace),
                ])
        case .onlineAuthWhenUnset:
            Self.option(
                "online_auth_when_unset", "U2", "online authentication when OnlineAuthenticationGracePeriod is unset",
                [
                    ("never_forced", "cached users sign in with the local passcode", E.onlineAuth),
                    ("every_login", "every sign-in needs Apple's identity service", E.onlineAuth),
                ])
        case .lockScreenSignOut:
            Self.option(
                "lock_screen_sign_out", "U3", "whether anyone may tap Sign Out on another user's Lock Screen",
                [
                    ("anyone", "the next worker signs the previous one out without their passcode", E.signOut),
                    ("owner_only", "only the owner; others wait for the timeout or an MDM log-out", E.signOut),
                ])
        case .restart:
            Self.option(
                "restart", "U4", "what a restart leaves on screen",
                [
                    ("login_window", "every session ends; the login window", E.restart),
                    ("owner_lock_screen", "the user's session stays, behind its Lock Screen", E.restart),
                ])
        case .guestOnRestart:
            Self.option(
                "guest_on_restart", "U5", "what a restart does to a Guest session",
                [
                    ("deleted", "the Guest session ends and its data is deleted", E.guestDeleted + E.restart),
                    ("kept", "the Guest session stays (with model.restart: owner_lock_screen)", E.restart),
                ])
        case .evictionOrder:
            Self.option(
                "eviction_order", "U6", "which synced resident a new user evicts",
                [
                    ("first_signed_in", "the user who signed in first", E.residentUsers),
                    ("least_recently_used", "the user who signed in least recently", E.residentUsers),
                ])
        case .deleteLoggedInUser:
            Self.option(
                "delete_logged_in_user", "U7", "DeleteUser naming the signed-in user",
                [
                    ("error", "the command fails; nothing changes", E.delete),
                    ("log_out_then_delete", "the user is logged out, then deleted", E.delete),
                ])
        case .inactivityCountsWhileLocked:
            Self.option(
                "inactivity_counts_while_locked", "U8", "whether the session timeouts run while the screen is locked",
                [("true", "they do", E.userTimeout), ("false", "they stop while locked", E.userTimeout)])
        case .m365TokensAfterSignOut:
            Self.option(
                "m365_tokens_after_sign_out", "I1", "Microsoft sign-ins in a partition after the iPad sign-out",
                [
                    ("retained", "kept in the cached partition for the user's return", E.partitionKept + E.msalSSO),
                    ("cleared", "gone: the next sign-in asks again", E.msalSSO),
                ])
        case .ssoPlugin:
            Self.option(
                "sso_plugin", "U9", "the Microsoft Enterprise SSO plug-in per partition",
                [
                    ("absent", "apps of other publishers sign in on their own", E.ssoPlugin),
                    ("per_user", "it shares the Microsoft sign-in across publishers in a partition", E.ssoPlugin),
                ])
        case .loginSSOToApps:
            Self.option(
                "login_sso_to_apps", "U10", "whether the login window's Entra sign-in signs the apps in",
                [
                    ("false", "it does not: the first Microsoft app asks", E.firstSignIn + E.msalSSO),
                    ("true", "it does, right after a first federated sign-in", E.firstSignIn),
                ])
        case .unsupportedCA:
            Self.option(
                "unsupported_ca", "I2", "what an unsupported device-based Conditional Access grant does",
                [
                    ("blocks", "the Microsoft sign-in is refused", E.conditionalAccess),
                    ("not_evaluated", "the grant is not evaluated: a finding only", E.conditionalAccess),
                ])
        case .biometricUnlock:
            Self.option(
                "biometric_unlock", "U11", "whether a locked Shared iPad session unlocks with Touch ID or Face ID",
                [
                    ("unavailable", "no: Settings has no Touch ID & Passcode section on Shared iPad", E.biometrics),
                    ("available", "yes: the owner's unlock past the grace period asks no passcode", E.biometrics),
                ])
        }
    }

    private static func option(
        _ key: String, _ conflict: String, _ summary: String, _ readings: [(String, String, [Citation])]
    ) -> ModelOptionDeclaration {
        ModelOptionDeclaration(
            key, conflict: conflict, summary: summary,
            readings: readings.map { .init($0.0, meaning: $0.1, sources: $0.2) })
    }
}

/// The readings of `model.passcode_lock_grace_default`.
enum GraceDefault: String, CaseIterable {
    case none = "0"
    case fiveMinutes = "5m"
}

/// The readings of `model.online_auth_when_unset`.
enum OnlineAuthWhenUnset: String, CaseIterable {
    case neverForced = "never_forced"
    case everyLogin = "every_login"
}

/// The readings of `model.lock_screen_sign_out`.
enum LockScreenSignOut: String, CaseIterable {
    case anyone
    case ownerOnly = "owner_only"
}

/// The readings of `model.restart`.
enum RestartReading: String, CaseIterable {
    case loginWindow = "login_window"
    case ownerLockScreen = "owner_lock_screen"
}

/// The readings of `model.guest_on_restart`.
enum GuestOnRestart: String, CaseIterable {
    case deleted, kept
}

/// The readings of `model.eviction_order`.
enum EvictionOrder: String, CaseIterable {
    case firstSignedIn = "first_signed_in"
    case leastRecentlyUsed = "least_recently_used"
}

/// The readings of `model.delete_logged_in_user`.
enum DeleteLoggedInUser: String, CaseIterable {
    case error
    case logOutThenDelete = "log_out_then_delete"
}

/// The readings of the model options whose words are `true` and `false`.
enum ModelBool: String, CaseIterable {
    case yes = "true"
    case no = "false"
}

/// The readings of `model.m365_tokens_after_sign_out`.
enum TokensAfterSignOut: String, CaseIterable {
    case retained, cleared
}

/// The readings of `model.sso_plugin`.
enum SSOPluginReading: String, CaseIterable {
    case absent
    case perUser = "per_user"
}

/// The readings of `model.unsupported_ca`.
enum UnsupportedCA: String, CaseIterable {
    case blocks
    case notEvaluated = "not_evaluated"
}

/// The readings of `model.biometric_unlock`.
enum BiometricUnlock: String, CaseIterable {
    case unavailable, available
}
