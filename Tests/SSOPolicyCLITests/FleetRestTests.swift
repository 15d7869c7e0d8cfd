import Foundation
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicy

/// The rest of fleets (docs/fleets.md): per-group setups, provider-declared hints and prompt costs, the first screen's
/// decision, the guide's decision section, and the fleets `import` writes.
struct FleetGroupChoiceTests {
    static let engine = SSOPolicyEngine(registry: registry)

    static func load(_ text: String) throws(DiagnosticsError) -> Fleet {
        try engine.loadFleet(try engine.readDocument(bytes: Array(text.utf8), file: "f.yaml"), file: "f.yaml")
    }

    static func errors(_ text: String) -> [String] {
        do {
            _ = try load(text)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    static func fleet(_ imprivata: String) -> String {
        """
        fleet: pods
        devices:
          - { group: pod-iphones, platform: ios, os_version: "17.5" }
          - { group: handhelds, platform: android, os_version: "13" }
        apps:
          - { id: ehr, sign_in: own_login, own_session: until_sign_out, logout: [universal_link_callback] }
          - { id: barcode, sign_in: msal_single_account, clears_data_on_user_change: true }
        setups:
        \(imprivata)

        """
    }

    static func appKey(_ fleet: Fleet, setup: String, group: String, app: String, key: String) -> String? {
        fleet.pair(setup: setup, group: group)?.policy?.configuration.apps.first { $0.id == app }?.keys.word(key)
    }

    @Test func aGroupsConsoleChoiceIsOverTheSetupsOnThatGroupOnly() throws {
        let fleet = try Self.load(
            Self.fleet(
                """
                  - setup: imprivata
                    provider: imprivata-mam
                    settings: { check_out_auth: badge_pin }
                    apps:
                      ehr: { logout_method: none }
                    groups:
                      pod-iphones:
                        apps:
                          ehr: { logout_method: universal_link_callback }
                        settings: { device_passcode: per_user }
                """))
        #expect(
            Self.appKey(fleet, setup: "imprivata", group: "pod-iphones", app: "ehr", key: "logout_method")
                == "universal_link_callback")
        #expect(Self.appKey(fleet, setup: "imprivata", group: "handhelds", app: "ehr", key: "logout_method") == "none")
        let iphones = try #require(fleet.pair(setup: "imprivata", group: "pod-iphones")?.document)
        let handhelds = try #require(fleet.pair(setup: "imprivata", group: "handhelds")?.document)
        let iphoneYAML = FleetDerivation.yaml(iphones, fleetFile: "f.yaml")
        #expect(iphoneYAML.contains("  device_passcode: per_user\n"))
        #expect(iphoneYAML.contains("  check_out_auth: badge_pin\n"))
        #expect(!FleetDerivation.yaml(handhelds, fleetFile: "f.yaml").contains("device_passcode"))
    }

    @Test func anUnknownGroupOrKeyUnderGroupsIsAPositionedError() {
        let problems = Self.errors(
            Self.fleet(
                """
                  - setup: imprivata
                    provider: imprivata-mam
                    groups:
                      pod-iphone:
                        apps: { ehr: { logout_method: none } }
                      handhelds:
                        policy: { x: 1 }
                        apps: { ehr: { login: msal_sdm } }
                        settings: { platform: ios }
                """))
        #expect(problems.contains { $0.hasPrefix("f.yaml:12:7: error: unknown device group 'pod-iphone'") })
        #expect(problems.contains { $0.contains("did you mean 'pod-iphones'?") })
        #expect(problems.contains { $0.hasPrefix("f.yaml:15:9: error: unknown key 'policy' in groups: handhelds") })
        #expect(problems.contains { $0.contains("'login' is how the app is built, not a console choice") })
        #expect(problems.contains { $0.contains("'platform' comes from the device group") })
    }

    @Test func eachProvidersHintsNameTheNeutralKeyAndOtherVendorKeysGetTheGeneralOne() {
        let problems = Self.errors(
            """
            fleet: hints
            devices: [{ group: phones, platform: ios }]
            apps:
              - { id: a, msal: single_account }
              - { id: b, sdk_initialized: true }
              - { id: c, logout_method: x_callback_url }
              - { id: d, checks_current_account: true }
            setups: [{ setup: entra, provider: entra-shared-device }]

            """)
        #expect(problems.contains { $0.contains("unknown key 'msal' in app profile; write how the app signs in") })
        #expect(problems.contains { $0.contains("'sdk_initialized' in app profile; write workspace_one_sdk: true") })
        #expect(problems.contains { $0.contains("a logout method is a console choice") })
        #expect(
            problems.contains {
                $0.contains("'checks_current_account' is a key of entra-shared-device policies; describe how the app")
            })
        let loader = FleetLoader(registry: registry)
        // The core's loader names no vendor key of its own: every hint comes from a provider's declarations.
        let keys = Set(registry.providers.flatMap { $0.descriptor.appKeys.map(\.key) })
        #expect(Set(loader.profileKeyHints().keys).isSubset(of: keys))
    }

