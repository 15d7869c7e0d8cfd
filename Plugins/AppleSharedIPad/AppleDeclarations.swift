import SSOPolicyProviderKit

/// The facts a scenario's `given:` and `evaluate --fact` may state; a case's position is its `FactID`.
enum AppleFact: Int, DeclaredFact {
    case screen
    case signedIn
    case sessionType
    case lockedFor
    case idleFor
    case resident
    case residentSynced
    case passcodeHolder
    case network
    case appSession
    case passcodeReset
    case entraDisabled

    private typealias E = AppleEvidence

    var declaration: FactDeclaration {
        switch self {
        case .screen:
            FactDeclaration(
                "screen", .choice(["login_window", "unlocked", "locked", "setup_assistant", "awaiting_configuration"]),
                default: "login_window",
                meaning: "what the iPad shows: the login window (nobody signed in), a session's Home Screen or Lock "
                    + "Screen, Setup Assistant after an erase, or the Setup Assistant pane a signed-in user waits at "
                    + "for UserConfigured (await_user_configuration)",
                sources: E.sharedDevice + E.signOut + E.awaitConfiguration)
        case .signedIn:
            FactDeclaration(
                "signed_in", .account, default: "none",
                meaning: "whose session is open (for a Guest session, the person who tapped Guest); none at the login "
                    + "window", sources: E.isolation)
        case .sessionType:
            FactDeclaration(
                "session_type", .choice(["user", "guest"]), default: "user",
                meaning: "whether the open session is a user's (Managed Apple Account) or a Guest (temporary) session",
                sources: E.guestDeleted)
        case .lockedFor:
            FactDeclaration(
                "locked_for", .choice(["past_grace", "within_grace"]), default: "past_grace",
                meaning: "how long a locked screen has been locked: past the passcode grace period, or within it",
                sources: E.grace, circumstance: "a session locked moments ago, within the passcode grace period")
        case .idleFor:
            FactDeclaration(
                "idle_for", .choice(["short", "past_timeout"]), default: "short",
                meaning: "how long the open session has been inactive: briefly, or longer than every timeout",
                sources: E.userTimeout)
        case .resident:
            FactDeclaration(
                "resident", .account, default: "none",
                meaning: "a user, besides whoever is signed in, whose partition is cached (resident) on this iPad and "
                    + "synced", sources: E.partitionKept)
        case .residentSynced:
            .bool(
                "resident_synced", default: true,
                meaning: "whether the resident's data has synced (false: the resident has data to sync)",
                sources: E.delete + E.residentUsers)
        case .passcodeHolder:
            FactDeclaration(
                "has_shared_ipad_passcode", .account, default: "none",
                meaning: "a user, besides the residents, who already created a Shared iPad passcode (on another "
                    + "iPad): their first sign-in here asks no identity-provider page", sources: E.laterSignIn)
        case .network:
            FactDeclaration(
                "network", .choice(["online", "offline"]), default: "online",
                meaning: "whether the iPad reaches Apple's identity service (sign-ins of new users need it)",
                sources: E.onlineAuth)
        case .appSession:
            FactDeclaration(
                "app_session", .account, scope: .app, default: "none",
                meaning: "whose partition holds a session of the app (a user named here is resident)",
                sources: E.partitionKept + E.msalSSO)
        case .passcodeReset:
            FactDeclaration(
                "passcode_reset", .account, default: "none",
                meaning: "a user whose Shared iPad passcode an administrator reset: their next sign-in asks the "
                    + "federated password, the temporary passcode and a new passcode", sources: E.passcodeReset)
        case .entraDisabled:
            FactDeclaration(
                "entra_disabled", .account, default: "none",
                meaning: "a user disabled in Entra ID: a cached partition still opens with the local passcode until "
                    + "online authentication is due, but the Microsoft sign-ins fail", sources: E.offboarding)
        }
    }
}

/// The provider's own events, after the four required ones.
enum AppleEvent: Int, DeclaredEvent {
    case lock
    case unlock
    case deviceSignIn
    case deviceSignOut
    case logOutUser
    case deleteUser
    case erase
    case network
    case userConfigured
    case passcodeReset
    case entraDisableUser

    private typealias E = AppleEvidence

