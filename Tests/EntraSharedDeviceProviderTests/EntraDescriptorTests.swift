import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

@testable import EntraSharedDeviceProvider

@Suite struct EntraDescriptorTests {
    let descriptor = EntraSharedDeviceProvider().descriptor

    @Test func selfCheckFindsNoProblems() {
        #expect(descriptor.selfCheck() == [])
    }

    @Test func ruleConstantsMatchTableOrder() {
        let expected: [(RuleID, String)] = [
            (EntraRule.modeShared, "entra.mode.shared"),
            (EntraRule.modeRequirementMissing, "entra.mode.requirement-missing"),
            (EntraRule.appNotAware, "entra.app.not-shared-device-aware"),
            (EntraRule.appOwnSignIn, "entra.app.own-sign-in"),
            (EntraRule.appLocalSessionReused, "entra.app.local-session-reused"),
            (EntraRule.androidMultipleAccountInitFails, "entra.android.multiple-account-init-fails"),
            (EntraRule.iosMultipleAccountUnsupported, "entra.ios.multiple-account-unsupported"),
            (EntraRule.currentAccountChanged, "entra.current-account.changed"),
            (EntraRule.currentAccountNotChecked, "entra.current-account.not-checked"),
            (EntraRule.onlyNilCheck, "entra.current-account.only-nil-check"),
            (EntraRule.dataCleared, "entra.data.cleared"),
            (EntraRule.dataNotCleared, "entra.data.not-cleared"),
            (EntraRule.signInGlobal, "entra.sign-in.global"),
            (EntraRule.signInSilentReuse, "entra.sign-in.silent-reuse"),
            (EntraRule.previousUserServed, "entra.sign-in.previous-user-served"),
            (EntraRule.iosSecondUserRejected, "entra.ios.second-user-rejected"),
            (EntraRule.androidSecondUserRefused, "entra.android.second-user-refused"),
            (EntraRule.localRefreshTokenFallback, "entra.silent.local-rt-fallback"),
            (EntraRule.notificationOnSignIn, "entra.notification.on-sign-in"),
            (EntraRule.signOutGlobal, "entra.sign-out.global"),
            (EntraRule.signOutBrokerFailed, "entra.sign-out.broker-failed"),
            (EntraRule.signOutDataCleared, "entra.sign-out.app-data-cleared"),
            (EntraRule.signOutDataKept, "entra.sign-out.app-data-kept"),
            (EntraRule.browserKept, "entra.sign-out.browser-kept"),
            (EntraRule.browserSignedOut, "entra.sign-out.browser-signed-out"),
            (EntraRule.signOutNotCovered, "entra.sign-out.not-covered"),
            (EntraRule.signOutCachedAccessTokens, "entra.sign-out.cached-access-tokens"),
            (EntraRule.signOutAppOnly, "entra.sign-out.app-only"),
            (EntraRule.otherAppsStaySignedIn, "entra.sign-out.other-apps-stay-signed-in"),
            (EntraRule.defaultAppSessionReused, "entra.default.app-session-reused"),
            (EntraRule.defaultBrokerSSO, "entra.default.broker-sso"),
            (EntraRule.defaultSignIn, "entra.default.sign-in"),
            (EntraRule.deviceInfoReported, "entra.device-info.reported"),
            (EntraRule.deviceInfoUnavailable, "entra.device-info.unavailable"),
            (EntraRule.browserWebSSO, "entra.browser.web-sso"),
            (EntraRule.browserSignIn, "entra.browser.sign-in"),
            (EntraRule.accountSurvivesTermination, "entra.lifecycle.account-survives"),
            (EntraRule.iosSignInServedExisting, "entra.ios.sign-in-existing-session-served"),
            (EntraRule.authenticatorBrokerRoute, "entra.ios.authenticator-broker-route"),
        ]
        #expect(expected.count == descriptor.rules.count)
        for (id, name) in expected {
            #expect(descriptor.rule(name) == id, "\(name)")
        }
    }

    @Test func findingConstantsMatchCatalogueOrder() {
        let expected: [(FindingID, String)] = [
            (EntraFinding.previousUserSessionActive, "previous-user-session-active"),
            (EntraFinding.previousUserDataVisible, "previous-user-data-visible"),
            (EntraFinding.notCoveredByGlobalSignout, "not-covered-by-global-signout"),
            (EntraFinding.browserSessionRemains, "browser-session-remains"),
            (EntraFinding.sharedModeNotActive, "shared-mode-not-active"),
            (EntraFinding.multipleAccountAppUnsupported, "multiple-account-app-unsupported"),
            (EntraFinding.secondUserSignInRefused, "second-user-sign-in-refused"),
            (EntraFinding.localRefreshTokenFallback, "local-refresh-token-fallback"),
            (EntraFinding.brokerSignOutFailed, "broker-sign-out-failed"),
            (EntraFinding.accessTokenOutlivesSignOut, "access-token-outlives-sign-out"),
            (EntraFinding.appNotSharedDeviceAware, "app-not-shared-device-aware"),
            (EntraFinding.noCurrentAccountCheck, "no-current-account-check"),
            (EntraFinding.comparesOnlyNil, "compares-only-nil"),
            (EntraFinding.appDataNotCleared, "app-data-not-cleared"),
            (EntraFinding.noAccountChangeListener, "no-account-change-listener"),
            (EntraFinding.noBrowserSignOut, "no-browser-sign-out"),
            (EntraFinding.cachesAccessTokens, "caches-access-tokens"),
            (EntraFinding.noAutomaticSignOut, "no-automatic-sign-out"),
            (EntraFinding.previewApp, "preview-app"),
        ]
        #expect(expected.count == descriptor.findings.count)
        for (id, name) in expected {
            #expect(descriptor.finding(name) == id, "\(name)")
        }
    }

