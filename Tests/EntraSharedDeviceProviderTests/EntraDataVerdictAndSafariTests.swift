import SSOPolicyProviderKit
import Testing

@testable import EntraSharedDeviceProvider

/// `--explain` never contradicts a step's data finding, and Safari's single sign-on through the SSO plug-in.
@Suite struct EntraDataVerdictAndSafariTests {
    /// Bob opens an app that serves Alice's session (she forgot to sign out): the data finding comes from a fired
    /// rule, and the reconciliation rules passed over do not say the app holds no other user's data.
    @Test func theDataFindingIsExplainedByTheRuleThatRaisedIt() throws {
        var device = try EntraHarness()
        _ = try device.open("inventory", "alice", at: "08:00")
        let bob = try device.step("open", "timesheet", user: "bob", at: "12:00", mode: .explain)
        #expect(bob.has("previous-user-data-visible"))
        #expect(bob.fired.contains("entra.data.previous-user-visible"))
        let rules = device.descriptor.rules
        for entry in bob.trace.entries where !entry.fired {
            let rule = rules[Int(entry.rule.index)]
            guard rule.id.hasPrefix("entra.data.") else { continue }
            let words = rule.conditions[Int(entry.failedCondition)].fails
            #expect(!words.contains("no other user's data"), "\(rule.id): \(words)")
        }
    }

    @Test func anAppThatClearedItsDataRaisesNoDataFinding() throws {
        var device = try EntraHarness()
        _ = try device.open("inventory", "alice", at: "08:00")
        _ = try device.signOut("inventory", "alice", at: "11:58")
        let bob = try device.step("open", "inventory", user: "bob", at: "12:00", mode: .explain)
        #expect(!bob.has("previous-user-data-visible"))
        #expect(bob.notFired.contains("entra.data.previous-user-visible"))
    }

    @Test func safariGetsSingleSignOnAsTheDeviceAccountThroughThePlugIn() throws {
        var device = try EntraHarness()
        _ = try device.open("inventory", "alice", at: "08:00")
        let web = try device.step("open_browser", "safari", user: "alice", at: "08:10")
        #expect(web.prompts.isEmpty)
        #expect(web.session == "shared_reused" && web.sessionUser == "alice")
        #expect(web.fired.contains("entra.browser.plugin-sso"))
        #expect(web.findings.isEmpty)
        // Bob picks the phone up without Alice signing out: Safari opens as Alice too.
        let bob = try device.step("open_browser", "safari", user: "bob", at: "12:00")
        #expect(bob.sessionUser == "alice" && bob.has("previous-user-session-active"))
    }

    @Test func safariInTheBlockListAsksForItsOwnSignIn() throws {
        var device = try EntraHarness(settings: ["safari_sso": "blocked"])
        _ = try device.open("inventory", "alice", at: "08:00")
        let web = try device.step("open_browser", "safari", user: "alice", at: "08:10")
        #expect(web.prompts == ["interactive_sign_in"])
        #expect(!web.fired.contains("entra.browser.plugin-sso"))
    }

    @Test func withoutTheSSOExtensionSafariHasNoPlugInSSO() throws {
        var device = try EntraHarness(settings: ["sso_extension": "missing"])
        _ = try device.open("inventory", "alice", at: "08:00")
        let web = try device.step("open_browser", "safari", user: "alice", at: "08:10")
        #expect(web.prompts == ["interactive_sign_in"])
    }
}
