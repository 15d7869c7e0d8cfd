import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

@testable import EntraSharedDeviceProvider

/// Managed Home Screen on Android (Microsoft Learn, "Configure the Microsoft Managed Home Screen app for Android
/// Enterprise"): each setting, event and rule, played step by step.
@Suite struct EntraManagedHomeScreenTests {
    static let android = ["platform": "android", "os_version": "13"]
    static let signIn = android.merging(["mhs_sign_in": "true"]) { _, new in new }
    static let pinToResume = signIn.merging([
        "mhs_session_pin": "true", "mhs_pin_to_resume": "true", "mhs_session_pin_max_attempts": "3",
    ]) { _, new in new }

    static func with(_ base: [String: String], _ more: [String: String]) -> [String: String] {
        base.merging(more) { _, new in new }
    }

    @Test func theMHSSignInIsTheGlobalSignInAndCreatesTheSessionPIN() throws {
        var plain = try EntraHarness(settings: Self.signIn)
        let first = try plain.open("inventory", "alice", at: "08:00")
        #expect(first.prompts == ["interactive_sign_in"] && first.session == "shared_new")
        #expect(first.fired.contains("entra.mhs.sign-in") && !first.fired.contains("entra.mhs.session-pin-created"))
        var withPIN = try EntraHarness(settings: Self.with(Self.signIn, ["mhs_session_pin": "true"]))
        let signedIn = try withPIN.open("inventory", "alice", at: "08:00")
        #expect(signedIn.prompts == ["interactive_sign_in", "create_passcode"] && signedIn.sessionUser == "alice")
        #expect(signedIn.fired.contains("entra.mhs.session-pin-created"))
        let second = try withPIN.open("timesheet", "alice", at: "08:01")
        #expect(second.prompts == [] && second.session == "shared_reused", "one sign-in, one PIN")
    }

    @Test func signInTypeOtherIsNotTheGlobalSignIn() throws {
        var device = try EntraHarness(
            settings: Self.with(Self.signIn, ["mhs_sign_in_type": "other", "mhs_session_pin": "true"]))
        let first = try device.open("inventory", "alice", at: "08:00")
        #expect(!first.fired.contains("entra.mhs.sign-in") && !first.prompts.contains("create_passcode"))
    }

    @Test func withoutMHSSignInTheModelIsUnchanged() throws {
        var device = try EntraHarness(settings: Self.android)
        let first = try device.open("inventory", "alice", at: "08:00")
        #expect(first.prompts == ["interactive_sign_in"] && !first.fired.contains("entra.mhs.sign-in"))
        let screensaver = try device.step("mhs_screensaver", "mhs", at: "08:02")
        #expect(screensaver.fired.isEmpty && screensaver.sessionUser == "alice")
        let next = try device.open("timesheet", "bob", at: "08:03")
        #expect(next.sessionUser == "alice" && next.has("previous-user-session-active"))
        let pin = try device.step("session_pin", "mhs", user: "bob", at: "08:04")
        #expect(pin.session == "shared_reused" && pin.has("previous-user-session-active"))
    }

    @Test func theSignedInWorkerResumesBehindTheSessionPIN() throws {
        var device = try EntraHarness(settings: Self.pinToResume)
        _ = try device.open("inventory", "alice", at: "08:00")
        let saver = try device.step("mhs_screensaver", "mhs", at: "08:02")
        #expect(saver.fired.contains("entra.mhs.screensaver-locks") && device.state.sessionPINLocked.stored)
        let back = try device.open("timesheet", "alice", at: "08:03")
        #expect(back.prompts == ["passcode"] && back.session == "shared_reused" && back.sessionUser == "alice")
        #expect(back.fired.contains("entra.mhs.session-pin-resume") && !device.state.sessionPINLocked.stored)
        let again = try device.open("inventory", "alice", at: "08:04")
        #expect(again.prompts == [], "the PIN is asked once per screensaver")
        _ = try device.step("mhs_screensaver", "mhs", at: "08:05")
        let typed = try device.step("session_pin", "mhs", user: "alice", at: "08:06")
        #expect(typed.prompts == ["passcode"] && typed.session == "shared_reused" && typed.sessionUser == "alice")
    }

