import SSOPolicyProviderKit
import Testing

@testable import EntraSharedDeviceProvider

/// One test per row of the research's transition tables (entra-sdm.md §0.3 shared, §0.4 default), on each platform
/// where the row differs. Rows the model does not represent (token expiry ticks, tenant mismatch, mode changes)
/// are listed in the report.
@Suite struct EntraTransitionTableTests {
    static let platforms: [[String: String]] = [["platform": "ios"], ["platform": "android", "os_version": "13"]]

    // §0.3 GetCurrent(A): returns (deviceAccount, previous principal), then principal := deviceAccount.
    @Test(arguments: platforms) func getCurrentReportsAChangeOnce(_ settings: [String: String]) throws {
        var device = try EntraHarness(settings: settings, facts: ["signed_in": "alice"])
        let first = try device.open("timesheet", "alice")
        #expect(first.detail("current_account") == "alice" && first.detail("previous_account") == "none")
        #expect(first.fired.contains("entra.current-account.changed"))
        let again = try device.open("timesheet", "alice")
        #expect(again.detail("current_account") == "alice" && again.detail("previous_account") == "alice")
        #expect(!again.fired.contains("entra.current-account.changed"))
        #expect(device.app("timesheet").principal.stored == device.user("alice"))
    }

    // §0.3 GetCurrent: the app must compare identifiers and wipe data when they differ (R1, R2, R3).
    @Test(arguments: platforms) func getCurrentWithADirectSwitch(_ settings: [String: String]) throws {
        let facts = ["signed_in": "bob"]
        var compliant = try EntraHarness(settings: settings, facts: facts, perApp: [1: ["data_owner": "alice"]])
        let cleared = try compliant.open("timesheet", "bob")
        #expect(cleared.detail("data_action") == "cleared" && !cleared.has("previous-user-data-visible"))
        #expect(cleared.detail("previous_account") == "alice" && cleared.detail("current_account") == "bob")
        #expect(cleared.session == "shared_reused" && cleared.sessionUser == "bob")

        var onlyNil = try EntraHarness(
            settings: settings,
            apps: [(id: "inventory", keys: [:]), (id: "timesheet", keys: ["compares_account_ids": "false"])],
            facts: facts, perApp: [1: ["data_owner": "alice"]])
        let missed = try onlyNil.open("timesheet", "bob")
        #expect(missed.detail("data_action") == "kept" && missed.has("previous-user-data-visible"))
        #expect(missed.subject == "alice" && missed.fired.contains("entra.current-account.only-nil-check"))

        var notChecking = try EntraHarness(
            settings: settings,
            apps: [(id: "inventory", keys: [:]), (id: "timesheet", keys: ["checks_current_account": "false"])],
            facts: facts, perApp: [1: ["data_owner": "alice"]])
        let stale = try notChecking.open("timesheet", "bob")
        #expect(stale.has("previous-user-data-visible"))
        #expect(stale.fired.contains("entra.current-account.not-checked"))
        #expect(stale.detail("current_account") == nil)
    }

    // §0.3 SignIn(A), deviceAccount = none: interactive in the broker UI, global. Android persists the principal
    // at once; iOS only when the app calls getCurrentAccount (R9).
    @Test(arguments: platforms) func firstSignInIsGlobal(_ settings: [String: String]) throws {
        let apps: [(id: String, keys: [String: String])] = [
            (id: "inventory", keys: ["checks_current_account": "false"]), (id: "timesheet", keys: [:]),
        ]
        var device = try EntraHarness(settings: settings, apps: apps)
        let result = try device.open("inventory", "alice")
        #expect(result.prompts == ["interactive_sign_in"] && result.session == "shared_new")
        #expect(device.deviceAccount == "alice")
        let principal = device.app("inventory").principal.stored
        if device.policy.device.isIOS {
            #expect(principal == nil)
        } else {
            #expect(principal == device.user("alice"))
        }
        let other = try device.open("timesheet", "alice")
        #expect(other.prompts.isEmpty && other.session == "shared_reused")
    }

