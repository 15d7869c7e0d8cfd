import Foundation
import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// Issue 40, point 3: every finding message names its subject. A message once read "'s custom-scheme logout waits
/// for a permission dialog…" (a check-in's app lost in a handover). Every finding of every provider is rendered with
/// realistic names: from each rule example (an app called `epic-rover`, Bob acting on Alice's device), from every
/// bundled scenario played against every bundled policy, and from each policy's configuration findings.
struct FindingSubjectTests {
    static let users = ["bob", "alice"]
    static let app = "epic-rover"

    /// What is wrong with a rendered message whose template is `template`, or nil. A configuration finding is about
    /// an app or the policy, not a worker: its user placeholders read in general words.
    static func problem(_ message: String, template: String, apps: [String], configuration: Bool = false) -> String? {
        if message.contains("{") || message.contains("}") { return "a placeholder is left" }
        if message.hasPrefix("'") || message.hasPrefix(" ") || message.contains("  ") || message.contains(" 's") {
            return "a name is missing"
        }
        if template.contains("{app}"), !apps.contains(where: { !$0.isEmpty && message.contains($0) }) {
            return "no app is named"
        }
        for fallback in ["the previous user", "the user", "nobody"] where message.contains(fallback) && !configuration {
            if !template.contains(fallback) { return "a user is not named ('\(fallback)')" }
        }
        return nil
    }

    /// Every finding a rule example raises, rendered as a run renders it.
    static func ruleExampleMessages(_ failures: inout [String]) throws -> [String: Set<String>] {
        var raised: [String: Set<String>] = [:]
        for provider in registry.providers {
            let descriptor = provider.descriptor
            for rule in descriptor.rules {
                for example in rule.examples where example.fires {
                    guard
                        let configuration = try? ConfigurationBuilder.make(
                            descriptor, settings: example.settings, apps: [(id: app, keys: example.appKeys)])
                    else { continue }
                    var diagnostics = Diagnostics()
                    guard let policy = provider.compile(configuration, diagnostics: &diagnostics) else { continue }
                    var users = UserDirectory(Self.users)
                    guard
                        let facts = try? FactBuilder.make(
                            descriptor, appCount: 1, device: example.facts, users: &users),
                        let eventID = descriptor.event(example.event)
                    else { continue }
                    var conditions = StepConditions()
                    for (key, text) in example.conditions {
                        if let id = descriptor.stepCondition(key),
                            let value = descriptor.stepConditions[Int(id.index)].kind.parse(text)
                        {
                            conditions.set(id, value)
                        }
                    }
                    let declaration = descriptor.allEvents[Int(eventID.index)]
                    let target: ProviderEvent.Target
                    if case .choice(let words) = declaration.target {
                        target = .word(example.target ?? words[0])
                    } else {
                        target = example.target == "all" ? .allApps : .app(AppID(0))
                    }
                    // Alice is the one the facts name; the actor is Bob, and then Alice herself.
                    for actor in [UserID(0), users.id("alice") ?? UserID(1)] {
                        var trace = RuleTrace(.off)
                        let outcome = try policy.attempt(
                            ProviderEvent(
                                event: eventID, target: target, user: actor, time: 8 * 3600, conditions: conditions),
                            facts: facts, trace: &trace)
                        // A step names its target: the app, or the word of a device event (`open_browser: safari`).
                        var named = app
                        if case .word(let word) = target { named = word }
                        let view = OutcomeRenderer(policy: policy, users: users).view(
                            number: 1, time: 8 * 3600, event: example.event, app: named, user: actor,
                            outcome: outcome, trace: [])
                        for finding in view.findings {
                            raised[descriptor.id, default: []].insert(finding.id)
                            let template = descriptor.findings.first { $0.id == finding.id }?.message ?? ""
                            if let problem = problem(finding.message, template: template, apps: [app, named]) {
                                failures.append("\(rule.id) example: \(finding.id): \(problem): '\(finding.message)'")
                            }
                        }
                    }
                }
            }
        }
        return raised
    }

