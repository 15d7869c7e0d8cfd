import Foundation
import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// The what-if that splits only where the decision reads answers exactly what full enumeration answers, on random
/// small policies of every shipped provider: random values of every setting, model option and app key that takes a
/// choice or a bool, one or two apps, and the access event of each app with every fact unknown.
struct RandomPolicyWhatIfTests {
    /// Policies that compile, per provider; random values break the providers' rules between settings (biometric
    /// unlock needs a passcode), so up to `candidates` are drawn.
    static let policiesPerProvider = 4
    static let candidates = 100

    /// A policy of `descriptor`'s provider with random values for the keys that take a few values; the others keep
    /// their defaults.
    static func randomPolicy(_ descriptor: ProviderDescriptor, number: Int, using random: inout SplitMix) -> String {
        func line(_ declaration: SettingDeclaration, indent: String) -> String? {
            // A third of the keys keep their defaults, so settings that need each other meet less often.
            guard let values = declaration.kind.enumeratedValues, Int.random(in: 0..<3, using: &random) > 0,
                let value = values.randomElement(using: &random)
            else { return nil }
            return "\(indent)\(declaration.key): \(value)"
        }
        var lines = ["policy: random-\(number)", "provider: \(descriptor.id)"]
        let settings = descriptor.settings.compactMap { line($0, indent: "  ") }
        let options = descriptor.modelOptions.compactMap { line($0.setting, indent: "    ") }
        if !settings.isEmpty || !options.isEmpty {
            lines += ["settings:"] + settings + (options.isEmpty ? [] : ["  model:"] + options)
        }
        lines.append("apps:")
        for app in 0..<Int.random(in: 1...2, using: &random) {
            lines.append("  - id: app\(app)")
            lines += descriptor.appKeys.compactMap { line($0, indent: "    ") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: registry.providers.map(\.id))
    func theSplitAgreesWithEnumerationOnRandomPolicies(provider: String) throws {
        let descriptor = try #require(registry.provider(id: provider)).descriptor
        var random = SplitMix(state: provider.unicodeScalars.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1.value) })
        var compiled = 0
        var checkedApps = 0
        var rejected: [String] = []
        for number in 0..<Self.candidates where compiled < Self.policiesPerProvider {
            let yaml = Self.randomPolicy(descriptor, number: number, using: &random)
            // A combination the provider rejects (a setting that needs another) is not a policy anyone can run.
            let policy: CompiledPolicy
            do { policy = try engine.loadPolicy(yaml: yaml, file: "random-\(number).yaml") } catch {
                rejected.append(error.diagnostics.first?.description ?? "")
                continue
            }
            compiled += 1
            for app in policy.configuration.apps {
                let report = try WhatIfAgreement.check(policy, app: app.id, limit: 5_000)
                #expect(report.failures.isEmpty, "\(yaml)\n\(report.failures.prefix(3).joined(separator: "\n"))")
                #expect(report.leaves >= 1 && report.leaves <= report.combinations)
                checkedApps += 1
            }
        }
        #expect(compiled == Self.policiesPerProvider, "random policies of \(provider) compile: \(rejected.prefix(3))")
        #expect(checkedApps >= compiled)
    }
}

/// With one fact known, the rest unknown, the split still answers what enumeration answers: bookkeeping that runs at
/// the first event (session stamps, placeholder users) meets values whose facts are pending in a run that is then
/// discarded, and must neither trap nor leak into the answer.
struct OneFactKnownWhatIfTests {
    @Test(arguments: ["warehouse-airwatch", "frontline-airwatch", "frontline-entra", "hospital-imprivata"])
    func eachFactValueKnownAgreesWithEnumeration(name: String) throws {
        let policy = try engine.loadPolicy(path: bundledPolicyPath(name))
        for app in policy.configuration.apps.map(\.id) { try check(policy, app: app, name: name) }
    }

    func check(_ policy: CompiledPolicy, app: String, name: String) throws {
        for fact in policy.descriptor.facts {
            let values: [String]
            switch fact.domain {
            case .choice(let choices): values = choices
            case .account: values = ["none", "alice", "bob"]
            }
            for value in values {
                let report = try WhatIfAgreement.check(policy, app: app, given: [fact.key: value], limit: 1_500)
                #expect(report.failures.isEmpty, "\(name) \(app) \(fact.key)=\(value): \(report.failures.prefix(2))")
            }
        }
    }

    func bundledPolicyPath(_ name: String) throws -> String {
        let folders = ["airwatch", "entra", "imprivata"]
        let path = folders.map { repository + "/Policies/\($0)/\(name).yaml" }.first {
            FileManager.default.fileExists(atPath: $0)
        }
        return try #require(path)
    }
}
