import AirWatchSDKProvider
import SSOPolicyProviderKit
import Testing

private let warehouse = [
    "authentication": "passcode", "sso": "enabled", "authentication_timeout": "15m", "max_failed_attempts": "5",
]

@Suite("airwatch-sdk scenarios")
struct ScenarioTests {
    /// Spec 3.3 / 4.1: first app identifies and creates the passcode; the second app reuses the shared session.
    @Test func sharedSessionServesSecondApp() throws {
        var h = try AirWatchHarness(settings: warehouse)
        let first = try h.open("inventory", at: "08:00", conditions: ["silent_login": "fails"])
        #expect(first.prompts == ["credentials", "create_passcode"])
        #expect(first.session == "shared_new")
        #expect(first.sessionUser == "alice")
        #expect(first.detail("sso_status") == "enabled")
        #expect(first.detail("credential_method") == "username_password")
        #expect(
            first.because("airwatch.identify.common-auth") == "silent login failed and SSO is effective for the app")
        #expect(first.fired.contains("airwatch.secure.passcode.create"))
        let second = try h.open("timesheet", at: "08:05")
        #expect(second.prompts == [])
        #expect(second.session == "shared_reused")
        #expect(second.fired.contains("airwatch.identify.common-identity"))
        #expect(second.fired.contains("airwatch.secure.passcode.live-session"))
    }

    @Test func timeoutExpires() throws {
        var h = try AirWatchHarness(settings: warehouse)
        try h.open("inventory", at: "08:00")
        let within = try h.open("inventory", at: "08:14")
        #expect(within.prompts == [])
        let after = try h.open("timesheet", at: "08:30")
        #expect(after.prompts == ["passcode"])
        #expect(after.session == "shared_new")
        #expect(after.fired.contains("airwatch.session.timeout-expired"))
        // The passcode unlock restarted the session for the other app too.
        #expect(try h.open("inventory", at: "08:40").prompts == [])
    }

    @Test func neverExpiresWithZeroTimeout() throws {
        var h = try AirWatchHarness(settings: ["authentication": "passcode", "sso": "enabled"])
        try h.open("inventory", at: "08:00")
        #expect(try h.open("timesheet", at: "20:00").prompts == [])
        #expect(h.configurationFindings.contains("session-never-expires"))
        #expect(h.configurationFindings.contains("unlimited-failed-attempts"))
    }

    @Test func timeoutAnchorLastBackground() throws {
        var h = try AirWatchHarness(settings: warehouse.merging(["timeout_anchor": "last_background"]) { $1 })
        try h.open("inventory", at: "08:00")
        let revive = try h.step("background", "inventory", at: "08:20")
        #expect(revive.findings == ["expired-session-revived"])
        #expect(try h.open("timesheet", at: "08:25").prompts == [])
        var seed = try AirWatchHarness(settings: warehouse)
        try seed.open("inventory", at: "08:00")
        let ignored = try seed.step("background", "inventory", at: "08:10")
        #expect(!ignored.fired.contains("airwatch.background.extends-session"))
        #expect(try seed.open("timesheet", at: "08:20").prompts == ["passcode"])
    }

    @Test func terminatedAppUnderBothReadings() throws {
        var seed = try AirWatchHarness(settings: warehouse)
        try seed.open("inventory", at: "08:00")
        let end = try seed.step("terminate", "inventory", at: "08:02")
        #expect(end.session == "shared_reused")
        #expect(try seed.open("inventory", at: "08:03").prompts == [])

        var kb = try AirWatchHarness(settings: warehouse.merging(["cold_launch_requires_auth": "true"]) { $1 })
        try kb.open("inventory", at: "08:00")
        try kb.open("timesheet", at: "08:01")
        let restart = try kb.step("terminate", "inventory", at: "08:02")
        #expect(restart.session == "none")
        let relaunch = try kb.open("inventory", at: "08:03")
        #expect(relaunch.prompts == ["passcode"])
        #expect(relaunch.fired.contains("airwatch.secure.cold-launch"))
    }

    @Test func lockClearsSharedSession() throws {
        var h = try AirWatchHarness(settings: warehouse)
        try h.open("inventory", at: "08:00")
        try h.open("timesheet", at: "08:01")
        let lock = try h.step("lock", "inventory", at: "08:02")
        #expect(lock.session == "none")
        #expect(lock.fired == ["airwatch.lock.clears-session"])
        let next = try h.open("timesheet", at: "08:03")
        #expect(next.prompts == ["passcode"])
        #expect(next.session == "shared_new")
    }

    @Test func failedAttemptsUpToTheWipe() throws {
        var h = try AirWatchHarness(settings: warehouse.merging(["max_failed_attempts": "3"]) { $1 })
        try h.open("inventory", at: "08:00")
        try h.open("timesheet", at: "08:01")
        try h.step("lock", "inventory", at: "08:02")
        for _ in 1...2 {
            let wrong = try h.step("wrong_passcode", "timesheet")
            #expect(wrong.prompts == ["passcode"])
            #expect(wrong.session == "denied")
            #expect(!wrong.fired.contains("airwatch.failed-attempts.wipe"))
        }
        let wipe = try h.step("wrong_passcode", "inventory")
        #expect(wipe.fired.contains("airwatch.failed-attempts.wipe"))
        #expect(Set(wipe.findings) == ["failed-attempts-wipe", "cluster-wide-wipe", "wipe-scope-uncertain"])
        // Passcode and identity are gone for every app of the cluster.
        let again = try h.open("timesheet")
        #expect(again.prompts == ["credentials", "create_passcode"])
        #expect(again.session == "shared_new")
    }

    @Test func successfulUnlockResetsTheCounter() throws {
        var h = try AirWatchHarness(settings: warehouse.merging(["max_failed_attempts": "2"]) { $1 })
        try h.open("inventory", at: "08:00")
        try h.step("lock", "inventory")
        try h.step("wrong_passcode", "inventory")
        #expect(try h.open("inventory").prompts == ["passcode"])
        try h.step("lock", "inventory")
        let wrong = try h.step("wrong_passcode", "inventory")
        #expect(!wrong.fired.contains("airwatch.failed-attempts.wipe"))
    }

    @Test func appDataSurvivesWipeWhenTheAppDoesNotClearIt() throws {
        var h = try AirWatchHarness(
            settings: ["authentication": "passcode", "max_failed_attempts": "1"],
            apps: [("inventory", ["clears_data_on_wipe": "false"]), ("timesheet", [:])])
        try h.open("inventory", at: "08:00")
        let wipe = try h.step("wrong_passcode", "inventory")
        #expect(wipe.findings.contains("app-data-survives-wipe"))
        #expect(!wipe.findings.contains("cluster-wide-wipe"))
        let bob = try h.open("inventory", "bob")
        #expect(bob.prompts == ["credentials", "create_passcode"])
        #expect(bob.findings.contains("previous-user-data-visible"))
        #expect(bob.subject == "alice")
    }

    @Test func enterpriseWipeClearsEveryApp() throws {
        var h = try AirWatchHarness(
            settings: ["authentication": "passcode", "max_failed_attempts": "1", "wipe_scope": "enterprise_wipe"],
            apps: [("inventory", ["clears_data_on_wipe": "false"]), ("timesheet", [:])])
        try h.open("inventory", at: "08:00")
        try h.open("timesheet")
        let wipe = try h.step("wrong_passcode", "inventory")
        #expect(wipe.fired.contains("airwatch.failed-attempts.enterprise-wipe"))
        #expect(try h.open("timesheet").prompts == ["credentials", "create_passcode"])
        #expect(try h.open("inventory", "bob").findings.isEmpty)
    }

    @Test func statusBeforeAndAfterInitialCheck() throws {
        var h = try AirWatchHarness(settings: warehouse)
        let early = try h.step("query_sso_status", "inventory", at: "08:00")
        #expect(early.detail("sso_status") == "disabled")
        #expect(early.findings == ["sso-status-before-initial-check"])
        try h.open("inventory")
        let late = try h.step("query_sso_status", "inventory")
        #expect(late.detail("sso_status") == "enabled")
        #expect(late.findings.isEmpty)
        #expect(late.fired == ["airwatch.status.effective"])
        let forced = try h.step("query_sso_status", "inventory", conditions: ["before_initial_check": "true"])
        #expect(forced.detail("sso_status") == "disabled")
        try h.step("terminate", "inventory")
        #expect(try h.step("query_sso_status", "inventory").detail("sso_status") == "disabled")
    }

    @Test func statusLastKnownReading() throws {
        var h = try AirWatchHarness(
            settings: warehouse.merging(["sso_status_before_initial_check": "last_known"]) { $1 })
        #expect(try h.step("query_sso_status", "inventory", at: "08:00").detail("sso_status") == "disabled")
        try h.open("inventory")
        try h.step("terminate", "inventory")
        let stale = try h.step("query_sso_status", "inventory")
        #expect(stale.detail("sso_status") == "enabled")
        #expect(stale.fired.contains("airwatch.status.last-known"))
    }

    @Test func missingAnchorAppFallsBackToPerAppBehaviour() throws {
        var h = try AirWatchHarness(settings: warehouse.merging(["anchor_app": "none"]) { $1 })
        let first = try h.open("inventory", at: "08:00")
        #expect(first.prompts == ["credentials", "create_passcode"])
        #expect(first.session == "app_new")
        #expect(first.findings.contains("sso-requirement-missing"))
        #expect(first.fired.contains("airwatch.sso.requirement-missing.anchor-app"))
        #expect(first.detail("sso_status") == "disabled")
        let second = try h.open("timesheet")
        #expect(second.prompts == ["credentials", "create_passcode"])
        #expect(second.session == "app_new")
        #expect(h.configurationFindings.filter { $0 == "sso-requirement-missing" }.count == 2)
    }

    @Test func sdkNotInitialisedAndAnchorProfile() throws {
        var h = try AirWatchHarness(
            settings: warehouse, apps: [("inventory", [:]), ("timesheet", ["sdk_initialized": "false"])])
        try h.open("inventory", at: "08:00")
        let other = try h.open("timesheet")
        // An app without the SDK shows its own login, not the SDK's (issue 14, point 3).
        #expect(other.prompts == ["app_credentials"])
        #expect(other.fired.contains("airwatch.sso.requirement-missing.sdk-not-initialized"))
        #expect(other.fired.contains("airwatch.without-sdk.open"))
        var profile = try AirWatchHarness(settings: warehouse.merging(["anchor_profile_sso": "disabled"]) { $1 })
        let step = try profile.open("inventory", at: "08:00")
        #expect(step.fired.contains("airwatch.sso.requirement-missing.anchor-profile"))
        #expect(step.session == "app_new")
    }

    @Test func differentClustersDoNotShare() throws {
        let apps: [(id: String, keys: [String: String])] = [
            ("inventory", ["cluster": "acme"]), ("timesheet", ["cluster": "acme"]), ("mail", ["cluster": "vendor"]),
        ]
        var h = try AirWatchHarness(settings: warehouse, apps: apps)
        try h.open("inventory", at: "08:00")
        #expect(try h.open("timesheet").prompts == [])
        let mail = try h.open("mail")
        // Silent login (the enrolment's managed token) identifies; the other cluster has its own passcode.
        #expect(mail.prompts == ["create_passcode"])
        #expect(mail.session == "shared_new")
        #expect(h.configurationFindings.contains("sso-cluster-split"))

        var all = try AirWatchHarness(settings: warehouse.merging(["sso_scope": "all_sso_apps"]) { $1 }, apps: apps)
        try all.open("inventory", at: "08:00")
        #expect(try all.open("mail").prompts == [])
        #expect(!all.configurationFindings.contains("sso-cluster-split"))
    }

    /// Spec 3.2 shift change: sign_out locks the session only; Bob unlocks with the shared passcode in Alice's
    /// registered identity and sees her data.
    @Test func signOutThenNextUser() throws {
        var h = try AirWatchHarness(settings: warehouse)
        try h.open("inventory", at: "08:00")
        try h.open("timesheet", at: "08:05")
        let signOut = try h.step("sign_out", "inventory", user: "alice", at: "11:58")
        #expect(signOut.session == "none")
        #expect(Set(signOut.findings) == ["sign-out-keeps-identity", "not-covered-by-global-signout"])
        #expect(signOut.subject == "alice")
        let bob = try h.open("timesheet", "bob", at: "12:00")
        #expect(bob.prompts == ["passcode"])
        #expect(bob.sessionUser == "alice")
        // Alice's passcode stands between (issue 14, point 5).
        #expect(Set(bob.findings) == ["previous-user-session-behind-prompt", "previous-user-data-visible"])
        #expect(bob.subject == "alice")
    }

    /// Without a passcode or timeout the next user walks straight into the previous user's session.
    @Test func disabledAuthenticationHandsOverTheSession() throws {
        var h = try AirWatchHarness(settings: ["sso": "enabled"])
        #expect(try h.open("inventory", at: "08:00").prompts == [])
        try h.step("sign_out", "inventory", user: "alice")
        let bob = try h.open("timesheet", "bob")
        #expect(bob.prompts == [])
        #expect(bob.sessionUser == "alice")
        #expect(bob.findings.contains("previous-user-session-active"))
        #expect(h.configurationFindings.contains("no-user-authentication"))
    }

    @Test func checkOutWipesSDKDataButNotAppData() throws {
        var h = try AirWatchHarness(settings: warehouse)
        try h.step("check_out", "hub", user: "alice", at: "07:55")
        try h.open("inventory", at: "08:00")
        try h.open("timesheet", at: "08:01")
        let checkOut = try h.step("check_out", "hub", user: "bob", at: "12:00")
        #expect(checkOut.fired.contains("airwatch.check-out.new-user"))
        #expect(Set(checkOut.findings) == ["check-out-data-not-separated", "passcode-survives-check-out"])
        #expect(checkOut.subject == "alice")
        let bob = try h.open("inventory", "bob", at: "12:01")
        #expect(bob.fired.contains("airwatch.user-change.wipe"))
        #expect(bob.prompts == ["passcode"])
        #expect(bob.sessionUser == "bob")
        #expect(bob.detail("registered_user") == "bob")
        #expect(Set(bob.findings) == ["user-change-wipe", "previous-user-data-visible"])
        // The second app of the cluster re-registers silently with Bob's new common identity.
        let second = try h.open("timesheet", "bob", at: "12:02")
        #expect(second.prompts == [])
        #expect(second.sessionUser == "bob")
        #expect(second.findings.contains("previous-user-data-visible"))
    }

    /// Hub's check-out is where a worker proves who she is (directory or Workspace ONE UEM credentials, in Hub):
    /// the first nurse of the day as much as the next one. With SSO her first app then takes Hub's checked-out
    /// identity silently, and only secures (her own passcode).
    @Test func hubCheckOutAuthenticatesTheWorker() throws {
        var h = try AirWatchHarness(settings: warehouse.merging(["clear_passcode_on_check_out": "true"]) { $1 })
        let alice = try h.step("check_out", "hub", user: "alice", at: "07:00")
        #expect(alice.prompts == ["credentials"])
        #expect(alice.detail("credential_method") == "username_password")
        #expect(alice.fired.contains("airwatch.check-out.new-user"))
        let first = try h.open("inventory", "alice", at: "07:05")
        #expect(first.prompts == ["create_passcode"])
        #expect(first.fired.contains("airwatch.identify.checked-out-user"))
        #expect(!first.fired.contains("airwatch.identify.managed-token"))
        #expect(first.detail("registered_user") == "alice")
        try h.step("check_in", "hub", user: "alice", at: "19:00")
        #expect(try h.step("check_out", "hub", user: "bob", at: "19:01").prompts == ["credentials"])
        let bob = try h.open("timesheet", "bob", at: "19:02")
        #expect(bob.prompts == ["create_passcode"])
        #expect(bob.sessionUser == "bob")
        #expect(bob.detail("registered_user") == "bob")
        #expect(!bob.has("previous-user-session-active"))
        // The same user checking out again is no new check-out: Hub asks nothing.
        #expect(try h.step("check_out", "hub", user: "bob", at: "19:03").prompts == [])
    }

    @Test func checkOutWithClearedPasscodeAndClearingApps() throws {
        var h = try AirWatchHarness(
            settings: warehouse.merging(["clear_passcode_on_check_out": "true"]) { $1 },
            apps: [("inventory", ["clears_data_on_user_change": "true"])])
        try h.step("check_out", "hub", user: "alice", at: "07:55")
        try h.open("inventory", at: "08:00")
        let checkOut = try h.step("check_out", "hub", user: "bob", at: "12:00")
        #expect(checkOut.findings.isEmpty)
        let bob = try h.open("inventory", "bob")
        #expect(bob.prompts == ["create_passcode"])
        #expect(bob.findings == ["user-change-wipe"])
    }

    @Test func managedTokenIsUsedOncePerApp() throws {
        var h = try AirWatchHarness(
            settings: ["authentication": "passcode", "managed_token": "present", "max_failed_attempts": "1"],
            apps: [("inventory", [:])])
        let first = try h.open("inventory", at: "08:00")
        #expect(first.prompts == ["create_passcode"])
        #expect(first.fired.contains("airwatch.identify.managed-token"))
        try h.step("wrong_passcode", "inventory")
        #expect(try h.open("inventory").prompts == ["credentials", "create_passcode"])
    }

    @Test func silentLoginStepCondition() throws {
        var h = try AirWatchHarness(settings: warehouse)
        let silent = try h.open("inventory", at: "08:00", conditions: ["silent_login": "succeeds"])
        #expect(silent.prompts == ["create_passcode"])
        var fails = try AirWatchHarness(settings: warehouse)
        try fails.open("inventory", at: "08:00")
        let forced = try fails.open("timesheet", conditions: ["silent_login": "fails"])
        #expect(forced.prompts == ["credentials"])
        #expect(forced.session == "shared_reused")
    }

    @Test func usernamePasswordWithoutSSOAsksEveryAccess() throws {
        var h = try AirWatchHarness(settings: ["authentication": "username_password", "authentication_timeout": "1h"])
        #expect(try h.open("inventory", at: "08:00").prompts == ["app_credentials"])
        #expect(try h.open("inventory").prompts == ["app_credentials"])
        #expect(try h.open("timesheet").prompts == ["app_credentials"])
        #expect(h.configurationFindings.contains("offline-stale-password"))
        var perApp = try AirWatchHarness(
            settings: [
                "authentication": "username_password", "authentication_timeout": "1h",
                "username_password_without_sso": "per_app_session",
            ])
        try perApp.open("inventory", at: "08:00")
        let again = try perApp.open("inventory")
        #expect(again.prompts == [])
        #expect(again.session == "app_reused")
        #expect(try perApp.open("timesheet").prompts == ["app_credentials"])
    }

    @Test func passcodeAgeForcesAChange() throws {
        var h = try AirWatchHarness(
            settings: warehouse.merging(["max_passcode_age": "2h"]) { $1 }, apps: [("inventory", [:])])
        try h.open("inventory", at: "08:00")
        #expect(try h.open("inventory", at: "09:00").prompts == ["passcode"])
        let expired = try h.open("inventory", at: "10:30")
        #expect(expired.prompts == ["passcode", "change_passcode"])
    }

    @Test func givenFactsDescribeAnotherUsersSession() throws {
        var h = try AirWatchHarness(
            settings: warehouse,
            facts: [
                "passcode_set": "true", "session_live": "true", "silent_login": "succeeds", "session_user": "carol",
            ])
        let step = try h.open("inventory", at: "08:00")
        #expect(step.prompts == [])
        #expect(step.sessionUser == "carol")
        #expect(step.subject == "carol")
        #expect(Set(step.findings) == ["previous-user-session-active", "previous-user-data-visible"])
    }
}