    // §0.3 SignIn / Silent(A), deviceAccount = U, same user: no prompt.
    @Test(arguments: platforms) func sameUserIsSilent(_ settings: [String: String]) throws {
        var device = try EntraHarness(settings: settings, facts: ["signed_in": "alice"])
        let result = try device.open("inventory", "alice")
        #expect(result.prompts.isEmpty && result.session == "shared_reused" && result.sessionUser == "alice")
        #expect(result.fired.contains("entra.sign-in.silent-reuse") && result.findings.isEmpty)
    }

    // §2 GetCurrent then Silent, deviceAccount = U ≠ acting user: opening an app serves U on both platforms.
    // §0.3 SignIn(A, hint = V), deviceAccount = U ≠ V: iOS broker-defined (model option), Android refused.
    @Test(arguments: platforms) func secondUserWhileSignedIn(_ settings: [String: String]) throws {
        var device = try EntraHarness(settings: settings, facts: ["signed_in": "alice"])
        let opened = try device.open("inventory", "bob")
        #expect(opened.session == "shared_reused" && opened.sessionUser == "alice")
        #expect(opened.has("previous-user-session-active") && !opened.has("second-user-sign-in-refused"))
        let signIn = try device.step("sign_in", "timesheet", user: "bob")
        if device.policy.device.isIOS {
            #expect(signIn.session == "shared_reused" && signIn.sessionUser == "alice")
            #expect(signIn.has("previous-user-session-active"))
        } else {
            #expect(signIn.session == "denied" && signIn.has("second-user-sign-in-refused"))
        }
        #expect(device.deviceAccount == "alice")
    }

    // §0.3 Silent(A, U), deviceAccount ≠ U: error, and on iOS a possible local RT fallback (R6).
    @Test(arguments: ["not_used", "used"]) func silentCallAfterGlobalSignOut(_ reading: String) throws {
        let apps: [(id: String, keys: [String: String])] = [
            (id: "inventory", keys: [:]),
            (id: "timesheet", keys: ["checks_current_account": "false", "account_change_listener": "false"]),
        ]
        var device = try EntraHarness(settings: ["local_rt_fallback": reading], apps: apps)
        _ = try device.open("inventory", "alice", at: "08:00")
        _ = try device.open("timesheet", "alice", at: "08:05")
        _ = try device.signOut("inventory", "alice", at: "11:58")
        let bob = try device.open("timesheet", "bob", at: "12:00")
        if reading == "used" {
            #expect(bob.session == "app_reused" && bob.sessionUser == "alice")
            #expect(bob.has("local-refresh-token-fallback") && bob.has("previous-user-session-active"))
        } else {
            #expect(bob.prompts == ["interactive_sign_in"] && bob.sessionUser == "bob")
            #expect(bob.has("previous-user-data-visible") && !bob.has("previous-user-session-active"))
        }
    }

    // §0.3 SignOut(A), deviceAccount = U: global; app data stays unless the app clears it; broadcast emitted.
    @Test(arguments: platforms) func signOutIsGlobalButNotForData(_ settings: [String: String]) throws {
        let apps: [(id: String, keys: [String: String])] = [
            (id: "inventory", keys: ["clears_data_on_user_change": "false"]), (id: "timesheet", keys: [:]),
        ]
        var device = try EntraHarness(settings: settings, apps: apps)
        _ = try device.open("inventory", "alice")
        _ = try device.open("timesheet", "alice")
        let signOut = try device.signOut("inventory", "alice")
        #expect(signOut.session == "none" && signOut.detail("data_action") == "kept")
        #expect(signOut.has("not-covered-by-global-signout"))
        #expect(device.deviceAccount == "none")
        #expect(device.app("inventory").tokens.stored == nil && device.app("timesheet").dataOwner.stored == nil)
        let bob = try device.open("inventory", "bob")
        #expect(bob.has("previous-user-data-visible") && bob.subject == "alice")
        #expect(bob.fired.contains("entra.data.not-cleared"))
    }

    // §0.3 SignOut with the broker failing (R7): local tokens gone, device still signed in.
    @Test func brokerSignOutFailure() throws {
        var device = try EntraHarness()
        _ = try device.open("inventory", "alice")
        let signOut = try device.signOut("inventory", "alice", conditions: ["broker": "fails"])
        #expect(signOut.has("broker-sign-out-failed") && signOut.session == "shared_reused")
        #expect(signOut.detail("sign_out_scope") == "app")
        #expect(device.deviceAccount == "alice")
        let bob = try device.open("timesheet", "bob")
        #expect(bob.has("previous-user-session-active"))
    }