    @Test func theBadgeFigureIsImprivatasDeclarationNotTheCores() throws {
        #expect(EffortTable.basis(.badge).isAssumption)
        for prompt in Prompt.allCases {
            #expect(EffortTable.basis(prompt).url.map { !$0.contains("groundctl") } ?? true, "\(prompt.name)")
        }
        let descriptors = registry.providers.map(\.descriptor)
        let declared = EffortTable.basis(.badge, declaredBy: descriptors)
        #expect(declared.url == "https://www.groundctl.com/docs/8934")
        #expect(declared.basis.hasPrefix("imprivata-mam: "))
        #expect(EffortTable(declaredBy: descriptors).seconds(.badge) == 6)
        #expect(EffortTable.basis(.interactiveSignIn, declaredBy: descriptors) == EffortTable.basis(.interactiveSignIn))
    }
}

struct FleetFirstScreenAndGuideTests {
    @Test func theFirstScreenDecidesOnTheWardFleetAndSaysHowToRunItOnYours() throws {
        let result = ssopolicy()
        #expect(result.code == 0, "\(result.err)")
        let lines = result.out.components(separatedBy: "\n")
        #expect(lines[0].hasPrefix("Which setup for a fleet: the bundled ward-fleet"))
        #expect(result.out.contains("on scenario ward-handover, best first:"))
        for setup in ["entra", "imprivata", "airwatch"] {
            #expect(lines.prefix(12).contains { $0.contains(". \(setup) (") }, "\(setup)")
        }
        #expect(result.out.contains("does not play on\n       med-handhelds"))
        let own = try #require(lines.firstIndex { $0.hasPrefix("On your own fleet: ssopolicy show ward-fleet") })
        #expect(own < 14)
        #expect(lines[own + 4].hasPrefix("Each vendor's recommended setup on one shift change: "))
    }

    @Test func theGuideOfAFleetLeadsWithTheDecisionInMarkdownAndHTML() {
        let markdown = ssopolicy("guide", "ward-fleet", "--scenario", "ward-handover")
        #expect(markdown.code == 0, "\(markdown.err)")
        let decide = ssopolicy("decide", "ward-fleet", "--scenario", "ward-handover", "--format", "markdown")
        #expect(markdown.out.contains("\n## Decision: "))
        #expect(markdown.out.contains("\n### imprivata\n\nNeeds:\n"))
        #expect(markdown.out.contains("Apps that must change (no configuration makes them safe):"))
        // The same content as decide's, one heading level down.
        #expect(decide.code == 0, "\(decide.err)")
        let guideLines = Set(markdown.out.components(separatedBy: "\n"))
        for line in decide.out.components(separatedBy: "\n").dropFirst() where !line.isEmpty {
            let expected = line.hasPrefix("## ") ? "#" + line : line
            #expect(guideLines.contains(expected), "\(expected)")
        }
        // Every derived policy is listed, not only the first.
        #expect(markdown.out.contains("| `airwatch-ward-iphones` | `airwatch-sdk` |"))
        let html = ssopolicy("guide", "ward-fleet", "--scenario", "ward-handover", "--format", "html")
        #expect(html.code == 0, "\(html.err)")
        #expect(html.out.contains("<section id=\"decision-1\" class=\"decision\">\n<h2>Decision: "))
        #expect(html.out.contains("<li><a href=\"#decision-1\">Decision</a></li>"))
        #expect(html.out.contains("<p>Apps that must change (no configuration makes them safe):</p>"))
    }
}

