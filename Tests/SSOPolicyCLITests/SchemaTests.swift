import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// The JSON Schema agrees with the checker: every bundled file validates, and mistakes `check` rejects are
/// rejected by the schema too.
struct SchemaTests {
    static let registry = ProviderRegistry([
        AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
        AnyPolicyProvider(ImprivataMAMProvider()),
        AnyPolicyProvider(AppleSharedIPadProvider()),
    ])
    static let engine = SSOPolicyEngine(registry: registry)
    static let validator = JSONSchemaValidator(JSONSchemaGenerator(registry: registry).schema())

    func schemaErrors(_ yaml: String) throws -> [String] {
        let root = try Self.engine.readDocument(bytes: Array(yaml.utf8), file: "x.yaml")
        return Self.validator.errors(YAMLInstance.json(root))
    }

    /// `check`'s errors for a file with this text (a suite's referenced files are not loaded here).
    func checkErrors(_ yaml: String) -> [String] {
        let folder = Fixtures.folder()
        let path = Fixtures.write(yaml, to: "x.yaml", in: folder)
        let report = Self.engine.check(paths: [path])
        return report.diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    @Test func everyBundledFileValidates() throws {
        let files = Self.engine.yamlFiles(in: [repository + "/Policies"]).files
        #expect(files.count > 60)
        for file in files {
            let root = try Self.engine.readDocument(path: file)
            #expect(Self.validator.errors(YAMLInstance.json(root)) == [], "\(file)")
        }
    }

    @Test func theCheckedInSchemaIsCurrent() throws {
        let generated = ssopolicy("schema")
        #expect(generated.code == 0)
        let committed = try String(contentsOfFile: repository + "/schema/ssopolicy.schema.json", encoding: .utf8)
        #expect(
            generated.out == committed, "regenerate: swift run ssopolicy schema --output schema/ssopolicy.schema.json")
        #expect(generated.out.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\""))
    }

    @Test func oneKindAtATime() {
        let policy = ssopolicy("schema", "policy")
        #expect(policy.code == 0)
        #expect(policy.out.contains(##""$ref": "#/$defs/policy""##))
        #expect(ssopolicy("schema", "polcy").code == 64)
    }

    static let policy = """
        policy: shop
        provider: airwatch-sdk
        settings:
          authentication: passcode
          sso: enabled
          authentication_timeout: 15m
        apps:
          - id: inventory
        """
    static let scenario = """
        scenario: shop-day
        steps:
          - { at: "08:00", user: alice, open: inventory, silent_login: fails }
          - { after: 15m, query_sso_status: inventory, before_initial_check: true }
        """
    static let suite = """
        suite: shop-suite
        policy: shop.yaml
        scenario: shop-day.yaml
        expect:
          - step: 1
            prompts: [credentials]
            session: shared_new
            findings: [previous-user-session-active]
        """

    @Test(arguments: [policy, scenario])
    func theValidBaselinesPassBoth(_ yaml: String) throws {
        #expect(checkErrors(yaml) == [])
        #expect(try schemaErrors(yaml) == [])
    }

    @Test func theValidSuiteBaselinePassesTheSchema() throws {
        #expect(try schemaErrors(Self.suite) == [])
    }

