import AirWatchSDKProvider
import Foundation
import SSOPolicyProviderKit
import Testing

/// Reads the flat subset of YAML the example policies use (no core loader needed): top-level scalars, the
/// `settings:` block and the `apps:` list.
private struct FlatPolicy {
    var fields: [String: String] = [:]
    var settings: [String: String] = [:]
    var apps: [(id: String, keys: [String: String])] = []

    init(_ text: String) {
        var block = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = String(raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let indented = line.hasPrefix(" ")
            var content = line.trimmingCharacters(in: .whitespaces)
            let item = content.hasPrefix("- ")
            if item { content.removeFirst(2) }
            let pair = content.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let key = pair[0]
            let value = pair.count > 1 ? pair[1] : ""
            if !indented {
                block = key
                if !value.isEmpty { fields[key] = value }
            } else if block == "settings" {
                settings[key] = value
            } else if block == "apps" {
                if item {
                    apps.append((id: value, keys: [:]))
                } else if key != "name" {
                    apps[apps.count - 1].keys[key] = value
                }
            }
        }
    }
}

private let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Policies/airwatch")

private let files: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") }
    .sorted()

@Suite("airwatch example policies")
struct ExamplePolicyTests {
    @Test func thereAreSixExamples() {
        #expect(files.count == 6)
        #expect(files.contains("frontline-airwatch.yaml"))
        #expect(files.contains("warehouse-airwatch.yaml"))
    }

    @Test(arguments: files)
    func compiles(_ file: String) throws {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        let policy = FlatPolicy(text)
        #expect(policy.fields["provider"] == "airwatch-sdk")
        #expect(policy.fields["policy"].map { "\($0).yaml" } == file)
        #expect(policy.apps.map(\.id).starts(with: ["inventory", "timesheet"]))
        let provider = AirWatchSDKProvider()
        let configuration = try ConfigurationBuilder.make(
            provider.descriptor, settings: policy.settings, apps: policy.apps)
        var diagnostics = Diagnostics()
        #expect(provider.compile(configuration, diagnostics: &diagnostics) != nil, "\(diagnostics.all)")
    }

    /// `providers` shows the recommended setup as the example to start from.
    @Test func descriptorExampleIsTheRecommendedPolicy() throws {
        let text = try String(contentsOf: folder.appendingPathComponent("frontline-airwatch.yaml"), encoding: .utf8)
        let example = FlatPolicy(AirWatchSDKProvider().descriptor.examplePolicy)
        let file = FlatPolicy(text)
        #expect(example.settings == file.settings)
        #expect(example.fields == file.fields)
    }
}