    @Test func everyFindingMessageNamesItsSubject() throws {
        var failures: [String] = []
        var raised = try Self.ruleExampleMessages(&failures)
        let (files, _) = engine.yamlFiles(in: [repository + "/Policies"])
        var policies: [CompiledPolicy] = []
        var scenarios: [Scenario] = []
        for file in files {
            if let policy = try? engine.loadPolicy(path: file) {
                policies.append(policy)
            } else if let scenario = try? engine.loadScenario(path: file) {
                scenarios.append(scenario)
            }
        }
        #expect(policies.count >= 15 && scenarios.count >= 15)
        for policy in policies {
            let apps = policy.configuration.apps.map(\.id)
            let renderer = OutcomeRenderer(policy: policy, users: UserDirectory(Self.users))
            for finding in renderer.policyFindings(policy.findings).map(\.view) {
                raised[policy.descriptor.id, default: []].insert(finding.id)
                let template = policy.descriptor.findings.first { $0.id == finding.id }?.message ?? ""
                if let problem = Self.problem(finding.message, template: template, apps: apps, configuration: true) {
                    failures.append("\(policy.configuration.id): \(finding.id): \(problem): '\(finding.message)'")
                }
            }
            for scenario in scenarios {
                guard case .success(let bound) = ScenarioBinder(mode: .lenient).bind(scenario, to: policy) else {
                    continue
                }
                for view in ScenarioRunner().run(bound).views {
                    for finding in view.findings {
                        raised[policy.descriptor.id, default: []].insert(finding.id)
                        let template = policy.descriptor.findings.first { $0.id == finding.id }?.message ?? ""
                        if let problem = Self.problem(finding.message, template: template, apps: apps + [view.app]) {
                            failures.append(
                                "\(policy.configuration.id) on \(scenario.id) step \(view.number): \(finding.id): "
                                    + "\(problem): '\(finding.message)'")
                        }
                    }
                }
            }
        }
        // A finding no example, bundled run or bundled policy raises (configuration findings of settings the
        // bundled policies do not use): its template, filled with realistic names.
        for provider in registry.providers {
            let descriptor = provider.descriptor
            guard let anyPolicy = policies.first(where: { $0.descriptor.id == descriptor.id }) else { continue }
            let renderer = OutcomeRenderer(policy: anyPolicy, users: UserDirectory(Self.users))
            for finding in descriptor.findings where !(raised[descriptor.id] ?? []).contains(finding.id) {
                let message = renderer.fill(
                    finding.message, user: "bob", app: Self.app, sessionUser: "alice", subject: "alice")
                if let problem = Self.problem(message, template: finding.message, apps: [Self.app]) {
                    failures.append("\(descriptor.id): \(finding.id): \(problem): '\(message)'")
                }
            }
        }
        #expect(failures == [], "\(failures.joined(separator: "\n"))")
    }

    /// The handover's check-in names the app whose logout waits, although its check-out names none.
    @Test func aHandoverNamesTheAppOfItsCheckInFinding() throws {
        let folder = Fixtures.folder()
        let policy = Fixtures.write(
            """
            policy: webex-ward
            provider: imprivata-mam
            apps:
              - id: webex
                logout_method: x_callback_url
            """, to: "p.yaml", in: folder)
        let scenario = Fixtures.write(
            """
            scenario: first-handover
            given: { in_service: false }
            steps:
              - { at: "07:00", user: alice, check_out: hub }
              - { at: "07:05", user: alice, open: webex }
              - { at: "19:00", handover: { from: alice, to: bob } }
            """, to: "s.yaml", in: folder)
        let result = ssopolicy("run", "--scenario", scenario, policy, "--format", "json")
        #expect(result.code == 0, "\(result.err)")
        #expect(
            result.out.contains(
                "webex's custom-scheme logout waits for a permission dialog nobody answers at the phone's first-ever "
                    + "check-in"), "\(result.out)")
        #expect(!result.out.contains("\"'s "), "\(result.out)")
    }
}
