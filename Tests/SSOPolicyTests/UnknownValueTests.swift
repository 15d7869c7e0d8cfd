import Foundation
import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// `unknown` as the value of a declared setting or per-app key: accepted for every one, recorded with its position,
/// handed to the provider as the declared default (as if absent), and noted by `check` with any `# from:` comment.
struct UnknownValueTests {
    static let policy = """
        policy: kiosk
        provider: badge-kiosk
        settings:
          timeout: unknown  # from: export.json#/value/0 (not in the export)
          after_timeout: pin  # from: export.json#/value/0/afterTimeout
        apps:
          - id: till  # from: export.json#/value/0/apps/0
            kiosk: unknown
          - id: door
            kiosk: "false"
        """

    @Test func unknownIsRecordedWithItsPositionAndTheProviderGetsTheDefaultAsIfAbsent() throws {
        let compiled = try Fixtures.engine.loadPolicy(yaml: Self.policy, file: "p.yaml")
        let configuration = compiled.configuration
        #expect(
            configuration.unknownSettings == [
                UnknownSetting("timeout", at: SourcePosition(file: "p.yaml", line: 4, column: 12))
            ])
        #expect(configuration.settings.seconds("timeout") == 15 * 60)
        #expect(!configuration.settings.isExplicit("timeout"))
        #expect(
            configuration.unknownAppKeys == [
                AppID(0): [UnknownSetting("kiosk", at: SourcePosition(file: "p.yaml", line: 8, column: 12))]
            ])
        #expect(configuration.apps[0].keys.bool("kiosk"))
        #expect(configuration.hasUnknowns)
        // The same policy with the defaults written plays the same.
        let explicit = Self.policy.replacingOccurrences(of: "timeout: unknown", with: "timeout: 15m")
            .replacingOccurrences(of: "kiosk: unknown", with: "kiosk: \"true\"")
        let written = try Fixtures.engine.loadPolicy(yaml: explicit, file: "p.yaml")
        #expect(!written.configuration.hasUnknowns)
        let scenario = try Fixtures.engine.loadScenario(
            yaml: "scenario: s\nsteps:\n  - { user: alice, open: till }\n  - { after: 20m, user: bob, open: door }\n",
            file: "s.yaml")
        #expect(
            RunJSON.run(try Fixtures.engine.run(scenario, against: compiled)).serialized()
                == RunJSON.run(try Fixtures.engine.run(scenario, against: written)).serialized())
    }

    @Test func modelOptionsAreReadingsNotValuesAndDoNotTakeUnknown() {
        let errors = Fixtures.policyErrors(
            "policy: kiosk\nprovider: badge-kiosk\nsettings:\n  model:\n    tap_scope: unknown\napps:\n  - id: till\n")
        #expect(errors == ["p.yaml:5:16: error: tap_scope: expected one of 'all_apps', 'one_app', found 'unknown'"])
    }

    @Test func configurationBuilderAcceptsUnknownToo() throws {
        let configuration = try ConfigurationBuilder.make(
            BadgeProvider().descriptor, settings: ["timeout": "unknown"],
            apps: [(id: "till", keys: ["kiosk": "unknown"])])
        #expect(configuration.unknownSettings.map(\.key) == ["timeout"])
        #expect(configuration.apps[0].unknownKeys.map(\.key) == ["kiosk"])
        #expect(configuration.settings.seconds("timeout") == 15 * 60)
    }

    @Test func checkNotesEachUnknownAndEachProvenanceComment() {
        let folder = Fixtures.folder()
        let path = Fixtures.write(Self.policy, to: "p.yaml", in: folder)
        let report = Fixtures.engine.check(paths: [path])
        #expect(report.errorCount == 0)
        #expect(
            report.diagnostics.filter { $0.severity == .note }.map(\.description) == [
                "\(path):4:12: note: setting 'timeout' is unknown: run and compare play its default '15m' (from: export.json#/value/0 (not in the export))",
                "\(path):5:18: note: setting 'after_timeout' is pin (from: export.json#/value/0/afterTimeout)",
                "\(path):7:9: note: app 'till' (from: export.json#/value/0/apps/0)",
                "\(path):8:12: note: app 'till': 'kiosk' is unknown: run and compare play its default 'true'",
            ])
        #expect(CheckRender.summary(report).hasSuffix(": 0 errors, 0 warnings, 4 notes\n"))
    }

    @Test func aHashInsideAQuotedValueIsNotAComment() {
        let policy = """
            policy: kiosk
            provider: badge-kiosk
            settings:
              after_timeout: "pin"  # from: a.json#/x # y
            apps:
              - id: till
            """
        let folder = Fixtures.folder()
        let path = Fixtures.write(policy, to: "p.yaml", in: folder)
        let notes = Fixtures.engine.check(paths: [path]).diagnostics.map(\.description)
        #expect(notes == ["\(path):4:18: note: setting 'after_timeout' is pin (from: a.json#/x # y)"])
    }

    @Test func theSchemaAcceptsUnknownForSettingsAndAppKeysButNotModelOptions() throws {
        let validator = JSONSchemaValidator(JSONSchemaGenerator(registry: Fixtures.registry).schema(for: .policy))
        func errors(_ yaml: String) throws -> [String] {
            validator.errors(
                YAMLInstance.json(try Fixtures.engine.readDocument(bytes: Array(yaml.utf8), file: "x.yaml")))
        }
        #expect(try errors(Self.policy) == [])
        #expect(
            try !errors(
                "policy: k\nprovider: badge-kiosk\nsettings:\n  model:\n    tap_scope: unknown\napps:\n  - id: t\n"
            ).isEmpty)
        #expect(
            try !errors("policy: k\nprovider: badge-kiosk\nsettings:\n  timeout: unknowable\napps:\n  - id: t\n")
                .isEmpty)
    }
}