    var declaration: EventDeclaration {
        switch self {
        case .lock:
            EventDeclaration(
                "device_lock", target: .choice(["device"]), requiresUser: false, accessAttempt: false,
                meaning: "the screen is locked (the Sleep/Wake button); the session stays open", sources: E.autoLock)
        case .unlock:
            EventDeclaration(
                "device_unlock", target: .choice(["device"]), requiresUser: true, accessAttempt: true,
                meaning: "the user wakes the iPad: within the passcode grace period no passcode, else the Shared "
                    + "iPad passcode; another user's locked session follows the same rules as an open",
                sources: E.grace)
        case .deviceSignIn:
            EventDeclaration(
                "device_sign_in", target: .choice(["user", "guest"]), requiresUser: true, accessAttempt: true,
                meaning: "sign in at the login window with a Managed Apple Account (user) or tap Guest (an open "
                    + "at the login window does this implicitly)", sources: E.laterSignIn + E.guestAllowed)
        case .deviceSignOut:
            EventDeclaration(
                "device_sign_out", target: .choice(["device"]), requiresUser: true, accessAttempt: false,
                meaning: "the worker signs out of the iPad (Lock Screen > Sign Out); a different person signing out "
                    + "someone else's locked session follows model.lock_screen_sign_out", sources: E.signOut)
        case .logOutUser:
            EventDeclaration(
                "mdm_log_out_user", target: .choice(["device"]), requiresUser: false, accessAttempt: false,
                meaning: "MDM LogOutUser (Intune Logout current user): the current user or Guest is signed out",
                sources: E.logOut)
        case .deleteUser:
            EventDeclaration(
                "mdm_delete_user", target: .choice(["user", "all"]), requiresUser: false, accessAttempt: false,
                meaning: "MDM DeleteUser (Intune Remove user): 'user' deletes the step's user's partition, 'all' "
                    + "every resident's; unsynced data blocks it unless the step says force: true",
                sources: E.delete)
        case .erase:
            EventDeclaration(
                "mdm_erase", target: .choice(["device", "return_to_service"]), requiresUser: false,
                accessAttempt: false,
                meaning: "MDM EraseDevice: every partition is gone; with return_to_service (iPadOS 17+, Wi-Fi unless "
                    + "wired) the iPad re-enrolls and comes back to the login window, else it waits in Setup "
                    + "Assistant", sources: E.erase)
        case .network:
            EventDeclaration(
                "network", target: .choice(["online", "offline"]), requiresUser: false, accessAttempt: false,
                meaning: "the iPad goes online or offline (sign-ins that need Apple's identity service, and sync)",
                sources: E.onlineAuth)
        case .userConfigured:
            EventDeclaration(
                "user_configured", target: .choice(["user"]), requiresUser: true, accessAttempt: false,
                meaning: "MDM UserConfigured on the step's user's channel: with await_user_configuration the user's "
                    + "session leaves its Setup Assistant pane for the Home Screen (not delivered offline)",
                sources: E.awaitConfiguration)
        case .passcodeReset:
            EventDeclaration(
                "passcode_reset", target: .choice(["user"]), requiresUser: true, accessAttempt: false,
                meaning: "an administrator resets the step's user's Shared iPad passcode in Apple Business Manager: "
                    + "their next sign-in asks the federated password, the temporary passcode, then a new passcode "
                    + "(an Apple-authenticated account starts over with a temporary password)",
                sources: E.passcodeReset + E.appleSignIn)
        case .entraDisableUser:
            EventDeclaration(
                "entra_disable_user", target: .choice(["user"]), requiresUser: true, accessAttempt: false,
                meaning: "the step's user is disabled or removed in Entra ID (offboarding): a cached partition still "
                    + "opens with the local passcode until online authentication is due; Microsoft sign-ins fail",
                sources: E.offboarding)
        }
    }
}

/// Conditions a step may carry.
enum AppleStepCondition: Int, DeclaredStepCondition {
    case asGuest
    case force
    case wifi

    private typealias E = AppleEvidence

    var declaration: StepConditionDeclaration {
        switch self {
        case .asGuest:
            StepConditionDeclaration(
                "as", .choice(["user", "guest"]), events: ["open"],
                meaning: "at the login window, sign in with a Managed Apple Account (user, the default) or tap Guest",
                sources: E.guestAllowed)
        case .force:
            StepConditionDeclaration(
                "force", .bool, events: ["mdm_delete_user"],
                meaning: "ForceDeletion: delete even a user whose data has not synced", sources: E.delete)
        case .wifi:
            StepConditionDeclaration(
                "wifi", .bool, events: ["mdm_erase"],
                meaning: "Return to Service carries a Wi-Fi profile (or the iPad is wired); false: it cannot re-enroll "
                    + "and stays in Setup Assistant", sources: E.erase)
        }
    }
}

/// What a step's `details` may say.
enum AppleDetail: Int, DeclaredDetail {
    case screen
    case sessionType
    case credentialMethod
    case endedBy
    case evicted
    case scope
    case mfa
    case result