    @Test func anotherWorkerIsStoppedAtThePINScreen() throws {
        var device = try EntraHarness(settings: Self.pinToResume)
        _ = try device.open("inventory", "alice", at: "08:00")
        _ = try device.step("mhs_screensaver", "mhs", at: "08:02")
        let bob = try device.open("timesheet", "bob", at: "08:03")
        #expect(bob.prompts == ["passcode"] && bob.session == "denied" && bob.subject == "alice")
        #expect(bob.fired.contains("entra.mhs.session-pin-stops-other-user"))
        #expect(!bob.has("previous-user-session-active") && !bob.has("previous-user-data-visible"))
        let signIn = try device.step("sign_in", "timesheet", user: "bob", at: "08:04")
        #expect(signIn.session == "denied" && device.deviceAccount == "alice")
        #expect(device.state.wrongSessionPINs == 0, "an access is not a PIN attempt")
    }

    @Test func theLastAllowedWrongPINSignsTheWorkerOut() throws {
        var device = try EntraHarness(settings: Self.pinToResume)
        _ = try device.open("inventory", "alice", at: "08:00")
        _ = try device.step("mhs_screensaver", "mhs", at: "08:02")
        for minute in ["08:03", "08:04"] {
            let wrong = try device.step("session_pin", "mhs", user: "bob", at: minute)
            #expect(wrong.session == "denied" && wrong.prompts == ["passcode"] && device.deviceAccount == "alice")
        }
        #expect(device.state.wrongSessionPINs == 2)
        let third = try device.step("session_pin", "mhs", user: "bob", at: "08:05")
        #expect(third.fired.contains("entra.mhs.pin-attempts-sign-out") && third.session == "none")
        #expect(third.subject == "alice" && device.deviceAccount == "none")
        #expect(!device.state.sessionPINLocked.stored && device.state.wrongSessionPINs == 0)
        let bob = try device.open("timesheet", "bob", at: "08:06")
        #expect(bob.prompts == ["interactive_sign_in", "create_passcode"] && bob.sessionUser == "bob")
        #expect(!bob.has("previous-user-session-active"))
    }

    @Test func unlimitedAttemptsKeepTheDeviceWithTheSignedInWorker() throws {
        var device = try EntraHarness(settings: Self.with(Self.pinToResume, ["mhs_session_pin_max_attempts": "0"]))
        _ = try device.open("inventory", "alice", at: "08:00")
        _ = try device.step("mhs_screensaver", "mhs", at: "08:01")
        for second in 0..<10 {
            let wrong = try device.step("session_pin", "mhs", user: "bob", at: "08:1\(second)")
            #expect(wrong.session == "denied")
        }
        #expect(device.deviceAccount == "alice" && device.state.wrongSessionPINs == 0)
    }

    @Test func aSignOutEndsThePINScreen() throws {
        var device = try EntraHarness(settings: Self.pinToResume)
        _ = try device.open("inventory", "alice", at: "08:00")
        _ = try device.step("mhs_screensaver", "mhs", at: "08:01")
        _ = try device.signOut("inventory", "alice", at: "08:02")
        #expect(!device.state.sessionPINLocked.stored)
        let bob = try device.open("timesheet", "bob", at: "08:03")
        #expect(bob.prompts == ["interactive_sign_in", "create_passcode"] && bob.sessionUser == "bob")
    }

    @Test func shownNavigationSkipsThePINScreen() throws {
        let settings = Self.with(Self.pinToResume, ["mhs_system_navigation": "shown"])
        var device = try EntraHarness(settings: settings)
        #expect(device.configurationFindings.contains("mhs-sign-in-skippable"))
        #expect(!(try EntraHarness(settings: Self.pinToResume)).configurationFindings.contains("mhs-sign-in-skippable"))
        _ = try device.open("inventory", "alice", at: "08:00")
        let saver = try device.step("mhs_screensaver", "mhs", at: "08:01")
        #expect(saver.fired.contains("entra.mhs.pin-screen-skippable") && !device.state.sessionPINLocked.stored)
        let bob = try device.open("timesheet", "bob", at: "08:02")
        #expect(bob.sessionUser == "alice" && bob.has("previous-user-session-active"))
    }

