import Foundation
import SSOPolicy
import SSOPolicyImport
import SSOPolicyTestSupport
import Testing

/// A property test over the readers (the fuzz target `Fuzz/FuzzImport` runs the same check with libFuzzer): every
/// fixture, mutated in many ways, is read without a crash, each policy the importer still makes loads, and errors
/// stay positioned. Work is bounded by the number of cases, not by time.
struct HostileInputTests {
    static let seeds: [(name: String, bytes: [UInt8])] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: exports)) ?? []
        return names.sorted().filter { !$0.hasPrefix("intune-backup") }.map { ($0, bytes(of: exports + "/" + $0)) }
    }()

    /// Byte flips, truncations, duplicated and deleted runs, and structural characters dropped in.
    static func mutate(_ input: [UInt8], _ random: inout SplitMix) -> [UInt8] {
        var bytes = input
        let structural: [UInt8] = Array("{}[]\":,<>/&;\\\u{0}".utf8) + [0x80, 0xFF, 0xC3, 0x30]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: bytes[at] ^= UInt8.random(in: 1...255, using: &random)
            case 1: bytes = Array(bytes[0..<at])
            case 2:
                let end = min(bytes.count, at + Int.random(in: 1...64, using: &random))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            case 3: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &random)))
            default: bytes.insert(structural.randomElement(using: &random)!, at: at)
            }
        }
        return bytes
    }

    @Test func mutatedExportsNeverCrashAndWhatIsImportedAlwaysLoads() throws {
        #expect(Self.seeds.count == 9)
        var random = SplitMix(state: 0x5EED_1A2B)
        var imported = 0
        var refused = 0
        for (name, seed) in Self.seeds {
            for _ in 0..<300 {
                let outcome = importing(bytes: Self.mutate(seed, &random), file: name)
                if outcome.hasErrors { refused += 1 }
                for diagnostic in outcome.diagnostics {
                    #expect(diagnostic.position.file.hasPrefix(name))
                }
                for policy in outcome.policies {
                    imported += 1
                    let yaml = PolicyYAMLWriter.yaml(policy)
                    #expect(throws: Never.self) { _ = try engine.loadPolicy(yaml: yaml, file: "p.yaml") }
                }
            }
        }
        // Both kinds of outcome happen, so the property is exercised on each side.
        #expect(imported > 100)
        #expect(refused > 100)
    }

    /// Hostile text in an export's names and values stays text: a display name with line breaks (including the
    /// ones only YAML breaks at) cannot add keys to the policy, and a bundle id cannot either.
    @Test func namesAndValuesCannotInjectYAML() throws {
        let name = "Shop\\npolicy: evil\\u2028provider: airwatch-sdk\\u0085#"
        let export = """
            {"@odata.type": "#microsoft.graph.iosDeviceFeaturesConfiguration", "displayName": "\(name)",
             "iosSingleSignOnExtension": {"@odata.type": "#microsoft.graph.iosAzureAdSingleSignOnExtension",
              "enableSharedDeviceMode": true, "bundleIdAccessControlList": ["com.x.a\\n  - id: b", "com.x.\\u2029c"],
              "configurations": [{"key": "AppPrefixAllowList\\nprovider: x", "value": "a\\u2028b"}]}}
            """
        let outcome = importing(export)
        #expect(outcome.errorMessages.isEmpty)
        let policy = try #require(outcome.policies.first)
        let yaml = PolicyYAMLWriter.yaml(policy)
        let loaded = try engine.loadPolicy(yaml: yaml, file: "p.yaml")
        #expect(loaded.configuration.providerID == "entra-shared-device")
        #expect(loaded.configuration.apps.count == 2)
        #expect(loaded.configuration.title?.hasPrefix("Shop\npolicy: evil\u{2028}provider: airwatch-sdk") == true)
        #expect(!yaml.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}" })
    }

    @Test func theSameExportAlwaysGivesTheSameBytes() {
        let first = importer.run(paths: [exports]).yaml
        let second = importer.run(paths: [exports]).yaml
        #expect(first == second)
        #expect(first.count == 9)
    }
}