    // §0.3 Broadcast, A listening and running: it calls getCurrentAccount and wipes at once.
    // §0.3 Broadcast, A suspended or killed (or not listening): not delivered; it learns on next foreground.
    @Test(arguments: platforms) func notificationReachesOnlyRunningListeners(_ settings: [String: String]) throws {
        let apps: [(id: String, keys: [String: String])] = [
            (id: "inventory", keys: [:]), (id: "timesheet", keys: [:]),
            (id: "orders", keys: ["account_change_listener": "false"]),
        ]
        var device = try EntraHarness(settings: settings, apps: apps)
        _ = try device.open("inventory", "alice", at: "08:00")
        _ = try device.open("timesheet", "alice", at: "08:01")
        _ = try device.open("orders", "alice", at: "08:02")
        _ = try device.step("terminate", "timesheet", at: "09:00")
        _ = try device.signOut("inventory", "alice", at: "11:58")
        #expect(device.app("timesheet").dataOwner.stored == device.user("alice"))
        #expect(device.app("orders").dataOwner.stored == device.user("alice"))
        #expect(device.app("timesheet").principal.stored == device.user("alice"))
        let later = try device.open("timesheet", "bob", at: "12:00")
        #expect(later.detail("previous_account") == "alice" && later.detail("data_action") == "cleared")
        #expect(later.findings.isEmpty)
    }

    // §0.3 Foreground(A): an app that does not call getCurrentAccount shows the previous user's data (R1).
    @Test func foregroundWithoutCheck() throws {
        let apps: [(id: String, keys: [String: String])] = [
            (id: "inventory", keys: [:]),
            (id: "timesheet", keys: ["checks_current_account": "false", "account_change_listener": "false"]),
        ]
        var device = try EntraHarness(apps: apps)
        _ = try device.open("timesheet", "alice", at: "08:00")
        _ = try device.signOut("inventory", "alice", at: "11:58")
        _ = try device.open("inventory", "bob", at: "12:00")
        let bob = try device.open("timesheet", "bob", at: "12:01")
        #expect(bob.sessionUser == "bob" && bob.has("previous-user-data-visible") && bob.subject == "alice")
    }

    // §0.3 Tick at end of shift: no automatic sign-out (R11).
    @Test func noAutomaticSignOutAtEndOfShift() throws {
        var device = try EntraHarness()
        _ = try device.open("inventory", "alice", at: "08:00")
        let nextShift = try device.open("inventory", "bob", at: "22:00")
        #expect(nextShift.sessionUser == "alice" && nextShift.has("previous-user-session-active"))
    }

    // §0.3 OpenWeb(Safari) after a global sign-out without signoutFromBrowser: web SSO as the previous user (R5).
    @Test(arguments: ["kept_unless_signout_from_browser", "cleared"]) func safariAfterSignOut(_ reading: String) throws
    {
        let apps: [(id: String, keys: [String: String])] = [
            (id: "inventory", keys: ["signout_from_browser": "false"]), (id: "timesheet", keys: [:]),
        ]
        var device = try EntraHarness(settings: ["safari_sign_out": reading], apps: apps)
        _ = try device.open("inventory", "alice", at: "08:00")
        _ = try device.step("open_browser", "safari", user: "alice", at: "08:10")
        let signOut = try device.signOut("inventory", "alice", at: "11:58")
        let web = try device.step("open_browser", "safari", user: "bob", at: "12:00")
        if reading == "cleared" {
            #expect(!signOut.has("browser-session-remains"))
            #expect(web.prompts == ["interactive_sign_in"] && web.sessionUser == "bob")
        } else {
            #expect(signOut.has("browser-session-remains") && signOut.subject == "alice")
            #expect(web.prompts.isEmpty && web.sessionUser == "alice")
            #expect(web.has("previous-user-session-active") && web.has("browser-session-remains"))
        }
    }

    @Test func safariSignedOutWithSignoutFromBrowser() throws {
        var device = try EntraHarness(facts: ["safari_session": "alice"])
        _ = try device.open("inventory", "alice", at: "08:00")
        let signOut = try device.signOut("inventory", "alice", at: "11:58")
        #expect(signOut.fired.contains("entra.sign-out.browser-signed-out") && !signOut.has("browser-session-remains"))
        let android = try EntraHarness(settings: ["platform": "android", "os_version": "13"])
        var androidDevice = android
        #expect(try androidDevice.step("open_browser", "safari", user: "bob").session == "not_applicable")
    }