    @Test func theAutomaticSignOutComesAfterItsCountdown() throws {
        let settings = Self.with(Self.signIn, ["mhs_auto_sign_out": "true", "mhs_inactive_sign_out_delay": "5m"])
        var device = try EntraHarness(settings: settings)
        #expect(device.policy.device.inactivityDelay == 360)
        _ = try device.open("inventory", "alice", at: "08:00")
        let inCountdown = try device.open("timesheet", "bob", at: "08:05")
        #expect(inCountdown.sessionUser == "alice" && !inCountdown.fired.contains("entra.mhs.inactivity-sign-out"))
        var timeout = try EntraHarness(settings: Self.with(settings, ["mhs_sign_out_at": "timeout"]))
        #expect(timeout.policy.device.inactivityDelay == 300)
        _ = try timeout.open("inventory", "alice", at: "08:00")
        let signedOut = try timeout.open("timesheet", "bob", at: "08:05")
        #expect(signedOut.fired.contains("entra.mhs.inactivity-sign-out") && signedOut.sessionUser == "bob")
        var notice = try EntraHarness(settings: Self.with(settings, ["mhs_auto_sign_out_notice": "30s"]))
        _ = try notice.open("inventory", "alice", at: "08:00")
        #expect(try notice.open("timesheet", "bob", at: "08:05").sessionUser == "alice")
        #expect(try notice.open("timesheet", "bob", at: "08:11").sessionUser == "bob")
    }

    @Test func theAutomaticSignOutEndsThePINScreen() throws {
        let settings = Self.with(Self.pinToResume, ["mhs_auto_sign_out": "true"])
        var device = try EntraHarness(settings: settings)
        _ = try device.open("inventory", "alice", at: "08:00")
        _ = try device.step("mhs_screensaver", "mhs", at: "08:01")
        let bob = try device.open("timesheet", "bob", at: "08:30")
        #expect(bob.fired.contains("entra.mhs.inactivity-sign-out"))
        #expect(bob.prompts == ["interactive_sign_in", "create_passcode"] && bob.sessionUser == "bob")
    }

    @Test func missingPermissionsStopTheAutomaticSignOut() throws {
        let settings = Self.with(
            Self.android, ["mhs_auto_sign_out": "true", "mhs_auto_sign_out_permissions": "missing"])
        var device = try EntraHarness(settings: settings)
        #expect(device.configurationFindings.contains("mhs-auto-sign-out-inoperative"))
        #expect(device.configurationFindings.contains("no-automatic-sign-out"))
        _ = try device.open("inventory", "alice", at: "08:00")
        let late = try device.open("timesheet", "bob", at: "12:00")
        #expect(late.sessionUser == "alice" && late.has("previous-user-session-active"))
        let granted = try EntraHarness(settings: Self.with(settings, ["mhs_auto_sign_out_permissions": "granted"]))
        #expect(!granted.configurationFindings.contains("mhs-auto-sign-out-inoperative"))
    }

    @Test func signInTypeOtherSignsOutOfMHSOnly() throws {
        let settings = Self.with(Self.signIn, ["mhs_sign_in_type": "other", "mhs_auto_sign_out": "true"])
        var device = try EntraHarness(settings: settings)
        #expect(device.configurationFindings.contains("mhs-sign-out-not-global"))
        #expect(device.configurationFindings.contains("no-automatic-sign-out"))
        _ = try device.open("inventory", "alice", at: "08:00")
        let late = try device.open("timesheet", "bob", at: "09:00")
        #expect(late.fired.contains("entra.mhs.inactivity-sign-out-mhs-only"))
        #expect(!late.fired.contains("entra.mhs.inactivity-sign-out"))
        #expect(late.sessionUser == "alice" && late.has("previous-user-session-active"))
        let entra = try EntraHarness(settings: Self.with(settings, ["mhs_sign_in_type": "entra_id"]))
        #expect(!entra.configurationFindings.contains("mhs-sign-out-not-global"))
        #expect(!entra.configurationFindings.contains("no-automatic-sign-out"))
    }

