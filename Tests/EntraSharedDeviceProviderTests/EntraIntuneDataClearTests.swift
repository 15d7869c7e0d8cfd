import SSOPolicyProviderKit
import Testing

@testable import EntraSharedDeviceProvider

/// Microsoft Learn, "Android template device settings list to restrict features using Intune", Dedicated devices:
/// "Clear local data in apps not optimized for Shared device mode" (Graph `azureAdSharedDeviceDataClearApps`) clears
/// a listed app's local data whenever a user signs out of an app that is optimized for shared device mode. `import`
/// writes `clears_data_on_user_change: true` for such an app.
@Suite struct EntraIntuneDataClearTests {
    static func apps(listed: Bool) -> [EntraHarness.App] {
        var ehr = ["msal": "none"]
        if listed { ehr["clears_data_on_user_change"] = "true" }
        return [(id: "teams", keys: ["catalog": "teams"]), (id: "ehr", keys: ehr)]
    }

    /// Alice works in Teams and in the EHR on its own login, signs out of Teams (a global sign-out); Bob opens the
    /// EHR.
    static func play(platform: String, listed: Bool) throws -> (signOut: EntraHarness.Step, bob: EntraHarness.Step) {
        var device = try EntraHarness(settings: ["platform": platform], apps: apps(listed: listed))
        try device.open("teams", "alice", at: "07:00")
        try device.open("ehr", "alice", at: "07:05")
        let signOut = try device.signOut("teams", "alice", at: "19:00")
        let bob = try device.open("ehr", "bob", at: "19:05")
        return (signOut, bob)
    }

    @Test func aListedAppOnAndroidIsClearedAtTheGlobalSignOut() throws {
        let (signOut, bob) = try Self.play(platform: "android", listed: true)
        #expect(signOut.fired.contains("entra.sign-out.intune-clears-local-data"))
        #expect(!signOut.has("not-covered-by-global-signout"))
        #expect(bob.sessionUser == "bob")
        #expect(!bob.has("previous-user-session-active"))
        #expect(!bob.has("previous-user-data-visible"))
        #expect(bob.prompts == ["app_credentials"])
    }

    @Test func anUnlistedAppOrIOSKeepsThePreviousWorkersSession() throws {
        for (platform, listed) in [("android", false), ("ios", true), ("ios", false)] {
            let (signOut, bob) = try Self.play(platform: platform, listed: listed)
            #expect(!signOut.fired.contains("entra.sign-out.intune-clears-local-data"), "\(platform) \(listed)")
            #expect(signOut.has("not-covered-by-global-signout"), "\(platform) \(listed)")
            #expect(bob.sessionUser == "alice", "\(platform) \(listed)")
            #expect(bob.has("previous-user-session-active"), "\(platform) \(listed)")
        }
    }

    /// The app's own sign-out is not a global sign-out: Intune clears nothing then (users must sign out of an
    /// optimized app).
    @Test func signingOutOfTheListedAppItselfClearsNothingElse() throws {
        var device = try EntraHarness(settings: ["platform": "android"], apps: Self.apps(listed: true))
        try device.open("teams", "alice", at: "07:00")
        try device.open("ehr", "alice", at: "07:05")
        let own = try device.signOut("ehr", "alice", at: "19:00")
        #expect(!own.fired.contains("entra.sign-out.intune-clears-local-data"))
        #expect(device.deviceAccount == "alice")
    }
}
