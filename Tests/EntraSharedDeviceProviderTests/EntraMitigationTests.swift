import SSOPolicyProviderKit
import Testing

@testable import EntraSharedDeviceProvider

/// The mitigations architects ask for, as settings read against the scenario's step times: Conditional Access
/// sign-in frequency and Android Managed Home Screen's automatic sign-out after inactivity.
@Suite struct EntraMitigationTests {
    @Test func signInFrequencyAsksTheSameUserToSignInAgainAfterTheInterval() throws {
        var device = try EntraHarness(settings: ["sign_in_frequency": "8h"])
        #expect(try device.open("inventory", "alice", at: "07:00").prompts == ["interactive_sign_in"])
        let within = try device.open("timesheet", "alice", at: "14:59")
        #expect(within.prompts.isEmpty && within.session == "shared_reused")
        let after = try device.open("timesheet", "alice", at: "15:00")
        #expect(after.prompts == ["interactive_sign_in"] && after.session == "shared_new")
        #expect(after.sessionUser == "alice" && after.fired.contains("entra.sign-in-frequency.reauthenticate"))
        // The interval counts from that sign-in again.
        #expect(try device.open("inventory", "alice", at: "16:00").prompts.isEmpty)
    }

    @Test func signInFrequencyStopsAForgottenSessionServingTheNextWorker() throws {
        var device = try EntraHarness(settings: ["sign_in_frequency": "8h"])
        _ = try device.open("inventory", "alice", at: "07:00")
        let early = try device.open("inventory", "bob", at: "12:00")
        #expect(early.sessionUser == "alice" && early.has("previous-user-session-active"))
        let late = try device.open("timesheet", "bob", at: "19:00")
        #expect(late.session == "denied" && late.prompts == ["interactive_sign_in"])
        #expect(!late.has("previous-user-session-active") && !late.has("previous-user-data-visible"))
        #expect(late.fired.contains("entra.sign-in-frequency.other-user-stopped"))
    }

    @Test func withoutSignInFrequencyTheSessionLastsAllDay() throws {
        var device = try EntraHarness()
        _ = try device.open("inventory", "alice", at: "07:00")
        let late = try device.open("timesheet", "bob", at: "23:00")
        #expect(late.sessionUser == "alice" && late.has("previous-user-session-active"))
    }

    @Test func managedHomeScreenSignsAnIdleDeviceOut() throws {
        let settings = [
            "platform": "android", "os_version": "13", "mhs_auto_sign_out": "true",
            "mhs_inactive_sign_out_delay": "10m",
        ]
        var device = try EntraHarness(settings: settings)
        #expect(!device.configurationFindings.contains("no-automatic-sign-out"))
        #expect(
            try EntraHarness(settings: ["platform": "android"]).configurationFindings.contains("no-automatic-sign-out"))
        _ = try device.open("inventory", "alice", at: "08:00")
        let soon = try device.open("timesheet", "bob", at: "08:09")
        #expect(soon.sessionUser == "alice" && soon.has("previous-user-session-active"))
        let idle = try device.open("timesheet", "bob", at: "08:30")
        #expect(idle.fired.contains("entra.mhs.inactivity-sign-out"))
        #expect(idle.prompts == ["interactive_sign_in"] && idle.sessionUser == "bob")
        #expect(!idle.has("previous-user-session-active") && !idle.has("previous-user-data-visible"))
    }

    @Test func managedHomeScreenSettingsAreAndroidOnly() throws {
        #expect(throws: (any Error).self) {
            _ = try EntraHarness(settings: ["mhs_auto_sign_out": "maybe"])
        }
        var device = try EntraHarness(settings: ["mhs_auto_sign_out": "true"])
        _ = try device.open("inventory", "alice", at: "08:00")
        let later = try device.open("timesheet", "bob", at: "12:00")
        #expect(later.sessionUser == "alice", "iOS has no Managed Home Screen")
    }
}