    @Test func aRestartAsksForTheMHSSignInAgain() throws {
        var kept = try EntraHarness(settings: Self.pinToResume)
        _ = try kept.open("inventory", "alice", at: "08:00")
        _ = try kept.step("mhs_screensaver", "mhs", at: "08:01")
        let restart = try kept.terminate("all", at: "08:02")
        #expect(restart.fired.contains("entra.mhs.restart-sign-in-again") && kept.deviceAccount == "alice")
        #expect(!kept.state.sessionPINLocked.stored)
        var signedOut = try EntraHarness(settings: Self.with(Self.pinToResume, ["mhs_reboot_sdm": "signed_out"]))
        _ = try signedOut.open("inventory", "alice", at: "08:00")
        let reboot = try signedOut.terminate("all", at: "08:02")
        #expect(reboot.fired.contains("entra.mhs.restart-signs-out") && signedOut.deviceAccount == "none")
        #expect(reboot.session == "none")
        let bob = try signedOut.open("timesheet", "bob", at: "08:03")
        #expect(bob.sessionUser == "bob" && bob.prompts == ["interactive_sign_in", "create_passcode"])
    }

    @Test func theSettingsAreAndroidOnly() throws {
        let configuration = try ConfigurationBuilder.make(
            EntraSharedDeviceProvider().descriptor,
            settings: ["mhs_sign_in": "true", "mhs_session_pin": "true", "mhs_reboot_sdm": "signed_out"],
            apps: [(id: "inventory", keys: [:])])
        var diagnostics = Diagnostics()
        let policy = try #require(EntraSharedDeviceProvider().compile(configuration, diagnostics: &diagnostics))
        let warnings = diagnostics.all.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.count == 3 && warnings.allSatisfy { $0.contains("applies only to Android") })
        #expect(policy.device.mhs == EntraManagedHomeScreenPolicy())
        var device = try EntraHarness(settings: ["mhs_sign_in": "true", "mhs_session_pin": "true"])
        #expect(try device.open("inventory", "alice", at: "08:00").prompts == ["interactive_sign_in"])
        #expect(try device.step("session_pin", "mhs", user: "bob", at: "08:01").session == "not_applicable")
        #expect(try device.step("mhs_screensaver", "mhs", at: "08:02").session == "not_applicable")
    }

    @Test func aSessionPINWithoutItsSignInIsAWarning() throws {
        let configuration = try ConfigurationBuilder.make(
            EntraSharedDeviceProvider().descriptor,
            settings: Self.with(Self.android, ["mhs_session_pin": "true", "mhs_pin_to_resume": "true"]),
            apps: [(id: "inventory", keys: [:])])
        var diagnostics = Diagnostics()
        let policy = try #require(EntraSharedDeviceProvider().compile(configuration, diagnostics: &diagnostics))
        let warnings = diagnostics.all.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.count == 2 && warnings[0].contains("needs 'mhs_sign_in: true'"))
        #expect(!policy.device.mhs.locks)
    }

    @Test func theFactGivesThePINScreenForEvaluate() throws {
        var device = try EntraHarness(
            settings: Self.pinToResume, facts: ["signed_in": "alice", "session_pin_locked": "true"])
        let bob = try device.open("inventory", "bob", at: "08:00")
        #expect(bob.session == "denied" && bob.prompts == ["passcode"])
        var unlocked = try EntraHarness(settings: Self.pinToResume, facts: ["signed_in": "alice"])
        #expect(try unlocked.open("inventory", "bob", at: "08:00").has("previous-user-session-active"))
    }
}
