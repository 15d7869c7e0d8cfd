@_exported import BadgeKioskProvider
import Foundation
import SSOPolicy

/// Helpers for tests: temporary files, an engine with the test provider, and the position of a marker.
public enum Fixtures {
    public static let registry = ProviderRegistry([AnyPolicyProvider(BadgeProvider())])
    public static let engine = SSOPolicyEngine(registry: registry)

    /// A fresh folder under `root`.
    public static func folder(_ name: String = #function) -> String {
        let base =
            root + "/" + name.filter { $0.isLetter || $0.isNumber } + "-" + String(UInt32.random(in: 0...UInt32.max))
        try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        return base
    }

    /// The one folder that holds every folder of this test process, removed when the process exits, so a test run
    /// leaves nothing behind in the temporary directory (a crashed run leaves its own root only).
    public static let root: String = {
        let root =
            NSTemporaryDirectory() + "ssopolicy-tests/run-\(ProcessInfo.processInfo.processIdentifier)-"
            + String(UInt32.random(in: 0...UInt32.max))
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Fixtures.root) }
        return root
    }()

    /// Writes `text` to `folder/name` and returns the path.
    @discardableResult
    public static func write(_ text: String, to name: String, in folder: String) -> String {
        let path = folder + "/" + name
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// The diagnostics of loading a policy from text, rendered, or [] if it loads.
    public static func policyErrors(_ yaml: String, engine: SSOPolicyEngine = engine) -> [String] {
        do {
            _ = try engine.loadPolicy(yaml: yaml, file: "p.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    public static func scenarioErrors(_ yaml: String, engine: SSOPolicyEngine = engine) -> [String] {
        do {
            _ = try engine.loadScenario(yaml: yaml, file: "s.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// Plays each rule example of every provider in `registry` and returns the failures (empty when all pass).
    public static func ruleExampleFailures(_ registry: ProviderRegistry) -> [String] {
        var failures: [String] = []
        for provider in registry.providers {
            let descriptor = provider.descriptor
            for rule in descriptor.rules {
                for example in rule.examples {
                    do {
                        let configuration = try ConfigurationBuilder.make(
                            descriptor, settings: example.settings, apps: [(id: "app", keys: example.appKeys)])
                        var diagnostics = Diagnostics()
                        guard let policy = provider.compile(configuration, diagnostics: &diagnostics) else {
                            failures.append("\(rule.id): example policy rejected: \(diagnostics.all)")
                            continue
                        }
                        var users = UserDirectory(["alice"])
                        let facts = try FactBuilder.make(
                            descriptor, appCount: 1, device: example.facts, users: &users)
                        guard let eventID = descriptor.event(example.event) else {
                            failures.append("\(rule.id): unknown event \(example.event)")
                            continue
                        }
                        var conditions = StepConditions()
                        for (key, text) in example.conditions {
                            guard let id = descriptor.stepCondition(key),
                                let value = descriptor.stepConditions[Int(id.index)].kind.parse(text)
                            else {
                                failures.append("\(rule.id): bad condition \(key)=\(text)")
                                continue
                            }
                            conditions.set(id, value)
                        }
                        let declaration = descriptor.allEvents[Int(eventID.index)]
                        let target: ProviderEvent.Target
                        if case .choice(let words) = declaration.target {
                            target = .word(example.target ?? words[0])
                        } else if example.target == "all" {
                            target = .allApps
                        } else {
                            target = .app(AppID(0))
                        }
                        var trace = RuleTrace(.fired)
                        _ = policy.attempt(
                            ProviderEvent(
                                event: eventID, target: target, user: UserID(0), time: 8 * 3600, conditions: conditions),
                            facts: facts, trace: &trace)
                        let fired = trace.entries.contains {
                            descriptor.rules[Int($0.rule.index)].id == rule.id && $0.fired
                        }
                        if fired != example.fires {
                            failures.append(
                                "\(rule.id): expected \(example.fires ? "to fire" : "not to fire") for \(example)")
                        }
                    } catch {
                        failures.append("\(rule.id): \(error)")
                    }
                }
            }
        }
        return failures
    }
}