    // §0.3 sign-in notification (unknown in research): the model option decides.
    @Test(arguments: ["sign_out_only", "sign_in_and_sign_out"]) func notificationOnSignIn(_ reading: String) throws {
        let apps: [(id: String, keys: [String: String])] = [(id: "inventory", keys: [:]), (id: "timesheet", keys: [:])]
        var device = try EntraHarness(settings: ["account_change_notification": reading], apps: apps)
        _ = try device.open("timesheet", "alice", at: "08:00")
        _ = try device.signOut("timesheet", "alice", at: "08:30")
        _ = try device.open("inventory", "bob", at: "09:00")
        // iOS signout never writes the principal; only getCurrentAccount (here: on the notification) does.
        let expected = reading == "sign_in_and_sign_out" ? device.user("bob") : device.user("alice")
        #expect(device.app("timesheet").principal.stored == expected)
    }

    // §0.4 SignIn (default mode): the broker is used when reachable, other apps get SSO; without it, per app.
    @Test(arguments: [["authenticator": "installed"], ["authenticator": "missing"]]) func defaultModeSignIn(
        _ extra: [String: String]
    ) throws {
        var settings = extra
        settings["shared_device_mode"] = "false"
        var device = try EntraHarness(settings: settings)
        _ = try device.open("inventory", "alice")
        let second = try device.open("timesheet", "alice")
        #expect(second.session == "app_new" && second.sessionUser == "alice")
        #expect(second.prompts == (device.policy.device.brokerSilentSSO ? [] : ["interactive_sign_in"]))
    }

    // §0.4 SignOut (default mode, iOS and Android): per app; other apps stay signed in.
    @Test(arguments: platforms) func defaultModeSignOut(_ settings: [String: String]) throws {
        var all = settings
        all["shared_device_mode"] = "false"
        var device = try EntraHarness(settings: all)
        _ = try device.open("inventory", "alice")
        _ = try device.open("timesheet", "alice")
        let signOut = try device.signOut("inventory", "alice")
        #expect(signOut.detail("sign_out_scope") == "app" && signOut.fired.contains("entra.sign-out.app-only"))
        #expect(device.app("timesheet").tokens.stored == device.user("alice"))
        let again = try device.open("timesheet", "alice")
        #expect(again.session == "app_reused" && again.prompts.isEmpty)
    }

    // §0.4 Multiple accounts are allowed in default mode.
    @Test(arguments: platforms) func defaultModeAllowsMultipleAccountApps(_ settings: [String: String]) throws {
        var all = settings
        all["shared_device_mode"] = "false"
        var device = try EntraHarness(
            settings: all, apps: [(id: "inventory", keys: ["msal": "multiple_account"]), (id: "timesheet", keys: [:])])
        let result = try device.open("inventory", "alice")
        #expect(result.session == "app_new" && result.findings.isEmpty)
    }

    // §1 getDeviceInformation: shared, default, or an error for an app that is not broker-enabled (R12).
    @Test func deviceInformation() throws {
        var device = try EntraHarness(apps: [
            (id: "inventory", keys: [:]), (id: "timesheet", keys: ["broker_enabled": "false"]),
        ])
        let shared = try device.step("query_sso_status", "inventory")
        #expect(shared.detail("device_mode") == "shared" && shared.prompts.isEmpty && shared.session == "none")
        let unavailable = try device.step("query_sso_status", "timesheet")
        #expect(unavailable.detail("device_mode") == "unavailable" && unavailable.has("app-not-shared-device-aware"))
    }

    // R10: access tokens cached by an app outlive the global sign-out.
    @Test func cachedAccessTokens() throws {
        var device = try EntraHarness(
            apps: [(id: "inventory", keys: [:]), (id: "timesheet", keys: ["caches_access_tokens": "true"])])
        _ = try device.open("timesheet", "alice")
        let signOut = try device.signOut("inventory", "alice")
        #expect(signOut.has("access-token-outlives-sign-out"))
    }
}
