import ImprivataMAMProvider
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// MAM's Microsoft integration: a Microsoft logout method needs it, and on Android nothing signs in at check-out.
@Suite("imprivata-mam Microsoft integration")
struct MicrosoftIntegrationTests {
    @Test func aMicrosoftLogoutWithoutTheIntegrationIsAConfigurationFinding() throws {
        let apps: [ImprivataHarness.App] = [("teams", ["login": "msal_sdm", "logout_method": "msal_shared_device"])]
        let off = try ImprivataHarness(apps: apps)
        #expect(off.configurationFindings.contains("microsoft-logout-without-integration"))
        let findings = off.provider.configurationFindings(off.policy)
        let finding = try #require(
            findings.first {
                off.descriptor.findings[Int($0.finding.index)].id == "microsoft-logout-without-integration"
            })
        #expect(finding.app == AppID(0))
        #expect(finding.settingKey == "logout_method")
        let on = try ImprivataHarness(
            settings: ["microsoft_sdm_integration": "true", "entra_shared_device_mode": "true"], apps: apps)
        #expect(!on.configurationFindings.contains("microsoft-logout-without-integration"))
    }

    @Test func onAndroidTeamsStillAsksForTheSignInAfterTheCheckOutButton() throws {
        let settings = [
            "platform": "android", "microsoft_sdm_integration": "true", "entra_shared_device_mode": "true",
        ]
        var harness = try ImprivataHarness(
            settings: settings, apps: [("teams", ["login": "msal_sdm", "logout_method": "msal_shared_device"])])
        try harness.checkOut("alice")
        let button = try harness.step("microsoft_sign_in", "check_out_screen", user: "alice")
        #expect(button.prompts == [])
        let teams = try harness.open("teams")
        #expect(teams.prompts == ["interactive_sign_in"])
        #expect(teams.session == "shared_new")
        // On iOS the button signs the worker in, and Teams opens in that account.
        var iOS = try ImprivataHarness(
            settings: ["microsoft_sdm_integration": "true", "entra_shared_device_mode": "true"],
            apps: [("teams", ["login": "msal_sdm", "logout_method": "msal_shared_device"])])
        try iOS.checkOut("alice")
        #expect(try iOS.step("microsoft_sign_in", "check_out_screen", user: "alice").prompts == ["interactive_sign_in"])
        #expect(try iOS.open("teams").prompts == [])
    }
}
