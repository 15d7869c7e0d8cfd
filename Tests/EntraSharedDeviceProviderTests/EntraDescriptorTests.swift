import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

@testable import EntraSharedDeviceProvider

@Suite struct EntraDescriptorTests {
    let descriptor = EntraSharedDeviceProvider().descriptor

    @Test func selfCheckFindsNoProblems() {
        #expect(descriptor.selfCheck() == [])
    }

    /// Ids are positions in `EntraRule`, so the table's order is the ids' order: a rule moved or removed would
    /// change the id of every rule after it (saved traces, coverage), and this list notices.
    @Test func ruleIdsComeFromTheTableInOrder() {
        let expected = [
            "entra.mode.shared",
            "entra.mode.requirement-missing",
            "entra.app.not-shared-device-aware",
            "entra.app.own-sign-in",
            "entra.app.local-session-reused",
            "entra.android.multiple-account-init-fails",
            "entra.ios.multiple-account-unsupported",
            "entra.current-account.changed",
            "entra.current-account.not-checked",
            "entra.current-account.only-nil-check",
            "entra.data.cleared",
            "entra.data.not-cleared",
            "entra.sign-in.global",
            "entra.sign-in.silent-reuse",
            "entra.sign-in.previous-user-served",
            "entra.ios.second-user-rejected",
            "entra.android.second-user-refused",
            "entra.silent.local-rt-fallback",
            "entra.notification.on-sign-in",
            "entra.sign-out.global",
            "entra.sign-out.broker-failed",
            "entra.sign-out.app-data-cleared",
            "entra.sign-out.app-data-kept",
            "entra.sign-out.browser-kept",
            "entra.sign-out.browser-signed-out",
            "entra.sign-out.not-covered",
            "entra.sign-out.cached-access-tokens",
            "entra.sign-out.app-only",
            "entra.sign-out.other-apps-stay-signed-in",
            "entra.default.app-session-reused",
            "entra.default.broker-sso",
            "entra.default.sign-in",
            "entra.device-info.reported",
            "entra.device-info.unavailable",
            "entra.browser.web-sso",
            "entra.browser.sign-in",
            "entra.lifecycle.account-survives",
            "entra.ios.sign-in-existing-session-served",
            "entra.ios.authenticator-broker-route",
        ]
        #expect(EntraRule.table.problems == [])
        #expect(descriptor.rules.map(\.id) == expected)
        for rule in EntraRule.allCases {
            #expect(descriptor.rule(rule.definition.name) == rule.id, "\(rule)")
        }
    }

    /// Every ordered decision is declared, names rules of the table, and lists each rule once.
    @Test func decisionListsAreDeclared() {
        #expect(descriptor.decisionLists == EntraRule.decisionLists)
        #expect(descriptor.decisionLists.count == 10)
        for list in descriptor.decisionLists {
            #expect(Set(list.rules).count == list.rules.count, "\(list.name)")
            for rule in list.rules { #expect(descriptor.rule(rule) != nil, "\(list.name): \(rule)") }
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

    /// Each condition decides what the explanation says it decides: in every firing example, flipping one
    /// condition (a test-only mutation) stops the rule, and the explanation names that condition as the one that
    /// failed.
    @Test func flippingAConditionChangesTheExplanation() throws {
        for (index, rule) in descriptor.rules.enumerated() {
            for example in rule.examples where example.fires {
                for condition in rule.conditions.indices {
                    var harness = try EntraHarness(
                        settings: example.settings, apps: [(id: "app", keys: example.appKeys)],
                        facts: example.facts)
                    let mutation = RuleTrace.Mutation(rule: RuleID(index), condition: condition)
                    let result = harness.step(
                        example.event, example.event == "open_browser" ? "safari" : "app", user: "alice",
                        at: "08:00", conditions: example.conditions, mode: .explain, mutation: mutation)
                    let entries = result.trace.entries.filter { $0.rule == RuleID(index) }
                    #expect(!entries.contains { $0.fired }, "\(rule.id) #\(condition): \(example)")
                    #expect(
                        entries.contains { !$0.fired && Int($0.failedCondition) == condition },
                        "\(rule.id) #\(condition): \(example)")
                }
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
            #expect(option.readings.allSatisfy { !$0.sources.isEmpty && !$0.meaning.isEmpty }, "\(option.key)")
        }
    }

    @Test func everyDeclarationHasMeaningAndSource() {
        for setting in descriptor.settings + descriptor.appKeys {
            #expect(!setting.meaning.isEmpty && !setting.sources.isEmpty, "\(setting.key)")
        }
        for fact in descriptor.facts { #expect(!fact.meaning.isEmpty && !fact.sources.isEmpty, "\(fact.key)") }
        for finding in descriptor.findings {
            #expect(!finding.meaning.isEmpty && !finding.sources.isEmpty, "\(finding.id)")
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
