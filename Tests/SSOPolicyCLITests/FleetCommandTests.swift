import Foundation
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicy

/// Fleet files (spec 3.4, docs/fleets.md): loading with positioned errors, the derived policies, `compare`, `run`,
/// `show --setup --group` and `decide` on a fleet.
struct FleetCommandTests {
    static let engine = SSOPolicyEngine(registry: registry)
    static let bundledFleets = ["ward-fleet", "warehouse-fleet", "retail-fleet"]

    static func write(_ text: String, _ name: String = "fleet.yaml") throws -> String {
        let path = Fixtures.folder() + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func errors(_ text: String) -> [String] {
        do {
            _ = try engine.loadFleet(try engine.readDocument(bytes: Array(text.utf8), file: "f.yaml"), file: "f.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    static let minimal = """
        fleet: small
        devices:
          - { group: phones, platform: ios, os_version: "17.5" }
          - { group: handhelds, platform: android, os_version: "13" }
        apps:
          - { id: inventory, sign_in: msal_single_account, clears_data_on_user_change: true }
          - { id: timesheet, sign_in: own_login, own_session: until_terminated }
        setups:
          - { setup: entra, provider: entra-shared-device }
          - { setup: airwatch, provider: airwatch-sdk, settings: { authentication: passcode, sso: enabled } }

        """

    @Test func everySetupDerivesAPolicyPerGroupItModelsAndKeepsTheOthers() throws {
        let fleet = try Self.engine.loadFleet(
            try Self.engine.readDocument(bytes: Array(Self.minimal.utf8), file: "f.yaml"), file: "f.yaml")
        #expect(fleet.pairs.count == 4)
        #expect(fleet.policies.map(\.configuration.id) == ["entra-phones", "entra-handhelds", "airwatch-phones"])
        let unsupported = try #require(fleet.pair(setup: "airwatch", group: "handhelds"))
        #expect(unsupported.policy == nil)
        #expect(unsupported.supportedPlatforms == [.ios, .ipados])
        let android = try #require(fleet.pair(setup: "entra", group: "handhelds")?.policy)
        #expect(android.configuration.settings.word("platform") == "android")
        #expect(android.configuration.apps.map { $0.keys.word("msal") } == ["single_account", "none"])
        let airwatch = try #require(fleet.pair(setup: "airwatch", group: "phones")?.policy)
        #expect(airwatch.configuration.apps[1].keys.word("own_login") == "until_terminated")
        #expect(airwatch.configuration.apps[1].keys.bool("sdk_initialized") == false)
    }

    @Test func everyBadKeyIsPositionedWithASuggestion() {
        let text = """
            fleet: Bad_Id
            devices:
              - { group: phones, platfrom: ios }
              - { group: pads, platform: ipadOS }
              - { group: pads, platform: ios, count: 0 }
            apps:
              - { id: ehr, sign_inn: own_login, msal: none }
              - { id: teams, microsoft: temas }
              - { id: portal, microsoft: teams, sign_in: none }
              - { id: kiosk, sign_in: none, own_session: every_open }
            setups:
              - setup: entra
                provider: entra-shared-devic
              - setup: imprivata
                provider: imprivata-mam
                settings: { platform: ios }
                apps:
                  ehr: { logout_methd: force_quit, login: none }
                  ehrr: { logout_method: force_quit }
            effort: { badg: 2, badge_pin: soon }

            """
        let errors = Self.errors(text)
        let expected = [
            "f.yaml:1:8: error: fleet: 'Bad_Id' is not a valid id",
            "f.yaml:3:5: error: device group: missing required key 'platform'",
            "f.yaml:3:22: error: unknown key 'platfrom' in device group; did you mean 'platform'?",
            "f.yaml:4:30: error: platform: expected one of 'ios', 'android', 'ipados', found 'ipadOS'; did you mean "
                + "'ipados'?",
            "f.yaml:5:14: error: duplicate group 'pads' (first defined at 4:14)",
            "f.yaml:5:42: error: count: expected a whole number from 1 to 1000000, found '0'",
            "f.yaml:7:16: error: unknown key 'sign_inn' in app profile; did you mean 'sign_in'?",
            "f.yaml:7:37: error: unknown key 'msal' in app profile; write how the app signs in: sign_in: "
                + "msal_single_account",
            "f.yaml:8:29: error: microsoft: expected one of 'teams',",
            "f.yaml:9:46: error: sign_in: a Microsoft catalogue app's build comes from the catalogue",
            "f.yaml:10:46: error: own_session: an app with sign_in: none has no session of its own",
            "f.yaml:13:15: error: unknown provider 'entra-shared-devic'; did you mean 'entra-shared-device'?",
            "f.yaml:16:17: error: 'platform' comes from the device group",
            "f.yaml:18:14: error: unknown key 'logout_methd' in the console choices of provider 'imprivata-mam'; "
                + "did you mean 'logout_method'?",
            "f.yaml:18:40: error: 'login' is how the app is built, not a console choice",
            "f.yaml:19:7: error: unknown app 'ehrr' in setup 'imprivata'; did you mean 'ehr'?",
            "f.yaml:20:11: error: effort: unknown prompt kind 'badg'; did you mean 'badge'?",
            "f.yaml:20:31: error: effort: badge_pin: expected a whole number of seconds from 0 to 86400, found 'soon'",
        ]
        #expect(errors.count == expected.count, "\(errors.joined(separator: "\n"))")
        for prefix in expected {
            #expect(errors.contains { $0.hasPrefix(prefix) }, "\(prefix)\n\(errors.joined(separator: "\n"))")
        }
    }

    @Test func aDerivedPolicysProblemIsPositionedInTheFleetOnce() {
        let text = Self.minimal.replacingOccurrences(
            of: "{ setup: entra, provider: entra-shared-device }",
            with: "{ setup: entra, provider: entra-shared-device, settings: { shared_device_mod: true } }")
        let errors = Self.errors(text)
        // Two groups derive it; it is reported once, where the fleet says it.
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first?.hasPrefix(
                "f.yaml:9:64: error: unknown key 'shared_device_mod' in settings of provider 'entra-shared-device'; "
                    + "did you mean 'shared_device_mode'?") == true, "\(errors)")
    }

    @Test func aSettingWrittenWithoutItsQualifierIsSuggested() {
        let text = Self.minimal.replacingOccurrences(
            of: "settings: { authentication: passcode, sso: enabled }",
            with: "settings: { authentication: passcode, sso: enabled, timeout: 5m }")
        let errors = Self.errors(text)
        #expect(
            errors == [
                "f.yaml:10:100: error: unknown key 'timeout' in settings of provider 'airwatch-sdk'; "
                    + "did you mean 'authentication_timeout'?"
            ], "\(errors)")
    }

    @Test func aFleetThatWouldDeriveTooManyPoliciesIsRefusedBeforeDerivingAny() {
        var text = "fleet: big\ndevices:\n"
        for index in 0..<300 { text += "  - { group: g\(index), platform: ios }\n" }
        text += "apps:\n  - { id: a }\nsetups:\n  - { setup: s, provider: airwatch-sdk }\n"
        let errors = Self.errors(text)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("1 setups on 300 device groups with 1 apps derive too many policies") == true)
    }

    @Test func checkCountsFleetsAndSaysWhichSetupAWarningIsAbout() throws {
        let result = ssopolicy("check", repository + "/Policies/fleets")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("0 suites, 3 fleets): 0 errors"), "\(result.out)")
        #expect(
            result.err.contains("ward-fleet.yaml:15:14: warning: setup entra: high: ehr is not shared-device aware"))
    }

    /// Every app's warning is kept (they once shared the position of the setup's settings and only the first was
    /// shown), positioned at the app that lacks the key, and the device groups are named when not every group
    /// raises it.
    @Test func checkKeepsEachAppsWarningAtTheAppAndNamesTheGroupsThatRaiseIt() throws {
        let path = try Self.write(
            """
            fleet: ramp
            devices:
              - { group: phones, platform: ios, os_version: "17.5" }
              - { group: handhelds, platform: android, os_version: "13" }
            apps:
              - { id: turnaround, sign_in: own_login, logout: [universal_link_callback] }
              - { id: loadsheet, sign_in: msal_single_account }
              - { id: roster, sign_in: own_login }
            setups:
              - setup: imprivata
                provider: imprivata-mam
                settings: { check_out_auth: badge_pin }

            """, "ramp-fleet.yaml")
        let result = ssopolicy("check", path)
        let lines = result.err.split(separator: "\n").filter { $0.contains("[no-logout-method]") }
        #expect(
            lines == [
                "\(path):7:11: warning: setup imprivata: high: loadsheet has no logout method [no-logout-method]",
                "\(path):8:11: warning: setup imprivata: high: roster has no logout method [no-logout-method]",
                "\(path):6:11: warning: setup imprivata: high: turnaround has no logout method on handhelds "
                    + "[no-logout-method]",
            ], "\(result.err)")
    }

    @Test func theDerivedPolicyShownIsAnOrdinaryPolicyThatRunAnswersByteForByte() throws {
        for name in ["ward-fleet", "warehouse-fleet"] {
            let fleet = try Self.engine.loadFleet(path: repository + "/Policies/fleets/\(name).yaml")
            let scenario = name == "ward-fleet" ? "ward-handover" : "day-shift-handover"
            for pair in fleet.pairs where pair.policy != nil {
                let setup = fleet.setups[pair.setup].id
                let group = fleet.groups[pair.group].group.id
                let shown = ssopolicy("show", name, "--setup", setup, "--group", group)
                #expect(shown.code == 0, "\(shown.err)")
                let file = try Self.write(shown.out, "\(setup)-\(group).yaml")
                #expect(ssopolicy("check", file).code == 0)
                for format in ["json", "text", "markdown"] {
                    let fromFleet = ssopolicy(
                        "run", "--scenario", scenario, name, "--setup", setup, "--group", group, "--format", format)
                    let fromFile = ssopolicy("run", "--scenario", scenario, file, "--format", format)
                    #expect(fromFleet.code == fromFile.code)
                    #expect(fromFleet.out == fromFile.out, "\(name) \(setup) \(group) \(format)")
                }
            }
        }
    }

    /// `evaluate`, `matrix` and `verify` take a pair of a fleet (`--setup S --group G`) and answer byte for byte as on
    /// the policy `show` derives for it; `verify` names the pair in the counterexamples it writes, whose replay runs.
    @Test func evaluateMatrixAndVerifyAnswerAPairAsItsDerivedPolicy() throws {
        let pair = ["ward-fleet", "--setup", "entra", "--group", "ward-iphones"]
        let shown = ssopolicy(["show"] + pair)
        #expect(shown.code == 0, "\(shown.err)")
        let file = try Self.write(shown.out, "entra-ward-iphones.yaml")
        for arguments in [
            ["evaluate", "--app", "ehr", "--user", "bob"],
            ["evaluate", "--app", "barcode", "--user", "bob", "--fact", "signed_in=alice", "--format", "json"],
            ["matrix", "--app", "teams", "--format", "json"],
            ["verify", "--depth", "3", "--format", "json"],
        ] {
            let fromFleet = ssopolicy([arguments[0]] + pair + arguments.dropFirst())
            let fromFile = ssopolicy([arguments[0], file] + arguments.dropFirst())
            #expect(fromFleet.code == fromFile.code, "\(arguments) \(fromFleet.err)")
            #expect(!fromFleet.out.isEmpty && fromFleet.out == fromFile.out, "\(arguments)")
        }
        let batch = ssopolicy(
            input: Array("{}\n".utf8),
            arguments: ["evaluate"] + pair + ["--app", "ehr", "--user", "bob", "--batch", "-"])
        #expect(batch.code == 0 && batch.out.hasPrefix("{\"policy\":\"entra-ward-iphones\""), "\(batch.out)")

        let folder = Fixtures.folder()
        let verified = ssopolicy(
            ["verify"] + pair + ["--depth", "4", "--assume", "none", "--counterexample-dir", folder])
        #expect(verified.code == 1, "\(verified.err)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let first = try #require(written.first)
        let text = try String(contentsOfFile: folder + "/" + first, encoding: .utf8)
        #expect(
            text.contains(
                "# Replay: ssopolicy run --scenario \(folder)/\(first) ward-fleet --setup entra --group "
                    + "ward-iphones --explain"), "\(text)")
        let replayed = ssopolicy(
            ["run", "--scenario", folder + "/" + first] + pair + ["--format", "json"])
        #expect(replayed.code == 0 && replayed.out.contains("\"policy\": \"entra-ward-iphones\""), "\(replayed.err)")
    }

    /// A fleet given to a command that takes one policy, without the pair, is one positioned error that lists the
    /// setups and groups to choose from; the pair's options without a fleet are a usage error.
    @Test func aFleetWithoutItsPairIsAPositionedErrorThatListsThem() {
        for arguments in [
            ["evaluate", "ward-fleet", "--app", "ehr", "--user", "bob"], ["matrix", "ward-fleet"],
            ["verify", "ward-fleet", "--depth", "2"],
        ] {
            let result = ssopolicy(arguments)
            #expect(result.code == 1, "\(arguments)")
            #expect(
                result.err.hasSuffix(
                    "ward-fleet.yaml:1:8: error: a fleet file: name both --setup (entra, imprivata, airwatch) and "
                        + "--group (ward-iphones, med-handhelds) to choose the policy one setup derives for one "
                        + "device group\n"), "\(arguments) \(result.err)")
        }
        let half = ssopolicy("evaluate", "ward-fleet", "--setup", "entra", "--app", "ehr", "--user", "bob")
        #expect(half.code == 1 && half.err.contains("name both --setup"), "\(half.err)")
        let unsupported = ssopolicy(
            "matrix", "ward-fleet", "--setup", "airwatch", "--group", "med-handhelds")
        #expect(unsupported.code == 1 && unsupported.err.contains("does not play on group 'med-handhelds'"))
        #expect(
            ssopolicy("evaluate", "frontline-entra", "--setup", "entra", "--app", "inventory", "--user", "bob").code
                == 64)
        #expect(ssopolicy("verify", "frontline-entra", "--group", "ward-iphones").code == 64)
    }

    @Test func aFleetsOwnEffortIsNamedInTheShownPolicy() {
        let shown = ssopolicy("show", "retail-fleet", "--setup", "imprivata", "--group", "floor-iphones")
        #expect(shown.out.contains("# The fleet's effort: run this file with --effort badge=3 for the same totals\n"))
    }

    @Test func showAndRunRefuseAPairThatDoesNotExistOrDoesNotPlay() {
        let missing = ssopolicy("show", "ward-fleet", "--setup", "entraa", "--group", "ward-iphones")
        #expect(missing.code == 1)
        #expect(missing.err.contains("--setup: no setup 'entraa'; did you mean 'entra'?"), "\(missing.err)")
        let unsupported = ssopolicy(
            "run", "--scenario", "ward-handover", "ward-fleet", "--setup", "airwatch", "--group", "med-handhelds")
        #expect(unsupported.code == 1)
        // At the group's platform, naming the groups the setup plays on.
        #expect(
            unsupported.err.hasSuffix(
                "ward-fleet.yaml:9:15: error: setup 'airwatch' does not play on group 'med-handhelds': airwatch-sdk "
                    + "does not model android; it plays on 'ward-iphones'\n"), "\(unsupported.err)")
        #expect(ssopolicy("run", "--scenario", "shift-change", "frontline-entra", "--setup", "entra").code == 64)
    }

    @Test func compareOnAFleetShowsEverySetupOnEveryGroupNeverDroppingOne() throws {
        let text = ssopolicy("compare", "--scenario", "ward-handover", "ward-fleet")
        #expect(text.code == 0, "\(text.err)")
        #expect(text.out.hasPrefix("Fleet ward-fleet: A hospital ward"))
        #expect(
            text.out.contains(
                "  med-handhelds (android 13, 20 devices):\n    not modelled: setup airwatch does not play on group "
                    + "med-handhelds:\n      airwatch-sdk models ios, ipados, not android\n"), "\(text.out)")
        #expect(text.out.contains("imprivata-ward-iphones"))
        let json = ssopolicy("compare", "--scenario", "ward-handover", "ward-fleet", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let pairs = try #require(object["pairs"] as? [[String: Any]])
        #expect(pairs.count == 6)
        #expect(pairs.filter { $0["supported"] as? Bool == false }.map { $0["setup"] as? String } == ["airwatch"])
        #expect((object["results"] as? [Any])?.count == 5)
        #expect(object["fleet"] as? String == "ward-fleet")
        // `run` on a fleet without a pair answers as `compare`.
        #expect(ssopolicy("run", "--scenario", "ward-handover", "ward-fleet").out == text.out)
        let markdown = ssopolicy("compare", "--scenario", "ward-handover", "ward-fleet", "--format", "markdown")
        #expect(
            markdown.out.contains(
                "| setup | ward-iphones (ios 17.5, 40 devices) | med-handhelds (android 13, 20 devices) |"))
    }

    @Test func aBuildFactWrittenUnknownIsLeftOutAndAssumed() throws {
        let shown = ssopolicy("show", "ward-fleet")
        #expect(shown.code == 0, "\(shown.err)")
        let unknown = shown.out.replacingOccurrences(
            of: "    clears_data_on_user_change: true\n", with: "    clears_data_on_user_change: unknown\n")
        #expect(unknown != shown.out)
        let path = Fixtures.write(unknown, to: "fleet.yaml", in: Fixtures.folder())
        let check = ssopolicy("check", path)
        #expect(check.code == 0, "\(check.err)")
        let decide = ssopolicy("decide", path, "--scenario", "ward-handover")
        #expect(decide.code == 0, "\(decide.err)")
        #expect(decide.out.contains("clears_data_on_user_change false"), "\(decide.out)")
    }

    /// A setup's setting or console choice written `unknown` plays its provider's default, and every command that
    /// plays the fleet says so: `check` per value (on which groups), `decide` in its assumptions (text and JSON),
    /// `compare`, `decide` and `advise` on standard error. A console choice the app profile gives on a group (a
    /// logout callback on iOS) is left out there, as a choice the setup does not make.
    @Test func aSetupValueWrittenUnknownPlaysItsDefaultAndIsSaidEverywhere() throws {
        let path = try Self.write(
            """
            fleet: small
            devices:
              - { group: phones, platform: ios, os_version: "17.5" }
              - { group: handhelds, platform: android, os_version: "13" }
            apps:
              - { id: ehr, sign_in: own_login, own_session: until_sign_out, logout: [x_callback_url] }
            setups:
              - setup: imprivata
                provider: imprivata-mam
                settings: { check_out_auth: badge_pin, device_passcode: unknown }
                apps: { ehr: { logout_method: unknown } }
                groups: { handhelds: { settings: { device_passcode: per_user } } }
              - { setup: airwatch, provider: airwatch-sdk, settings: { authentication: unknown, sso: enabled } }

            """)
        let check = ssopolicy("check", path)
        #expect(check.code == 0, "\(check.err)")
        #expect(check.out.hasSuffix("0 errors, 10 warnings, 4 notes\n"), "\(check.out)")
        for line in [
            ":10:61: note: setup imprivata: setting 'device_passcode' is unknown: run and compare play its default "
                + "'per_user' on phones\n",
            ":11:35: note: setup imprivata: app 'ehr': 'logout_method' is unknown: run and compare play its default "
                + "'none' on handhelds\n",
            ":13:76: note: setup airwatch: setting 'authentication' is unknown: run and compare play its default "
                + "'disabled'\n",
            ":6:11: note: app 'ehr' leaves 2 build facts out or unknown: every setup plays workspace_one_sdk false, "
                + "clears_data_on_user_change false\n",
        ] {
            #expect(check.err.contains(path + line), "\(line) in \(check.err)")
        }
        // On iOS the profile's callback is the App Logout entry; on Android the default is played.
        let phones = ssopolicy("show", path, "--setup", "imprivata", "--group", "phones")
        #expect(phones.out.contains("    logout_method: x_callback_url\n"), "\(phones.out)")
        let handhelds = ssopolicy("show", path, "--setup", "imprivata", "--group", "handhelds")
        #expect(handhelds.out.contains("    logout_method: unknown\n"), "\(handhelds.out)")
        let scenario = try Self.write(
            """
            scenario: ehr-handover
            given: { custodian: alice, status: checked_out, checked_out_user: alice }
            steps:
              - { at: "08:00", user: alice, open: ehr }
              - { at: "12:00", handover: { from: alice, to: bob } }
              - { at: "12:01", user: bob, open: ehr }

            """, "ehr-handover.yaml")
        let notes = [
            path + ": note: setup 'imprivata' has 2 unknown values, played at their defaults: device_passcode = "
                + "per_user (phones), ehr logout_method = none (handhelds) (see 'ssopolicy check \(path)')\n",
            path + ": note: setup 'airwatch' has 1 unknown value, played at its default: authentication = disabled "
                + "(see 'ssopolicy check \(path)')\n",
        ]
        for command in [["decide", path, "--scenario", scenario], ["compare", "--scenario", scenario, path]] {
            let result = ssopolicy(command)
            #expect(result.code == 0, "\(result.err)")
            #expect(result.err == notes.joined(), "\(command): \(result.err)")
        }
        let decide = ssopolicy("decide", path, "--scenario", scenario)
        #expect(
            decide.out.replacingOccurrences(of: "\n  ", with: " ").contains(
                "; setup imprivata: device_passcode = per_user (phones), ehr logout_method = none (handhelds); "
                    + "setup airwatch: authentication = disabled\n"), "\(decide.out)")
        let json = ssopolicy("decide", path, "--scenario", scenario, "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let setups = try #require(object["setups"] as? [[String: Any]])
        let played = setups.map { setup in
            (setup["played_defaults"] as? [[String: Any]] ?? []).map { value in
                ["app", "key", "value"].compactMap { value[$0] as? String }.joined(separator: " ") + " on "
                    + (value["groups"] as? [String] ?? []).joined(separator: ", ")
            }
        }
        #expect(
            played == [
                ["device_passcode per_user on phones", "ehr logout_method none on handhelds"],
                ["authentication disabled on phones"],
            ])
        let advise = ssopolicy("advise", path, "--scenario", scenario)
        #expect(advise.code == 0, "\(advise.err)")
        #expect(advise.err == notes.joined(), "\(advise.err)")
        // The guide of the fleet says them as compare does: once per setup, not once per derived policy.
        let guide = ssopolicy("guide", path, "--scenario", scenario)
        #expect(guide.code == 0, "\(guide.err)")
        #expect(guide.err == notes.joined(), "\(guide.err)")
        // A policy file with one unknown value: its default, in the singular.
        let policy = try Self.write(
            "policy: one\nprovider: airwatch-sdk\nsettings: { authentication: unknown }\napps:\n  - { id: ehr }\n",
            "one.yaml")
        let run = ssopolicy("run", "--scenario", scenario, policy)
        #expect(
            run.err.contains(
                policy + ": note: policy 'one' has 1 unknown value, played at its default: settings authentication = "
                    + "disabled (see 'ssopolicy check \(policy)')\n"), "\(run.err)")
    }

    /// A device group's OS version or count written `unknown` is left out, as a build fact is; a group without an
    /// OS version gives each provider that reads one its own default, which `check` and `decide` name.
    @Test func aGroupWithoutAnOSVersionPlaysEachProvidersDefaultAndSaysSo() throws {
        let path = try Self.write(
            """
            fleet: tills
            devices:
              - { group: tills, platform: ipados, os_version: unknown, count: unknown }
            apps:
              - { id: till, sign_in: none }
            setups:
              - { setup: entra, provider: entra-shared-device, settings: { shared_device_mode: true } }
              - { setup: ipad, provider: apple-shared-ipad }

            """)
        let check = ssopolicy("check", path)
        #expect(check.code == 0, "\(check.err)")
        #expect(
            check.err.contains(
                path
                    + ":3:14: note: setup entra: setting 'os_version' is unknown: run and compare play its default '17'\n"
            ), "\(check.err)")
        #expect(
            check.err.contains(
                path + ":3:14: note: setup ipad: setting 'os_version' is unknown: run and compare play its default "
                    + "'18.1'\n"), "\(check.err)")
        let shown = ssopolicy("show", path, "--setup", "ipad", "--group", "tills")
        #expect(shown.out.contains("settings:\n  os_version: unknown\n"), "\(shown.out)")
        #expect(shown.out.contains("on tills (ipados)\""), "\(shown.out)")
    }

    /// An app that signs no one in has no session of its own to outlive a sign-out: its reason to change says
    /// what it does keep (its data), where an app with its own login keeps its session too.
    @Test func appsThatMustChangeSayWhatAnAppWithoutSignInKeeps() throws {
        let fleet = try Self.write(
            """
            fleet: counter
            devices:
              - { group: phones, platform: ios, os_version: "17.5" }
            apps:
              - { id: rota, sign_in: none }
              - { id: stock, sign_in: own_login }
            setups:
              - { setup: entra, provider: entra-shared-device, settings: { shared_device_mode: true } }
              - { setup: airwatch, provider: airwatch-sdk, settings: { authentication: passcode, sso: enabled } }

            """, "counter-fleet.yaml")
        let scenario = try Self.write(
            """
            scenario: counter-day
            steps:
              - { at: "08:00", user: alice, open: rota }
              - { at: "08:05", user: alice, open: stock }

            """, "counter-day.yaml")
        let decide = ssopolicy("decide", fleet, "--scenario", scenario, "--format", "json")
        #expect(decide.code == 0, "\(decide.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(decide.out.utf8)) as? [String: Any])
        let setups = try #require(object["setups"] as? [[String: Any]])
        var reasons: [String: [String: [String]]] = [:]
        for setup in setups {
            let apps = try #require(setup["apps_that_must_change"] as? [[String: Any]])
            for app in apps {
                reasons[setup["setup"] as? String ?? "", default: [:]][app["app"] as? String ?? ""] =
                    app["reasons"] as? [String]
            }
        }
        let expected: [(setup: String, app: String, reason: String)] = [
            (
                "entra", "rota",
                "must be rebuilt on MSAL single-account with the broker: it signs no one in, so the global sign-out "
                    + "never clears the data it keeps"
            ),
            (
                "entra", "stock",
                "must be rebuilt on MSAL single-account with the broker: its own session and data outlive the "
                    + "global sign-out"
            ),
            (
                "airwatch", "rota",
                "must be built with the Workspace ONE SDK: without it the app keeps its data across check-in and "
                    + "check-out"
            ),
            (
                "airwatch", "stock",
                "must be built with the Workspace ONE SDK: without it the app keeps its own login and data across "
                    + "check-in and check-out"
            ),
        ]
        for (setup, app, reason) in expected { #expect(reasons[setup]?[app] == [reason], "\(setup) \(app)") }
        let run = ssopolicy("run", "legacy-app-entra", "--scenario", "shift-change", "--format", "json")
        #expect(run.out.contains("is not shared-device aware: without broker-enabled MSAL, no global sign-in"))
    }

    @Test func decideGivesEachSetupsWorstFindingEffortNeedsAndAppsThatMustChange() throws {
        let text = ssopolicy("decide", "ward-fleet", "--scenario", "ward-handover")
        #expect(text.code == 0, "\(text.err)")
        #expect(text.out.hasPrefix("Decision for fleet ward-fleet"))
        // The ranking names the groups a setup does not play on, in every format.
        #expect(
            text.out.replacingOccurrences(of: "\n  ", with: " ").contains(
                "1. imprivata 2. entra 3. airwatch (does not play on med-handhelds)\n"), "\(text.out)")
        #expect(text.out.contains("  worst: critical previous-user-session-active"))
        #expect(text.out.contains("device: Imprivata Launchpads (docks with badge readers)"))
        #expect(text.out.contains("    - ehr: must be rebuilt on MSAL single-account with the broker"))
        #expect(
            text.out.replacingOccurrences(of: "\n  ", with: " ").contains(
                "Assumed (left out of the fleet or unknown, defaults played): barcode: own_session"), "\(text.out)")
        let json = ssopolicy("decide", "ward-fleet", "--scenario", "ward-handover", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["ranking"] as? [String] == ["imprivata", "entra", "airwatch"])
        let setups = try #require(object["setups"] as? [[String: Any]])
        let airwatch = try #require(setups.first { $0["setup"] as? String == "airwatch" })
        let groups = try #require(airwatch["groups"] as? [[String: Any]])
        #expect(groups.map { $0["supported"] as? Bool } == [true, false])
        let changes = try #require(airwatch["apps_that_must_change"] as? [[String: Any]])
        #expect(changes.map { $0["app"] as? String } == ["ehr", "barcode", "teams"])
        let markdown = ssopolicy("decide", "ward-fleet", "--scenario", "ward-handover", "--format", "markdown")
        #expect(markdown.out.hasPrefix("# Decision: A hospital ward"))
        #expect(markdown.out.contains(": imprivata, entra, airwatch (does not play on med-handhelds)\n"))
        #expect(ssopolicy("decide", "frontline-entra", "--scenario", "shift-change").code == 1)
    }

    /// On the bundled warehouse and a shift change with no handover, nobody checks an Imprivata device out: every
    /// access is denied, so no finding is raised. Such a setup was never seen in a shift and ranks last, saying why.
    @Test func aSetupUnderWhichNoOneCouldWorkRanksLastAndSaysSo() throws {
        let text = ssopolicy("decide", "warehouse-fleet", "--scenario", "shift-change")
        #expect(text.code == 0, "\(text.err)")
        let flat = text.out.replacingOccurrences(of: "\n    ", with: " ").replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            flat.contains(
                "then how often it occurs on one group, then effort; setups under which workers could not work on "
                    + "every group last): 1. airwatch (does not "
                    + "play on floor-handhelds) 2. entra 3. imprivata (workers could not work on floor-handhelds, "
                    + "lead-iphones)\n"), "\(text.out)")
        #expect(
            flat.contains(
                "worst: alice, bob could not work (floor-handhelds, lead-iphones); no finding above info effort:"),
            "\(text.out)")
        let json = ssopolicy("decide", "warehouse-fleet", "--scenario", "shift-change", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["ranking"] as? [String] == ["airwatch", "entra", "imprivata"])
        let setups = try #require(object["setups"] as? [[String: Any]])
        #expect(
            setups.map { $0["could_not_work_on"] as? [String] } == [[], [], ["floor-handhelds", "lead-iphones"]])
        // With the device checked out to the first worker and the vendor's handover, the same setup lets everyone
        // work and is ranked on what it does (`twoExposuresOfTheWorstKindRankBelowOneWhateverTheEffort`).
        let handover = ssopolicy("decide", "warehouse-fleet", "--scenario", "day-shift-handover", "--format", "json")
        let ranked = try #require(try JSONSerialization.jsonObject(with: Data(handover.out.utf8)) as? [String: Any])
        #expect(ranked["ranking"] as? [String] == ["airwatch", "entra", "imprivata"])
        let handoverSetups = try #require(ranked["setups"] as? [[String: Any]])
        #expect(handoverSetups.allSatisfy { ($0["could_not_work_on"] as? [String])?.isEmpty == true })
    }

    /// Two setups alike in their worst finding and where it occurs are told apart by how often it occurs on one
    /// group before effort: on the warehouse's handover, Imprivata's badge costs the workers 46 s against Entra's
    /// 1m40s of sign-in, but leaves two critical exposures per device where Entra leaves one (and Bob never safe).
    @Test func twoExposuresOfTheWorstKindRankBelowOneWhateverTheEffort() throws {
        let answer = ssopolicy("decide", "warehouse-fleet", "--scenario", "day-shift-handover", "--format", "json")
        #expect(answer.code == 0, "\(answer.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
        let setups = try #require(object["setups"] as? [[String: Any]])
        func criticalPerGroup(_ id: String) -> [Int] {
            let setup = setups.first { $0["setup"] as? String == id }
            return ((setup?["groups"] as? [[String: Any]]) ?? []).compactMap { group in
                (group["findings"] as? [String: Int])?["critical"]
            }
        }
        #expect(criticalPerGroup("entra") == [1, 1])
        #expect(criticalPerGroup("imprivata") == [2, 2])
        let ranking = try #require(object["ranking"] as? [String])
        #expect(try #require(ranking.firstIndex(of: "entra")) < #require(ranking.firstIndex(of: "imprivata")))
    }

    /// An app whose own login asks at every open and clears the last worker's data at the next sign-in keeps
    /// nothing for the next worker under any vendor: no setup serves Bob Alice's session in it or lists it among the
    /// apps that must change (Imprivata served Alice's session at Bob's open and every vendor asked for a rebuild).
    @Test func anAppThatAsksAtEveryOpenAndClearsItsDataNeedsNoChangeUnderAnyVendor() throws {
        let folder = Fixtures.folder()
        let fleetPath = Fixtures.write(
            """
            fleet: till-phones
            devices:
              - { group: phones, platform: ios, os_version: "18.1" }
              - { group: handhelds, platform: android, os_version: "14" }
            apps:
              - { id: pos, sign_in: own_login, own_session: every_open, clears_data_on_user_change: true }
            setups:
              - { setup: entra, provider: entra-shared-device }
              - { setup: ws1, provider: airwatch-sdk, settings: { authentication: passcode, sso: enabled } }
              - { setup: mam, provider: imprivata-mam, settings: { check_out_auth: badge } }

            """, to: "till.yaml", in: folder)
        let scenarioPath = Fixtures.write(
            """
            scenario: till-handover
            steps:
              - { at: "08:00", handover: { to: alice } }
              - { at: "08:05", user: alice, open: pos }
              - { at: "12:00", handover: { from: alice, to: bob } }
              - { at: "12:05", user: bob, open: pos }

            """, to: "till-handover.yaml", in: folder)
        let answer = ssopolicy("decide", fleetPath, "--scenario", scenarioPath, "--format", "json")
        #expect(answer.code == 0, "\(answer.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
        let setups = try #require(object["setups"] as? [[String: Any]])
        #expect(setups.count == 3)
        for setup in setups {
            let id = setup["setup"] as? String ?? "?"
            #expect((setup["apps_that_must_change"] as? [[String: Any]])?.isEmpty == true, "\(id)")
        }
        let compared = ssopolicy("compare", fleetPath, "--scenario", scenarioPath, "--format", "json")
        #expect(compared.code == 0, "\(compared.err)")
        #expect(!compared.out.contains("previous-user-session-active"), "\(compared.out)")
        #expect(!compared.out.contains("previous-user-data-visible"), "\(compared.out)")
        #expect(!compared.out.contains("no-logout-method"), "\(compared.out)")
        // Whatever the facts say of its session, an app that keeps no sign-in serves nobody else's.
        let whatIf = ssopolicy(
            "evaluate", fleetPath, "--setup", "mam", "--group", "phones", "--app", "pos", "--user", "bob", "--format",
            "json")
        #expect(whatIf.code == 0, "\(whatIf.err)")
        #expect(whatIf.out.contains("app_credentials"), "\(whatIf.out)")
        #expect(!whatIf.out.contains("previous-user-session-active"), "\(whatIf.out)")
        #expect(!whatIf.out.contains("session_owner"), "\(whatIf.out)")
    }

    /// A setup whose provider models none of the fleet's device groups (Workspace ONE and Shared iPad on an
    /// Android-only store) is said, never dropped or dressed as safe: `decide` gives no verdict, effort or "no app
    /// must change" for it and ranks it after a setup that plays; `advise` says there is nothing to advise and why
    /// (it printed nothing for it), and names the groups a setup that plays elsewhere does not play on; the guide's
    /// policies section says why it lists none.
    @Test func aSetupThatPlaysOnNoGroupIsSaidNotDroppedOrCalledSafe() throws {
        let folder = Fixtures.folder()
        let fleetPath = Fixtures.write(AndroidOnlyStore.fleetWithEntra, to: "droid.yaml", in: folder)
        let scenarioPath = Fixtures.write(AndroidOnlyStore.scenario, to: "ds.yaml", in: folder)
        let decide = ssopolicy("decide", fleetPath, "--scenario", scenarioPath)
        #expect(decide.code == 0, "\(decide.err)")
        let flat = decide.out.replacingOccurrences(of: "\n    ", with: " ").replacingOccurrences(of: "\n  ", with: " ")
        #expect(flat.contains("ws1 (airwatch-sdk) worst: plays on no device group of the fleet tc21"), "\(decide.out)")
        #expect(!decide.out.contains("up to 0s"), "\(decide.out)")
        #expect(!decide.out.contains("apps that must change: none"), "\(decide.out)")
        let ranked = ssopolicy("decide", fleetPath, "--scenario", scenarioPath, "--format", "json")
        let decision = try #require(try JSONSerialization.jsonObject(with: Data(ranked.out.utf8)) as? [String: Any])
        #expect((decision["ranking"] as? [String])?.first == "entra")

        let advise = ssopolicy("advise", fleetPath, "--scenario", scenarioPath)
        #expect(advise.code == 0, "\(advise.err)")
        let said = advise.out.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            said.contains(
                "Setup ws1 (airwatch-sdk) plays on no device group of the fleet, so there is nothing to advise: setup "
                    + "ws1 does not play on group tc21: airwatch-sdk models ios, ipados, not android."), "\(advise.out)"
        )
        #expect(said.contains("Setup ipad (apple-shared-ipad) plays on no device group"), "\(advise.out)")
        #expect(said.contains("Advice for setup entra of fleet droid-store"), "\(advise.out)")
        let markdown = ssopolicy("advise", fleetPath, "--scenario", scenarioPath, "--format", "markdown")
        #expect(
            markdown.out.contains(
                "# setup ws1 of fleet droid-store on ds\n\nSetup ws1 (airwatch-sdk) plays on no device group"),
            "\(markdown.out)")
        let json = ssopolicy("advise", fleetPath, "--scenario", scenarioPath, "--format", "json")
        let advice = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let nowhere = try #require(advice["plays_nowhere"] as? [[String: Any]])
        #expect(nowhere.map { $0["setup"] as? String } == ["ws1", "ipad"])
        #expect(nowhere.map { $0["does_not_play_on"] as? [String] } == [["tc21"], ["tc21"]])
        let setups = try #require(advice["setups"] as? [[String: Any]])
        #expect(setups.map { $0["setup"] as? String } == ["entra"])
        #expect(setups.map { $0["does_not_play_on"] as? [String] } == [[]])

        // A setup that plays on some groups says which it does not play on, above its advice.
        let ward = ssopolicy("advise", "ward-fleet", "--scenario", "ward-handover")
        #expect(
            ward.out.replacingOccurrences(of: "\n    ", with: " ").contains(
                "\n  setup airwatch does not play on group med-handhelds: airwatch-sdk models ios, ipados, not "
                    + "android\n  before:"), "\(ward.out)")

        // Without the setup that plays, the guide derives no policy and says why.
        let nothing = Fixtures.write(AndroidOnlyStore.fleet, to: "nothing.yaml", in: folder)
        let guide = ssopolicy("guide", nothing, "--scenario", scenarioPath)
        #expect(guide.code == 0, "\(guide.err)")
        #expect(guide.out.contains("## Policies\n\nNone: no setup of the fleet plays on any of its device groups"))
    }

    @Test func aGuideOfAFleetHoldsEveryPolicyItsSetupsDerive() {
        let guide = ssopolicy("guide", "ward-fleet", "--scenario", "ward-handover")
        #expect(guide.code == 0, "\(guide.err)")
        // The title names the fleet, not each policy it derives.
        #expect(
            guide.out.hasPrefix("# Shared-device SSO: onboarding guide for fleet ward-fleet\n"),
            "\(guide.out.prefix(200))")
        for policy in ["entra-ward-iphones", "entra-med-handhelds", "imprivata-ward-iphones", "airwatch-ward-iphones"] {
            #expect(guide.out.contains("`\(policy)`"), "\(policy)")
        }
        // Each pair's decision table names the command that answers it, pair included, and the command runs.
        let command = "ssopolicy evaluate ward-fleet --setup imprivata --group med-handhelds --app ehr --user alice"
        #expect(guide.out.contains("`\(command)`"), "\(guide.out)")
        #expect(ssopolicy(Array(command.split(separator: " ").dropFirst().map(String.init))).code == 0)
        // The what-if explorer builds the same command from each table's file and pair.
        let html = ssopolicy("guide", "ward-fleet", "--scenario", "ward-handover", "--format", "html")
        #expect(html.out.contains(#""file":"ward-fleet","pair":["--setup","entra","--group","med-handhelds"]"#))
    }

    @Test func aFleetAsAUserWritesItIsCheckedComparedAndDecided() {
        let fleet = repository + "/Benchmarks/fixtures/ed-fleet.yaml"
        let scenario = repository + "/Benchmarks/fixtures/ed-fleet-24h.yaml"
        #expect(ssopolicy("check", fleet, scenario).code == 0)
        #expect(ssopolicy("compare", "--scenario", scenario, fleet).code == 0)
        let decision = ssopolicy("decide", fleet, "--scenario", scenario)
        #expect(decision.code == 0, "\(decision.err)")
        #expect(decision.out.contains("pod-iphones (ios 17.5, 40 devices): "))
    }
}

/// Worker effort (docs/fleets.md, "Worker effort"): seconds per prompt, not prompt counts.
struct WorkerEffortTests {
    @Test func everyPromptKindHasADefaultWithItsBasis() {
        for prompt in Prompt.allCases {
            let basis = EffortTable.basis(prompt)
            #expect(basis.seconds > 0)
            #expect(basis.isAssumption == basis.basis.hasPrefix("assumption"), "\(prompt.name)")
            #expect(basis.isAssumption || basis.url?.hasPrefix("https://") == true)
        }
        #expect(EffortTable.standard.seconds(.badge) < EffortTable.standard.seconds(.interactiveSignIn))
    }

    @Test func theVerdictGivesSignInEffortAndTimeToTheFirstProductiveAccess() throws {
        let run = ssopolicy("run", "--scenario", "day-shift-handover", "hospital-imprivata")
        #expect(run.code == 0)
        // A badge, its PIN and a device passcode at the check-out, then the app's own login.
        #expect(run.out.contains("bob safe from step 4 (at once; working in 2m1s); effort alice 1m, bob\n  1m21s\n"))
        func bobsEffort(_ extra: [String]) throws -> Int {
            let json = ssopolicy(
                ["run", "--scenario", "day-shift-handover", "hospital-imprivata", "--format", "json"] + extra)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
            let summary = try #require(object["summary"] as? [String: Any])
            // Today's contract, then the additions.
            for key in ["prompts", "findings", "prompts_per_user", "denied_per_user", "could_not_work", "verdict"] {
                #expect(summary[key] != nil, "\(key)")
            }
            let effort = try #require(summary["effort_seconds_per_user"] as? [String: Int])
            return try #require(effort["bob"])
        }
        let standard = try bobsEffort([])
        #expect(standard == 81)
        #expect(try bobsEffort(["--effort", "badge=1", "--effort", "create_passcode=0"]) == standard - 5 - 15)
    }

    /// A Microsoft app's sign-in is the Microsoft sign-in, a second factor included, under every vendor that leaves
    /// it to the app: Entra's shared mode, Workspace ONE's app without the SDK, Imprivata without shared device
    /// mode, Shared iPad. It was a 20 s app login under Workspace ONE and Imprivata, against 40 s elsewhere, which
    /// made them look cheaper for the same Teams.
    @Test func aMicrosoftAppsSignInCostsTheSameUnderEveryVendor() throws {
        let folder = Fixtures.folder()
        let fleet = Fixtures.write(
            """
            fleet: teams-only
            devices:
              - { group: phones, platform: ios, os_version: "17.5" }
              - { group: pads, platform: ipados, os_version: "17.5" }
            apps:
              - { id: teams, microsoft: teams }
              - { id: loadsheet, sign_in: msal_single_account }
            setups:
              - { setup: entra, provider: entra-shared-device }
              - { setup: ws1, provider: airwatch-sdk, settings: { sso: enabled } }
              - { setup: mam, provider: imprivata-mam }
              - { setup: ipad, provider: apple-shared-ipad }
            """, to: "fleet.yaml", in: folder)
        let scenario = Fixtures.write(
            """
            scenario: first-teams
            steps:
              - { at: "07:00", handover: { to: ann } }
              - { at: "07:05", user: ann, open: teams }
            """, to: "scenario.yaml", in: folder)
        for (setup, group) in [("entra", "phones"), ("ws1", "phones"), ("mam", "phones"), ("ipad", "pads")] {
            let run = ssopolicy(
                "run", "--scenario", scenario, fleet, "--setup", setup, "--group", group, "--format", "json")
            #expect(run.code == 0, "\(run.err)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
            let steps = try #require(object["steps"] as? [[String: Any]])
            let prompts = try #require(steps.last?["prompts"] as? [String])
            #expect(prompts.last == "interactive_sign_in", "\(setup): \(prompts)")
            #expect(!prompts.contains("app_credentials"), "\(setup): \(prompts)")
        }
        // The derived Workspace ONE policy says so for every app that signs in with MSAL, and only for those.
        let derived = ssopolicy("show", fleet, "--setup", "ws1", "--group", "phones")
        #expect(
            derived.out.components(separatedBy: "own_login_prompt: interactive_sign_in").count == 3, "\(derived.out)")
    }

    @Test func compareTotalsKeepTodaysKeysAndAddEffortAndProductiveAccess() throws {
        let json = ssopolicy(
            "compare", "--scenario", "shift-change", "frontline-entra", "warehouse-airwatch", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        for result in results {
            let totals = try #require(result["totals"] as? [String: Any])
            for key in [
                "prompts", "prompts_per_user", "denied_per_user", "could_not_work", "findings", "worst_finding",
                "handovers", "verdict", "effort_seconds_per_user",
            ] {
                #expect(totals[key] != nil, "\(key)")
            }
            let handover = try #require((totals["handovers"] as? [[String: Any]])?.first)
            for key in [
                "user", "from", "step", "safe_from_step", "first_productive_step", "seconds_to_first_productive_access",
            ] {
                #expect(handover.keys.contains(key), "\(key)")
            }
        }
    }

    @Test func aBadEffortIsAUsageErrorNamingTheKind() {
        let result = ssopolicy("run", "--scenario", "shift-change", "frontline-entra", "--effort", "badg=2")
        #expect(result.code == 64)
        #expect(result.err.contains("unknown prompt kind 'badg'; did you mean 'badge'?"), "\(result.err)")
        #expect(ssopolicy("run", "--scenario", "shift-change", "frontline-entra", "--effort", "badge=-1").code == 64)
        #expect(
            ssopolicy("run", "--scenario", "shift-change", "frontline-entra", "--effort", "badge=99999999999").code
                == 64)
    }

    @Test func aWorkerWhoCouldNotWorkLeadsTheVerdict() throws {
        let totals = Comparison.Totals(
            prompts: 0,
            workers: [
                .init(user: "alice", prompts: 0, accessAttempts: 2, denied: 2),
                .init(user: "bob", prompts: 1, accessAttempts: 1, denied: 0, effortSeconds: 40),
            ], findings: [.high: 1],
            worstFinding: .init(id: "previous-user-data-visible", severity: .high, step: 3), handovers: [],
            stepsExamined: 3)
        #expect(Comparison.verdict(totals).hasPrefix("alice could not work (all 2 access attempts denied); high "))
        #expect(Comparison.verdict(totals).hasSuffix("; effort alice 0s, bob 40s; denied alice 2, bob 0"))
    }
}
