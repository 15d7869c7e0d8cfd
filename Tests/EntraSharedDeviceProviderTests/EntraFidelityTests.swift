import SSOPolicyProviderKit
import Testing

@testable import EntraSharedDeviceProvider

/// The second fidelity pass: each test pins one behaviour an architect comparing vendors would otherwise misread.
@Suite struct EntraFidelityTests {
    static let android = ["platform": "android", "os_version": "13"]

    // Opening an app is not a sign-in: getCurrentAccount returns the broker's account on Android as on iOS
    // (research §2), so Bob works in Alice's session on both platforms.
    @Test(arguments: [[:], android]) func forgottenSignOutServesAliceOnBothPlatforms(_ settings: [String: String])
        throws
    {
        var device = try EntraHarness(settings: settings)
        _ = try device.open("inventory", "alice", at: "08:00")
        _ = try device.open("timesheet", "alice", at: "08:05")
        let bob = try device.open("timesheet", "bob", at: "12:00")
        #expect(bob.prompts.isEmpty && bob.session == "shared_reused" && bob.sessionUser == "alice")
        #expect(bob.has("previous-user-session-active") && bob.subject == "alice")
        #expect(!bob.has("second-user-sign-in-refused"))
        #expect(bob.detail("current_account") == "alice" && bob.detail("data_action") == "kept")
        #expect(bob.fired.contains("entra.sign-in.previous-user-served"))
        #expect(!bob.fired.contains("entra.android.second-user-refused"))
    }

