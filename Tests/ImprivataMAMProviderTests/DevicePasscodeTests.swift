import ImprivataMAMProvider
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// The device passcode each worker sets at check-out: the next worker meets it (not the previous session) when the
/// device is passed on without a check-in, or after a restart; ClearPasscode after a restart.
@Suite("imprivata-mam device passcode")
struct DevicePasscodeTests {
    @Test func aDevicePassedOnWithoutCheckInStopsTheNextWorkerAtTheLockScreen() throws {
        var harness = try ImprivataHarness()
        try harness.checkOut("alice")
        try harness.open("timesheet")
        let bob = try harness.open("timesheet", "bob")
        #expect(bob.prompts == ["device_passcode"])
        #expect(bob.session == "denied")
        #expect(bob.sessionUser == "none")
        #expect(bob.findings == ["previous-user-device-passcode"])
        #expect(bob.subject == "alice")
        // Alice still has her device and her session.
        #expect(try harness.open("timesheet").session == "app_reused")
    }

    @Test func withoutAPerWorkerPasscodeTheNextWorkerGetsThePreviousSession() throws {
        for (passcode, prompts) in [("none", [String]()), ("static_shared", ["device_passcode"])] {
            var harness = try ImprivataHarness(settings: ["device_passcode": passcode])
            try harness.checkOut("alice")
            try harness.open("timesheet")
            let bob = try harness.open("timesheet", "bob")
            #expect(bob.prompts == prompts, "\(passcode)")
            #expect(bob.sessionUser == "alice", "\(passcode)")
            #expect(bob.has("previous-user-session-active"), "\(passcode)")
        }
    }

    @Test func afterARestartTheCustodianUnlocksWithHerOwnPasscodeOnce() throws {
        var harness = try ImprivataHarness()
        try harness.checkOut("alice")
        try harness.open("timesheet")
        try harness.terminate("all")
        let first = try harness.open("timesheet")
        #expect(first.prompts == ["device_passcode"])
        #expect(first.session == "app_reused")
        #expect(try harness.open("timesheet").prompts == [])
        try harness.terminate("all")
        let bob = try harness.open("timesheet", "bob")
        #expect(bob.session == "denied")
        #expect(bob.prompts == ["device_passcode"])
    }

    @Test func clearPasscodeAfterARestartNeedsCellularOrTheProvisioningLaunchpad() throws {
        // condition(s), settings → whether bob's check-out gets a device.
        let cases: [([String: String], [String: String], Bool)] = [
            ([:], [:], false),
            (["docked_at": "another_launchpad"], [:], false),
            (["docked_at": "provisioning_launchpad"], [:], true),
            (["clear_passcode": "succeeds"], [:], true),
            ([:], ["cellular_data": "true"], true),
            (["clear_passcode": "fails"], ["cellular_data": "true"], false),
        ]
        for (conditions, settings, cleared) in cases {
            var harness = try ImprivataHarness(settings: settings)
            try harness.checkOut("alice")
            try harness.terminate("all")
            let checkIn = try harness.checkIn(conditions: conditions)
            #expect(checkIn.has("passcode-not-cleared") == !cleared, "\(conditions) \(settings)")
            let bob = try harness.checkOut("bob")
            #expect((bob.session == "shared_new") == cleared, "\(conditions) \(settings)")
        }
    }

    /// kb 12015: a restarted iPhone talks to no network or MDM until its passcode is entered. Once the custodian
    /// unlocks it, ClearPasscode works at the next check-in and the next worker gets the phone; one still locked
    /// since the restart is not cleared, and the next check-out is refused.
    @Test func afterARestartTheCustodiansUnlockLetsClearPasscodeWorkAgain() throws {
        for unlocked in [true, false] {
            var harness = try ImprivataHarness()
            try harness.checkOut("alice")
            try harness.open("timesheet")
            try harness.terminate("all")
            if unlocked {
                let unlock = try harness.open("timesheet")
                #expect(unlock.prompts == ["device_passcode"])
                #expect(unlock.fired.contains("imprivata.restart.unlock-reconnects"))
            }
            let checkIn = try harness.checkIn()
            #expect(checkIn.has("passcode-not-cleared") == !unlocked, "unlocked: \(unlocked)")
            let bob = try harness.checkOut("bob")
            #expect((bob.session == "shared_new") == unlocked, "unlocked: \(unlocked)")
            #expect(try harness.open("timesheet", "bob").session == (unlocked ? "app_new" : "denied"))
        }
    }

    @Test func eachFactorHasItsOwnPromptWord() throws {
        for (auth, prompts) in [
            ("badge", ["badge", "create_passcode"]), ("badge_pin", ["badge", "badge_pin", "create_passcode"]),
            ("badge_password", ["badge", "credentials", "create_passcode"]),
            ("password", ["credentials", "create_passcode"]),
        ] {
            var harness = try ImprivataHarness(settings: ["check_out_auth": auth])
            #expect(try harness.checkOut("alice").prompts == prompts, "\(auth)")
        }
        #expect(!ImprivataMAMProvider().descriptor.producedPrompts.contains(.passcode))
    }
}
