import SSOPolicyProviderKit
import Testing

@testable import EntraSharedDeviceProvider

/// The scenarios the brief and the bundled cross-vendor comparisons rely on.
@Suite struct EntraScenarioTests {
    @Test func shiftChangeWithCompliantApps() throws {
        var device = try EntraHarness()
        let first = try device.open("inventory", "alice", at: "08:00")
        #expect(first.prompts == ["interactive_sign_in"])
        #expect(first.session == "shared_new" && first.sessionUser == "alice")
        #expect(first.findings.isEmpty)
        #expect(first.detail("device_mode") == "shared")

        let second = try device.open("timesheet", "alice", at: "08:05")
        #expect(second.prompts.isEmpty)
        #expect(second.session == "shared_reused" && second.sessionUser == "alice")
        #expect(second.detail("current_account") == "alice" && second.detail("previous_account") == "none")

        let signOut = try device.signOut("inventory", "alice", at: "11:58")
        #expect(signOut.prompts.isEmpty && signOut.session == "none")
        #expect(signOut.detail("sign_out_scope") == "global" && signOut.detail("data_action") == "cleared")
        #expect(signOut.findings.isEmpty)
        #expect(device.deviceAccount == "none")
        // The running, listening timesheet was notified and cleared alice's data at once.
        #expect(device.app("timesheet").dataOwner.stored == nil)

        let bob = try device.open("timesheet", "bob", at: "12:00")
        #expect(bob.prompts == ["interactive_sign_in"])
        #expect(bob.session == "shared_new" && bob.sessionUser == "bob")
        #expect(bob.findings.isEmpty)
        #expect(bob.detail("current_account") == "bob")
    }

    @Test func forgottenSignOutServesThePreviousUsersSession() throws {
        var device = try EntraHarness()
        _ = try device.open("inventory", "alice", at: "08:00")
        _ = try device.open("timesheet", "alice", at: "08:05")
        let bob = try device.open("timesheet", "bob", at: "12:00")
        #expect(bob.prompts.isEmpty)
        #expect(bob.session == "shared_reused" && bob.sessionUser == "alice")
        #expect(bob.has("previous-user-session-active") && bob.subject == "alice")
        #expect(bob.has("previous-user-data-visible"))
        #expect(bob.fired.contains("entra.sign-in.previous-user-served"))
        #expect(device.provider.descriptor.findings[0].severity == .critical)
    }

    @Test func legacyAppKeepsAliceAfterGlobalSignOut() throws {
        var device = try EntraHarness(apps: [
            (id: "inventory", keys: [:]), (id: "timesheet", keys: [:]), (id: "legacy-scanner", keys: ["msal": "none"]),
        ])
        _ = try device.open("inventory", "alice", at: "08:00")
        let scanner = try device.open("legacy-scanner", "alice", at: "08:10")
        #expect(scanner.prompts == ["app_credentials"])
        #expect(scanner.session == "app_new" && scanner.sessionUser == "alice")
        #expect(scanner.detail("device_mode") == "unavailable")
        let signOut = try device.signOut("inventory", "alice", at: "11:58")
        #expect(signOut.has("not-covered-by-global-signout") && signOut.subject == "alice")
        #expect(signOut.fired.contains("entra.sign-out.not-covered"))
        let bob = try device.open("legacy-scanner", "bob", at: "12:00")
        #expect(bob.prompts.isEmpty)
        #expect(bob.session == "app_reused" && bob.sessionUser == "alice")
        #expect(bob.has("previous-user-session-active") && bob.has("previous-user-data-visible"))
        // The SDM apps start clean for bob.
        let inventory = try device.open("inventory", "bob", at: "12:01")
        #expect(inventory.session == "shared_new" && inventory.sessionUser == "bob" && inventory.findings.isEmpty)
    }

    @Test func defaultModeSignOutIsPerApp() throws {
        var device = try EntraHarness(settings: ["shared_device_mode": "false"])
        let first = try device.open("inventory", "alice", at: "08:00")
        #expect(first.prompts == ["interactive_sign_in"] && first.session == "app_new")
        #expect(first.detail("device_mode") == "default")
        let second = try device.open("timesheet", "alice", at: "08:05")
        #expect(second.prompts.isEmpty && second.session == "app_new" && second.sessionUser == "alice")
        #expect(second.fired.contains("entra.default.broker-sso"))
        let signOut = try device.signOut("inventory", "alice", at: "11:58")
        #expect(signOut.detail("sign_out_scope") == "app")
        #expect(signOut.has("not-covered-by-global-signout"))
        #expect(device.deviceAccount == "alice")
        let bob = try device.open("timesheet", "bob", at: "12:00")
        #expect(bob.session == "app_reused" && bob.sessionUser == "alice")
        #expect(bob.has("previous-user-session-active"))
        // Bob's own sign-in in inventory is per app and does not reuse alice.
        let inventory = try device.open("inventory", "bob", at: "12:01")
        #expect(inventory.prompts == ["interactive_sign_in"] && inventory.sessionUser == "bob")
        #expect(configurationFindingIDs(device).isEmpty)
    }

