import AirWatchSDKProvider
import SSOPolicyProviderKit
import Testing

private let warehouse = [
    "authentication": "passcode", "sso": "enabled", "authentication_timeout": "15m", "max_failed_attempts": "5",
]
private let kiosk = ["authentication": "disabled", "sso": "enabled", "common_authentication": "saml"]
private let withMail: [(id: String, keys: [String: String])] = [
    ("inventory", [:]), ("mail", ["sdk_initialized": "false"]),
]

/// The second fidelity pass (issue 14): each test fails on the model before it.
@Suite("airwatch-sdk fidelity")
struct FidelityTests {
    /// 1. The seed: "The system identifies the user first by silent login" — on an enrolled device it succeeds.
    @Test func silentLoginSucceedsByDefault() throws {
        var h = try AirWatchHarness(settings: kiosk)
        let first = try h.open("inventory", at: "08:00")
        #expect(first.prompts == [])
        #expect(first.fired.contains("airwatch.identify.managed-token"))
        #expect(first.sessionUser == "alice")
        var passcode = try AirWatchHarness(settings: warehouse)
        #expect(try passcode.open("inventory", at: "08:00").prompts == ["create_passcode"])
    }

    @Test func silentLoginFailsOnAStepOrUnderTheResearchReading() throws {
        var h = try AirWatchHarness(settings: kiosk)
        #expect(try h.open("inventory", at: "08:00", conditions: ["silent_login": "fails"]).prompts == ["credentials"])
        var research = try AirWatchHarness(settings: kiosk.merging(["silent_login_token": "managed_app_config"]) { $1 })
        #expect(try research.open("inventory", at: "08:00").prompts == ["credentials"])
        var token = try AirWatchHarness(
            settings: kiosk.merging(["silent_login_token": "managed_app_config", "managed_token": "present"]) { $1 })
        #expect(try token.open("inventory", at: "08:00").prompts == [])
        var noAnchor = try AirWatchHarness(settings: ["anchor_app": "none"])
        #expect(try noAnchor.open("inventory", at: "08:00").prompts == ["app_credentials"])
    }

    /// After a user change the token is spent; the new user proved who he is to Hub at check-out, so with SSO the
    /// app takes his identity silently, and without SSO it asks for his credentials again.
    @Test func userChangeSpendsTheToken() throws {
        var h = try AirWatchHarness(settings: kiosk)
        try h.open("inventory", "nina", at: "08:00")
        let checkOut = try h.step("check_out", "hub", user: "omar", at: "12:00")
        #expect(checkOut.prompts == ["credentials"])
        let omar = try h.open("inventory", "omar", at: "12:01")
        #expect(omar.prompts == [])
        #expect(omar.fired.contains("airwatch.identify.checked-out-user"))
        #expect(omar.sessionUser == "omar")
        #expect(omar.has("user-change-wipe"))
        #expect(!omar.has("previous-user-session-active"))
        var noSSO = try AirWatchHarness(settings: ["authentication": "passcode", "authentication_timeout": "15m"])
        try noSSO.open("inventory", "nina", at: "08:00")
        try noSSO.step("check_out", "hub", user: "omar", at: "12:00")
        let again = try noSSO.open("inventory", "omar", at: "12:01")
        #expect(again.prompts.first == "credentials")
        #expect(!again.fired.contains("airwatch.identify.checked-out-user"))
    }

    /// 2. Research E9: the first open after the device is switched on authenticates, inside the timeout too.
    @Test func deviceRestartForcesAuthenticationInsideTheTimeout() throws {
        var h = try AirWatchHarness(settings: warehouse)
        try h.open("inventory", at: "08:00")
        let restart = try h.step("terminate", "all", at: "08:05")
        #expect(restart.fired.contains("airwatch.terminate.device-restart"))
        let after = try h.open("timesheet", at: "08:06")
        #expect(after.prompts == ["passcode"])
        #expect(after.session == "shared_new")
        #expect(try h.open("inventory", at: "08:07").prompts == [])
        // One app terminated (seed reading of C2): the live shared session still serves it.
        try h.step("terminate", "inventory", at: "08:08")
        #expect(try h.open("inventory", at: "08:09").prompts == [])
    }