    @Test func detailFactAndConditionConstantsMatchDeclarations() {
        #expect(descriptor.detail("device_mode") == EntraDetail.deviceMode)
        #expect(descriptor.detail("current_account") == EntraDetail.currentAccount)
        #expect(descriptor.detail("previous_account") == EntraDetail.previousAccount)
        #expect(descriptor.detail("data_action") == EntraDetail.dataAction)
        #expect(descriptor.detail("sign_out_scope") == EntraDetail.signOutScope)
        #expect(descriptor.fact("signed_in") == EntraFacts.signedIn)
        #expect(descriptor.fact("data_owner") == EntraFacts.dataOwner)
        #expect(descriptor.stepCondition("broker") == EntraCondition.broker)
        #expect(descriptor.fact("safari_session") == EntraFacts.safariSession)
        #expect(descriptor.event("open_browser") == EntraEvent.openBrowser)
        #expect(descriptor.event("sign_in") == EntraEvent.signIn)
        guard case .choice(let modes) = descriptor.details[0].kind,
            case .choice(let actions) = descriptor.details[3].kind,
            case .choice(let scopes) = descriptor.details[4].kind
        else {
            Issue.record("choice details expected")
            return
        }
        #expect(modes[EntraDetail.shared] == "shared" && modes[EntraDetail.defaultMode] == "default")
        #expect(modes[EntraDetail.unavailable] == "unavailable")
        #expect(actions[EntraDetail.cleared] == "cleared" && actions[EntraDetail.kept] == "kept")
        #expect(actions[EntraDetail.none] == "none")
        #expect(scopes[EntraDetail.global] == "global" && scopes[EntraDetail.app] == "app")
    }

    @Test func everyRuleHasFiringAndNonFiringExamples() {
        for rule in descriptor.rules {
            #expect(rule.examples.contains { $0.fires }, "\(rule.id) has no firing example")
            #expect(rule.examples.contains { !$0.fires }, "\(rule.id) has no non-firing example")
        }
    }

    /// Runs every rule example the way the core's generic rule test does: a one-app policy (`app`), facts for
    /// acting user alice, one event at 08:00.
    @Test func ruleExamplesHold() throws {
        for (index, rule) in descriptor.rules.enumerated() {
            for example in rule.examples {
                var harness = try EntraHarness(
                    settings: example.settings, apps: [(id: "app", keys: example.appKeys)], facts: example.facts)
                let target: String
                if case .choice(let words) = descriptor.allEvents[Int(descriptor.event(example.event)!.index)].target {
                    target = words[0]
                } else {
                    target = "app"
                }
                let result = harness.step(
                    example.event, target, user: "alice", at: "08:00", conditions: example.conditions)
                let fired = result.trace.entries.contains { $0.fired && $0.rule == RuleID(index) }
                #expect(fired == example.fires, "\(rule.id): \(example)")
            }
        }
    }

    @Test func modelOptionsDefaultToTheSeedReading() {
        let defaults = Dictionary(uniqueKeysWithValues: descriptor.modelOptions.map { ($0.key, $0.defaultValue) })
        #expect(defaults["min_ios_version"] == "14")
        #expect(defaults["ios_second_user_sign_in"] == "served_existing_session")
        #expect(defaults["safari_sign_out"] == "kept_unless_signout_from_browser")
        #expect(defaults["account_change_notification"] == "sign_out_only")
        #expect(defaults["local_rt_fallback"] == "not_used")
        for option in descriptor.modelOptions {
            #expect(option.readings.allSatisfy { !$0.source.isEmpty && !$0.meaning.isEmpty }, "\(option.key)")
        }
    }

    @Test func everyDeclarationHasMeaningAndSource() {
        for setting in descriptor.settings + descriptor.appKeys {
            #expect(!setting.meaning.isEmpty && !setting.source.isEmpty, "\(setting.key)")
        }
        for fact in descriptor.facts { #expect(!fact.meaning.isEmpty && !fact.source.isEmpty, "\(fact.key)") }
        for finding in descriptor.findings {
            #expect(!finding.meaning.isEmpty && !finding.source.isEmpty, "\(finding.id)")
        }
        for event in ["open", "sign_out", "terminate", "query_sso_status"] {
            #expect(descriptor.requiredEventMeanings[event] != nil, "\(event)")
        }
    }

    @Test func examplePolicyIsTheFrontlinePolicy() {
        #expect(descriptor.examplePolicy.contains("policy: frontline-entra"))
        #expect(descriptor.examplePolicy.contains("provider: entra-shared-device"))
    }
}

/// The core's generic rule-example runner (the one the lead's suite runs) agrees with ours.
@Suite struct EntraCoreRuleExampleTests {
    @Test func coreRunnerPassesEveryExample() {
        let registry = ProviderRegistry([AnyPolicyProvider(EntraSharedDeviceProvider())])
        #expect(Fixtures.ruleExampleFailures(registry) == [])
    }
}