    @Test func missingSSOExtensionFallsBackToDefaultMode() throws {
        var device = try EntraHarness(settings: ["sso_extension": "missing"])
        #expect(!device.policy.device.deviceShared)
        #expect(device.policy.device.missingRequirement == .ssoExtension)
        #expect(configurationFindingIDs(device) == ["shared-mode-not-active"])
        let findings = device.provider.configurationFindings(device.policy)
        #expect(findings.first?.settingKey == "sso_extension")
        let first = try device.open("inventory", "alice", at: "08:00")
        #expect(first.detail("device_mode") == "default")
        #expect(first.fired.contains("entra.mode.requirement-missing"))
        // No broker: every app signs in on its own.
        let second = try device.open("timesheet", "alice", at: "08:05")
        #expect(second.prompts == ["interactive_sign_in"] && second.session == "app_new")
        let status = try device.step("query_sso_status", "timesheet")
        #expect(status.detail("device_mode") == "default" && status.has("shared-mode-not-active"))
        #expect(status.prompts.isEmpty)
    }

    @Test func oldIOSFollowsTheMinimumVersionOption() throws {
        let current = try EntraHarness(settings: ["os_version": "13.7"])
        #expect(!current.policy.device.deviceShared && current.policy.device.missingRequirement == .osVersion)
        let older = try EntraHarness(settings: ["os_version": "13.7", "min_ios_version": "13"])
        #expect(older.policy.device.deviceShared)
        let android = try EntraHarness(settings: ["platform": "android", "os_version": "7.1"])
        #expect(!android.policy.device.deviceShared)
        let android8 = try EntraHarness(settings: ["platform": "android", "os_version": "8.0"])
        #expect(android8.policy.device.deviceShared)
    }

    @Test func androidRefusesTheSecondUser() throws {
        var device = try EntraHarness(settings: ["platform": "android", "os_version": "13"])
        _ = try device.open("inventory", "alice", at: "08:00")
        let bob = try device.step("sign_in", "timesheet", user: "bob", at: "12:00")
        #expect(bob.prompts.isEmpty && bob.session == "denied")
        #expect(bob.has("second-user-sign-in-refused") && bob.subject == "alice")
        #expect(!bob.has("previous-user-session-active"))
        #expect(bob.fired.contains("entra.android.second-user-refused"))
        // After alice signs out, bob signs in globally.
        _ = try device.signOut("inventory", "alice", at: "12:02")
        let retry = try device.open("timesheet", "bob", at: "12:03")
        #expect(retry.prompts == ["interactive_sign_in"] && retry.session == "shared_new")
        #expect(retry.sessionUser == "bob" && retry.findings.isEmpty)
    }

    @Test func androidMultipleAccountAppFailsToStart() throws {
        var device = try EntraHarness(
            settings: ["platform": "android", "os_version": "13"],
            apps: [(id: "inventory", keys: [:]), (id: "timesheet", keys: ["msal": "multiple_account"])])
        let result = try device.open("timesheet", "alice", at: "08:00")
        #expect(result.session == "denied" && result.has("multiple-account-app-unsupported"))
        #expect(result.fired.contains("entra.android.multiple-account-init-fails"))
        #expect(configurationFindingIDs(device).contains("multiple-account-app-unsupported"))
    }

    @Test func iOSMultipleAccountAppRunsWithAFinding() throws {
        var device = try EntraHarness(
            apps: [(id: "inventory", keys: [:]), (id: "timesheet", keys: ["msal": "multiple_account"])])
        let result = try device.open("timesheet", "alice", at: "08:00")
        #expect(result.session == "shared_new" && result.has("multiple-account-app-unsupported"))
    }

    @Test func iOSRejectedReadingDeniesTheSecondUser() throws {
        var device = try EntraHarness(settings: ["ios_second_user_sign_in": "rejected"])
        _ = try device.open("inventory", "alice", at: "08:00")
        let bob = try device.step("sign_in", "timesheet", user: "bob", at: "12:00")
        #expect(bob.session == "denied" && bob.has("second-user-sign-in-refused"))
        #expect(bob.fired.contains("entra.ios.second-user-rejected"))
    }

    @Test func endOfShiftDoesNotSignOut() throws {
        var device = try EntraHarness()
        _ = try device.open("inventory", "alice", at: "08:00")
        let restart = try device.step("terminate", "all", at: "20:00")
        #expect(restart.session == "shared_reused" && restart.sessionUser == "alice")
        #expect(restart.fired.contains("entra.lifecycle.account-survives"))
        let nextMorning = try device.open("inventory", "bob", at: "23:00")
        #expect(nextMorning.has("previous-user-session-active"))
        #expect(configurationFindingIDs(device) == ["no-automatic-sign-out"])
    }

    @Test func facts() throws {
        var device = try EntraHarness(facts: ["signed_in": "alice"], perApp: [1: ["data_owner": "alice"]])
        let bob = try device.open("timesheet", "bob")
        #expect(bob.session == "shared_reused" && bob.sessionUser == "alice")
        #expect(bob.has("previous-user-session-active") && bob.has("previous-user-data-visible"))
        #expect(bob.detail("current_account") == "alice" && bob.detail("previous_account") == "alice")
    }

    @Test func offModeTraceRecordsNothing() throws {
        var device = try EntraHarness()
        let result = try device.step("open", "inventory", user: "alice", mode: .off)
        #expect(result.trace.entries.isEmpty && result.session == "shared_new")
        let explained = try device.step("open", "timesheet", user: "bob", mode: .explain)
        #expect(explained.trace.entries.contains { !$0.fired })
    }
}

func configurationFindingIDs(_ harness: EntraHarness) -> [String] {
    harness.provider.configurationFindings(harness.policy).map {
        harness.provider.descriptor.findings[Int($0.finding.index)].id
    }
}