    /// 3. An app without the SDK: its own login, nothing of the SDK, and it keeps everything through SDK actions.
    @Test func appWithoutSDKTakesNoPartInTheSDK() throws {
        var h = try AirWatchHarness(settings: warehouse, apps: withMail)
        #expect(h.configurationFindings.contains("app-without-sdk"))
        let first = try h.open("mail", "alice", at: "08:00")
        #expect(first.prompts == ["app_credentials"])
        #expect(first.session == "app_new")
        #expect(first.fired.contains("airwatch.without-sdk.own-login"))
        try h.open("inventory", "alice", at: "08:01")
        let checkOut = try h.step("check_out", "hub", user: "bob", at: "12:00")
        #expect(checkOut.has("app-without-sdk-untouched"))
        #expect(checkOut.subject == "alice")
        let bob = try h.open("mail", "bob", at: "12:01")
        #expect(bob.prompts == [])
        #expect(bob.sessionUser == "alice")
        #expect(bob.has("previous-user-session-active"))
        #expect(!bob.has("user-change-wipe"))
        let logout = try h.step("logout_current_user", "inventory", at: "12:02")
        #expect(logout.has("app-without-sdk-untouched"))
        let signOut = try h.step("sign_out", "inventory", user: "bob", at: "12:03")
        #expect(signOut.has("app-without-sdk-untouched"))
        let lock = try h.step("lock", "mail", at: "12:03")
        #expect(lock.fired.contains("airwatch.without-sdk.untouched"))
        #expect(try h.open("mail", "bob", at: "12:04").sessionUser == "alice")
    }

    @Test func ownLoginChoices() throws {
        var every = try AirWatchHarness(
            settings: warehouse, apps: [("mail", ["sdk_initialized": "false", "own_login": "every_open"])])
        try every.open("mail", "alice", at: "08:00")
        let again = try every.open("mail", "bob", at: "08:01")
        #expect(again.prompts == ["app_credentials"])
        #expect(again.sessionUser == "bob")
        #expect(again.has("previous-user-data-visible"))
        var none = try AirWatchHarness(
            settings: warehouse, apps: [("mail", ["sdk_initialized": "false", "own_login": "none"])])
        #expect(try none.open("mail", "alice", at: "08:00").prompts == [])
        var terminated = try AirWatchHarness(settings: warehouse, apps: [("mail", ["sdk_initialized": "false"])])
        try terminated.open("mail", "alice", at: "08:00")
        try terminated.step("terminate", "mail", at: "08:01")
        #expect(try terminated.open("mail", "bob", at: "08:02").prompts == ["app_credentials"])
    }

    @Test func ownLoginNeedsAnAppWithoutTheSDK() throws {
        let configuration = try ConfigurationBuilder.make(
            AirWatchHarness.descriptor, settings: warehouse, apps: [("inventory", ["own_login": "none"])])
        var diagnostics = Diagnostics()
        #expect(AirWatchSDKProvider().compile(configuration, diagnostics: &diagnostics) == nil)
        #expect("\(diagnostics.all)".contains("own_login applies only to an app with sdk_initialized: false"))
    }

    /// 4. Hub check-in then check-out is the vendor's handover: with the shared-device settings right it is safe.
    @Test func checkInThenCheckOutIsSafeWhenSetUpRight() throws {
        var h = try AirWatchHarness(
            settings: warehouse.merging(["clear_passcode_on_check_out": "true"]) { $1 },
            apps: [("inventory", ["clears_data_on_user_change": "true"])])
        try h.open("inventory", "alice", at: "08:00")
        let checkIn = try h.step("check_in", "hub", user: "alice", at: "11:59")
        #expect(checkIn.fired.contains("airwatch.check-in.clear-passcode"))
        #expect(!checkIn.has("check-in-data-remains"))
        #expect(try h.step("check_out", "hub", user: "bob", at: "12:00").prompts == ["credentials"])
        let bob = try h.open("inventory", "bob", at: "12:01")
        #expect(bob.prompts == ["create_passcode"])
        #expect(bob.sessionUser == "bob")
        #expect(bob.findings == ["user-change-wipe"])
    }

