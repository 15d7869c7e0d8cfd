import ImprivataMAMProvider
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// The model's behaviour step by step: check-out, check-in with each logout method, the device passcode, overdue
/// devices, the emergency unlock, Microsoft shared device mode, MDM user assignment and Password AutoFill.
@Suite("imprivata-mam custody")
struct CustodyTests {
    @Test func aCheckedInDeviceOpensNothingUntilABadgeTap() throws {
        var harness = try ImprivataHarness()
        #expect(try harness.open("timesheet").session == "denied")
        let checkOut = try harness.checkOut("alice")
        #expect(checkOut.prompts == ["badge", "create_passcode"])
        #expect(checkOut.session == "shared_new")
        #expect(checkOut.detail("custodian") == "alice")
        #expect(checkOut.detail("check_out_method") == "badge")
        let open = try harness.open("timesheet")
        #expect(open.prompts == ["app_credentials"])
        #expect(open.session == "app_new")
        #expect(try harness.open("timesheet").session == "app_reused")
    }

    @Test func checkOutFactorsAreItsPrompts() throws {
        for (auth, prompts) in [
            ("badge", ["badge", "create_passcode"]), ("badge_pin", ["badge", "badge_pin", "create_passcode"]),
            ("badge_password", ["badge", "credentials", "create_passcode"]),
            ("badge_face", ["badge", "create_passcode"]),
            ("password", ["credentials", "create_passcode"]),
        ] {
            var harness = try ImprivataHarness(settings: ["check_out_auth": auth])
            #expect(try harness.checkOut("alice").prompts == prompts, "\(auth)")
        }
        var unknown = try ImprivataHarness(settings: ["device_passcode": "none"])
        #expect(
            try unknown.checkOut("alice", conditions: ["badge": "not_enrolled"]).prompts == ["badge", "credentials"])
    }

    @Test func aSecondCheckOutOfAHeldDeviceIsRefused() throws {
        var harness = try ImprivataHarness()
        try harness.checkOut("alice")
        let second = try harness.checkOut("bob")
        #expect(second.session == "denied")
        #expect(second.has("check-out-refused"))
    }

    @Test func eachLogoutMethodDoesWhatItsDocumentSays() throws {
        // method, platform, keys → bob's next open of the app: session user, findings at check-in.
        let cases: [(String, String, [String: String], String, String?)] = [
            ("universal_link_callback", "ios", [:], "bob", nil),
            ("force_quit", "ios", [:], "alice", "logout-method-does-not-clear-session"),
            ("force_quit", "ios", ["session_survives_relaunch": "false"], "bob", nil),
            ("clear_app_data", "android", [:], "bob", nil),
            ("force_stop", "android", [:], "alice", "logout-method-does-not-clear-session"),
            ("clear_app_cache", "android", [:], "alice", "logout-method-does-not-clear-session"),
            ("clear_cache_and_stop", "android", [:], "alice", "logout-method-does-not-clear-session"),
            ("epic_rover", "ios", [:], "bob", nil),
            ("none", "ios", [:], "alice", "session-survives-check-in"),
        ]
        for (method, platform, keys, owner, finding) in cases {
            var harness = try ImprivataHarness(
                settings: ["platform": platform],
                apps: [("app", keys.merging(["logout_method": method]) { mine, _ in mine })])
            try harness.checkOut("alice")
            try harness.open("app")
            let checkIn = try harness.checkIn("alice")
            #expect(checkIn.findings.contains { $0 == finding } == (finding != nil), "\(method): \(checkIn.findings)")
            try harness.checkOut("bob")
            let open = try harness.open("app", "bob")
            #expect(open.sessionUser == owner, "\(method)")
            #expect(open.has("previous-user-session-active") == (owner == "alice"), "\(method)")
        }
    }

    /// An app whose own login asks at every open keeps no sign-in: without any logout method, the next worker meets
    /// its login, never the previous worker's session; its data stays only if it does not clear it at the next
    /// sign-in, and then nothing is left for a logout, so no missing logout method is reported.
    @Test func anAppThatAsksAtEveryOpenKeepsNoSessionForTheNextWorker() throws {
        for clears in [true, false] {
            var harness = try ImprivataHarness(
                apps: [("pos", ["asks_every_open": "true", "clears_data_on_user_change": clears ? "true" : "false"])])
            #expect(harness.configurationFindings.contains("no-logout-method") == !clears, "\(clears)")
            try harness.checkOut("alice")
            #expect(try harness.open("pos").prompts == ["app_credentials"])
            let again = try harness.open("pos")
            #expect(again.prompts == ["app_credentials"] && again.session == "app_new", "\(again.prompts)")
            let checkIn = try harness.checkIn("alice")
            #expect(!checkIn.has("session-survives-check-in"), "\(checkIn.findings)")
            try harness.checkOut("bob")
            let open = try harness.open("pos", "bob")
            #expect(open.prompts == ["app_credentials"] && open.sessionUser == "bob")
            #expect(!open.has("previous-user-session-active"))
            #expect(open.has("previous-user-data-visible") == !clears, "\(clears): \(open.findings)")
        }
        // The same app keeping its sign-in serves the previous worker's session.
        var keeping = try ImprivataHarness(apps: [("pos", ["session_survives_relaunch": "false"])])
        try keeping.checkOut("alice")
        try keeping.open("pos")
        try keeping.checkIn("alice")
        try keeping.checkOut("bob")
        #expect(try keeping.open("pos", "bob").has("previous-user-session-active"))
    }

    @Test func processOnlyLogoutKeepsDataEvenWhenTheSessionEnds() throws {
        var harness = try ImprivataHarness(
            apps: [("app", ["logout_method": "force_quit", "session_survives_relaunch": "false"])])
        try harness.checkOut("alice")
        try harness.open("app")
        try harness.checkIn("alice")
        try harness.checkOut("bob")
        let open = try harness.open("app", "bob")
        #expect(open.sessionUser == "bob")
        #expect(open.findings == ["previous-user-data-visible"])
    }

    @Test func aFailedCallbackLeavesTheSessionAndTheModelOptionDecidesTheCheckIn() throws {
        var harness = try ImprivataHarness()
        try harness.checkOut("alice")
        try harness.open("timesheet")
        let checkIn = try harness.checkIn("alice", conditions: ["logout": "error"])
        #expect(checkIn.has("logout-callback-failed"))
        #expect(checkIn.detail("status") == "checked_in")
        try harness.checkOut("bob")
        #expect(try harness.open("timesheet", "bob").sessionUser == "alice")

        var failing = try ImprivataHarness(settings: ["ulc_error_handling": "fail_check_in"])
        try failing.checkOut("alice")
        try failing.open("timesheet")
        let failed = try failing.checkIn("alice", conditions: ["logout": "no_response"])
        #expect(failed.has("check-in-failed"))
        #expect(failed.detail("status") == "checked_out")
        #expect(try failing.checkOut("bob").session == "denied")
    }

    @Test func coldStartRaceAndUnansweredDialogsLeaveTheSession() throws {
        var race = try ImprivataHarness(
            apps: [("app", ["logout_method": "universal_link_callback", "ulc_cold_start_safe": "false"])])
        try race.checkOut("alice")
        try race.open("app")
        #expect(try race.checkIn("alice").has("ulc-cold-start-race"))

        // A phone in service (the default) had its dialogs answered at an earlier check-in: the logout runs.
        var inService = try ImprivataHarness(apps: [("app", ["logout_method": "x_callback_url"])])
        try inService.checkOut("alice")
        try inService.open("app")
        #expect(try inService.checkIn("alice").findings.isEmpty)

        // The phone's first-ever check-in: nobody answers the dialogs.
        var dialogs = try ImprivataHarness(
            apps: [("app", ["logout_method": "x_callback_url"])], facts: ["in_service": "false"])
        try dialogs.checkOut("alice")
        try dialogs.open("app")
        #expect(try dialogs.checkIn("alice").has("interapp-dialog-blocks-logout"))
        // The dialogs were answered once: the next check-in logs the app out.
        try dialogs.checkOut("alice")
        #expect(try dialogs.checkIn("alice").findings.isEmpty)

        var accepted = try ImprivataHarness(
            settings: ["unattended_interapp_dialogs": "auto_accepted"],
            apps: [("app", ["logout_method": "x_callback_url"])])
        try accepted.checkOut("alice")
        try accepted.open("app")
        #expect(try accepted.checkIn("alice").findings.isEmpty)
    }

    @Test func aPasscodeThatIsNotClearedBlocksTheNextCheckOutUntilForceRecovery() throws {
        var harness = try ImprivataHarness()
        try harness.checkOut("alice")
        try harness.step("terminate", "all")
        let checkIn = try harness.checkIn("alice")
        #expect(checkIn.has("passcode-not-cleared"))
        let refused = try harness.checkOut("bob")
        #expect(refused.session == "denied")
        #expect(refused.findings == ["passcode-not-cleared", "check-out-refused"])

        var recovering = try ImprivataHarness(settings: ["force_recovery": "true"])
        try recovering.checkOut("alice")
        try recovering.open("timesheet")
        try recovering.checkIn("alice", conditions: ["clear_passcode": "fails"])
        let erased = try recovering.checkOut("bob")
        #expect(erased.session == "shared_new")
        #expect(erased.has("device-erased-on-recovery"))
    }

    @Test func anUnreturnedDeviceKeepsEverySessionUntilLostMode() throws {
        // Without a per-worker device passcode nothing stops the next worker (with one, see DevicePasscodeTests).
        var harness = try ImprivataHarness(settings: ["overdue_lost_mode": "true", "device_passcode": "none"])
        try harness.checkOut("alice", at: "07:00")
        try harness.open("timesheet")
        let bob = try harness.open("timesheet", "bob", at: "19:30")
        #expect(bob.sessionUser == "alice")
        #expect(bob.has("device-used-by-non-custodian"))
        #expect(bob.has("previous-user-session-active"))
        let late = try harness.open("timesheet", "bob", at: "20:30")
        #expect(late.session == "denied")
        #expect(late.detail("status") == "lost_mode")

        var marked = try ImprivataHarness()
        try marked.checkOut("alice", at: "07:00")
        let overdue = try marked.open("timesheet", at: "20:30")
        #expect(overdue.session == "app_new")
        #expect(overdue.has("device-overdue"))
        #expect(marked.configurationFindings.contains("overdue-without-lost-mode"))
    }

    @Test func theEmergencyPINOpensTheDeviceToNobody() throws {
        var harness = try ImprivataHarness(settings: ["emergency_unlock_pin": "configured"])
        try harness.checkOut("alice")
        try harness.open("timesheet")
        try harness.checkIn("alice")
        let unlock = try harness.step("emergency_unlock", "pin", user: "bob")
        #expect(unlock.has("anonymous-emergency-unlock"))
        let open = try harness.open("timesheet", "bob")
        #expect(open.session == "app_new")
        #expect(open.has("anonymous-emergency-unlock"))
        var without = try ImprivataHarness()
        #expect(try without.step("emergency_unlock", "pin", user: "bob").session == "denied")
    }

    @Test func microsoftSharedDeviceModeUnderTheIntegration() throws {
        let settings = ["microsoft_sdm_integration": "true", "entra_shared_device_mode": "true"]
        let apps: [(id: String, keys: [String: String])] = [
            ("teams", ["login": "msal_sdm", "logout_method": "msal_shared_device"]),
            ("outlook", ["login": "msal_sdm", "logout_method": "msal_shared_device"]),
        ]
        var harness = try ImprivataHarness(settings: settings, apps: apps)
        try harness.checkOut("alice")
        let button = try harness.step("microsoft_sign_in", "check_out_screen", user: "alice")
        #expect(button.prompts == ["interactive_sign_in"])
        #expect(try harness.open("teams").session == "shared_reused")
        #expect(try harness.open("outlook").session == "shared_reused")
        try harness.checkIn("alice")
        try harness.checkOut("bob")
        let teams = try harness.open("teams", "bob")
        #expect(teams.prompts == ["interactive_sign_in"])
        #expect(teams.sessionUser == "bob")
        // A shared-device sign-out leaves the app's data (the app does not clear it).
        #expect(teams.findings == ["previous-user-data-visible"])

        // The integration without a device in shared mode: nothing signs the Microsoft apps out.
        var inactive = try ImprivataHarness(settings: ["microsoft_sdm_integration": "true"], apps: apps)
        #expect(inactive.configurationFindings.contains("shared-mode-not-active"))
        try inactive.checkOut("alice")
        try inactive.open("teams")
        #expect(try inactive.checkIn("alice").has("session-survives-check-in"))
        try inactive.checkOut("bob")
        #expect(try inactive.open("teams", "bob").sessionUser == "alice")
    }

    @Test func mdmUserAssignmentMustBeResetAtCheckIn() throws {
        let apps: [(id: String, keys: [String: String])] = [("voalte", ["login": "mdm_certificate"])]
        var reset = try ImprivataHarness(settings: ["mdm_user_assignment": "assign_and_reset"], apps: apps)
        try reset.checkOut("alice")
        #expect(try reset.open("voalte").prompts == [])
        try reset.checkIn("alice")
        try reset.checkOut("bob")
        #expect(try reset.open("voalte", "bob").sessionUser == "bob")

        // Without the staging-user step the MDM still assigns the device to Alice until the next check-out
        // reassigns it: whoever opens it in between (an emergency unlock) signs in as Alice.
        var kept = try ImprivataHarness(
            settings: ["mdm_user_assignment": "assign_only", "emergency_unlock_pin": "configured"], apps: apps)
        #expect(kept.configurationFindings.contains("mdm-identity-not-reset"))
        try kept.checkOut("alice")
        try kept.open("voalte")
        #expect(try kept.checkIn("alice").has("mdm-identity-not-reset"))
        try kept.step("emergency_unlock", "pin", user: "bob")
        let open = try kept.open("voalte", "bob")
        #expect(open.sessionUser == "alice")
        #expect(open.has("previous-user-session-active"))
    }

    @Test func passwordAutoFillAsksItsSecondFactorOnce() throws {
        var harness = try ImprivataHarness(settings: ["password_autofill": "enabled"])
        #expect(try harness.checkOut("alice").prompts == ["badge", "credentials", "create_passcode"])
        let open = try harness.open("timesheet")
        #expect(open.prompts == ["app_credentials"])
        #expect(open.detail("autofill") == "on")

        var firstUse = try ImprivataHarness(
            settings: ["password_autofill": "enabled", "autofill_second_factor": "first_use"])
        #expect(try firstUse.checkOut("alice").prompts == ["badge", "create_passcode"])
        #expect(try firstUse.open("timesheet").prompts == ["credentials", "app_credentials"])
        #expect(try firstUse.open("rover").prompts == ["app_credentials"])
    }

    @Test func forceQuitReadAsALogout() throws {
        var harness = try ImprivataHarness(
            settings: ["force_quit_effect": "logs_out"], apps: [("app", ["logout_method": "force_quit"])])
        #expect(!harness.configurationFindings.contains("logout-method-does-not-clear-session"))
        try harness.checkOut("alice")
        try harness.open("app")
        try harness.checkIn("alice")
        try harness.checkOut("bob")
        #expect(try harness.open("app", "bob").sessionUser == "bob")
    }

    @Test func lendingPeriodDefaultFollowsTheModelOption() throws {
        var older = try ImprivataHarness(settings: ["lending_period_default": "36h"])
        try older.checkOut("alice", at: "07:00")
        #expect(try older.open("timesheet", at: "21:00").detail("status") == "checked_out")
        var newer = try ImprivataHarness()
        try newer.checkOut("alice", at: "07:00")
        #expect(try newer.open("timesheet", at: "21:00").detail("status") == "overdue")
    }
}