struct ImportFleetTests {
    static let export = repository + "/Tests/SSOPolicyImportTests/Fixtures/exports/intune-ios-azuread.json"
    static let android = repository + "/Tests/SSOPolicyImportTests/Fixtures/exports/intune-android-enrollment.json"

    @Test func anIntuneImportWritesAFleetThatDecides() throws {
        let folder = Fixtures.folder()
        let fleet = folder + "/fleet.yaml"
        let imported = ssopolicy("import", Self.export, Self.android, "--output", folder + "/out", "--fleet", fleet)
        #expect(imported.code == 0, "\(imported.err)")
        #expect(imported.out.contains("wrote \(fleet) (the fleet: decide on it with ssopolicy decide)\n"))
        let text = try String(contentsOfFile: fleet, encoding: .utf8)
        #expect(text.contains("fleet: imported-fleet\n"))
        #expect(text.contains("    platform: ios  # from: "))
        #expect(text.contains("    platform: android  # from: "))
        #expect(text.contains("  - setup: entra\n"))
        #expect(text.contains("    groups:  # settings that differ between the imported profiles\n"))
        #expect(!text.contains("msal:"))
        let decide = ssopolicy("decide", fleet, "--scenario", "day-shift-handover")
        #expect(decide.code == 0, "\(decide.err)")
        #expect(decide.out.contains("Assumed (left out of the fleet or unknown, defaults played): "))
        // Without --output, only the fleet.
        let alone = folder + "/alone.yaml"
        let only = ssopolicy("import", Self.export, "--fleet", alone)
        #expect(only.code == 0, "\(only.err)")
        #expect(only.out == "wrote \(alone) (the fleet: decide on it with ssopolicy decide)\n")
        // An existing fleet is not replaced without --force.
        let again = ssopolicy("import", Self.export, "--fleet", alone)
        #expect(again.code == 1)
        #expect(again.err.contains("already exists; pass --force"))
    }

    @Test func aTemplateAddsASetupToAnExistingFleetKeepingTheRest() throws {
        let folder = Fixtures.folder()
        let path = folder + "/ward.yaml"
        let ward = try String(contentsOfFile: repository + "/Policies/fleets/ward-fleet.yaml", encoding: .utf8)
        let original = "# my ward\n" + ward + "effort:  # my figures\n  badge: 3\n"
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        let added = ssopolicy("import", "--template", "imprivata-mam", "--fleet", path)
        #expect(added.code == 0, "\(added.err)")
        #expect(added.out.contains("added setup 'imprivata-2' (imprivata-mam"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# my ward\n"))
        #expect(text.hasSuffix("effort:  # my figures\n  badge: 3\n"))
        #expect(text.contains("  - setup: imprivata-2  # added by 'ssopolicy import --template imprivata-mam'"))
        #expect(text.contains("      check_out_auth: unknown  # "))
        #expect(!text.contains("      platform: unknown"))
        let check = ssopolicy("check", path)
        #expect(check.code == 0, "\(check.out)\(check.err)")
        let aw = ssopolicy("import", "--template", "airwatch-sdk", "--fleet", path)
        #expect(aw.code == 0, "\(aw.err)")
        #expect(aw.out.contains("added setup 'airwatch-2'"))
        let decide = ssopolicy("decide", path, "--scenario", "ward-handover")
        #expect(decide.code == 0, "\(decide.err)")
        #expect(decide.out.contains("\nairwatch-2 (airwatch-sdk)"))
        // Flow-style setups: refused, the file as it was.
        let flow = folder + "/flow.yaml"
        let flowText = """
            fleet: f
            devices: [{ group: phones, platform: ios }]
            apps: [{ id: a }]
            setups: [{ setup: entra, provider: entra-shared-device }]

            """
        try flowText.write(toFile: flow, atomically: true, encoding: .utf8)
        let refused = ssopolicy("import", "--template", "imprivata-mam", "--fleet", flow)
        #expect(refused.code == 1)
        #expect(refused.err.contains("flow style"))
        #expect(try String(contentsOfFile: flow, encoding: .utf8) == flowText)
    }
}
