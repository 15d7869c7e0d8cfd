import Foundation
import SSOPolicyProviderKit
import Testing

@testable import EntraSharedDeviceProvider

/// Checks `Policies/entra/*.yaml` against the provider's declarations without the core's YAML loader (written
/// concurrently): a small indentation reader for the flat shape these files use.
@Suite struct EntraPolicyFileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Policies/entra")

    struct PolicyFile {
        var id = ""
        var provider = ""
        var settings: [String: String] = [:]
        var apps: [(id: String, keys: [String: String])] = []
    }

    static func read(_ name: String) throws -> (text: String, policy: PolicyFile) {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        var file = PolicyFile()
        var section = ""
        for raw in text.split(separator: "\n") {
            let line = String(raw)
            let indent = line.prefix { $0 == " " }.count
            var body = line.trimmingCharacters(in: .whitespaces)
            if body.hasPrefix("- ") {
                body.removeFirst(2)
                file.apps.append((id: "", keys: [:]))
            }
            guard let colon = body.firstIndex(of: ":") else { continue }
            let key = String(body[..<colon])
            let value = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            if indent == 0 {
                section = key
                if key == "policy" { file.id = value }
                if key == "provider" { file.provider = value }
            } else if section == "settings", !value.isEmpty {
                file.settings[key] = value
            } else if section == "apps", !file.apps.isEmpty {
                if key == "id" {
                    file.apps[file.apps.count - 1].id = value
                } else if key != "name" {
                    file.apps[file.apps.count - 1].keys[key] = value
                }
            }
        }
        return (text, file)
    }

    @Test(arguments: [
        "frontline-entra.yaml", "legacy-app-entra.yaml", "default-mode-entra.yaml", "misconfigured-entra.yaml",
        "android-frontline-entra.yaml", "non-compliant-apps-entra.yaml", "android-mhs-entra.yaml",
    ])
    func policyCompiles(_ name: String) throws {
        let (_, file) = try Self.read(name)
        #expect(file.provider == "entra-shared-device")
        #expect(name == file.id + ".yaml")
        #expect(file.apps.contains { $0.id == "inventory" } && file.apps.contains { $0.id == "timesheet" })
        let provider = EntraSharedDeviceProvider()
        let configuration = try ConfigurationBuilder.make(
            provider.descriptor, id: file.id, settings: file.settings, apps: file.apps)
        var diagnostics = Diagnostics()
        #expect(provider.compile(configuration, diagnostics: &diagnostics) != nil)
        #expect(diagnostics.isEmpty, "\(diagnostics.all)")
    }

    @Test func frontlinePolicyIsTheExamplePolicy() throws {
        let (text, _) = try Self.read("frontline-entra.yaml")
        #expect(text == EntraSharedDeviceProvider().descriptor.examplePolicy)
    }

    @Test func policiesShowTheirIntent() throws {
        func findings(_ name: String) throws -> [String] {
            let (_, file) = try Self.read(name)
            let provider = EntraSharedDeviceProvider()
            let configuration = try ConfigurationBuilder.make(
                provider.descriptor, settings: file.settings, apps: file.apps)
            var diagnostics = Diagnostics()
            let policy = try #require(provider.compile(configuration, diagnostics: &diagnostics))
            return provider.configurationFindings(policy).map { provider.descriptor.findings[Int($0.finding.index)].id }
        }
        #expect(try findings("frontline-entra.yaml") == ["no-automatic-sign-out"])
        #expect(try findings("misconfigured-entra.yaml") == ["shared-mode-not-active"])
        #expect(try findings("default-mode-entra.yaml").isEmpty)
        #expect(try findings("android-mhs-entra.yaml").isEmpty)
        #expect(try findings("legacy-app-entra.yaml").contains("app-not-shared-device-aware"))
        let nonCompliant = try findings("non-compliant-apps-entra.yaml")
        for id in [
            "no-current-account-check", "compares-only-nil", "app-data-not-cleared", "no-account-change-listener",
            "no-browser-sign-out",
        ] {
            #expect(nonCompliant.contains(id), "\(id)")
        }
    }
}
