import AppleSharedIPadProvider
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// One test per event: each fails if the rule the event drives changes.
@Suite struct EventTests {
    @Test func lockingKeepsTheSessionAndUnlockingAsksThePasscodeAfterTheGrace() throws {
        var ipad = try AppleHarness(settings: ["passcode_lock_grace_period": "1m"])
        try ipad.open("charting", at: "08:00")
        let lock = try ipad.device("device_lock", "device", "alice", at: "08:01")
        #expect(lock.session == "shared_reused")
        #expect(lock.sessionUser == "alice")
        #expect(try ipad.device("device_unlock", "device", "alice", at: "08:01").prompts.isEmpty)
        try ipad.device("device_lock", "device", "alice", at: "08:02")
        #expect(try ipad.device("device_unlock", "device", "alice", at: "08:05").prompts == ["device_passcode"])
    }

    @Test func deviceSignInStartsAUserOrAGuestSession() throws {
        var ipad = try AppleHarness()
        let user = try ipad.device("device_sign_in", "user", "alice")
        #expect(user.prompts == ["credentials", "create_passcode"])
        #expect(user.session == "shared_new")
        var guest = try AppleHarness()
        let tapped = try guest.device("device_sign_in", "guest", "alice")
        #expect(tapped.prompts.isEmpty)
        #expect(tapped.sessionUser == "alice")
    }

    @Test func signingOutLeavesTheLoginWindowAndKeepsThePartition() throws {
        var ipad = try AppleHarness()
        try ipad.open("teams", at: "08:00")
        let out = try ipad.device("device_sign_out", "device", "alice", at: "08:01")
        #expect(out.session == "none")
        let next = try ipad.open("teams", "bob", at: "08:02")
        #expect(next.findings.isEmpty)
        #expect(next.sessionUser == "bob")
        try ipad.device("device_sign_out", "device", "bob", at: "08:03")
        // Alice is resident: her passcode only, and Teams kept her Microsoft sign-in.
        let back = try ipad.open("teams", "alice", at: "08:04")
        #expect(back.prompts == ["credentials"])
        #expect(back.session == "shared_reused")
        var cleared = try AppleHarness(settings: ["m365_tokens_after_sign_out": "cleared"])
        try cleared.open("teams", at: "08:00")
        try cleared.device("device_sign_out", "device", "alice", at: "08:01")
        #expect(try cleared.open("teams", at: "08:02").prompts == ["credentials", "interactive_sign_in"])
    }

    @Test func theNextWorkerSignsALockedSessionOutOrWaits() throws {
        var ipad = try AppleHarness()
        try ipad.open("charting", at: "08:00")
        try ipad.device("device_lock", "device", "alice", at: "08:01")
        let signedOut = try ipad.device("device_sign_out", "device", "bob", at: "08:05")
        #expect(signedOut.findings == ["user-not-signed-out"])
        var owner = try AppleHarness(settings: ["lock_screen_sign_out": "owner_only"])
        try owner.open("charting", at: "08:00")
        try owner.device("device_lock", "device", "alice", at: "08:01")
        #expect(try owner.open("charting", "bob", at: "08:05").session == "denied")
    }

    @Test func mdmLogOutUserEndsTheSession() throws {
        var ipad = try AppleHarness()
        try ipad.open("charting", at: "08:00")
        #expect(try ipad.device("mdm_log_out_user").session == "none")
        #expect(try ipad.open("charting", "bob").findings.isEmpty)
    }

    @Test func mdmDeleteUserRemovesAPartitionUnlessItHasDataToSync() throws {
        var blocked = try AppleHarness(facts: ["resident": "bob", "resident_synced": "false", "network": "offline"])
        #expect(try blocked.device("mdm_delete_user", "user", "bob").findings == ["delete-blocked-unsynced-data"])
        #expect(try blocked.device("mdm_delete_user", "user", "bob", conditions: ["force": "true"]).findings.isEmpty)
        var ipad = try AppleHarness(facts: ["resident": "alice"])
        try ipad.device("mdm_delete_user", "all")
        // Alice's partition is gone: she has a passcode, so her next sign-in is as new to this iPad.
        #expect(try ipad.open("charting").prompts == ["credentials", "app_credentials"])
        var signedIn = try AppleHarness(facts: ["screen": "unlocked", "signed_in": "alice"])
        try signedIn.device("mdm_delete_user", "user", "alice")
        #expect(try signedIn.open("charting", "alice").prompts == ["app_credentials"])
    }

    @Test func mdmEraseWithReturnToServiceComesBackToTheLoginWindow() throws {
        var ipad = try AppleHarness()
        try ipad.open("charting", at: "08:00")
        let erase = try ipad.device("mdm_erase", "return_to_service", at: "08:01")
        #expect(erase.findings == ["unsynced-data-lost"])
        #expect(try ipad.open("charting", at: "08:02").prompts == ["credentials", "app_credentials"])
        var plain = try AppleHarness()
        try plain.device("mdm_erase", "device")
        #expect(try plain.open("charting").session == "denied")
        var noWifi = try AppleHarness()
        try noWifi.device("mdm_erase", "return_to_service", conditions: ["wifi": "false"])
        #expect(try noWifi.open("charting").session == "denied")
    }

    @Test func aRestartEndsTheSessionsByDefault() throws {
        var ipad = try AppleHarness()
        try ipad.open("charting", at: "08:00")
        try ipad.terminate("all", at: "08:01")
        #expect(try ipad.open("charting", "bob", at: "08:02").findings.isEmpty)
        var kept = try AppleHarness(settings: ["restart": "owner_lock_screen"])
        try kept.open("charting", at: "08:00")
        try kept.terminate("all", at: "08:01")
        #expect(try kept.open("charting", at: "08:02").prompts == ["device_passcode"])
    }

    @Test func aGuestSessionHasNoPasscodeAndEndsWithItsTimeout() throws {
        var ipad = try AppleHarness(
            settings: ["temporary_session_timeout": "5m"], apps: [("safari", ["kind": "web", "web_sign_in": "true"])])
        try ipad.open("safari", "customer1", at: "10:00", conditions: ["as": "guest"])
        let second = try ipad.open("safari", "customer2", at: "10:03")
        #expect(
            second.findings == [
                "previous-user-session-active", "previous-user-data-visible", "browser-session-remains",
                "guest-session-no-passcode",
            ])
        #expect(second.sessionUser == "customer1")
        let third = try ipad.open("safari", "customer3", at: "10:20", conditions: ["as": "guest"])
        #expect(third.findings.isEmpty)
        #expect(third.session == "app_new")
    }

    @Test func signingOutOfAMicrosoftAppSignsTheOthersOutInThePartitionOnly() throws {
        var ipad = try AppleHarness(apps: [("teams", [:]), ("outlook", [:])])
        try ipad.open("teams", at: "08:00")
        try ipad.signOut("teams", at: "08:01")
        let outlook = try ipad.open("outlook", at: "08:01")
        #expect(outlook.prompts == ["interactive_sign_in"])
        #expect(outlook.sessionUser == "alice")
    }

    @Test func anAppThatDoesNotKeepItsSignInLosesItWhenItEnds() throws {
        var ipad = try AppleHarness(apps: [
            ("charting", ["kind": "app_credentials", "session_survives_relaunch": "false"])
        ])
        try ipad.open("charting", at: "08:00")
        try ipad.terminate("charting", at: "08:01")
        #expect(try ipad.open("charting", at: "08:01").prompts == ["app_credentials"])
    }
}
