import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// Runs `ssopolicy` in-process with both shipped providers, as the composition root does.
func ssopolicy(_ arguments: String...) -> (code: Int32, out: String, err: String) {
    let capture = Capture()
    let context = CLIContext(
        registry: ProviderRegistry([
            AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
            AnyPolicyProvider(ImprivataMAMProvider()),
            AnyPolicyProvider(AppleSharedIPadProvider()),
        ]),
        write: { capture.out($0) }, writeError: { capture.err($0) })
    let code = CommandLineTool.run(arguments, context: context)
    return (code, capture.output, capture.errors)
}

/// The repository root, found from this file's location.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

struct CommandLineTests {
    @Test func noArgumentsComparesTheRecommendedSetupsOnTheVendorsOwnHandover() {
        let result = ssopolicy()
        #expect(result.code == 0)
        // The verdicts first (ThreeVendorsTests holds them to one screen), then what each vendor needs, with a
        // source a reader can open.
        #expect(result.out.hasPrefix("Which setup for a fleet: the bundled ward-fleet"))
        #expect(result.out.contains("\nEach vendor's recommended setup on one shift change"))
        #expect(result.out.contains("What each vendor needs for a safe shift change"))
        #expect(result.out.contains("policy frontline-airwatch"))
        #expect(result.out.contains("policy frontline-entra"))
        #expect(result.out.contains("policy hospital-imprivata"))
        #expect(result.out.contains("handover: the leaving worker checks the device in with Hub"))
        #expect(result.out.contains("https://learn.microsoft.com/en-us/entra/msal/objc/shared-devices-ios"))
        // Recommended against recommended, on a shift change that uses each vendor's handover.
        #expect(result.out.contains("Scenario day-shift-handover"))
        #expect(result.out.contains("3. 12:00 alice hands the device to bob"))
        #expect(result.out.contains("verdict: bob safe from step 4 (at once; working in 1m35s); effort alice 15s,"))
        #expect(result.out.contains("verdict: bob safe from step 4 (at once; working in 1m40s); effort alice 40s,"))
        // Then what breaks it.
        #expect(result.out.contains("What breaks it, and the smallest fix: each bundled misconfiguration on it"))
        #expect(result.out.contains("  warehouse-airwatch (airwatch-sdk): "))
        #expect(result.out.contains("  misconfigured-entra (entra-shared-device): "))
        #expect(result.out.contains("bob never safe"))
        #expect(
            result.out.hasSuffix(
                "On your own files: ssopolicy compare --scenario my-scenario.yaml my-policy.yaml other-policy.yaml\n"
                    + "Every bundled policy and scenario: ssopolicy list; the documents cited: ssopolicy sources\n"))
    }

    @Test func theBinaryRunsFromAnotherDirectory() throws {
        let binary = repository + "/.build/debug/ssopolicy"
        guard FileManager.default.isExecutableFile(atPath: binary) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self).contains("Scenario day-shift-handover"))
    }

    @Test func bundledLibraryChecksClean() {
        let result = ssopolicy("check", repository + "/Policies", "--quiet")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.isEmpty)
    }

    @Test func usageErrorsExitWith64() {
        #expect(ssopolicy("run", "--bogus").code == 64)
        #expect(ssopolicy("compare", "--scenario", "shift-change", "warehouse-airwatch").code == 64)
        #expect(ssopolicy("run", "--scenario", "shift-change", "warehouse-airwatch", "--format", "yaml").code == 64)
    }

    @Test func invalidInputExitsWith1AndAPositionedError() {
        let folder = Fixtures.folder()
        let path = Fixtures.write("policy: x\nprovider: airwatch-sdkk\napps:\n  - id: a\n", to: "bad.yaml", in: folder)
        let result = ssopolicy("check", path)
        #expect(result.code == 1)
        #expect(
            result.err.hasPrefix("\(path):2:11: error: unknown provider 'airwatch-sdkk'; did you mean 'airwatch-sdk'?"))
        let missing = ssopolicy("run", "--scenario", "shift-change", folder + "/nope.yaml")
        #expect(missing.code == 1)
        #expect(missing.err.contains("nope.yaml:1:1: error: no such file"))
    }

    @Test func runJSONIsDeterministicAndFollowsTheContract() {
        let first = ssopolicy("run", "--scenario", "shift-change", "warehouse-airwatch", "--format", "json")
        let second = ssopolicy("run", "--scenario", "shift-change", "warehouse-airwatch", "--format", "json")
        #expect(first.code == 0)
        #expect(first.out == second.out)
        for key in [
            "\"policy\": \"warehouse-airwatch\"", "\"provider\": \"airwatch-sdk\"", "\"scenario\": \"shift-change\"",
            "\"steps\": [", "\"summary\": {",
        ] {
            #expect(first.out.contains(key))
        }
    }

    @Test func evaluateListsOutcomesForUnknownFacts() {
        let result = ssopolicy(
            "evaluate", "warehouse-airwatch", "--app", "timesheet", "--user", "bob", "--format", "json")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("\"outcomes\": ["))
        #expect(result.out.contains("\"when\": [\n        {"))
        let bad = ssopolicy(
            "evaluate", "warehouse-airwatch", "--app", "timesheet", "--user", "bob", "--fact", "passcode_sett=true")
        #expect(bad.code == 1)
        #expect(bad.err.contains("did you mean 'passcode_set'?"))
    }

    @Test(arguments: ["text", "json", "markdown"])
    func providersDocumentsEveryDeclaration(_ format: String) {
        let result = ssopolicy("providers", "--format", format)
        #expect(result.code == 0)
        // Markdown is the guide's summary (settings, rules, findings); text and JSON document everything.
        for provider in [
            AirWatchSDKProvider().descriptor, EntraSharedDeviceProvider().descriptor,
            ImprivataMAMProvider().descriptor, AppleSharedIPadProvider().descriptor,
        ] {
            var names = provider.settings.map(\.key) + provider.findings.map(\.id) + provider.rules.map(\.id)
            if format != "markdown" {
                names += provider.facts.map(\.key) + provider.modelOptions.map(\.key) + provider.allEvents.map(\.name)
                names += provider.appKeys.map(\.key) + provider.stepConditions.map(\.key) + provider.details.map(\.key)
                names += provider.properties.map(\.id) + [provider.sessionAuthority]
            }
            for name in names {
                #expect(result.out.contains(name), "providers --format \(format) does not document \(name)")
            }
        }
    }

    @Test func compareReportsDifferencesAndDiffShowsOnlyThem() {
        let full = ssopolicy(
            "compare", "--scenario", "shift-change", "warehouse-airwatch", "frontline-entra", "--format", "json")
        #expect(full.code == 0, "\(full.err)")
        #expect(full.out.contains("\"differences\": ["))
        let diff = ssopolicy("compare", "--scenario", "shift-change", "warehouse-airwatch", "frontline-entra", "--diff")
        #expect(diff.code == 0)
        #expect(diff.out.contains("Steps that differ:"))
    }

    @Test func everyBundledScenarioRunsAgainstEveryBundledPolicy() {
        let engine = SSOPolicyEngine(
            registry: ProviderRegistry([
                AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
                AnyPolicyProvider(ImprivataMAMProvider()),
                AnyPolicyProvider(AppleSharedIPadProvider()),
            ]))
        let (files, _) = engine.yamlFiles(in: [repository + "/Policies"])
        var policies: [CompiledPolicy] = []
        var scenarios: [Scenario] = []
        for file in files {
            guard let root = try? engine.readDocument(path: file), let kind = try? engine.kind(of: root) else {
                continue
            }
            if kind == .policy, let policy = try? engine.loadPolicy(root, file: file) { policies.append(policy) }
            if kind == .scenario, let scenario = try? engine.loadScenario(root, file: file) {
                scenarios.append(scenario)
            }
            if kind == .fleet, let fleet = try? engine.loadFleet(root, file: file) { policies += fleet.policies }
        }
        #expect(policies.count >= 6)
        #expect(scenarios.count >= 6)
        for scenario in scenarios {
            #expect(throws: Never.self) { try Comparison.run(scenario, policies: policies) }
        }
    }

    @Test func theCommittedGuideIsCurrent() throws {
        let generated = ssopolicy("guide")
        #expect(generated.code == 0)
        let committed = try String(contentsOfFile: repository + "/Policies/GUIDE.md", encoding: .utf8)
        #expect(generated.out == committed, "run: swift run ssopolicy guide --output Policies/GUIDE.md")
    }

    @Test func matrixRegeneratesTheSeedTableForEverySetting() {
        let result = ssopolicy("matrix", "warehouse-airwatch", "--all", "--format", "json")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("\"authentication\": \"username_password\""))
        #expect(result.out.contains("\"authentication\": \"disabled\""))
        let text = ssopolicy("matrix", "frontline-entra")
        #expect(text.code == 0)
        #expect(text.out.hasPrefix("Decision table of frontline-entra (entra-shared-device) for app inventory"))
    }

    @Test func markdownAndMermaidHaveTheirStructure() {
        let markdown = ssopolicy(
            "compare", "--scenario", "shift-change", "warehouse-airwatch", "frontline-entra", "--format", "markdown")
        #expect(markdown.out.contains("| # | at | user | event | `warehouse-airwatch` | `frontline-entra` |"))
        let mermaid = ssopolicy("run", "--scenario", "shift-change", "frontline-entra", "--format", "mermaid")
        #expect(mermaid.out.hasPrefix("sequenceDiagram\n"))
        #expect(mermaid.out.contains("actor u_alice as alice"))
        // The provider names what holds the shared session; the core does not guess it from the provider id.
        #expect(mermaid.out.contains("participant broker as Authenticator broker"))
    }
}