    @Test func checkInWithDefaultsLeavesDataAndPasscode() throws {
        var h = try AirWatchHarness(settings: warehouse)
        try h.open("inventory", "alice", at: "08:00")
        let checkIn = try h.step("check_in", "hub", user: "alice", at: "11:59")
        #expect(checkIn.has("check-in-data-remains"))
        #expect(checkIn.subject == "alice")
        let checkOut = try h.step("check_out", "hub", user: "bob", at: "12:00")
        #expect(checkOut.has("passcode-survives-check-out"))
        #expect(checkOut.has("check-out-data-not-separated"))
        let bob = try h.open("inventory", "bob", at: "12:01")
        #expect(bob.prompts == ["passcode"])
        #expect(bob.sessionUser == "bob")
        #expect(bob.has("previous-user-data-visible"))
        #expect(!bob.has("previous-user-session-active"))
    }

    @Test func logoutCurrentUserWipesTheStore() throws {
        var h = try AirWatchHarness(settings: warehouse)
        try h.open("inventory", "alice", at: "08:00")
        let logout = try h.step("logout_current_user", "inventory", at: "08:01")
        #expect(logout.has("logout-wipe"))
        #expect(!logout.has("failed-attempts-wipe"))
        #expect(logout.fired.contains("airwatch.logout.wipes"))
        let next = try h.open("timesheet", "bob", at: "08:02")
        #expect(next.prompts == ["credentials", "create_passcode"])
        #expect(next.sessionUser == "bob")
    }

    /// 5. A passcode that stands between: a finding of its own, below the case where nothing does.
    @Test func sessionBehindThePreviousUsersPasscode() throws {
        var h = try AirWatchHarness(settings: warehouse)
        try h.open("inventory", "alice", at: "08:00")
        let behind = try h.open("timesheet", "bob", at: "08:30")
        #expect(behind.prompts == ["passcode"])
        #expect(behind.sessionUser == "alice")
        #expect(behind.has("previous-user-session-behind-prompt"))
        #expect(!behind.has("previous-user-session-active"))
        let open = try h.open("inventory", "bob", at: "08:31")
        #expect(open.has("previous-user-session-active"))
        let findings = AirWatchHarness.descriptor.findings
        let barrier = try #require(findings.first { $0.id == "previous-user-session-behind-prompt" })
        let none = try #require(findings.first { $0.id == "previous-user-session-active" })
        #expect(barrier.severity > none.severity)
        #expect(barrier.message.contains("reachable when passcodes are shared or known"))
        #expect(barrier.sources.text.contains("ValidateUserCredentialsToUnlockOperation.swift"))
    }

    /// Typing one's own credentials never lands in another identity's live session (issue 14, point 11).
    @Test func ownCredentialsStartOwnSession() throws {
        var h = try AirWatchHarness(settings: warehouse)
        try h.open("inventory", "nina", at: "08:00")
        let omar = try h.open("timesheet", "omar", at: "08:01", conditions: ["silent_login": "fails"])
        #expect(omar.prompts == ["credentials"])
        #expect(omar.session == "shared_new")
        #expect(omar.sessionUser == "omar")
        #expect(omar.fired.contains("airwatch.identify.new-identity-session"))
    }

    /// 6. "disabled" before initialCheckDone is only misleading when SSO is on for the app.
    @Test func statusFindingOnlyWithSSO() throws {
        var off = try AirWatchHarness(settings: ["authentication": "passcode"])
        let quiet = try off.step("query_sso_status", "inventory", at: "08:00")
        #expect(!quiet.has("sso-status-before-initial-check"))
        #expect(quiet.detail("sso_status") == "disabled")
        var on = try AirWatchHarness(settings: warehouse)
        #expect(try on.step("query_sso_status", "inventory", at: "08:00").has("sso-status-before-initial-check"))
        var missing = try AirWatchHarness(settings: warehouse.merging(["anchor_app": "none"]) { $1 })
        #expect(
            !(try missing.step("query_sso_status", "inventory", at: "08:00").has("sso-status-before-initial-check")))
    }
}