    // The refusal belongs to an explicit sign-in in an app that already holds an account (research §3).
    @Test func androidRefusesAnExplicitSecondSignIn() throws {
        var device = try EntraHarness(settings: Self.android)
        _ = try device.open("inventory", "alice", at: "08:00")
        let refused = try device.step("sign_in", "timesheet", user: "bob", at: "12:00")
        #expect(refused.session == "denied" && refused.has("second-user-sign-in-refused") && refused.subject == "alice")
        #expect(refused.fired.contains("entra.android.second-user-refused"))
        #expect(device.deviceAccount == "alice")
        // An app that skipped getCurrentAccount still holds alice's persisted account after her global sign-out
        // elsewhere: its signIn is refused although nobody is signed in on the device.
        var stale = try EntraHarness(
            settings: Self.android,
            apps: [
                (id: "inventory", keys: [:]),
                (
                    id: "timesheet", keys: ["checks_current_account": "false", "account_change_listener": "false"]
                ),
            ])
        _ = try stale.open("timesheet", "alice", at: "08:00")
        _ = try stale.signOut("inventory", "alice", at: "11:58")
        #expect(stale.deviceAccount == "none")
        let bob = try stale.step("sign_in", "timesheet", user: "bob", at: "12:00")
        #expect(bob.session == "denied" && bob.subject == "alice")
        // A first sign-in is the ordinary global sign-in.
        var fresh = try EntraHarness(settings: Self.android)
        let first = try fresh.step("sign_in", "inventory", user: "alice", at: "08:00")
        #expect(
            first.prompts == ["interactive_sign_in"] && first.session == "shared_new" && first.sessionUser == "alice")
    }

    @Test func iOSExplicitSecondSignInFollowsTheModelOption() throws {
        var served = try EntraHarness(facts: ["signed_in": "alice"])
        let bob = try served.step("sign_in", "inventory", user: "bob")
        #expect(bob.session == "shared_reused" && bob.sessionUser == "alice" && bob.has("previous-user-session-active"))
        #expect(bob.fired.contains("entra.ios.sign-in-existing-session-served"))
        var rejected = try EntraHarness(
            settings: ["ios_second_user_sign_in": "rejected"], facts: ["signed_in": "alice"])
        #expect(try rejected.step("sign_in", "inventory", user: "bob").has("second-user-sign-in-refused"))
        // The option is about the broker's answer to a sign-in; opening an app still serves the device account.
        #expect(try rejected.open("timesheet", "bob").sessionUser == "alice")
    }

    @Test func explicitSignInOutsideSharedModeSignsTheActingUserIn() throws {
        var legacy = try EntraHarness(
            apps: [(id: "scanner", keys: ["msal": "none"])], perApp: [0: ["data_owner": "alice"]])
        let bob = try legacy.step("sign_in", "scanner", user: "bob")
        #expect(
            bob.prompts == ["app_credentials"] && bob.sessionUser == "bob" && bob.detail("data_action") == "cleared")
        var off = try EntraHarness(settings: ["shared_device_mode": "false"], perApp: [0: ["data_owner": "alice"]])
        let carol = try off.step("sign_in", "inventory", user: "carol")
        #expect(carol.prompts == ["interactive_sign_in"] && carol.sessionUser == "carol")
    }

    // An app's sign-in does not create a Safari session: a worker who never opened Safari leaves nothing there.
    @Test func signInDoesNotFillSafari() throws {
        var device = try EntraHarness(apps: [(id: "inventory", keys: ["signout_from_browser": "false"])])
        _ = try device.open("inventory", "alice", at: "08:00")
        #expect(device.state.safari.stored == nil)
        let signOut = try device.signOut("inventory", "alice", at: "11:58")
        #expect(!signOut.has("browser-session-remains"))
        let web = try device.step("open_browser", "safari", user: "bob", at: "12:00")
        #expect(web.prompts == ["interactive_sign_in"] && web.session == "app_new" && web.sessionUser == "bob")
        #expect(web.findings.isEmpty)
    }

    // After Safari signed in to a web app (here through the SSO plug-in), a sign-out without signoutFromBrowser leaves the session behind (kept).
    @Test func safariSessionAfterAWebSignInOutlivesTheSignOut() throws {
        var device = try EntraHarness(apps: [(id: "inventory", keys: ["signout_from_browser": "false"])])
        _ = try device.open("inventory", "alice", at: "08:00")
        let webSignIn = try device.step("open_browser", "safari", user: "alice", at: "08:10")
        // The SSO plug-in signs Safari in as the device's account (no second sign-in); Safari keeps that session.
        #expect(webSignIn.prompts.isEmpty && webSignIn.fired.contains("entra.browser.plugin-sso"))
        let signOut = try device.signOut("inventory", "alice", at: "11:58")
        #expect(signOut.has("browser-session-remains") && signOut.subject == "alice")
        let web = try device.step("open_browser", "safari", user: "bob", at: "12:00")
        #expect(
            web.sessionUser == "alice" && web.has("previous-user-session-active") && web.has("browser-session-remains"))
    }

    static func compile(_ keys: [String: String], settings: [String: String] = [:]) throws -> (
        EntraPolicy?, Diagnostics
    ) {
        let provider = EntraSharedDeviceProvider()
        let configuration = try ConfigurationBuilder.make(
            provider.descriptor, settings: settings, apps: [(id: "app", keys: keys)])
        var diagnostics = Diagnostics()
        return (provider.compile(configuration, diagnostics: &diagnostics), diagnostics)
    }

    static func findingIDs(_ policy: EntraPolicy) -> [String] {
        let provider = EntraSharedDeviceProvider()
        return provider.configurationFindings(policy).map { provider.descriptor.findings[Int($0.finding.index)].id }
    }

    // The vendor's list of Microsoft apps: a catalogue id fills in a compliant shared-device MSAL app, and the two
    // public-preview apps raise preview-app.
    @Test func catalogueAppsAndPreviewMarks() throws {
        #expect(
            EntraCatalog.ids == [
                "none", "teams", "viva-engage", "outlook", "power-apps", "microsoft-365", "power-bi", "edge",
            ])
        for app in EntraCatalogApp.allCases {
            let (policy, diagnostics) = try Self.compile(["catalog": app.rawValue])
            let compiled = try #require(policy)
            #expect(diagnostics.isEmpty)
            #expect(compiled.apps[0].mode == .shared && compiled.apps[0].catalog == app)
            let preview = Self.findingIDs(compiled).contains("preview-app")
            #expect(preview == (app == .outlook || app == .microsoft365), "\(app)")
        }
        let (plain, _) = try Self.compile([:])
        #expect(try !Self.findingIDs(#require(plain)).contains("preview-app"))
        let declaration = try #require(EntraSharedDeviceProvider().descriptor.appKeys.first { $0.key == "catalog" })
        #expect(declaration.meaning.contains(EntraCatalog.asOf) && declaration.sources.text.contains(EntraCatalog.asOf))
    }

    @Test func aKeyThatContradictsTheCatalogueWinsWithAWarning() throws {
        let (policy, diagnostics) = try Self.compile(["catalog": "teams", "msal": "none"])
        #expect(try #require(policy).apps[0].mode == .notAware)
        #expect(diagnostics.all.count == 1)
        #expect(diagnostics.all.first?.message.contains("contradicts 'catalog: teams'") == true)
        let (_, agreeing) = try Self.compile(["catalog": "power-bi", "clears_data_on_user_change": "false"])
        #expect(agreeing.isEmpty)
    }

    // iOS without the SSO extension: MSAL's interactive route falls through to the Authenticator app (research §3),
    // which keeps the account; a per-app sign-out does not reach it.
    @Test func authenticatorRouteWithoutTheSSOExtension() throws {
        var device = try EntraHarness(settings: ["sso_extension": "missing"], apps: [(id: "inventory", keys: [:])])
        let first = try device.open("inventory", "alice", at: "08:00")
        #expect(first.prompts == ["interactive_sign_in"] && first.detail("device_mode") == "default")
        #expect(first.fired.contains("entra.ios.authenticator-broker-route"))
        #expect(device.deviceAccount == "alice")
        let signOut = try device.signOut("inventory", "alice", at: "11:58")
        #expect(signOut.detail("sign_out_scope") == "app")
        #expect(signOut.has("not-covered-by-global-signout") && signOut.subject == "alice")
        // No silent SSO through Authenticator: a second app signs in interactively again.
        var two = try EntraHarness(settings: ["sso_extension": "missing"])
        _ = try two.open("inventory", "alice", at: "08:00")
        #expect(try two.open("timesheet", "alice", at: "08:05").prompts == ["interactive_sign_in"])
        // Without Authenticator there is no broker at all.
        var none = try EntraHarness(settings: ["sso_extension": "missing", "authenticator": "missing"])
        let local = try none.open("inventory", "alice", at: "08:00")
        #expect(!local.fired.contains("entra.ios.authenticator-broker-route") && none.deviceAccount == "none")
    }
}
