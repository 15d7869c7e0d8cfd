import SSOPolicyProviderKit

private typealias E = AppleEvidence

private let session: [String: String] = ["screen": "unlocked", "signed_in": "alice"]

/// The MDM commands (LogOutUser, DeleteUser, EraseDevice) and a restart.
enum AppleMDMRule: Int, RuleSet {
    case logOut
    case deleteBlocked
    case deleteUser
    case deleteSignedIn
    case eraseLosesData
    case returnToService
    case restart
    case restartGuest

    static let table = RuleTable<AppleMDMRule>(after: AppleSignOutRule.table)

    var definition: RuleDefinition<ApplePredicate> {
        switch self {
        case .logOut:
            RuleDefinition(
                "apple.mdm.log-out-user", summary: "MDM LogOutUser signs the current user (or Guest) out",
                sources: E.logOut, when: [.when(.inSession)], effect: .session(.none),
                examples: [
                    RuleExample(
                        facts: ["screen": "unlocked", "signed_in": "bob"], event: "mdm_log_out_user", fires: true),
                    RuleExample(event: "mdm_log_out_user", fires: false),
                ])
        case .deleteBlocked:
            RuleDefinition(
                "apple.mdm.delete-blocked",
                summary: "DeleteUser without ForceDeletion keeps a user whose data has not synced",
                sources: E.delete, when: [.when(.targetResident), .not(.targetSignedIn), .not(.targetDeletable)],
                effect: .raises(AppleFinding.deleteBlocked.id),
                examples: [
                    RuleExample(
                        facts: ["resident": "alice", "resident_synced": "false", "network": "offline"],
                        event: "mdm_delete_user",
                        target: "user", fires: true),
                    RuleExample(facts: ["resident": "alice"], event: "mdm_delete_user", target: "user", fires: false),
                ])
        case .deleteUser:
            RuleDefinition(
                "apple.mdm.delete-user",
                summary: "DeleteUser removes a resident's partition; their next sign-in starts anew",
                sources: E.delete, when: [.when(.targetResident), .not(.targetSignedIn), .when(.targetDeletable)],
                effect: .session(.none),
                examples: [
                    RuleExample(facts: ["resident": "alice"], event: "mdm_delete_user", target: "user", fires: true),
                    RuleExample(event: "mdm_delete_user", target: "user", fires: false),
                ])
        case .deleteSignedIn:
            RuleDefinition(
                "apple.mdm.delete-signed-in",
                summary: "DeleteUser of the signed-in user logs them out, then deletes them",
                sources: E.delete + E.logOut, when: [.when(.targetSignedIn), .when(.deleteLoggedInLogsOut)],
                effect: .session(.none),
                examples: [
                    RuleExample(
                        settings: ["delete_logged_in_user": "log_out_then_delete"], facts: session,
                        event: "mdm_delete_user",
                        target: "user", fires: true),
                    RuleExample(facts: session, event: "mdm_delete_user", target: "user", fires: false),
                ])
        case .eraseLosesData:
            RuleDefinition(
                "apple.erase.unsynced-lost", summary: "an erase removes data that has not synced, without warning",
                sources: E.erase, when: [.when(.unsyncedData)], effect: .raises(AppleFinding.unsyncedLost.id),
                examples: [
                    RuleExample(facts: session, event: "mdm_erase", target: "device", fires: true),
                    RuleExample(event: "mdm_erase", target: "device", fires: false),
                ])
        case .returnToService:
            RuleDefinition(
                "apple.erase.return-to-service",
                summary: "Return to Service re-enrolls the erased iPad to the login window with no resident users",
                sources: E.erase, when: [.when(.returnToService)], effect: .session(.none),
                examples: [
                    RuleExample(event: "mdm_erase", target: "return_to_service", fires: true),
                    RuleExample(event: "mdm_erase", target: "device", fires: false),
                ])
        case .restart:
            RuleDefinition(
                "apple.restart.login-window",
                summary: "a restart ends the open session; the iPad shows the login window",
                sources: E.restart, when: [.when(.inSession), .when(.restartToLoginWindow)], effect: .session(.none),
                examples: [
                    RuleExample(facts: session, event: "terminate", target: "all", fires: true),
                    RuleExample(
                        settings: ["restart": "owner_lock_screen"], facts: session, event: "terminate", target: "all",
                        fires: false),
                ])
        case .restartGuest:
            RuleDefinition(
                "apple.restart.guest-deleted", summary: "a restart that keeps sessions still deletes a Guest session",
                sources: E.restart + E.guestDeleted,
                when: [
                    .when(.inSession), .when(.guestSession), .not(.restartToLoginWindow), .when(.guestDeletedOnRestart),
                ],
                effect: .session(.none),
                examples: [
                    RuleExample(
                        settings: ["restart": "owner_lock_screen"],
                        facts: session.merging(["session_type": "guest"]) { $1 },
                        event: "terminate", target: "all", fires: true),
                    RuleExample(
                        settings: ["restart": "owner_lock_screen", "guest_on_restart": "kept"],
                        facts: session.merging(["session_type": "guest"]) { $1 }, event: "terminate", target: "all",
                        fires: false),
                ])
        }
    }
}
