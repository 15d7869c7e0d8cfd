import ImprivataMAMProvider
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// Check-in is docking: it identifies nobody, it can fail for one app, an erase makes the staging-user step
/// unnecessary, and the findings name the apps they are about.
@Suite("imprivata-mam check-in")
struct CheckInTests {
    @Test func checkInNeedsNoUserAndCustodySaysWhoseDeviceItWas() throws {
        let declaration = try #require(ImprivataMAMProvider().descriptor.allEvents.first { $0.name == "check_in" })
        #expect(!declaration.requiresUser)
        #expect(declaration.target == .choice(["hub", "launchpad"]))
        var harness = try ImprivataHarness(apps: [("inventory", [:])])
        try harness.checkOut("alice")
        try harness.open("inventory")
        let checkIn = try harness.step("check_in", "launchpad")
        #expect(checkIn.detail("status") == "checked_in")
        #expect(checkIn.has("session-survives-check-in"))
        #expect(checkIn.subject == "alice")
    }

    @Test func aLogoutCanFailForOneAppOnly() throws {
        var harness = try ImprivataHarness(
            apps: [
                ("inventory", ["logout_method": "universal_link_callback"]),
                ("timesheet", ["logout_method": "universal_link_callback"]),
            ])
        try harness.checkOut("alice")
        try harness.open("inventory")
        try harness.open("timesheet")
        let checkIn = try harness.checkIn(conditions: ["logout_fails": "timesheet"])
        #expect(checkIn.findings == ["logout-callback-failed"])
        #expect(checkIn.outcome.subjectApps == 1 << 1)
        try harness.checkOut("bob")
        #expect(try harness.open("inventory", "bob").sessionUser == "bob")
        #expect(try harness.open("timesheet", "bob").sessionUser == "alice")
    }

    @Test func eraseAtCheckInMakesTheStagingUserStepUnnecessary() throws {
        let settings = ["mdm_user_assignment": "assign_only", "erase_on_check_in": "true"]
        var harness = try ImprivataHarness(
            settings: settings,
            apps: [("voalte", ["login": "mdm_certificate", "logout_method": "universal_link_callback"])])
        #expect(!harness.configurationFindings.contains("mdm-identity-not-reset"))
        try harness.checkOut("alice")
        try harness.open("voalte")
        let checkIn = try harness.checkIn()
        #expect(!checkIn.has("mdm-identity-not-reset"))
        try harness.checkOut("bob")
        #expect(try harness.open("voalte", "bob").sessionUser == "bob")
        // Without the erase the finding stands.
        let kept = try ImprivataHarness(
            settings: ["mdm_user_assignment": "assign_only"],
            apps: [("voalte", ["login": "mdm_certificate", "logout_method": "universal_link_callback"])])
        #expect(kept.configurationFindings.contains("mdm-identity-not-reset"))
    }

    @Test func eraseAtCheckInLeavesNoBrowserSession() throws {
        let apps: [ImprivataHarness.App] = [
            ("portal", ["web_sign_in": "true", "logout_method": "universal_link_callback"])
        ]
        #expect(try ImprivataHarness(apps: apps).configurationFindings.contains("browser-session-remains"))
        let erased = try ImprivataHarness(settings: ["erase_on_check_in": "true"], apps: apps)
        #expect(!erased.configurationFindings.contains("browser-session-remains"))
    }
}
