import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

@testable import EntraSharedDeviceProvider

@Suite struct EntraDescriptorTests {
    let descriptor = EntraSharedDeviceProvider().descriptor

    /// Ids are positions in the phases (`EntraDescriptor.rulePhases`), so the table's order is the ids' order: a rule moved or removed would
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
            "entra.data.previous-user-visible",
            "entra.browser.plugin-sso",
            "entra.sign-in-frequency.reauthenticate",
            "entra.sign-in-frequency.other-user-stopped",
            "entra.mhs.inactivity-sign-out",
            "entra.sign-out.intune-clears-local-data",
            "entra.mhs.sign-in",
            "entra.mhs.session-pin-created",
            "entra.mhs.pin-screen-skippable",
            "entra.mhs.screensaver-locks",
            "entra.mhs.session-pin-resume",
            "entra.mhs.pin-attempts-sign-out",
            "entra.mhs.session-pin-stops-other-user",
            "entra.mhs.inactivity-sign-out-mhs-only",
            "entra.mhs.restart-sign-in-again",
            "entra.mhs.restart-signs-out",
        ]
        #expect(EntraDescriptor.rulePhases.problems == [])
        #expect(descriptor.rules.map(\.id) == expected)
        func expectIDs<Rules: RuleSet>(_: Rules.Type) {
            for rule in Rules.allCases { #expect(descriptor.rule(rule.definition.name) == rule.id, "\(rule)") }
        }
        expectIDs(EntraModeRule.self)
        expectIDs(EntraCurrentAccountRule.self)
        expectIDs(EntraSignInRule.self)
        expectIDs(EntraSignOutRule.self)
        expectIDs(EntraDefaultModeRule.self)
        expectIDs(EntraLifecycleRule.self)
        expectIDs(EntraAccessRule.self)
        expectIDs(EntraDeviceSignOutRule.self)
        expectIDs(EntraManagedHomeScreenRule.self)
    }

    /// Every ordered decision is declared, names rules of the table, and lists each rule once.
    @Test func decisionListsAreDeclared() {
        #expect(descriptor.decisionLists == EntraDescriptor.decisionLists)
        #expect(descriptor.decisionLists.count == 14)
        for list in descriptor.decisionLists {
            #expect(Set(list.rules).count == list.rules.count, "\(list.name)")
            for rule in list.rules { #expect(descriptor.rule(rule) != nil, "\(list.name): \(rule)") }
        }
    }

    /// Every citation names a case of the catalogue, whose raw value is its document's id; the descriptor's sources
    /// are the catalogue, and the settings, model options and app keys are the declared enums', in case order.
    @Test func sourcesAndSettingsAreDeclaredEnums() {
        #expect(EntraSource.idProblems == [])
        #expect(descriptor.sources.map(\.id) == EntraSource.allCases.map(\.rawValue))
        #expect(
            descriptor.settings.map(\.key)
                == EntraSetting.allCases.map(\.key) + EntraManagedHomeScreenSetting.allCases.map(\.key))
        #expect(
            descriptor.modelOptions.map(\.key)
                == EntraModelOption.allCases.map(\.key) + EntraManagedHomeScreenModelOption.allCases.map(\.key))
        #expect(descriptor.appKeys.map(\.key) == EntraAppKey.allCases.map(\.key))
        #expect(EntraRegion.appRegion(0) == EventFootprint.region(1))
    }

    /// Facts, events, step conditions, details and findings are enums whose case order builds the declarations,
    /// so an id is a position; every raw value must be that position.
    @Test func declaredIdentifiersArePositions() {
        #expect(EntraFact.positionProblems == [])
        #expect(EntraEvent.positionProblems == [])
        #expect(EntraStepCondition.positionProblems == [])
        #expect(EntraDetail.positionProblems == [])
        #expect(EntraFinding.positionProblems == [])
        #expect(EntraSetting.positionProblems == [])
        #expect(EntraManagedHomeScreenSetting.positionProblems == [])
        #expect(EntraModelOption.positionProblems == [])
        #expect(EntraManagedHomeScreenModelOption.positionProblems == [])
        #expect(EntraAppKey.positionProblems == [])
        #expect(descriptor.fact("data_owner") == EntraFact.dataOwner.id)
        #expect(descriptor.event("sign_in") == EntraEvent.signIn.id)
        #expect(descriptor.finding("preview-app") == EntraFinding.previewApp.id)
    }

    /// The choice values `apply` writes by index are the declared words at those indices.
    @Test func detailChoiceIndicesMatchTheirWords() {
        func words(_ detail: EntraDetail) -> [String] {
            guard case .choice(let words) = detail.declaration.kind else { return [] }
            return words
        }
        let modes = words(.deviceMode)
        let actions = words(.dataAction)
        let scopes = words(.signOutScope)
        #expect(modes.count == 3 && actions.count == 3 && scopes.count == 2)
        #expect(modes[EntraDetail.shared] == "shared" && modes[EntraDetail.defaultMode] == "default")
        #expect(modes[EntraDetail.unavailable] == "unavailable")
        #expect(actions[EntraDetail.cleared] == "cleared" && actions[EntraDetail.kept] == "kept")
        #expect(actions[EntraDetail.none] == "none")
        #expect(scopes[EntraDetail.global] == "global" && scopes[EntraDetail.app] == "app")
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
                    let result = try harness.step(
                        example.event, example.target ?? (example.event == "open_browser" ? "safari" : "app"),
                        user: "alice",
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

    /// A rule's effect is what the step shows when the rule fires: in every firing example of a rule with an
    /// effect, the step shows the effect's prompts, session and findings.
    @Test func firingStepsShowTheRulesEffect() throws {
        var checked = 0
        for (index, rule) in descriptor.rules.enumerated() where !rule.effect.isEmpty {
            for example in rule.examples where example.fires {
                var harness = try EntraHarness(
                    settings: example.settings, apps: [(id: "app", keys: example.appKeys)], facts: example.facts)
                let step = try harness.step(
                    example.event, example.target ?? (example.event == "open_browser" ? "safari" : "app"),
                    user: "alice",
                    at: "08:00", conditions: example.conditions)
                let context = "\(rule.id): \(example)"
                #expect(step.trace.entries.contains { $0.fired && $0.rule == RuleID(index) }, "\(context)")
                for prompt in rule.effect.prompts { #expect(step.prompts.contains(prompt.name), "\(context)") }
                if let session = rule.effect.session { #expect(step.session == session.name, "\(context)") }
                for finding in rule.effect.findings {
                    #expect(step.has(descriptor.findings[Int(finding.index)].id), "\(context)")
                }
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    /// Every citation is one piece: its locator names no other catalogue entry and does not run one parenthesis
    /// into the next text (what string interpolation of citations used to produce).
    @Test func citationsAreSeparatePieces() {
        let ids = descriptor.citableSources.map(\.id)
        for (owner, citations) in descriptor.citationLists {
            for citation in citations {
                #expect(!ids.contains { citation.locator.contains($0) }, "\(owner): \(citation.text)")
                let runTogether = zip(citation.locator, citation.locator.dropFirst()).contains { pair in
                    pair.0 == ")" && (pair.1.isLetter || pair.1 == "(")
                }
                #expect(!runTogether, "\(owner): \(citation.text)")
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

    /// Every declaration says what it means (the self-check holds their citations to the catalogue).
    @Test func everyDeclarationHasAMeaning() {
        for setting in descriptor.settings + descriptor.appKeys { #expect(!setting.meaning.isEmpty, "\(setting.key)") }
        for fact in descriptor.facts { #expect(!fact.meaning.isEmpty, "\(fact.key)") }
        for finding in descriptor.findings { #expect(!finding.meaning.isEmpty, "\(finding.id)") }
        for event in ["open", "sign_out", "terminate", "query_sso_status"] {
            #expect(descriptor.requiredEventMeanings[event] != nil, "\(event)")
        }
    }

    @Test func examplePolicyIsTheFrontlinePolicy() {
        #expect(descriptor.examplePolicy.contains("policy: frontline-entra"))
        #expect(descriptor.examplePolicy.contains("provider: entra-shared-device"))
    }
}