    /// (what, original, mistake) — each mistake is rejected by `check` and by the schema.
    static let mistakes: [(String, String, String, String)] = [
        ("unknown top-level key", policy, "policy: shop", "policy: shop\ntitel: Shop"),
        ("invalid policy id", policy, "policy: shop", "policy: Shop_1"),
        ("unknown provider", policy, "airwatch-sdk", "airwatch-sdc"),
        ("unknown setting", policy, "  sso: enabled", "  sso: enabled\n  authentification: passcode"),
        ("value not allowed", policy, "sso: enabled", "sso: enable"),
        ("duration without unit", policy, "15m", "15"),
        ("YAML 1.1 boolean", policy, "sso: enabled", "sso: enabled\n  compromised_protection: yes"),
        ("unknown model option", policy, "  sso: enabled", "  sso: enabled\n  model:\n    wipe_scop: sdk_only"),
        (
            "bad model reading", policy, "  sso: enabled",
            "  sso: enabled\n  model:\n    cold_launch_requires_auth: maybe"
        ),
        ("unknown app key", policy, "  - id: inventory", "  - id: inventory\n    sdk_initialised: true"),
        ("reserved app id", policy, "  - id: inventory", "  - id: all"),
        ("no apps", policy, "apps:\n  - id: inventory", "apps: []"),
        ("missing provider", policy, "provider: airwatch-sdk\n", ""),
        ("two events in a step", scenario, "open: inventory,", "open: inventory, sign_out: inventory,"),
        ("no event in a step", scenario, "open: inventory, ", ""),
        ("open without user", scenario, "user: alice, open", "open"),
        ("at and after", scenario, "{ after: 15m,", "{ at: \"08:30\", after: 15m,"),
        ("bad clock time", scenario, "\"08:00\"", "\"8am\""),
        ("unknown step key", scenario, "silent_login: fails", "silent_logon: fails"),
        ("condition on the wrong event", scenario, "silent_login: fails", "before_initial_check: true"),
        ("bad condition value", scenario, "silent_login: fails", "silent_login: failed"),
        ("reserved user", scenario, "user: alice", "user: none"),
        ("unknown fact", scenario, "steps:", "given:\n  passcode_sett: true\nsteps:"),
        ("bad fact value", scenario, "steps:", "given:\n  passcode_set: maybe\nsteps:"),
        ("no steps", scenario, "steps:\n", "steps: []\nx:\n"),
        ("unknown expectation key", suite, "session: shared_new", "sesion: shared_new"),
        ("unknown prompt", suite, "[credentials]", "[password]"),
        ("unknown session kind", suite, "shared_new", "shared"),
        ("step zero", suite, "step: 1", "step: 0"),
        (
            "no expectations", suite,
            "expect:\n  - step: 1\n    prompts: [credentials]\n    session: shared_new\n    findings: [previous-user-session-active]",
            "expect: []"
        ),
        ("missing scenario", suite, "scenario: shop-day.yaml\n", ""),
    ]

    @Test(arguments: mistakes.indices)
    func aMistakeTheCheckerRejectsTheSchemaRejects(_ index: Int) throws {
        let (what, original, from, to) = Self.mistakes[index]
        #expect(original.contains(from), "\(what): the fixture does not contain '\(from)'")
        let broken = original.replacingOccurrences(of: from, with: to)
        #expect(!checkErrors(broken).isEmpty, "\(what): check accepted it")
        #expect(try !schemaErrors(broken).isEmpty, "\(what): the schema accepted it")
    }

    /// Finding ids, details and step numbers in a suite are checked by `check` against the suite's policy; the
    /// schema knows every registered provider's finding ids, so a misspelt id fails there too.
    @Test func aMisspeltFindingIsRejectedByBoth() throws {
        let folder = Fixtures.folder()
        Fixtures.write(Self.policy, to: "shop.yaml", in: folder)
        Fixtures.write(Self.scenario, to: "shop-day.yaml", in: folder)
        let broken = Self.suite.replacingOccurrences(of: "previous-user-session-active", with: "previous-user-session")
        let path = Fixtures.write(broken, to: "suite.yaml", in: folder)
        #expect(Self.engine.check(paths: [path]).errorCount == 1)
        #expect(try !schemaErrors(broken).isEmpty)
        #expect(Self.engine.check(paths: [folder + "/suite.yaml"]).errorCount == 1)
        let fine = Fixtures.write(Self.suite, to: "fine.yaml", in: folder)
        #expect(Self.engine.check(paths: [fine]).errorCount == 0)
    }
}