    var declaration: DetailDeclaration {
        switch self {
        case .screen:
            DetailDeclaration(
                "screen", .choice(["login_window", "unlocked", "locked", "setup_assistant", "awaiting_configuration"]),
                meaning: "what the iPad shows after the step")
        case .sessionType:
            DetailDeclaration("session_type", .choice(["user", "guest"]), meaning: "the kind of session open")
        case .credentialMethod:
            DetailDeclaration(
                "login_credential",
                .choice(["federated_idp", "shared_ipad_passcode", "managed_apple_account_password"]),
                meaning: "what the credentials prompt at the login window asks: the identity provider's page (first "
                    + "Shared iPad sign-in), the Shared iPad passcode, or an Apple-authenticated password")
        case .endedBy:
            DetailDeclaration(
                "ended_by",
                .choice([
                    "device_sign_out", "user_session_timeout", "temporary_session_timeout", "mdm_log_out_user",
                    "restart", "lock_screen_sign_out",
                ]), meaning: "what ended the previous session during this step")
        case .evicted:
            DetailDeclaration("evicted", .account, meaning: "the synced resident removed to make room for the user")
        case .scope:
            DetailDeclaration(
                "scope", .choice(["partition"]), meaning: "a Microsoft sign-in is shared by the apps of one partition")
        case .mfa:
            DetailDeclaration("mfa", .choice(["true"]), meaning: "Conditional Access asks a second factor")
        case .result:
            DetailDeclaration(
                "result", .choice(["no_user", "deleted", "delete_blocked", "not_deleted"]),
                meaning: "what an MDM command did")
        }
    }
}

/// The risks apple-shared-ipad reports.
enum AppleFinding: Int, DeclaredFinding {
    case previousSession
    case previousData
    case browserSession
    case neverExpires
    case noUserAuthentication
    case guestAllowed
    case guestNoPasscode
    case graceHandover
    case notSignedOut
    case unsupportedDevice
    case sdmNotSupported
    case conditionalAccess
    case appProtection
    case appAssignment
    case evicted
    case capacity
    case onlineAuthUnavailable
    case onlineAuthNeverRequired
    case deleteBlocked
    case unsyncedLost
    case dataNotRoaming
    case longGrace
    case awaitingConfiguration
    case offboardedLocalSignIn

    private typealias E = AppleEvidence

