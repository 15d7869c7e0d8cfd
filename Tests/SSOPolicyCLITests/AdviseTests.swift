import Foundation
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicy

/// `advise` (spec 3.5, docs/advise.md): every suggestion, pasted into the policy file, makes `run --fail-on GOAL`
/// pass; removing any one of its changes does not; the brute force finds the same minimal sets.
struct AdviseTests {
    /// Applies changes to a block-style policy file's text, as a user pasting the suggestion would: a setting's line
    /// under `settings:` (or a new one), an app's key line under its `- id:` item (or a new one).
    static func edit(_ text: String, with changes: [AdviceChange]) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func block(after header: Int, indent: Int) -> Range<Int> {
            var end = header + 1
            while end < lines.count {
                let line = lines[end]
                let leading = line.prefix { $0 == " " }.count
                if !line.trimmingCharacters(in: .whitespaces).isEmpty && leading < indent { break }
                end += 1
            }
            return (header + 1)..<end
        }
        func set(_ key: String, _ value: String, header: Int, indent: Int) {
            let pad = String(repeating: " ", count: indent)
            let range = block(after: header, indent: indent)
            if let at = range.first(where: { lines[$0].hasPrefix(pad + key + ":") }) {
                lines[at] = pad + key + ": " + value
            } else {
                lines.insert(pad + key + ": " + value, at: header + 1)
            }
        }
        for change in changes {
            if let app = change.app {
                guard
                    let header = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "- id: \(app)" })
                else { continue }
                let indent = lines[header].prefix { $0 == " " }.count + 2
                set(change.key, change.value, header: header, indent: indent)
            } else {
                if let header = lines.firstIndex(of: "settings:") {
                    set(change.key, change.value, header: header, indent: 2)
                } else {
                    let at = lines.firstIndex(of: "apps:") ?? lines.count
                    lines.insert(contentsOf: ["settings:", "  \(change.key): \(change.value)"], at: at)
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func bundledPath(_ name: String) -> String? {
        ["airwatch", "entra", "imprivata", "apple"].map { repository + "/Policies/\($0)/\(name).yaml" }.first {
            FileManager.default.fileExists(atPath: $0)
        }
    }

    static func scenarioPath(_ name: String) -> String { repository + "/Policies/scenarios/\(name).yaml" }

    /// `run --fail-on GOAL` on the policy text: true when it meets the goal and no worker but those in
    /// `stranded` could not work (a change that stops the work is no fix).
    static func meets(
        _ text: String, scenario: String, goal: String = "high", folder: String, stranded: Set<String> = []
    ) -> Bool {
        let path = Fixtures.write(text, to: "edited-\(UInt32.random(in: 0...UInt32.max)).yaml", in: folder)
        let run = ssopolicy("run", "--scenario", scenario, path, "--fail-on", goal, "--format", "json")
        return run.code == 0 && Self.stranded(run.out).isSubset(of: stranded)
    }

    /// The workers a `run --format json` answer says could not work.
    static func stranded(_ json: String) -> Set<String> {
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let summary = object?["summary"] as? [String: Any]
        return Set(summary?["could_not_work"] as? [String] ?? [])
    }

    static func advise(_ path: String, scenario: String, request: AdviceRequest) throws -> Advice {
        let policy = try engine.loadPolicy(path: path)
        let played = try engine.loadScenario(path: scenario)
        return try Advice.advise(played, subjects: [AdviceSubject(policy: policy)], request: request, subject: "p")
    }

    /// The checks of the issue on one policy file: applied, each suggestion meets the goal; without any one of its
    /// changes it does not; the brute force finds exactly the same minimal sets.
    static func trust(_ text: String, path: String, scenario: String, maxChanges: Int, folder: String) throws
        -> [String]
    {
        var failures: [String] = []
        let request = AdviceRequest(maxChanges: maxChanges)
        let advice = try advise(path, scenario: scenario, request: request)
        var exhaustiveRequest = request
        exhaustiveRequest.exhaustive = true
        let brute = try advise(path, scenario: scenario, request: exhaustiveRequest)
        let found = Set(advice.suggestions.map { Set($0.changes) })
        let bruteFound = Set(brute.suggestions.map { Set($0.changes) })
        if found != bruteFound {
            failures.append("\(path) on \(scenario): search \(found.count) sets, brute force \(bruteFound.count)")
        }
        let stranded = Self.stranded(ssopolicy("run", "--scenario", scenario, path, "--format", "json").out)
        for suggestion in advice.suggestions {
            let label = "\(path) on \(scenario): " + suggestion.changes.map(\.text).joined(separator: "; ")
            if !meets(edit(text, with: suggestion.changes), scenario: scenario, folder: folder, stranded: stranded) {
                failures.append(label + ": applied, does not meet the goal")
            }
            for dropped in suggestion.changes.indices where suggestion.changes.count > 1 || !advice.alreadyMeets {
                var fewer = suggestion.changes
                fewer.remove(at: dropped)
                if meets(edit(text, with: fewer), scenario: scenario, folder: folder, stranded: stranded) {
                    failures.append(label + ": meets the goal without \(suggestion.changes[dropped].text)")
                }
            }
        }
        if !advice.suggestions.isEmpty && advice.alreadyMeets { failures.append("\(path): suggests on a safe policy") }
        // The sets left out since they stop the work: each leaves no finding and keeps a worker from working.
        for left in advice.stopsWork {
            let label = "\(path) on \(scenario): left out " + left.changes.map(\.text).joined(separator: "; ")
            let edited = Fixtures.write(
                edit(text, with: left.changes), to: "left-\(UInt32.random(in: 0...UInt32.max)).yaml", in: folder)
            let run = ssopolicy("run", "--scenario", scenario, edited, "--fail-on", "high", "--format", "json")
            if run.code != 0 { failures.append(label + ": does not meet the goal") }
            if !Set(left.workers).isSubset(of: Self.stranded(run.out).subtracting(stranded)) {
                failures.append(label + ": \(left.workers) are not kept from working")
            }
        }
        if Set(advice.stopsWork.map { Set($0.changes) }) != Set(brute.stopsWork.map { Set($0.changes) }) {
            failures.append("\(path) on \(scenario): the search and the brute force leave out different sets")
        }
        return failures
    }

    // MARK: The bundled misconfigurations

    /// Each bundled misconfiguration on the first screen's handover, and the fix its title names: what breaks the
    /// shift change (README, "The bundled library").
    static let misconfigurations: [(policy: String, fix: [AdviceChange])] = [
        (
            // "check-out keeps the passcode and app data": the apps must clear their data at a user change.
            "warehouse-airwatch",
            [
                AdviceChange(kind: .appBuild, app: "inventory", key: "clears_data_on_user_change", value: "true"),
                AdviceChange(kind: .appBuild, app: "timesheet", key: "clears_data_on_user_change", value: "true"),
            ]
        ),
        // Shared device mode is intended but the SSO extension that makes it work is off.
        ("misconfigured-entra", [AdviceChange(kind: .setting, app: nil, key: "sso_extension", value: "enabled")]),
        ("default-mode-entra", [AdviceChange(kind: .setting, app: nil, key: "shared_device_mode", value: "true")]),
        (
            "legacy-app-entra",
            [AdviceChange(kind: .appBuild, app: "legacy-scanner", key: "msal", value: "single_account")]
        ),
        (
            // "the time clock's only logout is Force quit and the inventory app has none".
            "weak-logout-imprivata",
            [
                AdviceChange(kind: .console, app: "inventory", key: "logout_method", value: "universal_link_callback"),
                AdviceChange(kind: .console, app: "timesheet", key: "logout_method", value: "universal_link_callback"),
            ]
        ),
    ]

    static let handover = "day-shift-handover"

    @Test(arguments: misconfigurations.indices)
    func theNamedFixOfEachBundledMisconfigurationIsFoundAndMakesTheShiftChangeSafe(_ index: Int) throws {
        let (name, fix) = Self.misconfigurations[index]
        let path = try #require(Self.bundledPath(name))
        let scenario = Self.scenarioPath(Self.handover)
        let advice = try Self.advise(path, scenario: scenario, request: AdviceRequest())
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let folder = Fixtures.folder()
        #expect(!Self.meets(text, scenario: scenario, folder: folder), "\(name) is safe already")
        let suggestion = try #require(
            advice.suggestions.first { Set($0.changes) == Set(fix) },
            "\(name): \(advice.suggestions.map { $0.changes.map(\.text) })")
        #expect(Self.meets(Self.edit(text, with: suggestion.changes), scenario: scenario, folder: folder))
        #expect(!suggestion.removes.isEmpty)
        #expect(suggestion.yaml.contains { $0.contains(fix[0].key + ": " + fix[0].value) })
        // Configuration-only fixes come before any that needs an app's maker.
        let firstBuild = advice.suggestions.firstIndex(where: \.needsAppBuild) ?? advice.suggestions.count
        #expect(!advice.suggestions[firstBuild...].contains { !$0.needsAppBuild })
    }

    // MARK: Trust

    static let bundled = [
        "frontline-airwatch", "warehouse-airwatch", "sso-requirements-missing", "two-clusters-shift",
        "retail-password-no-sso", "kiosk-no-authentication", "frontline-entra", "android-frontline-entra",
        "default-mode-entra", "misconfigured-entra", "legacy-app-entra", "non-compliant-apps-entra",
        "hospital-imprivata", "weak-logout-imprivata", "microsoft-sdm-imprivata", "android-mhs-entra",
        "counter-guest-apple", "device-ca-apple", "long-grace-apple", "no-timeout-apple", "nursing-cart-apple",
        "store-counter-ipad", "ward3-shared-ipad",
    ]

    /// Every bundled policy on the handovers every vendor plays: applied suggestions meet the goal, none has a
    /// change it can do without, and the brute force finds the same minimal sets (two changes, to keep it quick).
    @Test(arguments: bundled)
    func everySuggestionOnEveryBundledPolicyMeetsTheGoalAndIsMinimal(_ name: String) throws {
        let path = try #require(Self.bundledPath(name))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let folder = Fixtures.folder()
        let scenarios = name.contains("apple") || name.contains("ipad") ? ["locked-handover"] : []
        for scenario in [Self.handover, "shift-change-handover"] + scenarios {
            let failures = try Self.trust(
                text, path: path, scenario: Self.scenarioPath(scenario), maxChanges: 2, folder: folder)
            #expect(failures.isEmpty, "\(failures.prefix(3))")
        }
    }

    /// Random small policies per provider (every declared setting and app key at a random declared value), written
    /// as files, advised and checked the same way.
    @Test(arguments: ["airwatch-sdk", "entra-shared-device", "imprivata-mam", "apple-shared-ipad"])
    func randomSmallPoliciesGetSuggestionsThatMeetTheGoalAndAreMinimal(_ provider: String) throws {
        let descriptor = try #require(registry.provider(id: provider)?.descriptor)
        // Shared iPad's sessions end at the iPad's sign-out and lock: its handover with a lock in it.
        let scenario = Self.scenarioPath(provider == "apple-shared-ipad" ? "locked-handover" : Self.handover)
        let fixed = Set(descriptor.fleet?.groupSettings ?? [])
        let identity = AdviceTarget.identityKeys(descriptor.fleet)
        var random = SplitMix(state: 43)
        let folder = Fixtures.folder()
        var checked = 0
        for round in 0..<60 where checked < 4 {
            var lines = ["policy: random-\(round)", "provider: \(provider)", "settings:"]
            for setting in descriptor.settings {
                guard let values = setting.kind.enumeratedValues else { continue }
                // A device group's setting (the platform) and a fact of the hardware stay at their first value:
                // they are not advice's to change.
                if fixed.contains(setting.key) || setting.isDeviceFact {
                    lines.append("  \(setting.key): \(values[0])")
                    continue
                }
                guard random.next() % 2 == 0 else { continue }
                lines.append("  \(setting.key): \(values[Int(random.next() % UInt64(values.count))])")
            }
            lines.append("apps:")
            for app in ["inventory", "timesheet"] {
                lines.append("  - id: \(app)")
                for key in descriptor.appKeys where !identity.contains(key.key) {
                    guard let values = key.kind.enumeratedValues, random.next() % 2 == 0 else { continue }
                    lines.append("    \(key.key): \(values[Int(random.next() % UInt64(values.count))])")
                }
            }
            let text = lines.joined(separator: "\n") + "\n"
            let path = Fixtures.write(text, to: "random-\(round).yaml", in: folder)
            // A combination the provider rejects is no policy to advise on.
            guard (try? engine.loadPolicy(path: path)) != nil else { continue }
            checked += 1
            let failures = try Self.trust(text, path: path, scenario: scenario, maxChanges: 2, folder: folder)
            #expect(failures.isEmpty, "\(text)\n\(failures.prefix(3))")
        }
        #expect(checked > 0)
    }

    // MARK: The command

    @Test func jsonFollowsTheContract() throws {
        let answer = ssopolicy("advise", "misconfigured-entra", "--scenario", Self.handover, "--format", "json")
        #expect(answer.code == 0, "\(answer.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
        #expect(object["policy"] as? String == "misconfigured-entra")
        #expect(object["goal"] as? String == "high")
        let before = try #require(object["before"] as? [String: Any])
        #expect((before["findings"] as? [String: Int])?["critical"] == 1)
        #expect(before["effort_seconds"] as? [String: Int] != nil)
        let suggestions = try #require(object["suggestions"] as? [[String: Any]])
        let first = try #require(suggestions.first)
        let changes = try #require(first["changes"] as? [[String: String]])
        #expect(changes == [["setting": "sso_extension", "value": "enabled"]])
        #expect((first["removes"] as? [[String: Any]])?.isEmpty == false)
        #expect(first["after"] as? [String: Any] != nil)
        #expect(first["needs"] as? [String] != nil)
        #expect((first["sources"] as? [[String: String]])?.first?["id"] != nil)
        #expect(object["unreachable"] as? [Any] != nil)
        // Deterministic: the same input gives the same bytes.
        #expect(
            ssopolicy("advise", "misconfigured-entra", "--scenario", Self.handover, "--format", "json").out
                == answer.out)
    }

    @Test func appBuildChangesAreMarkedAndComeAfterConfigurationOnlyFixes() throws {
        let answer = ssopolicy("advise", "warehouse-airwatch", "--scenario", Self.handover, "--format", "json")
        #expect(answer.code == 0, "\(answer.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
        let suggestions = try #require(object["suggestions"] as? [[String: Any]])
        let changes = try #require(suggestions.first?["changes"] as? [[String: String]])
        #expect(changes.allSatisfy { $0["kind"] == "app_build" && $0["app"] != nil })
    }

    @Test func whenNothingWithinTheBoundMeetsTheGoalItSaysWhatStandsInTheWay() throws {
        let answer = ssopolicy(
            "advise", "warehouse-airwatch", "--scenario", "shift-change", "--max-changes", "1", "--format", "json")
        #expect(answer.code == 0, "\(answer.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
        #expect((object["suggestions"] as? [Any])?.isEmpty == true)
        // No single change leaves fewer findings than the policy as it is: none is shown as closer, not even the
        // policy itself.
        #expect((object["closest"] as? [Any])?.isEmpty == true)
        let obstacles = try #require(object["unreachable"] as? [[String: Any]])
        #expect(obstacles.contains { $0["rule"] as? String != nil && $0["app"] as? String != nil })
        let text = ssopolicy("advise", "warehouse-airwatch", "--scenario", "shift-change", "--max-changes", "1")
        #expect(
            text.out.contains(
                "No change within 1 change reaches the goal (no finding at high or worse). None\n  leaves fewer "
                    + "findings at high or worse than the policy as it is.\n"), "\(text.out)")
        #expect(text.out.contains("What still stands in the way:"))
        // Where a set comes closer, it is shown, and every closest set changes something.
        let closer = ssopolicy("advise", "legacy-app-entra", "--scenario", "second-sign-in", "--format", "json")
        let closest = try #require(
            (try JSONSerialization.jsonObject(with: Data(closer.out.utf8)) as? [String: Any])?["closest"]
                as? [[String: Any]])
        #expect(!closest.isEmpty)
        #expect(closest.allSatisfy { ($0["changes"] as? [Any])?.isEmpty == false })
    }

    /// A change that turns off what makes the device shared (Entra's shared device mode or its broker, an app
    /// leaving MSAL's shared mode, the Workspace ONE anchor app or SDK) is never suggested: on a forgotten sign-out,
    /// Entra on iOS has no fix within three changes, and the answer says what stands in the way.
    @Test func aChangeThatStopsSharingTheDeviceIsNeverSuggested() throws {
        for (policy, scenario) in [
            ("frontline-entra", "second-sign-in"), ("legacy-app-entra", "lunch-break"),
            ("warehouse-airwatch", "second-sign-in"), ("kiosk-no-authentication", "second-sign-in"),
        ] {
            let answer = ssopolicy("advise", policy, "--scenario", scenario, "--format", "json")
            #expect(answer.code == 0, "\(answer.err)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
            let sets = (object["suggestions"] as? [[String: Any]] ?? []) + (object["closest"] as? [[String: Any]] ?? [])
            let changes = sets.flatMap { ($0["changes"] as? [[String: String]]) ?? [] }.map {
                ($0["setting"] ?? $0["key"] ?? "") + "=" + ($0["value"] ?? "")
            }
            let stopping = [
                "shared_device_mode=false", "authenticator=missing", "sso_extension=missing", "broker_enabled=false",
                "msal=none", "msal=multiple_account", "anchor_app=none", "sdk_initialized=false",
            ]
            #expect(!changes.contains(where: stopping.contains), "\(policy) on \(scenario): \(changes)")
        }
        let entra = ssopolicy("advise", "frontline-entra", "--scenario", "second-sign-in")
        #expect(entra.out.contains("No change within 3 changes reaches the goal"), "\(entra.out)")
        #expect(entra.out.contains("critical previous-user-session-active at step 2 (timesheet)"), "\(entra.out)")
    }

    /// An app's sign-in is what it is for: a build that signs no one in leaves no previous session, but no fix
    /// removes it (Workspace ONE offered `turnaround.own_login: none` as a closest set).
    @Test func removingAnAppsSignInIsNeverSuggested() throws {
        let folder = Fixtures.folder()
        let fleet = Fixtures.write(
            """
            fleet: loads
            devices:
              - { group: phones, platform: ios, os_version: "17.5" }
            apps:
              - { id: loadsheet, sign_in: msal_single_account }
              - { id: turnaround, sign_in: own_login }
            setups:
              - { setup: ws1, provider: airwatch-sdk, settings: { sso: enabled, authentication: username_password } }

            """, to: "loads.yaml", in: folder)
        let scenario = Fixtures.write(
            """
            scenario: loads-handover
            steps:
              - { at: "08:01", user: alice, open: loadsheet }
              - { at: "08:02", user: alice, open: turnaround }
              - { at: "12:00", handover: { from: alice, to: bob } }
              - { at: "12:01", user: bob, open: loadsheet }
              - { at: "12:02", user: bob, open: turnaround }

            """, to: "loads-handover.yaml", in: folder)
        let answer = ssopolicy("advise", fleet, "--scenario", scenario, "--format", "json")
        #expect(answer.code == 0, "\(answer.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
        let setup = try #require((object["setups"] as? [[String: Any]])?.first)
        let sets = (setup["suggestions"] as? [[String: Any]] ?? []) + (setup["closest"] as? [[String: Any]] ?? [])
        let changes = sets.flatMap { ($0["changes"] as? [[String: String]]) ?? [] }.map {
            ($0["key"] ?? $0["setting"] ?? "") + "=" + ($0["value"] ?? "")
        }
        #expect(!sets.isEmpty && changes.contains("own_login=every_open"), "\(changes)")
        #expect(!changes.contains("own_login=none"), "\(changes)")
    }

    /// Having the iPad wait for its configuration after a restart or a sign-out denies every access on the locked
    /// handover: no finding is left, and no one works. It is left out and said so; the grace period is the fix.
    @Test func aChangeThatMeetsTheGoalOnlyByStoppingTheWorkIsNoFix() throws {
        let answer = ssopolicy("advise", "long-grace-apple", "--scenario", "locked-handover", "--format", "json")
        #expect(answer.code == 0, "\(answer.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
        let suggestions = try #require(object["suggestions"] as? [[String: Any]])
        let settings = suggestions.map {
            ($0["changes"] as? [[String: Any]] ?? []).compactMap { $0["setting"] as? String }
        }
        #expect(settings.contains(["passcode_lock_grace_period"]), "\(settings)")
        #expect(!settings.contains { $0.contains("await_user_configuration") }, "\(settings)")
        let left = try #require(object["stops_work"] as? [[String: Any]])
        #expect(left.count == 1, "\(left)")
        #expect(
            (left.first?["changes"] as? [[String: String]]) == [
                ["setting": "await_user_configuration", "value": "true"]
            ])
        #expect((left.first?["could_not_work"] as? [String]) == ["alice", "bob"])
        let text = ssopolicy("advise", "long-grace-apple", "--scenario", "locked-handover")
        #expect(
            text.out.contains(
                "Left out, since they leave no finding only by keeping workers from working:\n"
                    + "  - await_user_configuration: true (alice, bob could not work: every access\n"
                    + "    attempt denied)\n"), "\(text.out)")
    }

    /// On a shift change that never checks the device out, no Imprivata worker gets in: advice says so before and
    /// after each suggestion, and "already safe" says that the scenario never reaches their apps.
    @Test func workersWhoCouldNotWorkAreSaidBeforeAndAfter() throws {
        let fleet = ssopolicy("advise", "warehouse-fleet", "--scenario", "shift-change", "--format", "json")
        #expect(fleet.code == 0, "\(fleet.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(fleet.out.utf8)) as? [String: Any])
        let setups = try #require(object["setups"] as? [[String: Any]])
        let stranded = setups.map { (($0["before"] as? [String: Any])?["could_not_work"] as? [String]) ?? ["?"] }
        #expect(stranded == [[], [], ["alice", "bob"]], "\(stranded)")
        let imprivata = try #require(setups.last?["suggestions"] as? [[String: Any]])
        #expect(
            imprivata.allSatisfy {
                (($0["after"] as? [String: Any])?["could_not_work"] as? [String]) == ["alice", "bob"]
            })
        let text = ssopolicy("advise", "hospital-imprivata", "--scenario", "shift-change")
        #expect(text.out.contains("  could not work: alice, bob (every access attempt denied)\n"), "\(text.out)")
        #expect(
            text.out.contains(
                "Already safe: no finding at high or worse; nothing to change (but alice, bob\n  could not work: the "
                    + "scenario never reaches their apps)."), "\(text.out)")
    }

    /// A finding of the policy itself about one app is that app's: rebuilding one of two apps that are not
    /// shared-device aware removes its finding and leaves the other's, and both say which app.
    /// Alice uses two apps that are not shared-device aware, then hands the device to Bob.
    static let twoLegacyHandover = """
        scenario: two-legacy-handover
        steps:
          - { at: "08:00", user: alice, open: notes }
          - { at: "08:05", user: alice, open: roster }
          - { at: "12:00", handover: { from: alice, to: bob } }
          - { at: "12:01", user: bob, open: roster }

        """

    @Test func aPolicyFindingAboutAnAppIsRemovedAndLeftPerApp() throws {
        let folder = Fixtures.folder()
        let policy = Fixtures.write(
            """
            policy: two-legacy
            provider: entra-shared-device
            settings: { shared_device_mode: true }
            apps:
              - { id: notes, msal: none, own_login: until_sign_out }
              - { id: roster, msal: none, own_login: until_sign_out }

            """, to: "two-legacy.yaml", in: folder)
        let scenario = Fixtures.write(Self.twoLegacyHandover, to: "two-legacy-handover.yaml", in: folder)
        let answer = ssopolicy("advise", policy, "--scenario", scenario, "--max-changes", "1", "--format", "json")
        #expect(answer.code == 0, "\(answer.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
        let closest = try #require(object["closest"] as? [[String: Any]])
        let rebuilt = try #require(
            closest.first { ($0["changes"] as? [[String: Any]])?.first?["app"] as? String == "roster" })
        let removes = try #require(rebuilt["removes"] as? [[String: Any]])
        let itself = removes.filter { $0["step"] as? Int == 0 }.map { "\($0["id"] ?? "") \($0["app"] ?? "")" }
        #expect(itself == ["app-not-shared-device-aware roster"])
        let obstacles = try #require(object["unreachable"] as? [[String: Any]])
        #expect(
            obstacles.filter { $0["step"] as? Int == 0 }.map { "\($0["finding"] ?? "") \($0["app"] ?? "")" } == [
                "app-not-shared-device-aware notes"
            ])
        let text = ssopolicy("advise", policy, "--scenario", scenario, "--max-changes", "1")
        #expect(text.out.contains("app-not-shared-device-aware (the policy itself: roster)"), "\(text.out)")
        #expect(text.out.contains("high app-not-shared-device-aware in the policy itself (notes)"), "\(text.out)")
    }

    /// On a fleet, what a change removes and what still stands in the way are said once for the device groups
    /// where they are alike, not once per group.
    @Test func aFleetsFindingsAreSaidOnceForTheGroupsWhereTheyAreAlike() {
        let folder = Fixtures.folder()
        let fleet = Fixtures.write(
            """
            fleet: two-legacy
            devices:
              - { group: phones, platform: ios, os_version: "17.5" }
              - { group: pads, platform: ipados, os_version: "17.5" }
            apps:
              - { id: notes, sign_in: none }
              - { id: roster, sign_in: own_login }
            setups:
              - { setup: entra, provider: entra-shared-device }

            """, to: "two-legacy-fleet.yaml", in: folder)
        let scenario = Fixtures.write(Self.twoLegacyHandover, to: "two-legacy-handover.yaml", in: folder)
        let text = ssopolicy("advise", fleet, "--scenario", scenario, "--max-changes", "1")
        #expect(text.code == 0, "\(text.err)")
        let words = text.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("removes: previous-user-session-active (step 4) [phones, pads]"), "\(text.out)")
        #expect(
            words.contains("high app-not-shared-device-aware in the policy itself (notes) [phones, pads]"),
            "\(text.out)")
        #expect(!words.contains("[phones]") && !words.contains("[pads]"), "\(text.out)")
    }

    @Test func aSafePolicyNeedsNothing() {
        let answer = ssopolicy("advise", "frontline-entra", "--scenario", Self.handover)
        #expect(answer.code == 0)
        #expect(answer.out.contains("Already safe: no finding at high or worse; nothing to change."))
    }

    @Test func badArgumentsAreUsageErrorsAndBadFilesArePositioned() {
        #expect(ssopolicy("advise", "warehouse-airwatch", "--scenario", Self.handover, "--goal", "hgh").code == 64)
        #expect(ssopolicy("advise", "warehouse-airwatch", "--scenario", Self.handover, "--max-changes", "9").code == 64)
        let property = ssopolicy(
            "advise", "warehouse-airwatch", "--scenario", Self.handover, "--property", "no-foreign-sesion")
        #expect(property.code == 64)
        #expect(property.err.contains("did you mean"))
        let missing = ssopolicy("advise", "no-such-policy.yaml", "--scenario", Self.handover)
        #expect(missing.code == 1)
        #expect(missing.err.contains("no-such-policy.yaml:1:1: error:"))
    }

    @Test func aFleetIsAdvisedPerSetupOverItsGroups() throws {
        let answer = ssopolicy("advise", "warehouse-fleet", "--scenario", Self.handover, "--format", "json")
        #expect(answer.code == 0, "\(answer.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
        let setups = try #require(object["setups"] as? [[String: Any]])
        #expect(setups.map { $0["setup"] as? String } == ["entra", "airwatch", "imprivata"])
    }

    /// Epic Rover's own logout says the app is Rover, and MAM's Microsoft sign-out needs a Microsoft app or the
    /// broker's sign-in: neither is offered to another app as a console choice.
    @Test func anImprivataLogoutMethodIsOfferedOnlyToAnAppItFits() throws {
        let policy = try engine.loadPolicy(
            yaml: """
                policy: fits
                provider: imprivata-mam
                settings: { platform: ios }
                apps:
                  - id: inventory
                  - id: broker
                    login: msal_sdm
                  - id: teams
                    catalog: teams
                """, file: "fits.yaml")
        let offered = Dictionary(
            uniqueKeysWithValues: AdviceTarget.targets(of: policy).filter { $0.key == "logout_method" }.map {
                ($0.app ?? "", Set($0.values))
            })
        #expect(offered["inventory"]?.contains("universal_link_callback") == true)
        #expect(offered["inventory"]?.contains("epic_rover") == false)
        #expect(offered["inventory"]?.contains("msal_shared_device") == false)
        #expect(offered["broker"]?.contains("msal_shared_device") == true)
        #expect(offered["teams"]?.contains("msal_shared_device") == true)
        #expect(offered.values.allSatisfy { !$0.contains("epic_rover") })
    }

    /// A logout method the device's platform lacks would not compile: it is no console choice there, and in a fleet
    /// a method one device group's platform lacks is offered to none (a setup's change applies to every group).
    @Test func aLogoutMethodThePlatformLacksIsNotOffered() throws {
        func offered(_ platform: String, model: String = "") throws -> (CompiledPolicy, Set<String>) {
            let policy = try engine.loadPolicy(
                yaml: """
                    policy: fits-\(platform)
                    provider: imprivata-mam
                    settings: { platform: \(platform)\(model) }
                    apps:
                      - id: inventory
                        login: msal_sdm
                    """, file: "fits.yaml")
            let values = AdviceTarget.targets(of: policy).first { $0.key == "logout_method" }?.values ?? []
            return (policy, Set(values))
        }
        let (ios, onIOS) = try offered("ios")
        let (android, onAndroid) = try offered("android")
        #expect(onIOS.contains("x_callback_url") && !onIOS.contains("clear_app_data"))
        #expect(onAndroid.contains("clear_app_data") && !onAndroid.contains("x_callback_url"))
        let both = Set(
            AdviceTarget.targets(of: ios, others: [android.configuration]).first { $0.key == "logout_method" }?
                .values ?? [])
        #expect(both == onIOS.intersection(onAndroid))
        #expect(both.contains("msal_shared_device"))
        // A value is offered exactly when the policy compiles with it: each one left out would not compile on the
        // platform that lacks it, and each one offered does.
        for value in onIOS.union(onAndroid) {
            let change = AdviceChange(kind: .console, app: "inventory", key: "logout_method", value: value)
            #expect((AdviceSearch.apply([change], to: android) != nil) == onAndroid.contains(value), "\(value)")
            #expect((AdviceSearch.apply([change], to: ios) != nil) == onIOS.contains(value), "\(value)")
        }
        // Where `ulc_platforms` reads Universal Link Callback as existing on Android too, it is offered there.
        let (_, ulcOnAndroid) = try offered("android", model: ", model: { ulc_platforms: ios_and_voalte_android }")
        #expect(ulcOnAndroid == onAndroid.union(["universal_link_callback"]))
    }

    /// Rebinding a scenario to a policy whose keys changed expands only its handovers again: it gives the events a
    /// fresh binding gives, for every single change advise tries on the bundled policies' handover scenarios. The
    /// findings counted on it, or on the unchanged binding played by the changed policy, are the fresh binding's.
    @Test func rebindingAfterAChangeOfKeysEqualsAFreshBinding() throws {
        let cases = [
            ("frontline-entra", "day-shift-handover"), ("misconfigured-entra", "day-shift-handover"),
            ("warehouse-airwatch", "day-shift-handover"), ("weak-logout-imprivata", "day-shift-handover"),
            ("ward3-shared-ipad", "ward3-0700-handover"),
        ]
        var compared = 0
        var playedInPlace = 0
        let runner = ScenarioRunner(traceMode: .off)
        for (name, scenarioName) in cases {
            let policy = try engine.loadPolicy(path: try #require(Self.bundledPath(name)))
            let scenario = try engine.loadScenario(path: Self.scenarioPath(scenarioName))
            let mask = AdviceSearch.findingMask(policy.descriptor, goal: .info)
            for mode in [ScenarioBinder.Mode.strict, .lenient] {
                let binder = ScenarioBinder(mode: mode)
                guard case .success(let base) = binder.bind(scenario, to: policy) else { continue }
                #expect(base.steps.contains { $0.step.handover != nil }, "\(name)")
                for target in AdviceTarget.targets(of: policy) {
                    for value in target.values {
                        let change = AdviceChange(kind: target.kind, app: target.app, key: target.key, value: value)
                        guard let changed = AdviceSearch.apply([change], to: policy),
                            case .success(let fresh) = binder.bind(scenario, to: changed)
                        else { continue }
                        let rebound = binder.rebinding(base, to: changed)
                        #expect(rebound.steps.map(\.events) == fresh.steps.map(\.events), "\(name) \(change)")
                        #expect(rebound.steps.map(\.expansion) == fresh.steps.map(\.expansion))
                        #expect(
                            rebound.steps.map(\.notApplicableReason) == fresh.steps.map(\.notApplicableReason))
                        // What the search counts: the fresh binding's findings, whether the changed policy plays
                        // its own binding or (when the change left the events alone) the unchanged policy's.
                        let freshCount = runner.countFindings(fresh, among: mask)
                        #expect(runner.countFindings(rebound, among: mask) == freshCount, "\(name) \(change)")
                        if base.steps.map(\.events) == fresh.steps.map(\.events) {
                            #expect(
                                runner.countFindings(base, playedBy: changed, among: mask) == freshCount,
                                "\(name) \(change)")
                            playedInPlace += 1
                        }
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 100)
        #expect(playedInPlace > 50)
    }

    @Test func aBadGoalIsOneCleanErrorWithTheSuggestion() {
        let answer = ssopolicy("advise", "warehouse-airwatch", "--scenario", Self.handover, "--goal", "hig")
        #expect(answer.code == 64)
        #expect(
            answer.err.contains(
                "--goal: unknown severity 'hig': did you mean 'high'? Expected one of: critical, high, medium, low, "
                    + "info."))
        #expect(!answer.err.contains("?;"))
    }

    /// A fleet's app build change is pasted into the fleet's app profile (its top-level `apps:`, in the profile's
    /// words), never under the setup's console choices, and its need says so.
    @Test func aFleetAppBuildChangeIsPastedIntoTheFleetsAppProfile() throws {
        let answer = ssopolicy(
            "advise", "warehouse-fleet", "--scenario", Self.handover, "--max-changes", "2", "--format", "json")
        #expect(answer.code == 0, "\(answer.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
        let setups = try #require(object["setups"] as? [[String: Any]])
        let suggestions = setups.flatMap { ($0["suggestions"] as? [[String: Any]]) ?? [] }
        let builds = suggestions.filter { suggestion in
            ((suggestion["changes"] as? [[String: String]]) ?? []).contains { $0["kind"] == "app_build" }
        }
        let build = try #require(builds.first)
        let yaml = try #require(build["yaml"] as? [String])
        #expect(yaml.first?.hasPrefix("apps:") == true, "\(yaml)")
        #expect(yaml.contains { $0.hasPrefix("  - id: ") })
        let profileKeys = Set(FleetKey.allCases.map(\.rawValue))
        let written = yaml.prefix { !$0.hasPrefix("setups:") }.dropFirst().filter { $0.hasPrefix("    ") }
        #expect(!written.isEmpty)
        #expect(written.allSatisfy { line in profileKeys.contains { line.hasPrefix("    \($0): ") } }, "\(yaml)")
        let needs = try #require(build["needs"] as? [String])
        #expect(needs.contains { $0.hasPrefix("app_build:") && $0.contains("the fleet's app profile of") })
    }

    /// A fleet's Microsoft catalogue app (`microsoft: teams`) is built by Microsoft and described by the catalogue:
    /// no suggestion asks for another build of it (under Workspace ONE, `teams.own_login: every_open` was offered,
    /// and its paste, `own_session:` beside `microsoft:`, is an error of `check`).
    @Test(arguments: ["ward-handover", "microsoft-handover"])
    func aCatalogueAppsBuildIsNeverAskedFor(_ scenario: String) throws {
        for fleet in ["ward-fleet", "retail-fleet"] {
            let answer = ssopolicy("advise", fleet, "--scenario", scenario, "--format", "json")
            #expect(answer.code == 0, "\(answer.err)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [String: Any])
            let setups = try #require(object["setups"] as? [[String: Any]])
            #expect(setups.contains { $0["setup"] as? String == "airwatch" })
            let offered = setups.flatMap { setup in
                ((setup["suggestions"] as? [[String: Any]]) ?? []) + ((setup["closest"] as? [[String: Any]]) ?? [])
            }
            #expect(!offered.isEmpty)
            let builds = offered.flatMap { ($0["changes"] as? [[String: String]]) ?? [] }.filter {
                $0["kind"] == "app_build"
            }
            #expect(!builds.isEmpty, "\(fleet): some app build is still offered for the fleet's own apps")
            #expect(!builds.contains { $0["app"] == "teams" }, "\(fleet) on \(scenario): \(builds)")
        }
    }

    /// Facts of the hardware are never suggested: neither what a device group decides (the platform, the OS
    /// version) nor a setting declared as a device fact (Shared iPad's device model, storage, supervision), for a
    /// policy file as for a fleet.
    @Test(arguments: ["long-grace-apple", "weak-logout-imprivata", "android-frontline-entra", "ward-fleet"])
    func factsOfTheHardwareAreNeverVaried(_ name: String) throws {
        let subjects: [CompiledPolicy]
        if let path = Self.bundledPath(name) {
            subjects = [try engine.loadPolicy(path: path)]
        } else {
            let fleet = try engine.loadFleet(path: repository + "/Policies/fleets/\(name).yaml")
            subjects = fleet.pairs.compactMap { $0.policy }
        }
        #expect(!subjects.isEmpty)
        for policy in subjects {
            let descriptor = policy.descriptor
            let hardware = Set(
                (descriptor.fleet?.groupSettings ?? []) + descriptor.settings.filter(\.isDeviceFact).map(\.key))
            let varied = AdviceTarget.targets(of: policy).filter { $0.app == nil }.map(\.key)
            #expect(!varied.isEmpty)
            #expect(hardware.isDisjoint(with: varied), "\(descriptor.id): \(varied)")
        }
        let apple = try #require(registry.provider(id: "apple-shared-ipad")?.descriptor)
        #expect(Set(apple.settings.filter(\.isDeviceFact).map(\.key)) == ["device", "storage_gb", "supervised"])
    }

    @Test func theWorkBudgetStopsTheSearchWithAClearAnswer() throws {
        let path = try #require(Self.bundledPath("weak-logout-imprivata"))
        let policy = try engine.loadPolicy(path: path)
        let scenario = try engine.loadScenario(path: Self.scenarioPath(Self.handover))
        #expect(throws: WorkBudget.Stopped.self) {
            _ = try WorkBudget.within(50) {
                try Advice.advise(
                    scenario, subjects: [AdviceSubject(policy: policy)], request: AdviceRequest(), subject: "p")
            }
        }
    }
    /// The answer does not depend on how many threads play the candidates or how they are split: on a fleet's
    /// setups (several subjects, where each thread stops counting by its own trials) and on a policy file, one
    /// thread and three threads taking one candidate each in turn find the same sets, closest sets and count.
    @Test(arguments: ["ward-fleet ward-handover", "weak-logout-imprivata nursing-shift-change"])
    func threadsDoNotChangeTheAnswer(_ names: String) throws {
        let name = String(names.split(separator: " ")[0])
        let scenario = try engine.loadScenario(path: Self.scenarioPath(String(names.split(separator: " ")[1])))
        var subjectSets: [[AdviceSubject]] = []
        if let path = Self.bundledPath(name) {
            subjectSets = [[AdviceSubject(policy: try engine.loadPolicy(path: path))]]
        } else {
            let fleet = try engine.loadFleet(path: repository + "/Policies/fleets/\(name).yaml")
            for index in fleet.setups.indices {
                subjectSets.append(
                    fleet.pairs.filter { $0.setup == index }.compactMap { pair in
                        pair.policy.map {
                            AdviceSubject(policy: $0, group: fleet.groups[pair.group].group.id, lenient: true)
                        }
                    })
            }
        }
        #expect(!subjectSets.isEmpty)
        for subjects in subjectSets where !subjects.isEmpty {
            var serial = AdviceSearch(
                scenario: scenario, subjects: subjects, request: AdviceRequest(maxChanges: 2),
                targets: AdviceTarget.targets(of: subjects[0].policy))
            serial.threads = 1
            var split = serial
            split.threads = 3
            split.block = 1
            let one = try serial.run()
            let three = try split.run()
            #expect(one.tried > 3)
            #expect(one.found == three.found)
            #expect(one.closest.map(\.changes) == three.closest.map(\.changes))
            #expect(one.closest.map(\.remaining) == three.closest.map(\.remaining))
            #expect(one.tried == three.tried)
            #expect(one.stopped == three.stopped)
        }
    }

    /// Device groups the scenario binds alike form one play group, and a set whose changes compile to a provider
    /// policy played lately in the group is not played again: the retail fleet's iPhones and till iPads under Entra
    /// compile to one policy. A count that stopped at a limit serves a lower limit and is played again for a higher
    /// one.
    @Test func aPolicyPlayedInItsPlayGroupIsNotPlayedAgain() throws {
        let scenario = try engine.loadScenario(path: Self.scenarioPath("forgotten-sign-out"))
        let fleet = try engine.loadFleet(path: repository + "/Policies/fleets/retail-fleet.yaml")
        let entra = try #require(fleet.setups.firstIndex { $0.id == "entra" })
        let subjects = fleet.pairs.filter { $0.setup == entra }.compactMap { pair in
            pair.policy.map { AdviceSubject(policy: $0, group: fleet.groups[pair.group].group.id, lenient: true) }
        }
        try #require(subjects.count == 2)
        #expect(subjects[0].policy.played.plays(like: subjects[1].policy.played))
        let search = AdviceSearch(
            scenario: scenario, subjects: subjects, request: AdviceRequest(),
            targets: AdviceTarget.targets(of: subjects[0].policy))
        var player = AdviceSearch.Player(search: search)
        #expect(player.playGroups == [0, 0])
        let iphones = try #require(player.bases[0])
        let ipads = try #require(player.bases[1])
        let all = ScenarioRunner(traceMode: .off).countFindings(iphones.bound, among: player.findingMask)
        let first = ScenarioRunner(traceMode: .off).countFindings(iphones.bound, among: player.findingMask, limit: 0)
        try #require(all > first && first > 0)
        func held(_ policy: CompiledPolicy) -> AdviceSearch.Player.PlayedCount? {
            let key = AdviceSearch.Player.PlayedPolicyKey(group: 0, played: policy.played)
            let slot = player.playedCounts[key.hash & (AdviceSearch.Player.playedCountsSize - 1)]
            return slot?.key == key ? slot?.count : nil
        }
        #expect(player.countBaseFindings(iphones, playedBy: subjects[0].policy, subject: 0, limit: 0) == first)
        #expect(held(subjects[1].policy)?.count == first && held(subjects[1].policy)?.complete == false)
        #expect(player.countBaseFindings(ipads, playedBy: subjects[1].policy, subject: 1, limit: 0) == first)
        #expect(player.countBaseFindings(ipads, playedBy: subjects[1].policy, subject: 1, limit: .max) == all)
        #expect(held(subjects[0].policy)?.count == all && held(subjects[0].policy)?.complete == true)
        #expect(player.countBaseFindings(iphones, playedBy: subjects[0].policy, subject: 0, limit: 0) == all)
        // A group of another platform compiles to another policy.
        let ward = try engine.loadFleet(path: repository + "/Policies/fleets/ward-fleet.yaml")
        let wardEntra = try #require(ward.setups.firstIndex { $0.providerID == "entra-shared-device" })
        let policies = ward.pairs.filter { $0.setup == wardEntra }.compactMap(\.policy)
        try #require(policies.count == 2)
        #expect(!policies[0].played.plays(like: policies[1].played))
        #expect(policies[0].played.plays(like: policies[0].played))
    }

    /// The value the search looks a set up by: the set without one of its picks is the smaller set itself, picks of
    /// another target or value (or another order) give another value, and a fifth pick still counts.
    @Test func aPickSetIsItsPicksInOrder() {
        typealias Pick = AdviceSearch.Pick
        typealias PickSet = AdviceSearch.PickSet
        let a = Pick(target: 0, value: 1)
        let b = Pick(target: 1, value: 0)
        let c = Pick(target: 2, value: 3)
        #expect(PickSet([a, b, c], skipping: 1) == PickSet([a, c]))
        #expect(PickSet([a, b, c], skipping: 0) == PickSet([b, c]))
        #expect(
            PickSet([a]) != PickSet([Pick(target: 1, value: 0)]) && PickSet([a]) != PickSet([Pick(target: 0, value: 0)])
        )
        #expect(PickSet([a, b]) != PickSet([b, a]) && PickSet([]) != PickSet([Pick(target: 0, value: 0)]))
        let five = (0..<5).map { Pick(target: $0, value: 0) }
        #expect(
            PickSet(five) != PickSet(Array(five.prefix(4)))
                && PickSet(five, skipping: 4) == PickSet(Array(five.prefix(4))))
    }

    /// A set that leaves as many findings as the third closest, a smaller set, is not closer (fewer changes come
    /// first), so at the last size the search cuts it one finding sooner; at a smaller size it does not (a set cut
    /// has unknown reads, which would leave more of its supersets to play), and never below 0 (a set that meets the
    /// goal is never cut).
    @Test func aTieWithASmallerSetIsCutOnlyAtTheLastSize() {
        func third(_ remaining: Int, changes: Int) -> AdviceSearch.Trial {
            let change = AdviceChange(kind: .setting, app: nil, key: "k", value: "v")
            return AdviceSearch.Trial(changes: Array(repeating: change, count: changes), remaining: remaining)
        }
        #expect(AdviceSearch.cutBound(third(5, changes: 2), size: 3, last: true) == 4)
        #expect(AdviceSearch.cutBound(third(5, changes: 2), size: 3, last: false) == 5)
        #expect(AdviceSearch.cutBound(third(5, changes: 3), size: 3, last: true) == 5)
        #expect(AdviceSearch.cutBound(third(0, changes: 1), size: 3, last: true) == 0)
        #expect(AdviceSearch.cutBound(third(1, changes: 1), size: 3, last: true) == 0)
    }

    /// The counting mode that advise plays with stops once the count passes its limit, and the count it then gives
    /// is past the limit: findings only add up, so "more than the limit" is decided by then.
    @Test func aCountStopsOncePastItsLimitAndSaysSo() throws {
        let policy = try engine.loadPolicy(path: try #require(Self.bundledPath("weak-logout-imprivata")))
        let scenario = try engine.loadScenario(path: Self.scenarioPath("nursing-shift-change"))
        guard case .success(let bound) = ScenarioBinder(mode: .strict).bind(scenario, to: policy) else {
            Issue.record("nursing-shift-change does not bind to weak-logout-imprivata")
            return
        }
        let mask = AdviceSearch.findingMask(policy.descriptor, goal: .info)
        let runner = ScenarioRunner(traceMode: .off)
        let total = runner.countFindings(bound, among: mask)
        let counted = ScenarioRunner().run(bound).steps.reduce(0) {
            $0 + ($1.outcome.findings.bits & mask).nonzeroBitCount
        }
        #expect(total == counted && total > 2)
        for limit in 0..<total {
            let partial = runner.countFindings(bound, among: mask, limit: limit)
            #expect(partial > limit && partial <= total)
        }
        #expect(runner.countFindings(bound, among: mask, limit: 0) < total)
        #expect(runner.countFindings(bound, among: mask, limit: total) == total)
    }
}
