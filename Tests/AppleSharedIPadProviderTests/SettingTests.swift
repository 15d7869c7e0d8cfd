import AppleSharedIPadProvider
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// One test per setting: each fails if the rule the setting drives changes.
@Suite struct SettingTests {
    @Test func anIPhoneOrAnOldIPadOSCannotRunSharedIPad() throws {
        for settings in [["device": "iphone"], ["os_version": "13.3"], ["storage_gb": "16"], ["supervised": "false"]] {
            var ipad = try AppleHarness(settings: settings)
            #expect(ipad.configurationFindings.contains("unsupported-device"), "\(settings)")
            #expect(try ipad.open("teams").session == "denied", "\(settings)")
        }
        #expect(
            !(try AppleHarness(settings: ["os_version": "13.4"]).configurationFindings.contains("unsupported-device")))
    }

    @Test func aFirstFederatedSignInGoesToEntraThenCreatesThePasscode() throws {
        var ipad = try AppleHarness()
        let first = try ipad.open("teams")
        #expect(first.prompts == ["credentials", "create_passcode", "interactive_sign_in"])
        #expect(first.session == "shared_new")
        #expect(first.sessionUser == "alice")
        var apple = try AppleHarness(settings: ["authentication": "apple"])
        #expect(try apple.open("charting").prompts == ["credentials", "change_passcode", "app_credentials"])
    }

    @Test func aPasscodeHolderNewToThisIPadSignsInWithThePasscodeOnly() throws {
        var ipad = try AppleHarness(facts: ["has_shared_ipad_passcode": "alice"])
        #expect(try ipad.open("teams").prompts == ["credentials", "interactive_sign_in"])
    }

    @Test func residentUsersEvictsASyncedResidentOrRefusesTheSignIn() throws {
        var ipad = try AppleHarness(settings: ["resident_users": "1"], facts: ["resident": "bob"])
        let step = try ipad.open("charting")
        #expect(step.findings == ["resident-user-evicted"])
        var full = try AppleHarness(
            settings: ["resident_users": "1"],
            facts: ["resident": "bob", "resident_synced": "false", "network": "offline"])
        let refused = try full.open("charting")
        #expect(refused.session == "denied")
        #expect(refused.findings == ["sign-in-failed-capacity"])
        var room = try AppleHarness(settings: ["resident_users": "2"], facts: ["resident": "bob"])
        #expect(try room.open("charting").findings.isEmpty)
    }

    @Test func aQuotaCapsTheResidentUsers() throws {
        // 32 GB leaves 14 GB of user space: 7 GB each fits two users.
        var ipad = try AppleHarness(
            settings: ["storage_gb": "32", "quota_size_mb": "7168"], facts: ["resident": "bob"])
        #expect(try ipad.open("charting", "carol").findings.isEmpty)
        try ipad.device("device_sign_out", "device", "carol")
        #expect(try ipad.open("charting", "dave").findings == ["resident-user-evicted"])
    }

    @Test func theUserSessionTimeoutSignsAForgottenSessionOut() throws {
        var ipad = try AppleHarness(settings: ["user_session_timeout": "15m"])
        try ipad.open("charting", at: "08:00")
        let back = try ipad.open("charting", "bob", at: "08:20")
        #expect(back.findings.isEmpty)
        #expect(back.sessionUser == "bob")
        var never = try AppleHarness(settings: ["lock_screen_sign_out": "owner_only"])
        try never.open("charting", at: "08:00")
        #expect(try never.open("charting", "bob", at: "10:00").session == "denied")
        #expect(never.configurationFindings.contains("session-never-expires"))
    }

    @Test func temporarySessionsBlockedHideTheGuestButton() throws {
        var blocked = try AppleHarness(settings: ["temporary_sessions": "blocked"])
        #expect(try blocked.open("charting", conditions: ["as": "guest"]).session == "denied")
        var allowed = try AppleHarness()
        let guest = try allowed.open("charting", conditions: ["as": "guest"])
        #expect(guest.prompts == ["app_credentials"])
        #expect(allowed.configurationFindings.contains("guest-sessions-allowed"))
    }

    @Test func temporarySessionOnlyMakesEverySessionAGuestSession() throws {
        var ipad = try AppleHarness(settings: ["temporary_session_only": "true", "temporary_session_timeout": "5m"])
        #expect(ipad.configurationFindings.contains("no-user-authentication"))
        #expect(try ipad.open("teams").prompts == ["interactive_sign_in"])
        let next = try ipad.open("teams", "bob", at: "08:03")
        #expect(next.findings.contains("guest-session-no-passcode"))
        #expect(next.sessionUser == "alice")
        let later = try ipad.open("teams", "carol", at: "08:20")
        #expect(later.findings.isEmpty)
        #expect(later.prompts == ["interactive_sign_in"])
    }

    @Test func thePasscodeGracePeriodOpensALockedSessionForAnyone() throws {
        var ipad = try AppleHarness(settings: ["passcode_lock_grace_period": "299s"])
        try ipad.open("charting", at: "08:00")
        try ipad.device("device_lock", "device", "alice", at: "08:01")
        let grabbed = try ipad.open("charting", "bob", at: "08:01")
        #expect(grabbed.findings.contains("passcode-grace-handover"))
        #expect(grabbed.findings.contains("previous-user-session-active"))
        #expect(grabbed.sessionUser == "alice")
        // 299 s rounds down to 60 s: two minutes later the grace is over.
        var later = try AppleHarness(settings: ["passcode_lock_grace_period": "299s"])
        try later.open("charting", at: "08:00")
        try later.device("device_lock", "device", "alice", at: "08:01")
        #expect(try later.open("charting", "bob", at: "08:03").findings == ["user-not-signed-out"])
        #expect(
            try AppleHarness(settings: ["passcode_lock_grace_period": "1h"]).configurationFindings.contains(
                "passcode-grace-period-long"))
    }

    @Test func autoLockDecidesWhetherAnUnattendedSessionIsOpen() throws {
        var open = try AppleHarness(settings: ["auto_lock_time": "5m"])
        try open.open("charting", at: "08:00")
        #expect(try open.open("charting", "bob", at: "08:03").findings.contains("previous-user-session-active"))
        var locked = try AppleHarness()
        try locked.open("charting", at: "08:00")
        #expect(try locked.open("charting", "bob", at: "08:03").findings == ["user-not-signed-out"])
    }

    @Test func theOnlineAuthenticationGraceNeedsTheNetworkOnceItPasses() throws {
        var ipad = try AppleHarness(settings: ["online_auth_grace_days": "7"], facts: ["resident": "alice"])
        try ipad.device("network", "offline")
        #expect(try ipad.open("charting").session == "app_new")
        var zero = try AppleHarness(settings: ["online_auth_grace_days": "0"], facts: ["resident": "alice"])
        try zero.device("network", "offline")
        let refused = try zero.open("charting")
        #expect(refused.session == "denied")
        #expect(refused.findings == ["online-auth-unavailable"])
        #expect(try AppleHarness().configurationFindings.contains("online-auth-never-required"))
        #expect(
            !(try AppleHarness(settings: ["online_auth_grace_days": "7"]).configurationFindings.contains(
                "online-auth-never-required")))
    }

    @Test func sharedDeviceModeAndDeviceBasedConditionalAccessAreUnsupported() throws {
        #expect(
            try AppleHarness(settings: ["entra_shared_device_mode": "true"]).configurationFindings.contains(
                "sdm-not-supported-with-shared-ipad"))
        var ipad = try AppleHarness(settings: ["conditional_access_device_grant": "compliant_device"])
        #expect(ipad.configurationFindings.contains("conditional-access-unsupported"))
        let teams = try ipad.open("teams")
        #expect(teams.session == "denied")
        #expect(teams.findings == ["conditional-access-unsupported"])
        #expect(try ipad.open("charting").session == "app_new")
        var lenient = try AppleHarness(
            settings: ["conditional_access_device_grant": "compliant_device", "unsupported_ca": "not_evaluated"])
        #expect(try lenient.open("teams").session == "shared_new")
        #expect(
            try AppleHarness(settings: ["conditional_access_device_filter": "true"]).configurationFindings.contains(
                "conditional-access-unsupported"))
    }

    @Test func appProtectionAndUserLicensedAppsAreUnsupported() throws {
        #expect(
            try AppleHarness(settings: ["intune_app_protection": "true"]).configurationFindings.contains(
                "app-protection-unsupported"))
        let apps: [AppleHarness.App] = [("teams", ["license": "user"])]
        #expect(try AppleHarness(apps: apps).configurationFindings.contains("app-assignment-unsupported"))
    }

    @Test func invalidTimeoutsAreRefusedWithAPosition() throws {
        #expect(throws: DiagnosticsError.self) { try AppleHarness(settings: ["user_session_timeout": "10s"]) }
        #expect(throws: DiagnosticsError.self) { try AppleHarness(settings: ["auto_lock_time": "1m"]) }
    }
}