    var declaration: FindingDeclaration {
        switch self {
        case .previousSession:
            FindingDeclaration(
                "previous-user-session-active", .critical, concern: .foreignSession,
                message: "{user} works in {previous_user}'s Shared iPad session in {app}",
                meaning: "the session was not signed out: the next person works in the previous user's partition",
                sources: E.isolation + E.grace)
        case .previousData:
            FindingDeclaration(
                "previous-user-data-visible", .high, concern: .previousUserData,
                message: "{app} shows {previous_user}'s data to {user}",
                meaning: "the previous user's apps, data and sign-ins are reachable", sources: E.isolation)
        case .browserSession:
            FindingDeclaration(
                "browser-session-remains", .medium, concern: .incompleteSignOut,
                message: "{previous_user}'s web sign-in in {app} is still open for {user}",
                meaning: "a site signed in to in the session stays signed in until the session ends",
                sources: E.guestNoPasscode)
        case .neverExpires:
            FindingDeclaration(
                "session-never-expires", .medium, message: "no inactivity timeout ends a forgotten session",
                meaning: "user_session_timeout (or temporary_session_timeout while Guest sessions are possible) is "
                    + "unset or 0", sources: E.userTimeout + E.temporaryTimeout)
        case .noUserAuthentication:
            FindingDeclaration(
                "no-user-authentication", .medium, message: "every session is a Guest session: nobody is identified",
                meaning: "temporary_session_only: true", sources: E.temporaryOnly)
        case .guestAllowed:
            FindingDeclaration(
                "guest-sessions-allowed", .info, message: "the login window offers Guest sessions without sign-in",
                meaning: "temporary sessions are allowed (Apple's and Intune's default)", sources: E.guestAllowed)
        case .guestNoPasscode:
            FindingDeclaration(
                "guest-session-no-passcode", .high,
                message: "{user} opens {previous_user}'s Guest session: a Guest session has no passcode",
                meaning: "a locked Guest session unlocks for anyone", sources: E.guestNoPasscode)
        case .graceHandover:
            FindingDeclaration(
                "passcode-grace-handover", .medium,
                message: "{previous_user}'s locked session opened for {user} without a passcode (grace period)",
                meaning: "within the passcode grace period anyone can unlock a locked user session", sources: E.grace)
        case .notSignedOut:
            FindingDeclaration(
                "user-not-signed-out", .low,
                message: "{previous_user} left without signing out; {user} signed them out at the Lock Screen",
                meaning: "the handover skipped the sign-out", sources: E.signOut)
        case .unsupportedDevice:
            FindingDeclaration(
                "unsupported-device", .critical,
                message: "Shared iPad needs a supervised iPad with iPadOS 13.4+ and 32 GB",
                meaning: "an iPhone, an older iPadOS, a smaller or unsupervised iPad cannot run Shared iPad",
                sources: E.requirements)
        case .sdmNotSupported:
            FindingDeclaration(
                "sdm-not-supported-with-shared-ipad", .high,
                message: "Entra shared device mode cannot be combined with Shared iPad",
                meaning: "entra_shared_device_mode: true on a Shared iPad; apps run in standard mode",
                sources: E.noSDM)
        case .conditionalAccess:
            FindingDeclaration(
                "conditional-access-unsupported", .high,
                message: "a device-based Conditional Access grant cannot be met on Shared iPad",
                meaning: "compliant device, approved client app, app protection policy, per-device terms of use or "
                    + "device filters are unsupported on Shared iPad", sources: E.conditionalAccess)
        case .appProtection:
            FindingDeclaration(
                "app-protection-unsupported", .medium, message: "Intune app protection does not apply on Shared iPad",
                meaning: "app protection policies are unsupported", sources: E.appLimits)
        case .appAssignment:
            FindingDeclaration(
                "app-assignment-unsupported", .medium,
                message: "{app}: user-licensed or Available apps are not supported on Shared iPad",
                meaning: "apps must be Required, device-licensed and assigned to devices", sources: E.appLimits)
        case .evicted:
            FindingDeclaration(
                "resident-user-evicted", .info, message: "a synced resident's partition was removed to make room",
                meaning: "the iPad holds resident_users partitions", sources: E.residentUsers)
        case .capacity:
            FindingDeclaration(
                "sign-in-failed-capacity", .medium,
                message: "{user} cannot sign in: every resident has unsynced data",
                meaning: "the iPad is full and no resident is synced", sources: E.residentUsers)
        case .onlineAuthUnavailable:
            FindingDeclaration(
                "online-auth-unavailable", .medium, message: "{user} cannot sign in offline",
                meaning: "the sign-in needs Apple's identity service and the iPad is offline",
                sources: E.onlineAuth + E.firstSignIn)
        case .onlineAuthNeverRequired:
            FindingDeclaration(
                "online-auth-never-required", .low,
                message: "cached users sign in with the local passcode indefinitely",
                meaning: "OnlineAuthenticationGracePeriod unset: a user disabled in Entra keeps unlocking a cached "
                    + "partition", sources: E.onlineAuth)
        case .deleteBlocked:
            FindingDeclaration(
                "delete-blocked-unsynced-data", .info, message: "DeleteUser refused: the user's data has not synced",
                meaning: "without ForceDeletion a user with data to sync is not deleted", sources: E.delete)
        case .unsyncedLost:
            FindingDeclaration(
                "unsynced-data-lost", .medium, message: "the erase removed data that had not synced",
                meaning: "EraseDevice erases without warning, unsynced partitions included", sources: E.erase)
        case .dataNotRoaming:
            FindingDeclaration(
                "app-data-not-roaming", .info, message: "{app} keeps its data locally: nothing earlier shows here",
                meaning: "a partition new on this iPad starts with app-local data empty", sources: E.dataRoaming)
        case .longGrace:
            FindingDeclaration(
                "passcode-grace-period-long", .medium,
                message: "a locked session opens without a passcode for minutes after locking",
                meaning: "passcode_lock_grace_period of 5 minutes or more", sources: E.grace)
        case .awaitingConfiguration:
            FindingDeclaration(
                "awaiting-user-configuration", .info,
                message: "{user} waits at a Setup Assistant pane until the MDM sends UserConfigured",
                meaning: "with AwaitUserConfiguration the iPad cannot be used after login until UserConfigured",
                sources: E.awaitConfiguration)
        case .offboardedLocalSignIn:
            FindingDeclaration(
                "offboarded-user-local-sign-in", .medium,
                message: "{user}, disabled in Entra ID, still opens their cached partition on this iPad",
                meaning: "a cached user's passcode is checked locally until online authentication is due: a user "
                    + "disabled in Entra ID reaches their partition and its app sessions", sources: E.offboarding)
        }
    }
}
