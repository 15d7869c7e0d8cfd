import SSOPolicyProviderKit

/// The device: requirements, the clock (timeouts, Auto-Lock) and the MDM commands.
enum AppleDeviceRules {
    private typealias E = AppleEvidence
    typealias R = RuleDefinition<ApplePredicate>
    private static let session: [String: String] = ["screen": "unlocked", "signed_in": "alice"]

    static let unsupportedDevice = R(
        "apple.device.unsupported", summary: "a device that cannot run Shared iPad opens nothing",
        sources: E.requirements, when: [.when(.unsupportedDevice)], effect: .session(.denied),
        examples: [
            RuleExample(settings: ["device": "iphone"], fires: true),
            RuleExample(fires: false),
        ])

    static let erased = R(
        "apple.device.setup-assistant", summary: "an erased iPad waits in Setup Assistant until it is enrolled again",
        sources: E.erase, when: [.when(.erased)], effect: .session(.denied),
        examples: [
            RuleExample(facts: ["screen": "setup_assistant"], fires: true),
            RuleExample(fires: false),
        ])

    static let userTimeout = R(
        "apple.session.user-timeout", summary: "a user session inactive past user_session_timeout is signed out",
        sources: E.userTimeout,
        when: [.when(.inSession), .not(.guestSession), .when(.timeoutSet), .when(.pastTimeout)], effect: .none,
        examples: [
            RuleExample(
                settings: ["user_session_timeout": "15m"], facts: session.merging(["idle_for": "past_timeout"]) { $1 },
                fires: true),
            RuleExample(settings: ["user_session_timeout": "15m"], facts: session, fires: false),
        ])

    static let guestTimeout = R(
        "apple.guest.timeout",
        summary: "a Guest session inactive past temporary_session_timeout ends and its data is deleted",
        sources: E.temporaryTimeout + E.guestDeleted,
        when: [.when(.inSession), .when(.guestSession), .when(.timeoutSet), .when(.pastTimeout)], effect: .none,
        examples: [
            RuleExample(
                settings: ["temporary_session_timeout": "5m"],
                facts: session.merging(["session_type": "guest", "idle_for": "past_timeout"]) { $1 }, fires: true),
            RuleExample(
                settings: ["temporary_session_timeout": "5m"],
                facts: session.merging(["session_type": "guest"]) { $1 }, fires: false),
        ])

    static let autoLock = R(
        "apple.session.auto-lock", summary: "an unlocked session inactive past auto_lock_time locks",
        sources: E.autoLock, when: [.when(.inSession), .not(.locked), .when(.pastAutoLock)], effect: .none,
        examples: [
            RuleExample(facts: session.merging(["idle_for": "past_timeout"]) { $1 }, fires: true),
            RuleExample(facts: session, fires: false),
        ])

    static let logOut = R(
        "apple.mdm.log-out-user", summary: "MDM LogOutUser signs the current user (or Guest) out",
        sources: E.logOut, when: [.when(.inSession)], effect: .session(.none),
        examples: [
            RuleExample(facts: ["screen": "unlocked", "signed_in": "bob"], event: "mdm_log_out_user", fires: true),
            RuleExample(event: "mdm_log_out_user", fires: false),
        ])

    static let deleteBlocked = R(
        "apple.mdm.delete-blocked", summary: "DeleteUser without ForceDeletion keeps a user whose data has not synced",
        sources: E.delete, when: [.when(.targetResident), .not(.targetSignedIn), .not(.targetDeletable)],
        effect: .raises(AppleFinding.deleteBlocked.id),
        examples: [
            RuleExample(
                facts: ["resident": "alice", "resident_synced": "false", "network": "offline"],
                event: "mdm_delete_user",
                target: "user", fires: true),
            RuleExample(facts: ["resident": "alice"], event: "mdm_delete_user", target: "user", fires: false),
        ])

    static let deleteUser = R(
        "apple.mdm.delete-user", summary: "DeleteUser removes a resident's partition; their next sign-in starts anew",
        sources: E.delete, when: [.when(.targetResident), .not(.targetSignedIn), .when(.targetDeletable)],
        effect: .session(.none),
        examples: [
            RuleExample(facts: ["resident": "alice"], event: "mdm_delete_user", target: "user", fires: true),
            RuleExample(event: "mdm_delete_user", target: "user", fires: false),
        ])

    static let deleteSignedIn = R(
        "apple.mdm.delete-signed-in", summary: "DeleteUser of the signed-in user logs them out, then deletes them",
        sources: E.delete + E.logOut, when: [.when(.targetSignedIn), .when(.deleteLoggedInLogsOut)],
        effect: .session(.none),
        examples: [
            RuleExample(
                settings: ["delete_logged_in_user": "log_out_then_delete"], facts: session, event: "mdm_delete_user",
                target: "user", fires: true),
            RuleExample(facts: session, event: "mdm_delete_user", target: "user", fires: false),
        ])

    static let eraseLosesData = R(
        "apple.erase.unsynced-lost", summary: "an erase removes data that has not synced, without warning",
        sources: E.erase, when: [.when(.unsyncedData)], effect: .raises(AppleFinding.unsyncedLost.id),
        examples: [
            RuleExample(facts: session, event: "mdm_erase", target: "device", fires: true),
            RuleExample(event: "mdm_erase", target: "device", fires: false),
        ])

    static let returnToService = R(
        "apple.erase.return-to-service",
        summary: "Return to Service re-enrolls the erased iPad to the login window with no resident users",
        sources: E.erase, when: [.when(.returnToService)], effect: .session(.none),
        examples: [
            RuleExample(event: "mdm_erase", target: "return_to_service", fires: true),
            RuleExample(event: "mdm_erase", target: "device", fires: false),
        ])

    static let restart = R(
        "apple.restart.login-window", summary: "a restart ends the open session; the iPad shows the login window",
        sources: E.restart, when: [.when(.inSession), .when(.restartToLoginWindow)], effect: .session(.none),
        examples: [
            RuleExample(facts: session, event: "terminate", target: "all", fires: true),
            RuleExample(
                settings: ["restart": "owner_lock_screen"], facts: session, event: "terminate", target: "all",
                fires: false),
        ])

    static let restartGuest = R(
        "apple.restart.guest-deleted", summary: "a restart that keeps sessions still deletes a Guest session",
        sources: E.restart + E.guestDeleted,
        when: [.when(.inSession), .when(.guestSession), .not(.restartToLoginWindow), .when(.guestDeletedOnRestart)],
        effect: .session(.none),
        examples: [
            RuleExample(
                settings: ["restart": "owner_lock_screen"], facts: session.merging(["session_type": "guest"]) { $1 },
                event: "terminate", target: "all", fires: true),
            RuleExample(
                settings: ["restart": "owner_lock_screen", "guest_on_restart": "kept"],
                facts: session.merging(["session_type": "guest"]) { $1 }, event: "terminate", target: "all",
                fires: false),
        ])
}
