import EntraSharedDeviceProvider
import MicrosoftApps
import SSOPolicyTestSupport
import Testing

@testable import ImprivataMAMProvider

/// One app, one verdict: the same Microsoft app after the same shared-device global sign-out gets the same data
/// verdict under entra-shared-device and under imprivata-mam's Microsoft integration, because both read the one
/// catalogue (`MicrosoftApps`).
@Suite struct MicrosoftCatalogueTests {
    /// Alice works in Teams; a shared-device global sign-out ends her account; Bob opens Teams. The findings of
    /// Bob's open under each vendor.
    private static func bobOpensTeamsAfterGlobalSignOut(platform: String, teams: [String: String]) throws -> (
        entra: [String], imprivata: [String]
    ) {
        var entra = try ProviderHarness(
            EntraSharedDeviceProvider(), settings: ["platform": platform, "os_version": "17.4"],
            apps: [("teams", teams)], users: ["alice", "bob"])
        try entra.open("teams", "alice", at: "07:05")
        try entra.signOut("teams", "alice", at: "19:00")
        let underEntra = try entra.open("teams", "bob", at: "19:01")

        var settings = [
            "platform": platform, "microsoft_sdm_integration": "true", "entra_shared_device_mode": "true",
        ]
        if platform == "android" { settings["android_enrollment"] = "dedicated_mhs" }
        var mam = try ProviderHarness(
            ImprivataMAMProvider(), settings: settings,
            apps: [("teams", teams.merging(["logout_method": "msal_shared_device"]) { mine, _ in mine })],
            users: ["alice", "bob"], clock: "07:00")
        try mam.step("check_out", "hub", user: "alice", at: "07:00")
        try mam.step("microsoft_sign_in", "check_out_screen", user: "alice", at: "07:00")
        try mam.open("teams", "alice", at: "07:05")
        try mam.step("check_in", "hub", user: "alice", at: "19:00")
        try mam.step("check_out", "hub", user: "bob", at: "19:00")
        let underMAM = try mam.open("teams", "bob", at: "19:01")
        return (underEntra.findings, underMAM.findings)
    }

    @Test(arguments: ["ios", "android"])
    func catalogueTeamsGetsOneDataVerdictUnderBothVendors(platform: String) throws {
        let verdicts = try Self.bobOpensTeamsAfterGlobalSignOut(platform: platform, teams: ["catalog": "teams"])
        #expect(!verdicts.entra.contains("previous-user-data-visible"))
        #expect(!verdicts.imprivata.contains("previous-user-data-visible"))
        #expect(verdicts.entra == verdicts.imprivata)
    }

    @Test func everyCatalogueAppClearsDataAtGlobalSignOutWithCitations() {
        for app in MicrosoftApp.allCases {
            #expect(app.clearsDataAtGlobalSignOut(on: .ios))
            #expect(app.clearsDataAtGlobalSignOut(on: .android))
        }
        let imprivata = ImprivataMAMProvider().descriptor
        let entra = EntraSharedDeviceProvider().descriptor
        for platform in [MicrosoftAppPlatform.ios, .android] {
            for citation in MicrosoftAppCatalogue.dataClearingSources(on: platform) + [MicrosoftAppCatalogue.listSource]
            {
                #expect(imprivata.sourceDocument(citation.source) != nil)
                #expect(entra.sourceDocument(citation.source) != nil)
            }
        }
        #expect(MicrosoftAppCatalogue.ids.first == "none")
    }

    /// Without shared device mode MAM signs nobody in to Teams: it asks its own Microsoft sign-in (a second factor
    /// included) once, not an app's own login; an app with its own login still asks that.
    @Test(arguments: ["ios", "android"])
    func aMicrosoftAppOutsideSharedModeAsksItsOwnMicrosoftSignIn(platform: String) throws {
        var mam = try ProviderHarness(
            ImprivataMAMProvider(), settings: ["platform": platform],
            apps: [("teams", ["catalog": "teams"]), ("ehr", [:])], users: ["alice"], clock: "07:00")
        try mam.step("check_out", "hub", user: "alice", at: "07:00")
        let teams = try mam.open("teams", "alice", at: "07:05")
        #expect(teams.prompts == ["interactive_sign_in"])
        #expect(teams.session == "app_new")
        #expect(try mam.open("teams", "alice", at: "08:00").prompts.isEmpty)
        #expect(try mam.open("ehr", "alice", at: "08:05").prompts == ["app_credentials"])
    }

    /// Both providers offer the same app key with the same ids.
    @Test func bothProvidersDeclareTheSameCatalogueKey() throws {
        let imprivata = ImprivataMAMProvider().descriptor.appKeys.first { $0.key == "catalog" }
        let entra = EntraSharedDeviceProvider().descriptor.appKeys.first { $0.key == "catalog" }
        let mine = try #require(imprivata)
        let theirs = try #require(entra)
        #expect(mine.kind == theirs.kind)
    }
}
